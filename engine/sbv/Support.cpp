#include "sbv/Support.h"

#include "core/Assert.h"

#include <limits>

namespace cdlab {

double supportValue(std::span<const Vec3> points, const Vec3& d) {
    double best = -std::numeric_limits<double>::infinity();
    for (const Vec3& p : points) best = std::max(best, dot(d, p));
    return best;
}

double supportValue(std::span<const Vec3> points, std::span<const std::uint32_t> subset, const Vec3& d) {
    double best = -std::numeric_limits<double>::infinity();
    for (std::uint32_t i : subset) {
        CDLAB_ASSERT(i < points.size(), "a subset of the points");
        best = std::max(best, dot(d, points[i]));
    }
    return best;
}

std::vector<std::uint32_t> supportPoints(std::span<const Vec3> points, const Vec3& d, double tolerance) {
    std::vector<std::uint32_t> out;
    const double cut = supportValue(points, d) - tolerance;
    for (std::size_t i = 0; i < points.size(); ++i)
        if (dot(d, points[i]) >= cut) out.push_back(std::uint32_t(i));
    return out;
}

} // namespace cdlab
