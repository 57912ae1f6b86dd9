// Mesh–mesh distance on two HullTrees (convex/HullTree.h): zhang2007's distance between links "computed
// using a convex-hull tree" (secs. 4, 6) over a surface convex decomposition (Ehmann & Lin 2001). Best-first
// over node pairs: a node pair's bound is the larger of its bounding spheres' gap and GJK's lower bound on
// its hulls' distance (convex/Gjk.h; support by hill climbing on the larger hulls); a leaf pair (two pieces)
// is settled exactly on the surfaces: when GJK's closest points lie on a triangle of each piece and those two
// triangles are as close as the hulls' lower bound (within kCertificate), that pair is the pieces' distance;
// otherwise (the closest points fall on a hull face that is no part of the surface, or the hulls overlap)
// every triangle pair of the two pieces is measured. The answer is the surfaces' true distance, as
// bruteForceDistance's (MeshDistance.h) up to kCertificate relative; ties between equally close triangle
// pairs may pick another pair.
//
// Coherence (SWIFT++'s Voronoi marching starts from the last closest features): a HullPairCache remembers the
// piece pair of the last answer for one pair of trees; the next query measures it first, so the traversal
// starts with a near-final bound and prunes almost everything else.
#pragma once

#include "convex/Gjk.h"
#include "convex/HullTree.h"
#include "distance/MeshDistance.h"

#include <cstdint>

namespace cdlab {

/// Cost counters of hull-tree queries: node pairs bounded, GJK runs and their iterations, triangle pairs.
struct HullDistanceStats {
    std::uint64_t nodePairs = 0, gjkCalls = 0, gjkIterations = 0, triTests = 0;
};

/// The last answer's piece pair of one pair of trees (warm start of the next query on the same pair).
struct HullPairCache {
    bool valid = false;
    std::uint32_t pieceA = 0, pieceB = 0;
};

/// A leaf pair's answer counts as exact when its triangle pair is within this factor of the hulls' lower
/// bound (GJK converges to 1e-10 relative; the rest is rounding).
constexpr double kCertificate = 5e-10;

/// The distance between the surfaces of `a` and `b` in their poses (DistanceOptions as meshDistance's:
/// stopBelow, upperBound, relativeError; lowerBound filled the same way). `cache` (optional) is read as the
/// warm start and updated with the answer's pieces.
MeshDistanceResult hullTreeDistance(const HullTree& a, const Pose& pa, const HullTree& b, const Pose& pb,
                                    const DistanceOptions& options = {}, HullDistanceStats* stats = nullptr,
                                    HullPairCache* cache = nullptr);

/// The exact distance between the surfaces of leaf `nodeA` of `a` and leaf `nodeB` of `b` (pieces), given
/// GJK's answer `hulls` on their hulls (see the header: the certificate, else every triangle pair). Pairs
/// not closer than `limit` may be skipped: the result then has found() false.
MeshDistanceResult pieceDistance(const HullTree& a, std::uint32_t nodeA, const Pose& pa, const HullTree& b,
                                 std::uint32_t nodeB, const Pose& pb, const GjkResult& hulls, double limit,
                                 HullDistanceStats* stats = nullptr);

} // namespace cdlab
