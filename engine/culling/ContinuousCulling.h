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

/// Node of the moving body i: `corners` and `cone` in i's frame.
bool movingNodeCulled(const MotionWindow& motion, const Vec3 corners[8], const Vec3* cone, int coneSize);
/// Node of the fixed body j: `corners` and `cone` in j's frame.
bool fixedNodeCulled(const MotionWindow& motion, const Vec3 corners[8], const Vec3* cone, int coneSize);

} // namespace cdlab
