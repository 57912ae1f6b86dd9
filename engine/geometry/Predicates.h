// Exact geometric predicates on double inputs.
//
// Each predicate first evaluates the determinant in floating point and accepts the sign when it exceeds a
// forward error bound (Shewchuk's "A" bounds); only near-degenerate inputs fall back to exact rational
// arithmetic (GMP). The result is the exact sign for the given doubles, so coplanar and touching
// configurations are decided consistently — the triangle test is exact, not epsilon-based.
#pragma once

#include "geometry/Vec3.h"

#include <cstdint>

namespace cdlab {

/// Sign of det[a-d, b-d, c-d]: +1, 0 or -1 (positive when d lies below the plane of a,b,c seen
/// counter-clockwise from above).
int orient3d(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d);

/// Sign of det[a-c, b-c] in the plane of coordinates (i, j) (i, j in {0,1,2}): +1 when a,b,c turn left.
int orient2d(const Vec3& a, const Vec3& b, const Vec3& c, int i, int j);

/// Number of predicate evaluations that needed the exact fallback (diagnostics; per thread).
std::uint64_t exactFallbackCount();

} // namespace cdlab
