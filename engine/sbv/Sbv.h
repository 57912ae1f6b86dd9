// A separating bounding volume (sbv-reconstruction §2, Def. 5): SBV_D'(X) = ∩_{d ∈ D'} H_d(X) for a symmetric
// direction set D' = D0 ∪ {±d*}, D0 the six axis directions (§4: an AABB cut by two planes normal to d*, an
// 8-DOP). Each pair {u, -u} is stored as one axis u with the interval [-E_{-u}(X), E_u(X)], the slab
// between the two support planes. Every slab uses the exact support value, so X ⊆ SBV whatever d* is: a poor
// d* makes the volume looser, never unsafe.
#pragma once

#include "geometry/ConvexPolytope.h"
#include "mesh/TriangleMesh.h"

#include <span>
#include <vector>

namespace cdlab {

/// D' as axes (each stands for u and -u). Axes need not be unit length, but d* is.
struct SbvAxes {
    std::vector<Vec3> axes;
    /// D0 = {±x, ±y, ±z} (§4: SBV_D0 is the AABB).
    static SbvAxes d0();
    /// D0 ∪ {±d}.
    static SbvAxes d0With(const Vec3& d);
    std::size_t size() const { return axes.size(); }
};

/// One interval per axis: the slab [lo, hi] = [-E_{-u}(X), E_u(X)].
struct Sbv {
    std::vector<double> lo, hi;

    /// SBV of a point set.
    static Sbv ofPoints(const SbvAxes& axes, std::span<const Vec3> points);
    /// SBV of the triangles `subset` (indices into `triangles`): of all their corners, so the whole triangles
    /// lie inside (an SBV is convex).
    static Sbv ofTriangles(const SbvAxes& axes, std::span<const Vec3> vertices,
                           std::span<const Triangle> triangles, std::span<const std::uint32_t> subset);
    /// This SBV of `points` with one more axis u (D' = D ∪ {±u}): one pass instead of |D'|.
    Sbv withAxis(const Vec3& u, std::span<const Vec3> points) const;
    /// The intersection of two SBVs over the same axes (interval by interval).
    Sbv intersect(const Sbv& other) const;
    /// Some axis's interval is empty (beyond `tolerance`): the volumes are disjoint, a separation
    /// certificate. The converse does not hold (slabs overlapping on every axis may still have an empty
    /// intersection).
    bool emptyOnSomeAxis(double tolerance) const;
    /// The 2k half-spaces of the volume.
    std::vector<HalfSpace> halfSpaces(const SbvAxes& axes) const;
    bool contains(const SbvAxes& axes, const Vec3& p, double tolerance) const;
};

} // namespace cdlab
