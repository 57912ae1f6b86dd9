// Continuous BM-culling (redon2002 sec. 6): the culling test (6) must hold over the whole frame (or the
// window of it being traversed), so the dot products of relative velocities and BM-vectors are bounded over
// the MotionWindow of body i with respect to body j (s in [0, 1] across the window). For this motion the
// bounds have closed forms:
//  - a node of the moving body i (corner p, cone vector ñ in i's frame):
//      v . n = A(phi) + phi'(s) B,  A = a + b cos(phi) + c sin(phi),  B = (R0^T k x p) . ñ,
//    with phi in [0, theta] and phi' in [rateMin, rateMax];
//  - a node of the fixed body j (corner x, cone vector ñ in j's frame), whose velocity relative to i is minus
//    i's velocity field at x:  -v . ñ = -(dt . ñ + phi'(s) ((k x (x - t0)) . ñ - s (k x dt) . ñ)).
// A node is culled when every upper bound is < 0 (with a small relative margin for rounding).
#pragma once

#include "ccd/MotionWindow.h"

namespace cdlab {

/// The culling test for one window: what depends on the motion only is computed once per traversal, and a
/// node's corners are formed as the test reaches them (a test stops at its first failing corner; most
/// tested nodes are not culled). Without rotation the bound is the same at every corner and none is formed.
class ContinuousCulling {
public:
    explicit ContinuousCulling(const MotionWindow& motion);

    /// Node of the moving body i: the box (its 8 corners are the characteristic points) and `cone` in i's
    /// frame.
    bool movingCulled(const Obb& box, const Vec3* cone, int coneSize) const;
    bool movingCulled(const Vec3 corners[8], const Vec3* cone, int coneSize) const;
    /// Node of the fixed body j: the box and `cone` in j's frame.
    bool fixedCulled(const Obb& box, const Vec3* cone, int coneSize) const;
    bool fixedCulled(const Vec3 corners[8], const Vec3* cone, int coneSize) const;

private:
    template <class Corner> bool moving(Corner corner, const Vec3* cone, int r) const;
    template <class Corner> bool fixed(Corner corner, const Vec3* cone, int r) const;

    const MotionWindow& m_motion;
    Vec3 m_k0;                      // the axis in i's frame at s = 0 (fixed by the rotation about it)
    Vec3 m_dtPar, m_dtPerp, m_kxdt; // dt along and across k; k x dt
    double m_dtLength;
    bool m_translating; // no rotation in this window: the bounds do not depend on the corner
};

/// One-off forms of the test (tests, per-triangle bounds).
bool movingNodeCulled(const MotionWindow& motion, const Vec3 corners[8], const Vec3* cone, int coneSize);
bool fixedNodeCulled(const MotionWindow& motion, const Vec3 corners[8], const Vec3* cone, int coneSize);

} // namespace cdlab
