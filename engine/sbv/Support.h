// Support functions of point sets (sbv-reconstruction §2, Defs. 1-3): E_d(X) = max d.x over X, the support
// half-space {x : d.x <= E_d(X)} and the support points, the points of X on the support plane. SBVs are built
// from nothing else: one max-reduction per direction, O(n), no hierarchy, so a deforming mesh costs the same.
#pragma once

#include "geometry/ConvexPolytope.h"
#include "geometry/Vec3.h"

#include <cstdint>
#include <span>
#include <vector>

namespace cdlab {

/// E_d(X) (Def. 1); -infinity for an empty set.
double supportValue(std::span<const Vec3> points, const Vec3& d);
/// E_d over the points indexed by `subset`.
double supportValue(std::span<const Vec3> points, std::span<const std::uint32_t> subset, const Vec3& d);

/// The support points of X in direction d (Def. 2): the indices of every point with d.x >= E_d(X) -
/// tolerance, ties included (a cylinder's whole cap ring along its axis: the "290 + 5" of the paper's Table
/// 1), in index order. `tolerance` absorbs rounding, e.g. 1e-9 times the set's extent.
std::vector<std::uint32_t> supportPoints(std::span<const Vec3> points, const Vec3& d, double tolerance);

/// The support half-space H_d(X) (Def. 3).
inline HalfSpace supportHalfSpace(std::span<const Vec3> points, const Vec3& d) {
    return {d, supportValue(points, d)};
}

} // namespace cdlab
