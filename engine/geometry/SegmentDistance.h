// Closest points of two segments in floating point, for display and contact normals (not a predicate:
// the exact decisions live in Predicates.h and the CCD tests).
#pragma once

#include "geometry/Vec3.h"

namespace cdlab {

/// Closest points of segments pq and rs: minimises |p + s (q - p) - r - u (s - r)| over s, u in [0, 1] by
/// clamping one parameter and solving for the other. A segment of zero length is its point; parallel
/// segments return one of their closest pairs.
void closestPointsOnSegments(const Vec3& p, const Vec3& q, const Vec3& r, const Vec3& s, Vec3& outA,
                             Vec3& outB);

/// The same minimisation, returning the parameters: the closest points are p + outS (q - p) and
/// r + outU (s - r), outS and outU in [0, 1] (exactly 0 or 1 when clamped, so callers can name the vertex).
void closestParametersOnSegments(const Vec3& p, const Vec3& q, const Vec3& r, const Vec3& s, double& outS,
                                 double& outU);

} // namespace cdlab
