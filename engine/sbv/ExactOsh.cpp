#include "sbv/ExactOsh.h"

#include <limits>

namespace cdlab {

Vec3 PointSetSupport::support(const Vec3& dir) const {
    double best = -std::numeric_limits<double>::infinity();
    Vec3 out;
    if (m_subset.empty()) {
        for (const Vec3& p : m_points)
            if (double s = dot(dir, p); s > best) best = s, out = p;
    } else {
        for (std::uint32_t i : m_subset)
            if (double s = dot(dir, m_points[i]); s > best) best = s, out = m_points[i];
    }
    return out;
}

ExactOsh exactSeparatingPlane(const SupportFunction& a, const SupportFunction& b) {
    ExactOsh out;
    const GjkResult g = gjkDistance(a, b);
    out.iterations = g.iterations;
    out.pointA = g.pointA, out.pointB = g.pointB;
    // A gap at rounding level is a touch, not a separation: d* would be noise.
    if (g.intersecting || g.distance <= 0) return out;
    const Vec3 d = g.pointB - g.pointA;
    const double len = length(d);
    if (!(len > 0)) return out;
    out.separated = true;
    out.direction = d / len;
    out.margin = len;
    out.offset = dot(out.direction, (g.pointA + g.pointB) * 0.5);
    return out;
}

} // namespace cdlab
