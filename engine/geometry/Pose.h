// Pose: rigid transform p_world = R * p_local + t.
#pragma once

#include "geometry/Mat3.h"

namespace cdlab {

struct Pose {
    Mat3 R;
    Vec3 t;

    constexpr Vec3 apply(const Vec3& p) const { return R * p + t; }
    constexpr bool operator==(const Pose& o) const = default;
    constexpr Pose operator*(const Pose& o) const { return {R * o.R, R * o.t + t}; }
    constexpr Pose inverse() const {
        Mat3 rt = R.transposed();
        return {rt, -(rt * t)};
    }
    /// Pose of frame B expressed in frame A, given both world poses: inverse(A) * B.
    static constexpr Pose relative(const Pose& a, const Pose& b) { return a.inverse() * b; }
};

} // namespace cdlab
