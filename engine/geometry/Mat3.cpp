#include "geometry/Mat3.h"

#include <cmath>

namespace cdlab {

Mat3 rotationAxisAngle(const Vec3& axis, double angle) {
    Vec3 a = normalize(axis);
    double c = std::cos(angle), s = std::sin(angle), k = 1 - c;
    Mat3 m;
    m.r[0] = {c + a.x * a.x * k, a.x * a.y * k - a.z * s, a.x * a.z * k + a.y * s};
    m.r[1] = {a.y * a.x * k + a.z * s, c + a.y * a.y * k, a.y * a.z * k - a.x * s};
    m.r[2] = {a.z * a.x * k - a.y * s, a.z * a.y * k + a.x * s, c + a.z * a.z * k};
    return m;
}

Mat3 rotationFromQuaternion(double w, double x, double y, double z) {
    double n = std::sqrt(w * w + x * x + y * y + z * z);
    w /= n, x /= n, y /= n, z /= n;
    Mat3 m;
    m.r[0] = {1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)};
    m.r[1] = {2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)};
    m.r[2] = {2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)};
    return m;
}

} // namespace cdlab
