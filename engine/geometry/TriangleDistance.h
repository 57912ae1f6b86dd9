// Closest points between two closed triangles, and between a point and a triangle, with the feature of each
// triangle that carries its closest point (vertex, edge or the open face), reduced to the lowest-dimensional
// one: a closest point at a corner is that vertex, not the edge or face around it. Degenerate triangles
// (collinear or coincident corners: polygon soups keep slivers and collapsed triangles) are their segments
// or their point. Intersecting and touching triangles are decided by the exact test
// (geometry/TriangleTriangle.h): their distance is exactly 0 and both points are one common point.
//
// Distances are computed in floating point (not a predicate): separated triangles take their minimum at a
// vertex–face or an edge–edge pair (the closest pair of two convex polygons, e.g. Larsen et al. 1999,
// "Fast proximity queries with swept sphere volumes", sec. 4.1), so those 6 + 9 candidates give it.
#pragma once

#include "core/Assert.h"
#include "geometry/Vec3.h"

#include <cstdint>

namespace cdlab {

/// A feature of one triangle (a, b, c) = (v0, v1, v2): a vertex, an edge k = (v_k, v_{k+1 mod 3}), or the
/// open face.
enum class TriangleFeature : std::uint8_t { Vertex0, Vertex1, Vertex2, Edge0, Edge1, Edge2, Face };

inline TriangleFeature triangleVertex(int k) {
    CDLAB_ASSERT(k >= 0 && k < 3, "a triangle has vertices 0..2");
    return static_cast<TriangleFeature>(k);
}
inline TriangleFeature triangleEdge(int k) {
    CDLAB_ASSERT(k >= 0 && k < 3, "a triangle has edges 0..2");
    return static_cast<TriangleFeature>(3 + k);
}
/// 0 for a vertex, 1 for an edge, 2 for the face.
inline int featureDimension(TriangleFeature f) {
    CDLAB_ASSERT(static_cast<int>(f) <= static_cast<int>(TriangleFeature::Face), "a feature's encoding");
    return f == TriangleFeature::Face ? 2 : (static_cast<int>(f) >= 3 ? 1 : 0);
}
/// "v0".."v2", "e0".."e2", "face".
const char* toString(TriangleFeature f);

struct PointTriangleDistance {
    double distance = 0;
    Vec3 point; ///< the closest point of the triangle
    TriangleFeature feature = TriangleFeature::Vertex0;
};

/// Closest point of the closed triangle abc (possibly degenerate) to p (Ericson, "Real-Time Collision
/// Detection", sec. 5.1.5: the Voronoi region of p decides the feature). A degenerate triangle is the
/// closest of its edges.
PointTriangleDistance pointTriangleDistance(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c);

struct TriangleDistance {
    double distance = 0;
    Vec3 pointA, pointB; ///< equal when the triangles touch or intersect
    TriangleFeature featureA = TriangleFeature::Vertex0, featureB = TriangleFeature::Vertex0;
};

/// Closest points of the closed triangles (a0, a1, a2) and (b0, b1, b2). Among equally close candidate pairs
/// the one of lowest total feature dimension wins, then the first in a fixed order, so the answer depends on
/// the coordinates only.
TriangleDistance triangleDistance(const Vec3& a0, const Vec3& a1, const Vec3& a2, const Vec3& b0,
                                  const Vec3& b1, const Vec3& b2);

} // namespace cdlab
