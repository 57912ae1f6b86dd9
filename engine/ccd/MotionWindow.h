// MotionWindow: what bounding a RelativeMotion needs over a window [a, b] of its frame (the whole frame or a
// part of it): body i's pose in j's frame at s = a, then a rotation about the fixed axis k by an angle psi
// rising monotonically from 0 to the window's angle, at a rate dpsi/du in [rateMin, rateMax], while i's
// origin translates by u * dt (u in [0, 1] across the window). The swept boxes (BVH traversal) and the
// continuous culling test (redon2002 sec. 6) bound the rotation and the translation separately, so they hold
// for exactly this description, however the two are timed against each other.
//
// Windows shorter than the frame let the pipeline test a fast body where it is rather than along its whole
// path: over a tenth of the frame a projectile sweeps a tenth of the volume.
#pragma once

#include "geometry/Aabb.h"
#include "geometry/Interval.h"
#include "geometry/Obb.h"
#include "geometry/Pose.h"

namespace cdlab {

/// max of b cos(phi) + c sin(phi) over phi in [0, theta], theta in [0, pi] (rotation angles of a frame); an
/// upper bound within rounding.
double maxTrig(double b, double c, double theta);
/// The same with cos(theta) and sin(theta) given (a motion keeps them: no trigonometry per call).
double maxTrig(double b, double c, double cosTheta, double sinTheta);

class MotionWindow {
public:
    MotionWindow() = default;
    /// `start`: i's pose at the window's start; `axis` unit; the window's rotation angle by its cosine and
    /// sine (angle in [0, pi]); `dt` the translation across the window; rates of the angle per unit of the
    /// window; `midR` the rotation half-way through (the swept boxes' axes).
    MotionWindow(const Pose& start, const Vec3& axis, double cosAngle, double sinAngle, const Vec3& dt,
                 double rateMin, double rateMax, const Mat3& midR);

    /// Conservative box (j's frame) of the path of i's point p over the window.
    Aabb sweptBounds(const Vec3& p) const;
    /// Conservative oriented box (j's frame) of everything `box` (i's frame) sweeps over the window: the
    /// box's axes half-way through, each extended by the range of the corners' paths along it. Much tighter
    /// than an axis-aligned box when the body rotates.
    Obb sweptBox(const Obb& box) const;

    const Pose& start() const { return m_start; }
    const Vec3& axis() const { return m_axis; } ///< k (unit)
    double cosAngle() const { return m_cos; }
    double sinAngle() const { return m_sin; }
    const Vec3& translation() const { return m_dt; } ///< across the window
    double rateMin() const { return m_rateMin; }     ///< min of dpsi/du over the window
    double rateMax() const { return m_rateMax; }     ///< max of dpsi/du over the window

private:
    Pose m_start;
    Vec3 m_axis{0, 0, 1}, m_dt;
    double m_cos = 1, m_sin = 0, m_rateMin = 0, m_rateMax = 0;
    Mat3 m_midR;
};

} // namespace cdlab
