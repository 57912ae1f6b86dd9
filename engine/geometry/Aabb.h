// Axis-aligned bounding box.
#pragma once

#include "geometry/Vec3.h"

#include <limits>

namespace cdlab {

struct Aabb {
    Vec3 lo{std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity(),
            std::numeric_limits<double>::infinity()};
    Vec3 hi{-std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
            -std::numeric_limits<double>::infinity()};

    void grow(const Vec3& p) { lo = vmin(lo, p), hi = vmax(hi, p); }
    void grow(const Aabb& b) { lo = vmin(lo, b.lo), hi = vmax(hi, b.hi); }
    bool empty() const { return lo.x > hi.x; }
    Vec3 center() const { return (lo + hi) * 0.5; }
    Vec3 extent() const { return hi - lo; }
    bool overlaps(const Aabb& b) const {
        return lo.x <= b.hi.x && b.lo.x <= hi.x && lo.y <= b.hi.y && b.lo.y <= hi.y && lo.z <= b.hi.z &&
               b.lo.z <= hi.z;
    }
};

} // namespace cdlab
