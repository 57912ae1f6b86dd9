#include "distance/Rss.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cdlab {

namespace {

/// Relative inflation of a fitted RSS (as bvh/Bvh.cpp inflates its boxes): covers the rounding of the
/// projections, so every fitted point lies inside.
constexpr double kInflate = 1e-10;

/// The rectangle's range [lo, hi] along one axis: the narrowest with every point's excess beyond it at most
/// its allowance (a point may stick out by what the radius leaves it); a range that closes up is its middle.
void shrinkRange(const std::vector<double>& x, const std::vector<double>& allowance, double& lo, double& hi) {
    hi = -std::numeric_limits<double>::infinity(), lo = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < x.size(); ++i)
        hi = std::max(hi, x[i] - allowance[i]), lo = std::min(lo, x[i] + allowance[i]);
    if (lo > hi) lo = hi = 0.5 * (lo + hi);
}

} // namespace

Rss Rss::fit(const Mat3& axes, const std::vector<Vec3>& points) {
    const std::size_t n = points.size();
    std::vector<double> x(n), y(n), z(n), allowance(n);
    double zlo = std::numeric_limits<double>::infinity(), zhi = -zlo, largest = 0;
    for (std::size_t i = 0; i < n; ++i) {
        x[i] = dot(axes.r[0], points[i]), y[i] = dot(axes.r[1], points[i]), z[i] = dot(axes.r[2], points[i]);
        zlo = std::min(zlo, z[i]), zhi = std::max(zhi, z[i]);
        largest = std::max(largest, maxComponent(vabs(points[i])));
    }
    Rss rss;
    rss.axes = axes;
    double r = 0.5 * (zhi - zlo), zc = 0.5 * (zlo + zhi);
    // Larsen et al. 1999, sec. 3.2: the radius from the spread along the normal; then each point may leave
    // the rectangle by sqrt(r^2 - dz^2) in all, first along axis 0, then what is left along axis 1.
    for (std::size_t i = 0; i < n; ++i)
        allowance[i] = std::sqrt(std::max(0.0, r * r - (z[i] - zc) * (z[i] - zc)));
    double xlo, xhi, ylo, yhi;
    shrinkRange(x, allowance, xlo, xhi);
    for (std::size_t i = 0; i < n; ++i) {
        double ex = std::max({0.0, x[i] - xhi, xlo - x[i]});
        allowance[i] = std::sqrt(std::max(0.0, allowance[i] * allowance[i] - ex * ex));
    }
    shrinkRange(y, allowance, ylo, yhi);
    double xc = 0.5 * (xlo + xhi), yc = 0.5 * (ylo + yhi);
    rss.center = axes.r[0] * xc + axes.r[1] * yc + axes.r[2] * zc;
    rss.halfLength[0] = 0.5 * (xhi - xlo), rss.halfLength[1] = 0.5 * (yhi - ylo);
    rss.radius = r + kInflate * (largest + rss.halfLength[0] + rss.halfLength[1] + r);
    return rss;
}

double Rss::size() const {
    return std::sqrt(halfLength[0] * halfLength[0] + halfLength[1] * halfLength[1]) + radius;
}

double rssLowerBound(const Rss& a, const Mat3& bAxesInA, const Vec3& bCenterInA, const Rss& b,
                     double pruneAbove) {
    // Everything in a's rectangle frame: a's axes are x, y (rectangle) and z (normal).
    Vec3 t = a.axes * (bCenterInA - a.center);
    Vec3 u = a.axes * bAxesInA.r[0], v = a.axes * bAxesInA.r[1], w = cross(u, v);
    const double ax = a.halfLength[0], ay = a.halfLength[1], bx = b.halfLength[0], by = b.halfLength[1];
    const double radii = a.radius + b.radius +
                         1e-12 * (std::fabs(t.x) + std::fabs(t.y) + std::fabs(t.z) + ax + ay + bx + by +
                                  a.radius + b.radius); // the slack for rounding
    // The projections' gap on axis n: |t.n| less both rectangles' projected half widths.
    auto gapOn = [&](const Vec3& n) {
        return std::fabs(dot(t, n)) - ax * std::fabs(n.x) - ay * std::fabs(n.y) - bx * std::fabs(dot(u, n)) -
               by * std::fabs(dot(v, n));
    };
    double gap = std::fabs(t.z) - bx * std::fabs(u.z) - by * std::fabs(v.z);               // a's normal
    gap = std::max(gap, std::fabs(dot(t, w)) - ax * std::fabs(w.x) - ay * std::fabs(w.y)); // b's normal
    gap = std::max(gap, std::fabs(t.x) - ax - bx * std::fabs(u.x) - by * std::fabs(v.x));
    gap = std::max(gap, std::fabs(t.y) - ay - bx * std::fabs(u.y) - by * std::fabs(v.y));
    gap = std::max(gap, std::fabs(dot(t, u)) - ax * std::fabs(u.x) - ay * std::fabs(u.y) - bx);
    gap = std::max(gap, std::fabs(dot(t, v)) - ax * std::fabs(v.x) - ay * std::fabs(v.y) - by);
    // Already beyond what the caller keeps: the axes below (square roots) cannot change its decision.
    if (gap - radii > pruneAbove) return gap - radii;
    // Edge cross products x*u, x*v, y*u, y*v, normalised; (nearly) parallel edges give no new axis.
    const Vec3 cross4[4] = {{0, -u.z, u.y}, {0, -v.z, v.y}, {u.z, 0, -u.x}, {v.z, 0, -v.x}};
    for (const Vec3& n : cross4) {
        double len2 = lengthSquared(n);
        if (len2 > 1e-16) gap = std::max(gap, gapOn(n) / std::sqrt(len2));
    }
    // The centres' direction: the closest direction when the rectangles meet corner to corner, where the
    // axes above all underestimate.
    double tl2 = lengthSquared(t);
    if (tl2 > 0) gap = std::max(gap, gapOn(t) / std::sqrt(tl2));
    return std::max(0.0, gap - radii);
}

