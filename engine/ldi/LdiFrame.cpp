#include "ldi/LdiFrame.h"

#include "core/Assert.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cdlab {

const char* toString(LdiAxis a) {
    switch (a) {
    case LdiAxis::Auto:
        return "auto";
    case LdiAxis::X:
        return "x";
    case LdiAxis::Y:
        return "y";
    case LdiAxis::Z:
        return "z";
    }
    return "auto";
}

bool parseLdiAxis(const std::string& s, LdiAxis& out) {
    for (LdiAxis a : {LdiAxis::Auto, LdiAxis::X, LdiAxis::Y, LdiAxis::Z})
        if (s == toString(a)) return out = a, true;
    return false;
}

void completeBasis(const Vec3& w, Vec3& u, Vec3& v) {
    // The world axis least aligned with w, made orthogonal to it: along x, y or z this gives world axes, so
    // the pixels of an axis-aligned view line up with axis-aligned boxes (the closed-form tests rely on it).
    int k = 0;
    for (int i = 1; i < 3; ++i)
        if (std::abs(w[i]) < std::abs(w[k])) k = i;
    Vec3 a;
    a[k] = 1;
    u = a - w * dot(w, a);
    u = u / length(u);
    v = cross(w, u);
    // Right-handed (u x v = w): the rasterisers read a clockwise triangle on screen as the ray entering.
    CDLAB_ASSERT(std::abs(dot(cross(u, v), w) - 1) < 1e-9 && std::abs(dot(u, w)) < 1e-9,
                 "an orthonormal right-handed completion of a unit w");
}

LdiFrame makeLdiFrame(std::span<const Vec3> points, const Vec3& w, int resolution) {
    LdiFrame f;
    if (points.empty() || resolution <= 0 || !(length(w) > 0)) return f;
    f.w = w / length(w);
    completeBasis(f.w, f.u, f.v);
    constexpr double inf = std::numeric_limits<double>::infinity();
    Vec3 lo{inf, inf, inf}, hi{-inf, -inf, -inf};
    for (const Vec3& p : points) {
        const Vec3 b = f.toBox(p);
        for (int i = 0; i < 3; ++i) lo[i] = std::min(lo[i], b[i]), hi[i] = std::max(hi[i], b[i]);
    }
    const double ex = hi.x - lo.x, ey = hi.y - lo.y;
    f.pixel = std::max(ex, ey) / resolution;
    if (!(f.pixel > 0) || !std::isfinite(f.pixel)) return LdiFrame{};
    // Square pixels, `resolution` of them along the longer side; the shorter side rounds up and the window is
    // centred on Q, so Q lies inside it.
    f.width = std::max(1, int(std::ceil(ex / f.pixel - 1e-9)));
    f.height = std::max(1, int(std::ceil(ey / f.pixel - 1e-9)));
    f.x0 = lo.x - 0.5 * (f.width * f.pixel - ex);
    f.y0 = lo.y - 0.5 * (f.height * f.pixel - ey);
    f.z0 = lo.z, f.z1 = hi.z;
    CDLAB_ASSERT(f.width * f.pixel >= ex * (1 - 1e-9) && f.height * f.pixel >= ey * (1 - 1e-9),
                 "the window covers Q");
    return f;
}

Vec3 shortestExtentAxis(std::span<const Vec3> points, const Vec3& extra) {
    auto extent = [&](const Vec3& d) {
        double lo = std::numeric_limits<double>::infinity(), hi = -lo;
        for (const Vec3& p : points) lo = std::min(lo, dot(d, p)), hi = std::max(hi, dot(d, p));
        return hi - lo;
    };
    Vec3 best{1, 0, 0};
    double bestExtent = extent(best);
    for (const Vec3& d : {Vec3{0, 1, 0}, Vec3{0, 0, 1}}) {
        const double e = extent(d);
        if (e < bestExtent) best = d, bestExtent = e;
    }
    if (length(extra) > 0) {
        const Vec3 d = extra / length(extra);
        if (extent(d) < bestExtent) best = d;
    }
    return best;
}

} // namespace cdlab
