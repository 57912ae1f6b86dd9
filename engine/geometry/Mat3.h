// Mat3: row-major 3x3 double matrix (rotations and covariances).
#pragma once

#include "geometry/Vec3.h"

namespace cdlab {

struct Mat3 {
    Vec3 r[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}; // rows

    static constexpr Mat3 identity() { return Mat3{}; }
    constexpr bool operator==(const Mat3& o) const = default;
    static constexpr Mat3 fromColumns(const Vec3& c0, const Vec3& c1, const Vec3& c2) {
        Mat3 m;
        m.r[0] = {c0.x, c1.x, c2.x};
        m.r[1] = {c0.y, c1.y, c2.y};
        m.r[2] = {c0.z, c1.z, c2.z};
        return m;
    }
    constexpr double operator()(int i, int j) const { return r[i][j]; }
    constexpr double& operator()(int i, int j) { return r[i][j]; }
    constexpr Vec3 col(int j) const { return {r[0][j], r[1][j], r[2][j]}; }

    constexpr Vec3 operator*(const Vec3& v) const { return {dot(r[0], v), dot(r[1], v), dot(r[2], v)}; }
    constexpr Mat3 operator*(const Mat3& o) const {
        Mat3 m;
        for (int i = 0; i < 3; ++i)
            for (int j = 0; j < 3; ++j)
                m.r[i][j] = r[i].x * o.r[0][j] + r[i].y * o.r[1][j] + r[i].z * o.r[2][j];
        return m;
    }
    constexpr Mat3 transposed() const { return fromColumns(r[0], r[1], r[2]); }
    /// Transposed product: this^T * v, without forming the transpose.
    constexpr Vec3 mulTransposed(const Vec3& v) const { return r[0] * v.x + r[1] * v.y + r[2] * v.z; }
};

/// Rotation of `angle` radians about unit `axis` (Rodrigues).
Mat3 rotationAxisAngle(const Vec3& axis, double angle);
/// Rotation from a unit quaternion (w, x, y, z).
Mat3 rotationFromQuaternion(double w, double x, double y, double z);

} // namespace cdlab
