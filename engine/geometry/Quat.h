// Unit quaternion for keyframe rotations (slerp gives constant angular velocity between keys).
#pragma once

#include "geometry/Mat3.h"

#include <cmath>

namespace cdlab {

struct Quat {
    double w = 1, x = 0, y = 0, z = 0;

    static Quat fromAxisAngle(const Vec3& axis, double angle) {
        Vec3 a = normalize(axis);
        double s = std::sin(angle / 2);
        return {std::cos(angle / 2), a.x * s, a.y * s, a.z * s};
    }
    Quat normalized() const {
        double n = std::sqrt(w * w + x * x + y * y + z * z);
        return {w / n, x / n, y / n, z / n};
    }
    Quat operator*(const Quat& o) const {
        return {w * o.w - x * o.x - y * o.y - z * o.z, w * o.x + x * o.w + y * o.z - z * o.y,
                w * o.y - x * o.z + y * o.w + z * o.x, w * o.z + x * o.y - y * o.x + z * o.w};
    }
    /// The inverse rotation of a unit quaternion.
    Quat conjugate() const { return {w, -x, -y, -z}; }
    Mat3 toMat3() const { return rotationFromQuaternion(w, x, y, z); }
    /// The unit quaternion of a rotation matrix (Shepperd: from the largest of w, x, y, z, so no component is
    /// found by dividing by a small one).
    static Quat fromMat3(const Mat3& m) {
        double tr = m(0, 0) + m(1, 1) + m(2, 2);
        Quat q;
        if (tr >= m(0, 0) && tr >= m(1, 1) && tr >= m(2, 2)) {
            double s = 2 * std::sqrt(1 + tr);
            q = {s / 4, (m(2, 1) - m(1, 2)) / s, (m(0, 2) - m(2, 0)) / s, (m(1, 0) - m(0, 1)) / s};
        } else if (m(0, 0) >= m(1, 1) && m(0, 0) >= m(2, 2)) {
            double s = 2 * std::sqrt(1 + m(0, 0) - m(1, 1) - m(2, 2));
            q = {(m(2, 1) - m(1, 2)) / s, s / 4, (m(0, 1) + m(1, 0)) / s, (m(0, 2) + m(2, 0)) / s};
        } else if (m(1, 1) >= m(2, 2)) {
            double s = 2 * std::sqrt(1 - m(0, 0) + m(1, 1) - m(2, 2));
            q = {(m(0, 2) - m(2, 0)) / s, (m(0, 1) + m(1, 0)) / s, s / 4, (m(1, 2) + m(2, 1)) / s};
        } else {
            double s = 2 * std::sqrt(1 - m(0, 0) - m(1, 1) + m(2, 2));
            q = {(m(1, 0) - m(0, 1)) / s, (m(0, 2) + m(2, 0)) / s, (m(1, 2) + m(2, 1)) / s, s / 4};
        }
        return q.normalized();
    }

    /// Shortest-arc spherical interpolation.
    static Quat slerp(Quat a, Quat b, double s) {
        double d = a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z;
        if (d < 0) b = {-b.w, -b.x, -b.y, -b.z}, d = -d;
        if (d > 0.9999999) { // nearly identical: linear is exact enough and avoids 0/0
            return Quat{a.w + (b.w - a.w) * s, a.x + (b.x - a.x) * s, a.y + (b.y - a.y) * s,
                        a.z + (b.z - a.z) * s}
                .normalized();
        }
        double th = std::acos(d), sa = std::sin((1 - s) * th) / std::sin(th),
               sb = std::sin(s * th) / std::sin(th);
        return {a.w * sa + b.w * sb, a.x * sa + b.x * sb, a.y * sa + b.y * sb, a.z * sa + b.z * sb};
    }
};

} // namespace cdlab
