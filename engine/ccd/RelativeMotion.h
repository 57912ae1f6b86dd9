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
#include "ccd/MotionWindow.h"
#include "ccd/RationalPoly.h"
#include "geometry/Pose.h"

#include <cstdint>
#include <vector>

namespace cdlab {

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
    /// The motion over the whole frame, for bounding (swept boxes, the continuous culling test).
    const MotionWindow& whole() const { return m_whole; }
    /// The motion over s in [a, b] (0 <= a < b <= 1), for bounding: i's pose at a, the rotation from
    /// phi(a) to phi(b) and the translation (b - a) dt, rates per unit of the window.
    MotionWindow window(double a, double b) const;
    /// Largest distance any point of a body whose points lie within `radius` of i's origin moves over
    /// [a, b] (translation plus arc): how far the window sweeps it.
    double travel(double a, double b, double radius) const;
    /// The pose of i in j's frame at s (floating point; for drawing and tests).
    Pose at(double s) const;

    const Vec3& axis() const { return m_axis; }      ///< k (unit)
    double angle() const { return m_theta; }         ///< theta in [0, pi]
    const Vec3& translation() const { return m_dt; } ///< t1 - t0
    const Pose& start() const { return m_rel0; }
    bool moves() const { return m_theta > 0 || lengthSquared(m_dt) > 0; }

private:
    Pose m_rel0;
    Vec3 m_axis{0, 0, 1}, m_dt;
    double m_theta = 0, m_tau = 0;
    MotionWindow m_whole; // s in [0, 1]; its angle's cosine and sine, its rates of phi

    // 1 + tau^2 s^2, exact. Built when an exact trajectory is asked for, not per frame: only the CCD's
    // exact tier needs it, and its GMP arithmetic cost more than the rest of the frame's motion setup.
    RationalPoly denominator() const;
};

/// A body pair's motion over a frame, or over one window of it between keys (scene/FrameWindows.h), as the
/// rigid CCD pipelines and their reference take it: body i moves relative to body j between the poses p0 and
/// p1 at the window's ends. A resting body takes the role of j, so the in-between motion is the moving body's
/// keyframed one (constant velocities); only when both move is it an approximation of their motions.
/// `swapped` when that reverses the pair (a, b).
struct PairMotion {
    std::uint32_t i, j;
    bool swapped;
    RelativeMotion motion;
};
PairMotion pairMotion(std::uint32_t a, std::uint32_t b, const std::vector<Pose>& p0,
                      const std::vector<Pose>& p1);

} // namespace cdlab
