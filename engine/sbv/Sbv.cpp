#include "sbv/Sbv.h"

#include "core/Assert.h"

#include <limits>

namespace cdlab {

SbvAxes SbvAxes::d0() {
    return {{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
}

SbvAxes SbvAxes::d0With(const Vec3& d) {
    SbvAxes a = d0();
    a.axes.push_back(d);
    return a;
}

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();

void grow(const SbvAxes& axes, const Vec3& p, Sbv& s) {
    CDLAB_ASSERT(s.lo.size() == axes.size() && s.hi.size() == axes.size(), "one slab per axis");
    for (std::size_t k = 0; k < axes.size(); ++k) {
        const double v = dot(axes.axes[k], p);
        s.lo[k] = std::min(s.lo[k], v), s.hi[k] = std::max(s.hi[k], v);
    }
}

Sbv emptySbv(const SbvAxes& axes) {
    Sbv s;
    s.lo.assign(axes.size(), kInf), s.hi.assign(axes.size(), -kInf);
    return s;
}
} // namespace

Sbv Sbv::ofPoints(const SbvAxes& axes, std::span<const Vec3> points) {
    Sbv s = emptySbv(axes);
    if (axes.size() == 3 && axes.axes[0] == Vec3{1, 0, 0} && axes.axes[1] == Vec3{0, 1, 0} &&
        axes.axes[2] == Vec3{0, 0, 1}) { // D0: the AABB, without the dot products
        Vec3 lo = {kInf, kInf, kInf}, hi = -lo;
        for (const Vec3& p : points) lo = vmin(lo, p), hi = vmax(hi, p);
        s.lo = {lo.x, lo.y, lo.z}, s.hi = {hi.x, hi.y, hi.z};
        return s;
    }
    for (const Vec3& p : points) grow(axes, p, s);
    return s;
}

Sbv Sbv::withAxis(const Vec3& u, std::span<const Vec3> points) const {
    Sbv s = *this;
    double lo = kInf, hi = -kInf;
    for (const Vec3& p : points) {
        const double v = dot(u, p);
        lo = std::min(lo, v), hi = std::max(hi, v);
    }
    s.lo.push_back(lo), s.hi.push_back(hi);
    return s;
}

Sbv Sbv::ofTriangles(const SbvAxes& axes, std::span<const Vec3> vertices, std::span<const Triangle> triangles,
                     std::span<const std::uint32_t> subset) {
    Sbv s = emptySbv(axes);
    for (std::uint32_t t : subset) {
        CDLAB_ASSERT(t < triangles.size(), "a kept triangle of this body");
        for (std::uint32_t v : triangles[t]) {
            CDLAB_ASSERT(v < vertices.size(), "a triangle's corner among the body's vertices");
            grow(axes, vertices[v], s);
        }
    }
    return s;
}

Sbv Sbv::intersect(const Sbv& o) const {
    // Slab k of one volume meets slab k of the other only over the same D' (sbv-reconstruction §4).
    CDLAB_ASSERT(lo.size() == hi.size() && o.lo.size() == lo.size() && o.hi.size() == hi.size(),
                 "SBVs over the same axes");
    Sbv s;
    s.lo.resize(lo.size()), s.hi.resize(hi.size());
    for (std::size_t k = 0; k < lo.size(); ++k)
        s.lo[k] = std::max(lo[k], o.lo[k]), s.hi[k] = std::min(hi[k], o.hi[k]);
    return s;
}

bool Sbv::emptyOnSomeAxis(double tolerance) const {
    for (std::size_t k = 0; k < lo.size(); ++k)
        if (lo[k] > hi[k] + tolerance) return true;
    return false;
}

std::vector<HalfSpace> Sbv::halfSpaces(const SbvAxes& axes) const {
    CDLAB_ASSERT(lo.size() == axes.size() && hi.size() == axes.size(), "one slab per axis");
    std::vector<HalfSpace> hs;
    for (std::size_t k = 0; k < axes.size(); ++k) {
        hs.push_back({axes.axes[k], hi[k]});
        hs.push_back({-axes.axes[k], -lo[k]});
    }
    return hs;
}

bool Sbv::contains(const SbvAxes& axes, const Vec3& p, double tolerance) const {
    CDLAB_ASSERT(lo.size() == axes.size() && hi.size() == axes.size(), "one slab per axis");
    for (std::size_t k = 0; k < axes.size(); ++k) {
        const double v = dot(axes.axes[k], p);
        if (v < lo[k] - tolerance || v > hi[k] + tolerance) return false;
    }
    return true;
}

} // namespace cdlab
