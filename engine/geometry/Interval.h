// Interval: closed interval arithmetic (Moore 1979), the bound zhang2007 sec. 5.1 improves on and the one
// ARTICULATE-style swept boxes use (redon2004): every operation encloses every value its operands can take.
// The one interval type of the engine: the Taylor models' remainders (articulated) and the CCD motion
// windows' ranges (ccd/MotionWindow) both use it. Rounding is not directed; the swept-box code that uses
// these widens its final boxes by a relative margin instead (SweptBoxes.h).
#pragma once

#include <algorithm>
#include <cmath>
#include <numbers>

namespace cdlab {

struct Interval {
    double lo = 0, hi = 0;

    constexpr Interval() = default;
    constexpr Interval(double v) : lo(v), hi(v) {} // NOLINT: a number is a degenerate interval
    constexpr Interval(double l, double h) : lo(l), hi(h) {}

    double width() const { return hi - lo; }
    double mid() const { return 0.5 * (lo + hi); }
    bool contains(double v) const { return lo <= v && v <= hi; }
    Interval hull(const Interval& o) const { return {std::min(lo, o.lo), std::max(hi, o.hi)}; }

    friend Interval operator+(const Interval& a, const Interval& b) { return {a.lo + b.lo, a.hi + b.hi}; }
    friend Interval operator-(const Interval& a, const Interval& b) { return {a.lo - b.hi, a.hi - b.lo}; }
    friend Interval operator-(const Interval& a) { return {-a.hi, -a.lo}; }
    friend Interval operator*(const Interval& a, const Interval& b) {
        double p[4] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
        return {std::min({p[0], p[1], p[2], p[3]}), std::max({p[0], p[1], p[2], p[3]})};
    }
    friend Interval operator*(double s, const Interval& a) {
        return s >= 0 ? Interval{s * a.lo, s * a.hi} : Interval{s * a.hi, s * a.lo};
    }
    Interval& operator+=(const Interval& b) { return *this = *this + b; }
};

/// sin over [x.lo, x.hi]: the endpoint values, widened to ±1 where a crest or trough lies inside.
inline Interval sin(const Interval& x) {
    constexpr double pi = std::numbers::pi, twoPi = 2 * std::numbers::pi;
    if (x.width() >= twoPi) return {-1, 1};
    double a = std::sin(x.lo), b = std::sin(x.hi);
    Interval r{std::min(a, b), std::max(a, b)};
    // crests at pi/2 + 2k pi, troughs at -pi/2 + 2k pi
    double k = std::ceil((x.lo - pi / 2) / twoPi);
    if (pi / 2 + k * twoPi <= x.hi) r.hi = 1;
    k = std::ceil((x.lo + pi / 2) / twoPi);
    if (-pi / 2 + k * twoPi <= x.hi) r.lo = -1;
    return r;
}

inline Interval cos(const Interval& x) {
    return sin(Interval{x.lo + std::numbers::pi / 2, x.hi + std::numbers::pi / 2});
}

} // namespace cdlab
