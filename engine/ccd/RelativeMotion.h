// RelativeMotion: the rigid motion of body i relative to body j over one frame, s in [0, 1], in j's frame.
//
// The keyframes give i's relative pose at both ends (rel0, rel1). In between, i rotates about the fixed axis
// k of R1 R0^T by phi(s) with tan(phi/2) = s tan(theta/2), and its origin translates linearly: the polynomial
// in-between motion of Redon et al. (2002), which keeps both end poses and is a true rigid motion; its
// angular speed varies by the factor 1 + tan^2(theta/2) across the frame (1.0008 for a 3-degree frame). Then
// (1 + tau^2 s^2) x(s) is a cubic polynomial in s for every body point, with tau = tan(theta/2), so the exact
// CCD tests apply to it directly (ElementaryCcd.h: a common positive denominator changes no sign).
#pragma once

#include "ccd/DoublePoly.h"
#include "ccd/RationalPoly.h"
#include "geometry/Aabb.h"
#include "geometry/Obb.h"
#include "geometry/Pose.h"

namespace cdlab {

struct Interval {
    double lo = 0, hi = 0;
};

/// max of b cos(phi) + c sin(phi) over phi in [0, theta], theta in [0, pi] (rotation angles of a frame); an
/// upper bound within rounding.
double maxTrig(double b, double c, double theta);
/// The same with cos(theta) and sin(theta) given (a motion keeps them: no trigonometry per call).
double maxTrig(double b, double c, double cosTheta, double sinTheta);

class RelativeMotion {
public:
    RelativeMotion(const Pose& rel0, const Pose& rel1);

    /// Numerator of the trajectory of point p of body i (i's frame): (1 + tau^2 s^2) x(s), exact.
    PolyVec3 moving(const Vec3& p) const;
    /// The same denominator times a fixed point x of body j (j's frame).
    PolyVec3 fixed(const Vec3& x) const;
    /// Floating-point versions of both (same construction, magnitudes tracked) for the CCD filter.
    DoublePolyVec3 movingApprox(const Vec3& p) const;
    DoublePolyVec3 fixedApprox(const Vec3& x) const;
    /// Conservative box (j's frame) of the path of i's point p over the frame.
    Aabb sweptBounds(const Vec3& p) const;
    /// Conservative range of u . x(s) over the frame for i's point p (u in j's frame, any length).
    Interval projectedRange(const Vec3& u, const Vec3& p) const;
    /// Conservative oriented box (j's frame) of everything `box` (i's frame) sweeps over the frame: the box's
    /// axes at mid-frame, each extended by the range of the corners' paths along it. Much tighter than an
    /// axis-aligned box when the body rotates.
    Obb sweptBox(const Obb& box) const;
    /// The pose of i in j's frame at s (floating point; for drawing and tests).
    Pose at(double s) const;

    const Vec3& axis() const { return m_axis; } ///< k (unit)
    double angle() const { return m_theta; }    ///< theta in [0, pi]
    double cosAngle() const { return m_cos; }
    double sinAngle() const { return m_sin; }
    const Vec3& translation() const { return m_dt; } ///< t1 - t0
    const Pose& start() const { return m_rel0; }
    double rateMin() const { return m_rateMin; } ///< min of dphi/ds over the frame
    double rateMax() const { return m_rateMax; } ///< max of dphi/ds over the frame
    bool moves() const { return m_theta > 0 || lengthSquared(m_dt) > 0; }

private:
    Pose m_rel0;
    Vec3 m_axis{0, 0, 1}, m_dt;
    double m_theta = 0, m_tau = 0, m_rateMin = 0, m_rateMax = 0, m_cos = 1, m_sin = 0;
    Mat3 m_midR;        // rotation at s = 1/2
    RationalPoly m_den; // 1 + tau^2 s^2
};

} // namespace cdlab
