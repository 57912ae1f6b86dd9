#include "ccd/RelativeMotion.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace cdlab {

RelativeMotion::RelativeMotion(const Pose& rel0, const Pose& rel1) : m_rel0(rel0), m_dt(rel1.t - rel0.t) {
    // Axis and angle of the rotation R1 R0^T (shortest arc, theta in [0, pi]).
    Mat3 d = rel1.R * rel0.R.transposed();
    double c = std::clamp((d(0, 0) + d(1, 1) + d(2, 2) - 1) / 2, -1.0, 1.0);
    Vec3 w{d(2, 1) - d(1, 2), d(0, 2) - d(2, 0), d(1, 0) - d(0, 1)}; // 2 sin(theta) k
    m_theta = std::acos(c);
    if (m_theta > 1e-12) {
        if (length(w) > 1e-9) {
            m_axis = normalize(w);
        } else { // theta near pi: the axis is the column of d + I with the largest norm
            Mat3 s = d;
            for (int i = 0; i < 3; ++i) s(i, i) += 1;
            Vec3 best = s.col(0);
            for (int j = 1; j < 3; ++j)
                if (length(s.col(j)) > length(best)) best = s.col(j);
            m_axis = normalize(best);
        }
    } else {
        m_theta = 0;
    }
    m_tau = std::tan(m_theta / 2);
    // phi(s) = 2 atan(tau s): dphi/ds = 2 tau / (1 + tau^2 s^2), largest at s = 0, smallest at s = 1.
    m_whole = MotionWindow(m_rel0, m_axis, std::cos(m_theta), std::sin(m_theta), m_dt,
                           2 * m_tau / (1 + m_tau * m_tau), 2 * m_tau, at(0.5).R);
}

RationalPoly RelativeMotion::denominator() const {
    return RationalPoly(Rational(1)) +
           RationalPoly::linear(0, Rational(m_tau)) * RationalPoly::linear(0, Rational(m_tau));
}

PolyVec3 RelativeMotion::moving(const Vec3& p) const {
    // (1 + u^2) R_k(phi) q = (1 + u^2) q + 2u (k x q) + 2u^2 k x (k x q), with u = tau s and q = R0 p.
    Vec3 q = m_rel0.R * p;
    Vec3 kq = cross(m_axis, q), kkq = cross(m_axis, kq);
    const RationalPoly den = denominator();
    auto comp = [&](int i) {
        RationalPoly t = RationalPoly::linear(Rational(m_rel0.t[i]), Rational(m_dt[i]));
        Rational tau(m_tau), tau2 = tau * tau;
        RationalPoly rot = RationalPoly(Rational(q[i])) + RationalPoly::linear(0, 2 * tau * Rational(kq[i])) +
                           RationalPoly::linear(0, tau2 * (Rational(q[i]) + 2 * Rational(kkq[i]))) *
                               RationalPoly::linear(0, 1);
        return den * t + rot;
    };
    return {comp(0), comp(1), comp(2)};
}

DoublePolyVec3 RelativeMotion::movingApprox(const Vec3& p) const {
    Vec3 q = m_rel0.R * p;
    Vec3 kq = cross(m_axis, q), kkq = cross(m_axis, kq);
    DoublePoly den = DoublePoly::linear(1, 0) + DoublePoly::linear(0, m_tau) * DoublePoly::linear(0, m_tau);
    auto comp = [&](int i) {
        DoublePoly t = DoublePoly::linear(m_rel0.t[i], m_dt[i]);
        DoublePoly rot =
            DoublePoly::linear(q[i], 2 * m_tau * kq[i]) +
            DoublePoly::linear(0, m_tau * m_tau * (q[i] + 2 * kkq[i])) * DoublePoly::linear(0, 1);
        return den * t + rot;
    };
    return {comp(0), comp(1), comp(2)};
}

DoublePolyVec3 RelativeMotion::fixedApprox(const Vec3& x) const {
    DoublePoly den = DoublePoly::linear(1, 0) + DoublePoly::linear(0, m_tau) * DoublePoly::linear(0, m_tau);
    return {den * DoublePoly::linear(x.x, 0), den * DoublePoly::linear(x.y, 0),
            den * DoublePoly::linear(x.z, 0)};
}

PolyVec3 RelativeMotion::fixed(const Vec3& x) const {
    const RationalPoly den = denominator();
    return {den * RationalPoly(Rational(x.x)), den * RationalPoly(Rational(x.y)),
            den * RationalPoly(Rational(x.z))};
}

MotionWindow RelativeMotion::window(double a, double b) const {
    if (a == 0 && b == 1) return m_whole; // the frame's own cos/sin, not their half-angle reconstruction
    // The window's angle phi(b) - phi(a) by its half-angle tangent: (tau b - tau a) / (1 + tau^2 a b).
    double ua = m_tau * a, ub = m_tau * b, w = (ub - ua) / (1 + ua * ub), w2 = w * w;
    double len = b - a; // d/du = (b - a) d/ds
    return MotionWindow(at(a), m_axis, (1 - w2) / (1 + w2), 2 * w / (1 + w2), m_dt * len,
                        len * 2 * m_tau / (1 + ub * ub), len * 2 * m_tau / (1 + ua * ua),
                        at(0.5 * (a + b)).R);
}

double RelativeMotion::travel(double a, double b, double radius) const {
    double arc = 2 * (std::atan(m_tau * b) - std::atan(m_tau * a)) * radius;
    return length(m_dt) * (b - a) + arc;
}

Pose RelativeMotion::at(double s) const {
    double phi = 2 * std::atan(m_tau * s);
    return {rotationAxisAngle(m_axis, phi) * m_rel0.R, m_rel0.t + m_dt * s};
}

PairMotion pairMotion(std::uint32_t a, std::uint32_t b, const std::vector<Pose>& p0,
                      const std::vector<Pose>& p1) {
    bool swapped = p0[a] == p1[a] && p0[b] != p1[b];
    std::uint32_t i = swapped ? b : a, j = swapped ? a : b;
    return {i, j, swapped, RelativeMotion(p0[j].inverse() * p0[i], p1[j].inverse() * p1[i])};
}

} // namespace cdlab
