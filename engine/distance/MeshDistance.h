// Mesh–mesh distance: the minimum distance between two triangle meshes (polygon soups allowed) in their
// poses, the closest points and the closest features, as CATCH's conservative advancement needs them
// (zhang2007 secs. 6-7 call a distance query between two links many times per frame).
//
// Two queries share one options and result type: `bruteForceDistance`, the reference (every triangle pair,
// in index order), and `meshDistance` over two `DistanceTree`s (swept-sphere volumes, Larsen et al. 1999).
// Both test a triangle pair with `triangleDistance` on the same world-space corners, and both break ties the
// same way (smallest distance, then smallest (triA, triB)), so they return identical results, features
// included.
#pragma once

#include "distance/DistanceTree.h"
#include "geometry/Pose.h"
#include "geometry/TriangleDistance.h"
#include "mesh/FeatureIndex.h"
#include "mesh/TriangleMesh.h"

#include <cmath>
#include <cstdint>

namespace cdlab {

struct DistanceOptions {
    double stopBelow =
        0; ///< stop as soon as a triangle pair closer than this is found (CA's epsilon):
           ///< the result is then that pair (distance < stopBelow), not necessarily the minimum
    double upperBound =
        INFINITY; ///< pairs at or beyond it are not wanted: result.found() false when none is closer
    /// > 0 (meshDistance only): stop once every node pair left is at least best / (1 + relativeError) away,
    /// so the best pair found is within that factor of the minimum. result.lowerBound then bounds the true
    /// distance from below: what conservative advancement needs, at a fraction of the cost where two
    /// surfaces run close and parallel.
    double relativeError = 0;
};

/// Cost counters of one query: bounding-volume pairs and triangle pairs tested.
struct DistanceStats {
    std::uint64_t bvTests = 0, triTests = 0;
};

struct MeshDistanceResult {
    double distance = INFINITY;
    Vec3 pointA, pointB;              ///< world closest points (equal when touching/intersecting)
    std::uint32_t triA = 0, triB = 0; ///< triangles carrying them
    MeshFeature featureA,
        featureB; ///< by mesh index (mesh/FeatureIndex.h): vertex, edge (two vertex indices) or face
    /// Never above the true distance: `distance` for an exact answer, less after an early stop
    /// (relativeError, stopBelow), upperBound when nothing closer was found.
    double lowerBound = INFINITY;
    bool found() const { return distance < INFINITY; }
};

/// The reference: every triangle pair in (triA, triB) order (pairs whose world boxes are already farther than
/// the best so far are skipped: a box gap never exceeds the triangles' distance). An empty mesh gives
/// found() false.
MeshDistanceResult bruteForceDistance(const TriangleMesh& a, const Pose& pa, const TriangleMesh& b,
                                      const Pose& pb, const DistanceOptions& = {}, DistanceStats* = nullptr);

/// The same answer from two distance trees (each built over its mesh): best-first over node pairs by their
/// RSS lower bound, pruned by the best distance so far, `upperBound` and `stopBelow`. An empty tree gives
/// found() false. Intersecting meshes: the tie rule needs the smallest touching triangle pair; node pairs at
/// the tie distance whose smallest triangle indices (DistanceNode::minTri) cannot give a smaller pair are
/// skipped (before: every node pair whose volumes overlap was visited); `stopBelow` > 0 ends at the first
/// touching pair instead.
MeshDistanceResult meshDistance(const DistanceTree& a, const Pose& pa, const DistanceTree& b, const Pose& pb,
                                const DistanceOptions& = {}, DistanceStats* = nullptr);

/// The mesh feature of triangle `tri`'s triangle-local feature (geometry/TriangleDistance.h): its vertex or
/// edge by vertex indices, or the face.
MeshFeature meshFeature(const TriangleMesh& mesh, std::uint32_t tri, TriangleFeature feature);

} // namespace cdlab
