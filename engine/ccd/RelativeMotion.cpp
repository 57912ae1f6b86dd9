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
    m_cos = std::cos(m_theta), m_sin = std::sin(m_theta);
    m_midR = at(0.5).R; // the swept boxes' axes, once per motion
    // phi(s) = 2 atan(tau s): dphi/ds = 2 tau / (1 + tau^2 s^2), largest at s = 0, smallest at s = 1.
    m_rateMax = 2 * m_tau;
    m_rateMin = 2 * m_tau / (1 + m_tau * m_tau);
    m_den = RationalPoly(Rational(1)) +
            RationalPoly::linear(0, Rational(m_tau)) * RationalPoly::linear(0, Rational(m_tau));
}

PolyVec3 RelativeMotion::moving(const Vec3& p) const {
    // (1 + u^2) R_k(phi) q = (1 + u^2) q + 2u (k x q) + 2u^2 k x (k x q), with u = tau s and q = R0 p.
    Vec3 q = m_rel0.R * p;
    Vec3 kq = cross(m_axis, q), kkq = cross(m_axis, kq);
    auto comp = [&](int i) {
        RationalPoly t = RationalPoly::linear(Rational(m_rel0.t[i]), Rational(m_dt[i]));
        Rational tau(m_tau), tau2 = tau * tau;
        RationalPoly rot = RationalPoly(Rational(q[i])) + RationalPoly::linear(0, 2 * tau * Rational(kq[i])) +
                           RationalPoly::linear(0, tau2 * (Rational(q[i]) + 2 * Rational(kkq[i]))) *
                               RationalPoly::linear(0, 1);
        return m_den * t + rot;
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
    return {m_den * RationalPoly(Rational(x.x)), m_den * RationalPoly(Rational(x.y)),
            m_den * RationalPoly(Rational(x.z))};
}

double maxTrig(double b, double c, double cosTheta, double sinTheta) {
    // The peak of b cos(phi) + c sin(phi) = R cos(phi - psi) is at phi = psi, the direction of (b, c); else
    // an end is the maximum. psi lies in [0, theta] (theta <= pi) when (b, c) is not below the start
    // direction (1, 0), not past the end direction (cos theta, sin theta) and on their side of the origin
    // (along their sum, which excludes the opposite direction when theta is small). Near the sector's edges
    // the test leans to the peak, the larger answer, so rounding can only loosen the bound.
    double tol = 1e-12 * (std::fabs(b) + std::fabs(c));
    if (c >= -tol && b * sinTheta - c * cosTheta >= -tol && b * (1 + cosTheta) + c * sinTheta >= -tol)
        return std::hypot(b, c);
    return std::max(b, b * cosTheta + c * sinTheta);
}

double maxTrig(double b, double c, double theta) {
    return maxTrig(b, c, std::cos(theta), std::sin(theta));
}

namespace {

/// What projectedRange needs of a direction u, computed once per direction.
struct AxisTerms {
    Vec3 u, w;            // w = u x k, so that u . (k x q) = q . w
    double uk, t0, dt, n; // u . k, u . t0, u . dt, |u|
};

} // namespace

/// u . x(s) = u . R_k(phi) q + u . t0 + s u . dt with q = R0 p, and by Rodrigues
/// u . R_k(phi) q = a + b cos(phi) + c sin(phi): a = (u.k)(k.q), b = u.q - a, c = u.(k x q), phi in
/// [0, theta]. The rotation and the translation are bounded separately (both are monotone maps of s).
/// `kq` = k . q and `slackBase` = |q| + |t0| + |dt| are per point; the rest per direction.
static Interval rangeAlong(const AxisTerms& x, const Vec3& q, double kq, double slackBase, double cosT,
                           double sinT) {
    double a = x.uk * kq, b = dot(x.u, q) - a, c = dot(q, x.w);
    double hi = a + maxTrig(b, c, cosT, sinT), lo = a - maxTrig(-b, -c, cosT, sinT);
    // Slack for the rounding of this floating-point bound (the exact tests see the exact motion).
    double slack = 1e-9 * x.n * (slackBase + 1e-300);
    return {lo + x.t0 + std::min(0.0, x.dt) - slack, hi + x.t0 + std::max(0.0, x.dt) + slack};
}

Interval RelativeMotion::projectedRange(const Vec3& u, const Vec3& p) const {
    AxisTerms x{u, cross(u, m_axis), dot(u, m_axis), dot(u, m_rel0.t), dot(u, m_dt), length(u)};
    Vec3 q = m_rel0.R * p;
    return rangeAlong(x, q, dot(m_axis, q), length(q) + length(m_rel0.t) + length(m_dt), m_cos, m_sin);
}

Aabb RelativeMotion::sweptBounds(const Vec3& p) const {
    Vec3 q = m_rel0.R * p;
    double kq = dot(m_axis, q), base = length(q) + length(m_rel0.t) + length(m_dt);
    Aabb box;
    for (int i = 0; i < 3; ++i) {
        Vec3 u{i == 0 ? 1.0 : 0.0, i == 1 ? 1.0 : 0.0, i == 2 ? 1.0 : 0.0};
        AxisTerms x{u, cross(u, m_axis), m_axis[i], m_rel0.t[i], m_dt[i], 1.0};
        Interval r = rangeAlong(x, q, kq, base, m_cos, m_sin);
        box.lo[i] = r.lo, box.hi[i] = r.hi;
    }
    return box;
}

Obb RelativeMotion::sweptBox(const Obb& box) const {
    // Axes of the box half-way through the frame; along each, the range of the 8 corners' paths. The box at
    // any s is the hull of its corners there, so these slabs contain it.
    const Mat3& mid = m_midR;
    Obb out;
    out.axes = (mid * box.axes.transposed()).transposed();
    AxisTerms axes[3];
    for (int i = 0; i < 3; ++i) {
        const Vec3& u = out.axes.r[i];
        axes[i] = {u, cross(u, m_axis), dot(u, m_axis), dot(u, m_rel0.t), dot(u, m_dt), length(u)};
    }
    double motionLength = length(m_rel0.t) + length(m_dt);
    Vec3 lo{1e300, 1e300, 1e300}, hi{-1e300, -1e300, -1e300};
    for (int k = 0; k < 8; ++k) {
        Vec3 q = m_rel0.R * box.corner(k);
        double kq = dot(m_axis, q), base = length(q) + motionLength;
        for (int i = 0; i < 3; ++i) {
            Interval r = rangeAlong(axes[i], q, kq, base, m_cos, m_sin);
            lo[i] = std::min(lo[i], r.lo), hi[i] = std::max(hi[i], r.hi);
        }
    }
    Vec3 centre = (lo + hi) * 0.5;
    out.center = out.axes.mulTransposed(centre);
    out.halfSize = (hi - lo) * 0.5;
    return out;
}

Pose RelativeMotion::at(double s) const {
    double phi = 2 * std::atan(m_tau * s);
    return {rotationAxisAngle(m_axis, phi) * m_rel0.R, m_rel0.t + m_dt * s};
}

} // namespace cdlab