RssSeparation rssSeparation(const Rss& a, const Mat3& bAxesInA, const Vec3& bCenterInA, const Rss& b,
                            double enough) {
    // As rssLowerBound, in a's rectangle frame, keeping the axis of the largest gap.
    Vec3 t = a.axes * (bCenterInA - a.center);
    Vec3 u = a.axes * bAxesInA.r[0], v = a.axes * bAxesInA.r[1], w = cross(u, v);
    const double ax = a.halfLength[0], ay = a.halfLength[1], bx = b.halfLength[0], by = b.halfLength[1];
    const double radii =
        a.radius + b.radius +
        1e-12 * (std::fabs(t.x) + std::fabs(t.y) + std::fabs(t.z) + ax + ay + bx + by + a.radius + b.radius);
    // The six cheap axes (a's normal, b's normal, a's and b's edge directions), as rssLowerBound writes them.
    const double cheap[6] = {
        std::fabs(t.z) - bx * std::fabs(u.z) - by * std::fabs(v.z),
        std::fabs(dot(t, w)) - ax * std::fabs(w.x) - ay * std::fabs(w.y),
        std::fabs(t.x) - ax - bx * std::fabs(u.x) - by * std::fabs(v.x),
        std::fabs(t.y) - ay - bx * std::fabs(u.y) - by * std::fabs(v.y),
        std::fabs(dot(t, u)) - ax * std::fabs(u.x) - ay * std::fabs(u.y) - bx,
        std::fabs(dot(t, v)) - ax * std::fabs(v.x) - ay * std::fabs(v.y) - by,
    };
    int which = 0;
    for (int k = 1; k < 6; ++k)
        if (cheap[k] > cheap[which]) which = k;
    double best = cheap[which];
    const Vec3 cheapAxes[6] = {{0, 0, 1}, w, {1, 0, 0}, {0, 1, 0}, u, v};
    Vec3 bestAxis = cheapAxes[which];
    RssSeparation out;
    auto finish = [&] {
        out.gap = std::max(0.0, best - radii);
        if (dot(t, bestAxis) < 0) bestAxis = -bestAxis; // from a towards b
        // Back to a's mesh frame (the axes' rows are orthonormal: the transpose inverts them).
        out.axis = a.axes.r[0] * bestAxis.x + a.axes.r[1] * bestAxis.y + a.axes.r[2] * bestAxis.z;
        return out;
    };
    if (best - radii >= enough) return finish();
    // The projections' gap on the unit axis n: |t.n| less both rectangles' projected half widths.
    auto consider = [&](const Vec3& n) {
        const double gap = std::fabs(dot(t, n)) - ax * std::fabs(n.x) - ay * std::fabs(n.y) -
                           bx * std::fabs(dot(u, n)) - by * std::fabs(dot(v, n));
        if (gap > best) best = gap, bestAxis = n;
    };
    const Vec3 cross4[4] = {{0, -u.z, u.y}, {0, -v.z, v.y}, {u.z, 0, -u.x}, {v.z, 0, -v.x}};
    for (const Vec3& n : cross4) {
        double len2 = lengthSquared(n);
        if (len2 > 1e-16) consider(n / std::sqrt(len2));
    }
    double tl2 = lengthSquared(t);
    if (tl2 > 0) consider(t / std::sqrt(tl2));
    return finish();
}

} // namespace cdlab
