// ConvexPolytope: the bounded intersection of a few half-spaces, as vertices and faces — separating bounding
// volumes and their overlap region (sbv-reconstruction §2, §4) are such polytopes (an 8-DOP: the AABB cut by
// two planes normal to d*). Enough for drawing them, measuring their volume and deciding whether two of
// them still overlap; not meant for hundreds of planes (it tries every triple).
#pragma once

#include "geometry/Aabb.h"
#include "geometry/Vec3.h"

#include <cstdint>
#include <span>
#include <vector>

namespace cdlab {

/// A half-space {x : normal . x <= offset}.
struct HalfSpace {
    Vec3 normal;
    double offset = 0;
    bool contains(const Vec3& p, double tolerance = 0) const { return dot(normal, p) <= offset + tolerance; }
    bool operator==(const HalfSpace&) const = default;
};

struct ConvexPolytope {
    std::vector<Vec3> vertices;
    /// One polygon per half-space that bounds the polytope with an area (vertex indices, counter-clockwise
    /// seen from outside, i.e. from the side its normal points to).
    std::vector<std::vector<std::uint32_t>> faces;

    /// No point lies in every half-space (within the tolerance it was built with).
    bool empty() const { return vertices.empty(); }
    double volume() const; ///< 0 for an empty or flat polytope
    Aabb bounds() const;
};

/// The intersection of `halfSpaces`, which must bound it (include a box, as an SBV's six axis slabs do).
/// A point counts as inside a half-space within `tolerance` (absolute: e.g. 1e-9 times the scene's size), so
/// two polytopes that only touch give a flat (zero-volume) polytope, not an empty one.
ConvexPolytope intersectHalfSpaces(std::span<const HalfSpace> halfSpaces, double tolerance);

} // namespace cdlab
