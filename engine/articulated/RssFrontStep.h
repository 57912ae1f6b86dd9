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

#include <cstdint>

namespace cdlab {

/// Cost counters of RSS front steps: node pairs separated, projected bounds evaluated, triangle pairs.
struct RssFrontStats {
    std::uint64_t nodePairs = 0, projections = 0, triTests = 0;
};

/// The leaf pair that limited the last step of one pair of trees (measured first by the next step: it
/// seeds the least leaf step, which then cuts most of the front at once).
struct RssFrontCache {
    bool valid = false;
    std::uint32_t nodeA = 0, nodeB = 0;
};

/// One iteration at fixed poses (see the header). `relativeError` >= 0: how far above the least step over
/// the finest front a cut may leave it (0: the least over the leaves and the pairs that cannot beat them).
DirectionalStep rssFrontStep(const DistanceTree& a, const Pose& pa, const DistanceTree& b, const Pose& pb,
                             double epsilon, double relativeError, const DirectionalBounds& bounds,
                             RssFrontStats* stats = nullptr, RssFrontCache* cache = nullptr);

/// Conservative advancement of the pair from `start` by RSS front steps (CaOptions and CaResult as
/// advance()'s; `history` receives each iteration with speed = distance / step). `cache` (optional): the
/// pair's coherence from an earlier step (its lower bound's), kept up to date.
CaResult advanceOnRssFront(double start, const DistanceTree& a, const DistanceTree& b, const PairPoses& poses,
                           const PairBounds& bounds, double relativeError, const CaOptions& options,
                           RssFrontStats* stats = nullptr, std::vector<CaStep>* history = nullptr,
                           RssFrontCache* cache = nullptr);

} // namespace cdlab
