// Exact triangle–triangle intersection test for closed triangles (touching counts as intersecting).
//
// The general case is the orientation-based test of Guigue & Devillers ("Fast and robust triangle-triangle
// overlap test using orientation predicates", JGT 2003) on exact predicates (geometry/Predicates.h). Coplanar
// pairs and degenerate triangles (collinear or coincident vertices) are routed — only when the orientations
// show it — to exact 2D/segment tests, so polygon soups with slivers are handled without epsilons.
#pragma once

#include "geometry/Vec3.h"

namespace cdlab {

/// True when the closed triangles (p1,q1,r1) and (p2,q2,r2) share at least one point.
bool trianglesIntersect(const Vec3& p1, const Vec3& q1, const Vec3& r1, const Vec3& p2, const Vec3& q2,
                        const Vec3& r2);

/// True when the closed segment pq (possibly a point) meets the closed triangle abc (possibly degenerate).
bool segmentTriangleIntersect(const Vec3& p, const Vec3& q, const Vec3& a, const Vec3& b, const Vec3& c);

/// True when closed segments pq and rs (either possibly a point) share a point.
bool segmentsIntersect(const Vec3& p, const Vec3& q, const Vec3& r, const Vec3& s);

/// True when a, b, c are exactly collinear (including coincident points).
bool isDegenerateTriangle(const Vec3& a, const Vec3& b, const Vec3& c);

} // namespace cdlab
