// RigidCcdQuery: one body pair's continuous query over one frame, or over one piece of it between keys
// (redon2002 sec. 2.2), the value object rigid-ccd and rigid-ccd-bm run per pair and piece. Body i moves
// relative to body j by a RelativeMotion over the frame (times as fractions of it); the query halves the
// frame into windows while i travels far (earliest first; a window after a known contact is skipped),
// traverses the two BVHs over each window — (1) skip a pair if one node is already BM-culled, (2) test the
// overlap of i's swept node box with j's node box, (3) BM-test each node in turn (continuous test, sec. 6)
// and mark it when culled — and runs the exact vertex/face, face/vertex and edge/edge tests at the leaf
// pairs. It holds the pair's state; the scratch it fills (stamped caches, the traversal stack) lives in a
// RigidCcdWorkspace that the caller keeps between queries, so a query allocates nothing. Anything holding two
// bodies' trees (and BM-cones) can run one.
#pragma once

#include "bvh/Bvh.h"
#include "bvh/BvhTrace.h"
#include "bvh/BvhTraversal.h"
#include "ccd/CcdCounters.h"
#include "ccd/ElementaryCcd.h"
#include "ccd/MotionWindow.h"
#include "ccd/RelativeMotion.h"
#include "core/StampedCache.h"
#include "core/StampedPairSet.h"
#include "culling/BmConeTree.h"
#include "culling/BmCounters.h"
#include "debug/DebugSink.h"
#include "mesh/FeatureIndex.h"
#include "mesh/TriangleMesh.h"
#include "pipeline/FrameResult.h"

#include <cstdint>

namespace cdlab {

/// How the queries run: rigid-ccd's parameters.
struct RigidCcdOptions {
    CcdOptions ccd;            ///< "depth", "toc-depth"; earliest contact
    double windowTravel = 0.5; ///< "window": how far i may travel in one window, in the smaller body's sizes
    bool faceBound = false;    ///< "face-bound": count the tests with a triangle moving backwards
    bool perFaceTest = false;  ///< "test" = per-face instead of the BM-cone test (with culling)
    bool testOnce = true;      ///< not "per-pair-tests": each feature pair once per window
};

/// What the queries of a frame count (the FrameResult counters).
struct RigidCcdCounts {
    std::uint64_t bvTests = 0, vf = 0, fv = 0, ee = 0, bmTests = 0, bmCulled = 0, hits = 0;
    std::uint64_t vfBackward = 0, fvBackward = 0, eeBackward = 0; // "face-bound"
    // Per frame, set by the algorithm: body pairs with a first contact (as fcl-ca counts them), and the BM
    // guard's pair-frames (culling only).
    std::uint64_t contacts = 0, nestedPairs = 0, startOverlaps = 0;

    /// Adds them in the bench's column order; the BM guard's counts only with `culling`, the backward counts
    /// only with `faceBound` (what the frame measured).
    void addTo(Counters& out, bool culling, bool faceBound) const;
};

/// One body of a query: its object index, mesh, tree, BM-cones (null without culling) and pose at the
/// frame's end (where the drawing puts it).
struct RigidCcdBody {
    std::uint32_t object = 0;
    const TriangleMesh* mesh = nullptr;
    const Bvh* bvh = nullptr;
    const BmConeTree* cones = nullptr;
    Pose endPose;
};

/// The scratch the queries fill, kept between them so that its capacity outlives a query.
struct RigidCcdWorkspace {
    /// Sizes (and touches) every cache for the largest body, so the first frame after a build does not pay.
    void reserve(std::size_t maxVertices, std::size_t maxNodes, std::size_t maxTriangles, bool culling,
                 bool faceBound);

