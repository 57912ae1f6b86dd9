// RssFrontStep: C2A's controlled advancement (Tang, Kim, Manocha, ICRA 2009) on two links' RSS distance
// trees (distance/DistanceTree.h), with zhang2007 sec. 6's motion bound *projected* on each node pair's own
// separating direction (eq. 10; sec. 3.4: "a tighter bound on mu can be obtained by projecting the motion
// ... on to the direction n corresponding to the shortest distance").
//
// Why it is safe on meshes that are not convex: the closest points of two non-convex meshes separate
// nothing, but every node of an RSS tree is convex (a rectangle swept by a sphere). At time t node pair i is
// separated by a slab of width d_i along a unit n_i (the separating axis of the largest gap,
// distance/Rss.h's rssSeparation; for two triangles, their closest-points direction); within
// d_i / mu_i(n_i) — mu_i bounding how fast the points of either node's ball move along n_i — neither side
// crosses that slab, so no triangle pair below node pair i touches. Every triangle pair lies below some pair
// of a *front* of the two trees (a set of node pairs covering all triangle pairs), so the least
// d_i / mu_i(n_i) over any front is a safe step for the two meshes (eq. 4 per node pair).
//
// The front: best-first by each pair's step. A pair's key starts as the larger of its parent's step (safe
// for everything below the parent) and d_i over the unprojected speed of its nodes' points (safe without a
// direction); it is projected when it comes up (lazily: a pair that never comes up costs no projection) and
// re-queued with the larger step. A pair is cut (stays on the front) once its step is within
// (1 + relativeError) of the least leaf step found, unless its lower bound d_i is under epsilon (it may hold
// the contact: it is opened down to its triangles). A leaf pair is measured exactly (triangle distance):
// under epsilon it is the contact; otherwise its step is the largest of the inherited one, the projected one
// along the triangles' closest-points direction (two triangles are convex) and its distance over the full
// speed. The step is the least over the front; its distance, the least d_i over the front, bounds the
// meshes' distance from below.
#pragma once

#include "articulated/DirectionalAdvancement.h"
#include "distance/DistanceTree.h"

#include <cmath>
#include <cstdint>
#include <vector>

namespace cdlab {

/// Cost counters of RSS front steps: node pairs separated, projected bounds evaluated, triangle pairs; kept
/// front pairs left on the front unmeasured (their safe time and distance still settle them), and steps that
/// started from a front kept from the frame before (each of its pairs measured again).
struct RssFrontStats {
    std::uint64_t nodePairs = 0, projections = 0, triTests = 0;
    std::uint64_t keptUnmeasured = 0, carriedFronts = 0;
};

/// The frame whose motion bounds a step uses (DirectionalBounds hold from the step's time to its end): the
/// identity of a kept front's safe times and distances, which hold in that frame only.
struct RssFrontFrame {
    double start = NAN, end = NAN;
    bool operator==(const RssFrontFrame& o) const { return start == o.start && end == o.end; }
    /// Whether `next` starts where this frame ends (within a millionth of its length: frame times are
    /// computed, and a scene shifted in time rounds them differently).
    bool followedBy(const RssFrontFrame& next) const {
        return std::abs(next.start - end) <= 1e-6 * (next.end - next.start);
    }
};

/// One pair of trees' coherence between steps at nearby poses: the leaf pair that limited the last step
/// (measured first by the next step: it seeds the least leaf step, which then cuts most of the front at
/// once), and the last step's front (the node pairs it cut and the leaf pairs it measured), each with the
/// time up to which it was found safe. A front covers every triangle pair at any poses, so the next step
/// starts from it instead of descending from the roots again: the node pairs above it are not measured
/// again (C2A keeps its front the same way, Tang et al. 2009).
/// - Within one frame: a pair found safe up to time u at an earlier step is still safe from the next step's
///   time up to u (the motion bounds hold over the whole frame): its next step starts from u - time, as a
///   child starts from its parent's step; and when that settles it and its distance, less its speed bound
///   times the time elapsed, is still at least epsilon, it stays on the front unmeasured (C2A's lazy front
///   update).
/// - In the next frame (it starts where the kept front's frame ends; the poses are continuous there): the
///   safe times, distances and speeds were the other frame's bounds', so nothing of them carries over; the
///   front's node pairs do, each measured again from a step of 0 (the front re-validated), as does the leaf
///   pair that limited the last step. This is what spares each PCL's first step of a frame the descent from
///   the roots.
/// - Any other frame (an earlier one, one further on, a repeated pass): the cache starts afresh. So a frame
///   starts from what the run of consecutive frames since the last fresh start left: a frame reached by a
///   jump (a shot, a bench pass from the middle) can report a time of contact that differs from a sequential
///   run's within the epsilon band (the CA steps differ), never one past a real contact.
/// The front is never coarsened, so a step starts from it only while the last step cost no more node pairs
/// than the last descent from the roots.
struct RssFrontCache {
    struct FrontPair {
        std::uint32_t a, b;
        double until;           ///< safe (no triangle pair below touches) up to this time
        double distance, speed; ///< a lower bound of its distance at frontTime; its points' speed bound after
    };
    bool valid = false;
    std::uint32_t nodeA = 0, nodeB = 0;
    bool keepFront = true;  ///< false: the front is not kept (every step descends from the roots)
    RssFrontFrame frame;    ///< the frame of the last step (NaN: none yet)
    double frontTime = NAN; ///< the time of the kept front's poses (NaN: its times and distances do not hold)
    std::vector<FrontPair> front; ///< empty: start from the roots
    /// Node pairs separated by the last step, and by the last step that descended from the roots.
    std::uint64_t lastCost = 0, rootCost = 0;
    /// The last two steps (growing: the pair moves apart).
    double lastStep = INFINITY, stepBefore = INFINITY;
};

/// One iteration at the poses of time `time` in `frame` (see the header). `relativeError` >= 0: how far above
/// the least step over the finest front a cut may leave it (0: the least over the leaves and the pairs that
/// cannot beat them). `cache` (optional): the pair's coherence, from this frame or the one before.
DirectionalStep rssFrontStep(const DistanceTree& a, const Pose& pa, const DistanceTree& b, const Pose& pb,
                             double time, const RssFrontFrame& frame, double epsilon, double relativeError,
                             const DirectionalBounds& bounds, RssFrontStats* stats = nullptr,
                             RssFrontCache* cache = nullptr);

/// Conservative advancement of the pair from `start` within `frame` by RSS front steps (CaOptions and
/// CaResult as advance()'s; `history` receives each iteration with speed = distance / step). `cache`
/// (optional): the pair's coherence from an earlier step of this frame or the frame before, kept up to date.
CaResult advanceOnRssFront(double start, const RssFrontFrame& frame, const DistanceTree& a,
                           const DistanceTree& b, const PairPoses& poses, const PairBounds& bounds,
                           double relativeError, const CaOptions& options, RssFrontStats* stats = nullptr,
                           std::vector<CaStep>* history = nullptr, RssFrontCache* cache = nullptr);

} // namespace cdlab
