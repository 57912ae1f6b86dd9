#include "ccd/MotionWindow.h"

#include "core/Assert.h"

#include <algorithm>
#include <cmath>

namespace cdlab {

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

MotionWindow::MotionWindow(const Pose& start, const Vec3& axis, double cosAngle, double sinAngle,
                           const Vec3& dt, double rateMin, double rateMax, const Mat3& midR)
    : m_start(start), m_axis(axis), m_dt(dt), m_cos(cosAngle), m_sin(sinAngle), m_rateMin(rateMin),
      m_rateMax(rateMax), m_midR(midR) {
    // The bounds below and the continuous culling test (redon2002 sec. 6) take the angle in [0, pi], rising
    // monotonically: a sign slip here would turn every bound into an underestimate without failing a test.
    CDLAB_ASSERT(std::abs(length(axis) - 1) < 1e-9, "the rotation axis is a unit vector");
    CDLAB_ASSERT(sinAngle >= 0 && std::abs(cosAngle * cosAngle + sinAngle * sinAngle - 1) < 1e-9,
                 "the window's angle lies in [0, pi]");
    CDLAB_ASSERT(0 <= rateMin && rateMin <= rateMax, "the angle rises at a rate in [rateMin, rateMax], >= 0");
}

namespace {

/// What rangeAlong needs of a direction u, computed once per direction.
struct AxisTerms {
    Vec3 u, w;            // w = u x k, so that u . (k x q) = q . w
    double uk, t0, dt, n; // u . k, u . t0, u . dt, |u|
};

/// u . x = u . R_k(psi) q + u . t0 + s u . dt with q = R0 p, and by Rodrigues
/// u . R_k(psi) q = a + b cos(psi) + c sin(psi): a = (u.k)(k.q), b = u.q - a, c = u.(k x q), psi in
/// [0, angle]. The rotation and the translation are bounded separately (both are monotone in time): this
/// adds the translation's range to the rotation part's [rotLo, rotHi]. `slackBase` bounds |q| + |t0| + |dt|.
Interval rangeOfTerms(const AxisTerms& x, double rotLo, double rotHi, double slackBase) {
    // Slack for the rounding of this floating-point bound (the exact tests see the exact motion).
    double slack = 1e-9 * x.n * (slackBase + 1e-300);
    return {rotLo + x.t0 + std::min(0.0, x.dt) - slack, rotHi + x.t0 + std::max(0.0, x.dt) + slack};
}

/// The range for one point q = R0 p with `kq` = k . q.
Interval rangeAlong(const AxisTerms& x, const Vec3& q, double kq, double slackBase, double cosT,
                    double sinT) {
    double a = x.uk * kq, b = dot(x.u, q) - a, c = dot(q, x.w);
    return rangeOfTerms(x, a - maxTrig(-b, -c, cosT, sinT), a + maxTrig(b, c, cosT, sinT), slackBase);
}

/// A term linear in a box corner, for the 8 corners: t[0] +- t[1] +- t[2] +- t[3] (the sign of t[m + 1] from
/// bit m of the corner's index, as Obb::corner), summed left to right along a tree so that corners share
/// their partial sums.
void cornerSums(const double t[4], double out[8]) {
    double s1[2] = {t[0] - t[1], t[0] + t[1]};
    double s2[4];
    for (int k = 0; k < 4; ++k) s2[k] = (k >> 1 & 1) ? s1[k & 1] + t[2] : s1[k & 1] - t[2];
    for (int k = 0; k < 8; ++k) out[k] = (k >> 2 & 1) ? s2[k & 3] + t[3] : s2[k & 3] - t[3];
}

} // namespace

Aabb MotionWindow::sweptBounds(const Vec3& p) const {
    Vec3 q = m_start.R * p;
    double kq = dot(m_axis, q), base = length(q) + length(m_start.t) + length(m_dt);
    Aabb box;
    if (m_cos == 1 && m_sin == 0) { // pure translation: the segment's box (rangeAlong without the rotation)
        double slack = 1e-9 * (base + 1e-300);
        for (int i = 0; i < 3; ++i) {
            double x = q[i] + m_start.t[i];
            box.lo[i] = x + std::min(0.0, m_dt[i]) - slack, box.hi[i] = x + std::max(0.0, m_dt[i]) + slack;
        }
        return box;
    }
    for (int i = 0; i < 3; ++i) {
        Vec3 u{i == 0 ? 1.0 : 0.0, i == 1 ? 1.0 : 0.0, i == 2 ? 1.0 : 0.0};
        AxisTerms x{u, cross(u, m_axis), m_axis[i], m_start.t[i], m_dt[i], 1.0};
        Interval r = rangeAlong(x, q, kq, base, m_cos, m_sin);
        box.lo[i] = r.lo, box.hi[i] = r.hi;
    }
    return box;
}

Obb MotionWindow::sweptBox(const Obb& box) const {
    // Axes of the box half-way through the window; along each, the range of the 8 corners' paths. The box
    // at any time is the hull of its corners then, so these slabs contain it.
    Obb out;
    out.axes = (m_midR * box.axes.transposed()).transposed();
    if (m_cos == 1 && m_sin == 0) {
        // Pure translation: along each of its own axes the box's range is its centre's +- its half size,
        // so the slabs are the box stretched by the path (the same bound as below, without the corners).
        Vec3 centre = m_start.R * box.center + m_start.t;
        double slack = 1e-9 * (length(centre - m_start.t) + length(box.halfSize) + length(m_start.t) +
                               length(m_dt) + 1e-300);
        for (int i = 0; i < 3; ++i) {
            double along = dot(out.axes.r[i], m_dt);
            out.halfSize[i] = box.halfSize[i] + 0.5 * std::fabs(along) + slack * length(out.axes.r[i]);
        }
        out.center = centre + m_dt * 0.5;
        return out;
    }
    AxisTerms axes[3];
    for (int i = 0; i < 3; ++i) {
        const Vec3& u = out.axes.r[i];
        axes[i] = {u, cross(u, m_axis), dot(u, m_axis), dot(u, m_start.t), dot(u, m_dt), length(u)};
    }
    // The corners are q = c + sum_m +-h_m (c the centre, h_m the half axes, rotated by R0), and the terms
    // a, b, c of rangeAlong are linear in q: they are computed for c and the h_m once, per corner only added.
    Vec3 q[4];
    q[0] = m_start.R * box.center;
    for (int m = 0; m < 3; ++m) q[m + 1] = m_start.R * (box.axes.r[m] * box.halfSize[m]);
    double base = length(q[0]) + length(q[1]) + length(q[2]) + length(q[3]) + length(m_start.t) +
                  length(m_dt); // >= |corner| + |t0| + |dt| for every corner
    Vec3 lo, hi;
    for (int i = 0; i < 3; ++i) {
        const AxisTerms& x = axes[i];
        double ta[4], tb[4], tc[4];
        for (int m = 0; m < 4; ++m) {
            ta[m] = x.uk * dot(m_axis, q[m]);
            tb[m] = dot(x.u, q[m]) - ta[m];
            tc[m] = dot(q[m], x.w);
        }
        double ak[8], bk[8], ck[8];
        cornerSums(ta, ak), cornerSums(tb, bk), cornerSums(tc, ck);
        double rotLo = 1e300, rotHi = -1e300; // the rotation part over the corners
        for (int k = 0; k < 8; ++k) {
            double a = ak[k], b = bk[k], c = ck[k];
            rotHi = std::max(rotHi, a + maxTrig(b, c, m_cos, m_sin));
            rotLo = std::min(rotLo, a - maxTrig(-b, -c, m_cos, m_sin));
        }
        Interval r = rangeOfTerms(x, rotLo, rotHi, base);
        lo[i] = r.lo, hi[i] = r.hi;
    }
    Vec3 centre = (lo + hi) * 0.5;
    out.center = out.axes.mulTransposed(centre);
    out.halfSize = (hi - lo) * 0.5;
    return out;
}

} // namespace cdlab
