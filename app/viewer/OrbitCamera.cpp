#include "OrbitCamera.h"

#include <algorithm>
#include <cmath>
#include <glm/gtc/matrix_transform.hpp>

namespace cdlab {

glm::vec3 OrbitCamera::direction() const {
    return {std::cos(pitch) * std::cos(yaw), std::cos(pitch) * std::sin(yaw), std::sin(pitch)};
}

glm::vec3 OrbitCamera::eye() const {
    return target + direction() * distance;
}

glm::mat4 OrbitCamera::view() const {
    return glm::lookAt(eye(), target, glm::vec3(0, 0, 1));
}

glm::mat4 OrbitCamera::projection(float aspect) const {
    return glm::perspective(fovY, std::max(aspect, 1e-3f), std::max(distance * 1e-3f, 1e-4f),
                            distance * 100.0f);
}

void OrbitCamera::orbit(float dx, float dy) {
    yaw -= dx * 0.008f;
    pitch = std::clamp(pitch + dy * 0.008f, -kMaxPitch, kMaxPitch);
}

void OrbitCamera::pan(float dx, float dy, float viewportHeight) {
    glm::mat4 v = view();
    glm::vec3 right{v[0][0], v[1][0], v[2][0]}, up{v[0][1], v[1][1], v[2][1]};
    float scale = 2 * distance * std::tan(fovY / 2) / std::max(viewportHeight, 1.0f);
    target += (-dx * right + dy * up) * scale;
}

void OrbitCamera::zoom(float steps) {
    distance = std::clamp(distance * std::pow(0.88f, steps), 1e-3f, 1e5f);
}

void OrbitCamera::centreOn(const glm::vec3& point, float aspect, const glm::vec4& area) {
    const glm::vec3 f = -direction();
    const glm::vec3 r = glm::normalize(glm::cross(f, glm::vec3(0, 0, 1)));
    const glm::vec3 u = glm::cross(r, f);
    const float ty = std::tan(fovY / 2), tx = ty * std::max(aspect, 1e-3f);
    const float xm = 0.5f * (area[0] + area[1]), ym = 0.5f * (area[2] + area[3]);
    target = point - r * (xm * distance * tx) - u * (ym * distance * ty);
}

void OrbitCamera::lookFrom(const glm::vec3& dir) {
    if (glm::length(dir) <= 0) return;
    yaw = std::atan2(dir.y, dir.x);
    pitch = std::clamp(std::atan2(dir.z, std::hypot(dir.x, dir.y)), -kMaxPitch, kMaxPitch);
}

void OrbitCamera::frame(const Aabb& box, float aspect, float margin, const glm::vec4& whole) {
    if (box.empty()) return;
    // The margin shrinks the area about its own middle.
    const float mx = 0.5f * (whole[0] + whole[1]), my = 0.5f * (whole[2] + whole[3]);
    const float hx = 0.5f * (whole[1] - whole[0]) * (1 - margin),
                hy = 0.5f * (whole[3] - whole[2]) * (1 - margin);
    const glm::vec4 area{mx - hx, mx + hx, my - hy, my + hy};
    // The view's axes: forward f (eye to target), right r, up u, as glm::lookAt makes them.
    const glm::vec3 f = -direction();
    const glm::vec3 r = glm::normalize(glm::cross(f, glm::vec3(0, 0, 1)));
    const glm::vec3 u = glm::cross(r, f);
    const Vec3 c = box.center();
    const glm::vec3 centre{float(c.x), float(c.y), float(c.z)};
    const float ty = std::tan(fovY / 2), tx = ty * std::max(aspect, 1e-3f);
    const float tan[2] = {tx, ty};
    // The eye sits at centre + s r + t u - D f. A corner (x, y across, z along f, relative to the centre)
    // projects to x' = (x - s) / ((z + D) tx), inside the area's columns [x0, x1] when
    // s + D a >= x - z a and -s + D b >= -x - z b, with a = x1 tx and b = -x0 tx. The least D meeting both
    // over all corners is (the first right-hand side's largest + the second's) / (a + b): the box's
    // extreme corners touch both edges. The same for the rows; D is the larger of the two, which binds.
    glm::vec3 corners[8];
    float need[2] = {0, 0}, behind = -1e30f;
    float most[2][2] = {{-1e30f, -1e30f}, {-1e30f, -1e30f}};
    for (int k = 0; k < 8; ++k) {
        const glm::vec3 p = glm::vec3(float(k & 1 ? box.hi.x : box.lo.x), float(k & 2 ? box.hi.y : box.lo.y),
                                      float(k & 4 ? box.hi.z : box.lo.z)) -
                            centre;
        corners[k] = {glm::dot(p, r), glm::dot(p, u), glm::dot(p, f)};
        for (int axis = 0; axis < 2; ++axis) {
            const float a = area[2 * axis + 1] * tan[axis], b = -area[2 * axis] * tan[axis];
            most[axis][0] = std::max(most[axis][0], corners[k][axis] - corners[k].z * a);
            most[axis][1] = std::max(most[axis][1], -corners[k][axis] - corners[k].z * b);
        }
        behind = std::max(behind, -corners[k].z); // the corner nearest the eye, in front of the centre
    }
    for (int axis = 0; axis < 2; ++axis)
        need[axis] = (most[axis][0] + most[axis][1]) /
                     std::max((area[2 * axis + 1] - area[2 * axis]) * tan[axis], 1e-6f);
    // The eye stays outside the box (in front of its nearest corner), never closer than a millimetre.
    const float d = std::max({need[0], need[1], behind * 1.01f, 1e-3f});
    // At that distance, the shift across that centres the box's projection in the area on each axis: the
    // largest projected coordinate plus the smallest equals the area's x0 + x1. That sum falls as the shift
    // grows, so bisection between generous bounds finds it (on the binding axis: the closed form's shift).
    auto centred = [&](int axis) {
        float lo = -1e30f, hi = 1e30f, reach = 0;
        for (const glm::vec3& k : corners) reach = std::max(reach, std::abs(k[axis]) + (k.z + d) * tan[axis]);
        lo = -2 * reach, hi = 2 * reach;
        const float want = area[2 * axis] + area[2 * axis + 1];
        for (int it = 0; it < 80; ++it) {
            const float mid = 0.5f * (lo + hi);
            float top = -1e30f, bottom = 1e30f;
            for (const glm::vec3& k : corners) {
                const float v = (k[axis] - mid) / ((k.z + d) * tan[axis]);
                top = std::max(top, v), bottom = std::min(bottom, v);
            }
            (top + bottom > want ? lo : hi) = mid;
        }
        return 0.5f * (lo + hi);
    };
    target = centre + centred(0) * r + centred(1) * u;
    distance = d;
}

} // namespace cdlab
