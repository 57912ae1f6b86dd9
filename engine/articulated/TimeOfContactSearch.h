// TimeOfContactSearch: the second half of CATCH (zhang2007 secs. 6-7) over the PCLs that spatial culling
// left: each PCL's lower bound on its time of contact (conservative advancement of the links' convex hulls,
// sec. 7.2, or the first CA step on the meshes), Alg. 1's temporal culling, and conservative advancement of
// the survivors on their meshes with the motion bound of sec. 6. Reports the scene's TOC, the pair and its
// closest features there.
//
// Which bound advances what: the hulls are convex, so their CA uses the bound projected on the closest-points
// direction (sec. 6's tighter mu). The meshes need not be convex, and their closest points do not give a
// separating plane; but the nodes of their trees are convex, so the meshes advance by C2A's directional
// steps over a front of node pairs, each projected on its own separating direction (Tang, Kim, Manocha,
// ICRA 2009): on the RSS distance trees (distance=rss, RssFrontStep.h: polygon soups welcome, where the
// paper needed convex pieces) or on the hull trees over a surface convex decomposition (distance=hulls,
// DirectionalAdvancement.h).
//
// A PCL whose links keep their relative pose over the frame (no joint between them moves: an assembly at
// rest, or one carried as a whole) has a relative speed of 0 whatever each link's speed in the world: one
// test of "within epsilon?" at the frame's start decides it for the whole frame (eq. 4 with mu = 0).
#pragma once

#include "articulated/MotionBound.h"
#include "articulated/RssFrontStep.h"
#include "articulated/SpatialCulling.h"
#include "articulated/TemporalCulling.h"
#include "convex/ConvexHull.h"
#include "convex/HullTree.h"
#include "core/Counters.h"
#include "distance/MeshDistance.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace cdlab {

/// A PCL's lower bound on its TOC (Alg. 1, line 2): CA of the links' convex hulls until they come within
/// epsilon (sec. 7.2), then one CA step on the meshes from there (the larger bound of the two); or the first
/// CA step on the meshes from the frame's start.
enum class TocLowerBound : std::uint8_t { Hull, FirstStep };
const char* toString(TocLowerBound b);
bool parseTocLowerBound(const std::string& s, TocLowerBound& out);

/// What the links' advancement measures (issue 42): the fronts of RSS distance trees (RssFrontStep.h), or
/// hull trees over a surface convex decomposition (DirectionalAdvancement.h, zhang2007 secs. 4, 6); both
/// step by the least over a front of node pairs of d_i / mu_i(n_i), the bound projected on each pair's
/// separating direction (C2A).
enum class TocDistance : std::uint8_t { Rss, Hulls };
const char* toString(TocDistance d);
bool parseTocDistance(const std::string& s, TocDistance& out);

struct TocSearchOptions {
    double epsilon = 1e-3; ///< the TOC is where the distance drops below it (scene units; the paper's 0.001)
    bool temporalCulling = true;
    TocLowerBound lowerBound = TocLowerBound::Hull;
    bool planning = false; ///< sec. 8: stop at the first contact found (collision or not is the question)
    int maxIterations = 100000;
    /// distance=rss: a front step may stop once its least leaf step is within this factor of every node
    /// pair's step left, which then stays on the front (RssFrontStep.h): a step at most this much shorter.
    double distanceError = 0.1;
    TocDistance distance = TocDistance::Rss;
};

namespace counter {
inline const CounterDeclaration PclsAdvanced{
    "pcls_advanced", "PCLs advanced on their meshes after temporal culling (zhang2007 Table 2)"};
inline const CounterDeclaration CaIterations{"ca_iterations",
                                             "conservative-advancement iterations on the meshes"};
inline const CounterDeclaration DistanceQueries{"distance_queries",
                                                "mesh distance queries (advancement, bounds and witnesses)"};
inline const CounterDeclaration HullQueries{"hull_queries",
                                            "convex-hull distance queries (temporal culling's lower bounds)"};
inline const CounterDeclaration GjkIterations{
    "gjk_iterations", "GJK iterations of the hull trees' advancement (distance=hulls)"};
} // namespace counter

struct TocSearchStats {
    std::uint64_t pclsAdvanced = 0;    ///< PCLs advanced on their meshes: Table 2's "after temporal culling"
    std::uint64_t caIterations = 0;    ///< mesh CA iterations (directional steps in the advancement)
    std::uint64_t distanceQueries = 0; ///< every mesh query (front steps, bounds and witnesses included)
    std::uint64_t hullQueries = 0;     ///< GJK queries between hulls
    std::uint64_t unresolved = 0;      ///< PCLs stopped by the iteration cap (reported as contacts)
    std::uint64_t gjkIterations = 0;   ///< distance=hulls: GJK iterations of the hull-tree advancement
    double boundMs = 0, advanceMs = 0;
    double witnessMs = 0; ///< the exact closest-features query at the TOC (a stage of its own in the bench)