    // Per window and node, once BM-tested: 1 culled, 0 kept (sec. 2.2's flag). Stamped, so a window starts
    // without clearing a flag per node (that clearing was 1 % of a Table 1 frame).
    StampedCache<std::uint8_t> culledI, culledJ;
    BvhPairStack stack; ///< the traversal's node pairs left
    StampedCache<Obb> sweptNodes;
    StampedCache<Aabb> sweptVerts, pointBoxes;
    StampedCache<char> backwardI, backwardJ;                // per triangle and window, for "face-bound"
    StampedCache<PolyVec3> movingTraj, fixedTraj;           // exact, built lazily
    StampedCache<DoublePolyVec3> movingApprox, fixedApprox; // for the floating-point search
    // Feature pairs whose exact test ran in this window: a vertex is shared by about six triangles and an
    // edge by two, so the triangle pairs of a leaf-pair traversal repeat the same vertex/face test about six
    // times and the same edge/edge test four; the repeats would give the same answer.
    StampedPairSet testedVf, testedFv, testedEe;
};

class RigidCcdQuery {
public:
    /// i moving by `motion` relative to j (both must outlive the query); `cull`: BM-culling on for this
    /// pair (both bodies have cones and CullingGuard allows it); `sink`: drawing (BV tests, culled nodes);
    /// `trace`: every window's root test and traversal appended as segments, one step per node pair, with
    /// i as A and j as B (`window` scales the windows to the frame's: the pair window this query covers).
    RigidCcdQuery(const RigidCcdOptions& options, RigidCcdWorkspace& workspace, const RigidCcdBody& i,
                  const RigidCcdBody& j, const RelativeMotion& motion, bool cull, DebugSink* sink,
                  BvhTrace* trace = nullptr, double windowStart = 0, double windowEnd = 1)
        : m_options(options), m_ws(workspace), m_i(i), m_j(j), m_motion(motion), m_cull(cull), m_sink(sink),
          m_trace(trace), m_traceStart(windowStart), m_traceEnd(windowEnd) {}

    /// The earliest contact over the frame into `best` (time as a fraction of the frame, features and
    /// triangles of i as A, j as B); false when there is none. Adds what it tested to `counts`.
    bool run(TimeOfContact& best, RigidCcdCounts& counts);

private:
    /// The frame's window [a, b]: halved while i travels farther than `reach` in it (earlier half first,
    /// skipped once a contact before it is known), else traversed.
    void window(double a, double b, int depth, double reach, double radiusI, const Obb& rootI,
                const Obb& rootJ, TimeOfContact& best, RigidCcdCounts& counts);
    /// The traversal of sec. 2.2 over one window.
    void traverse(const MotionWindow& w, double a, double b, TimeOfContact& best, RigidCcdCounts& counts);
    /// Contacts after this time cannot change the answer (ties included, on the reported time's grid).
    double untilTime(const TimeOfContact& best) const;
    const Obb& sweptNode(std::uint32_t node);
    const Aabb& sweptVertex(std::uint32_t v); ///< padded box of i's vertex path over the window
    const Aabb& pointBox(std::uint32_t v);    ///< padded box of j's vertex
    const PolyVec3& movingTrajectory(std::uint32_t v);
    const PolyVec3& fixedTrajectory(std::uint32_t v);
    const DoublePolyVec3& movingApprox(std::uint32_t v);
    const DoublePolyVec3& fixedApprox(std::uint32_t v);
    void leafTests(std::uint32_t triI, std::uint32_t triJ, TimeOfContact& best, RigidCcdCounts& counts);
    /// Vanecek's face-level test (3), continuous over the window: every point of the triangle moves
    /// backwards relative to the other body throughout (its vertices as characteristic points, its normal as
    /// the only cone vector). Only for the "face-bound" counters and the "per-face" node test.
    bool movingTriangleBackward(std::uint32_t tri);
    bool fixedTriangleBackward(std::uint32_t tri);
    /// The "per-face" node test: every triangle below the node (of i if `moving`, else of j) moves backwards.
    bool allBackward(bool moving, std::uint32_t node);
    /// One BV test of step 2 (BvOverlap or BvSeparated): i's swept box and j's box, at j's end pose.
    void drawBvTest(std::uint32_t ni, std::uint32_t nj, bool overlap);
    void drawCulled(std::uint32_t object, const Obb& box, int depth, const Pose& pose);
    /// A segment of the trace for the window [a, b] of the query (root: its root-box test only).
    void beginTraceSegment(double a, double b, bool root);

    const RigidCcdOptions& m_options;
    RigidCcdWorkspace& m_ws;
    const RigidCcdBody m_i, m_j;
    const RelativeMotion& m_motion;
    const bool m_cull;
    DebugSink* const m_sink;                // when drawing: BM-culled nodes at the frame's end poses
    BvhTrace* const m_trace;                // when recording the traversals
    const double m_traceStart, m_traceEnd;  // the frame's fractions this query's [0, 1] maps to
    const MotionWindow* m_window = nullptr; // the window being traversed
    double m_windowStart = 0, m_windowEnd = 1;
};

} // namespace cdlab
