// Vec3: a plain double-precision 3-vector used throughout the engine core.
// The engine keeps its own small math types (no GLM/Eigen in hot loops) so that the BVH traversal and the
// triangle tests compile to straight-line code; Eigen is used only where linear algebra is needed (OBB
// fitting).
#pragma once

#include <cmath>

namespace cdlab {

struct Vec3 {
    double x = 0, y = 0, z = 0;

    constexpr Vec3() = default;
    constexpr Vec3(double inX, double inY, double inZ) : x(inX), y(inY), z(inZ) {}

    constexpr double operator[](int i) const { return i == 0 ? x : (i == 1 ? y : z); }
    constexpr double& operator[](int i) { return i == 0 ? x : (i == 1 ? y : z); }

    constexpr Vec3 operator+(const Vec3& o) const { return {x + o.x, y + o.y, z + o.z}; }
    constexpr Vec3 operator-(const Vec3& o) const { return {x - o.x, y - o.y, z - o.z}; }
    constexpr Vec3 operator-() const { return {-x, -y, -z}; }
    constexpr Vec3 operator*(double s) const { return {x * s, y * s, z * s}; }
    constexpr Vec3 operator/(double s) const { return {x / s, y / s, z / s}; }
    constexpr Vec3& operator+=(const Vec3& o) {
        x += o.x;
        y += o.y;
        z += o.z;
        return *this;
    }
    constexpr Vec3& operator-=(const Vec3& o) {
        x -= o.x;
        y -= o.y;
        z -= o.z;
        return *this;
    }
    constexpr Vec3& operator*=(double s) {
        x *= s;
        y *= s;
        z *= s;
        return *this;
    }
    constexpr bool operator==(const Vec3& o) const = default;
};

constexpr Vec3 operator*(double s, const Vec3& v) {
    return v * s;
}
constexpr double dot(const Vec3& a, const Vec3& b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}
constexpr Vec3 cross(const Vec3& a, const Vec3& b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
inline double length(const Vec3& v) {
    return std::sqrt(dot(v, v));
}
constexpr double lengthSquared(const Vec3& v) {
    return dot(v, v);
}
inline Vec3 normalize(const Vec3& v) {
    double l = length(v);
    return l > 0 ? v / l : Vec3{};
}
// Plain comparisons, not fmin/fmax: those are library calls here (their NaN rules need them), and inputs
// are checked for NaN when they are loaded.
inline Vec3 vmin(const Vec3& a, const Vec3& b) {
    return {b.x < a.x ? b.x : a.x, b.y < a.y ? b.y : a.y, b.z < a.z ? b.z : a.z};
}
inline Vec3 vmax(const Vec3& a, const Vec3& b) {
    return {b.x > a.x ? b.x : a.x, b.y > a.y ? b.y : a.y, b.z > a.z ? b.z : a.z};
}
inline Vec3 vabs(const Vec3& a) {
    return {std::fabs(a.x), std::fabs(a.y), std::fabs(a.z)};
}
inline bool isFinite(const Vec3& v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}
inline double maxComponent(const Vec3& v) {
    return std::fmax(v.x, std::fmax(v.y, v.z));
}

} // namespace cdlab