    /// pcls_advanced, ca_iterations, distance_queries, hull_queries, and gjk_iterations for a search on the
    /// hull trees (the RSS path runs no GJK, so it reports no such column rather than a 0).
    void addTo(Counters& out, TocDistance distance) const {
        out.add(counter::PclsAdvanced, pclsAdvanced), out.add(counter::CaIterations, caIterations);
        out.add(counter::DistanceQueries, distanceQueries), out.add(counter::HullQueries, hullQueries);
        if (distance == TocDistance::Hulls) out.add(counter::GjkIterations, gjkIterations);
    }
};

struct TocWitness {
    bool contact = false;
    std::uint32_t objectA = 0, objectB = 0;
    double time = 0;
    bool startedInside = false; ///< the pair was already within epsilon at the frame's start
    MeshDistanceResult closest; ///< the closest features at `time` (distance < epsilon)
};

class TimeOfContactSearch {
public:
    /// Per object: its distance tree and hull (in its mesh frame), which must outlive this. The culling must
    /// be prepared on the same objects.
    /// `hullTrees` (per object, or empty): the hull trees that distance=hulls advances on.
    void prepare(const SpatialCulling& culling, const std::vector<const DistanceTree*>& trees,
                 const std::vector<const ConvexHull*>& hulls,
                 const std::vector<const HullTree*>& hullTrees = {});

    /// The scene's TOC over [t0, t1] among `pcls`. `records` gets one PclRecord per PCL (their fates); when
    /// `traceFor` names a PCL (an index into pcls) its mesh advancement's steps go to `trace`.
    TocWitness run(double t0, double t1, const std::vector<SpatialCulling::ObjectPair>& pcls,
                   const TocSearchOptions& options, TocSearchStats& stats, std::vector<PclRecord>& records,
                   int traceFor = -1, std::vector<CaStep>* trace = nullptr);

    /// Object `o`'s world pose at time t, from its group's chain (a static body's fixed pose).
    Pose pose(std::uint32_t o, double t) const;

    /// distance=rss: each PCL's RSS front, kept from one run to the next (RssFrontCache: a run over the frame
    /// that follows the last run's starts each pair's first step from the front it ended with; any other
    /// frame starts afresh). A run to be replayed (the step-through's trace) saves them before and restores
    /// them around the replay, which then retraces it and leaves the next frame as the run left it.
    struct KeptFronts {
        std::unordered_map<std::uint64_t, RssFrontCache> byPair; ///< by (objectA << 32 | objectB)
        RssFrontFrame lastFrame;                                 ///< the last run's frame
    };
    const KeptFronts& keptFronts() const { return m_fronts; }
    void restoreFronts(KeptFronts fronts) { m_fronts = std::move(fronts); }

private:
    /// Whether objects a and b keep their relative pose over [t0, t1] (uses this frame's m_still).
    bool atRelativeRest(std::uint32_t a, std::uint32_t b) const;
    /// Object o's chain directions at time t (MotionBound::Projection; empty for a static body).
    MotionBound::Projection projection(std::uint32_t o, double t) const;
    /// A duration from `at` (<= t1) within which two convex sets of objects a and b, `d` apart along the
    /// unit n (from a towards b), cannot close the gap: d / mu with sec. 6's projected bound over a horizon
    /// h, capped at h (safe for any h); h is grown from the unprojected step towards the fixed point
    /// h = d / mu_h. The sets lie in balls `ballA`, `ballB` (their levers' directions tighten mu, C2A's
    /// bound); nullptr: the whole links.
    double projectedStep(std::uint32_t a, const MotionBound::Projection& pa, std::uint32_t b,
                         const MotionBound::Projection& pb, double d, const Vec3& n,
                         const MotionBound::Ball* ballA, const MotionBound::Ball* ballB, double t1) const;
    /// The unprojected mu_A + mu_B at time t for points within the arms of their links' origins.
    double fullSpeed(std::uint32_t a, std::uint32_t b, double t, double armA, double armB) const;

    const SpatialCulling* m_culling = nullptr;
    std::vector<const DistanceTree*> m_trees;
    std::vector<const ConvexHull*> m_hulls;
    std::vector<const HullTree*> m_hullTrees;
    std::vector<double> m_radius;          // per object: its farthest vertex from its frame's origin
    std::vector<MotionBound::Ball> m_ball; // per object: a ball holding its hull (its box's centre)
    std::vector<int> m_linkOf;             // per object: its index in its group's chain
    std::vector<MotionBound> m_bounds;     // per group, this frame
    std::vector<std::vector<double>> m_groupRadius;
    std::vector<std::vector<char>> m_still; // per group and link, this frame: its joint does not move
    /// "Within epsilon?" of pairs at relative rest, by pair: the answer of the last query and the poses and
    /// epsilon it was asked at. The same trees at bit-identical poses give the same answer, so an assembly
    /// at rest asks once, not once per bound, advancement and frame (issue 42's "many links at rest").
    struct RestAnswer {
        Pose poseA, poseB;
        double epsilon = 0;
        bool within = false;
    };
    std::unordered_map<std::uint64_t, RestAnswer> m_restAnswers;
    KeptFronts m_fronts;
};

} // namespace cdlab
