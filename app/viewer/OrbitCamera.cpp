#include "OrbitCamera.h"

#include <algorithm>
#include <cmath>
#include <glm/gtc/matrix_transform.hpp>

namespace cdlab {

glm::vec3 OrbitCamera::eye() const {
    glm::vec3 dir{std::cos(pitch) * std::cos(yaw), std::cos(pitch) * std::sin(yaw), std::sin(pitch)};
    return target + dir * distance;
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
    pitch = std::clamp(pitch + dy * 0.008f, -1.55f, 1.55f);
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

void OrbitCamera::frame(const Aabb& box, float aspect) {
    if (box.empty()) return;
    Vec3 c = box.center();
    target = {float(c.x), float(c.y), float(c.z)};
    float radius = float(0.5 * length(box.extent()));
    // The bounding sphere must fit the narrower of the vertical and horizontal fields of view.
    float fovX = 2 * std::atan(std::tan(fovY / 2) * std::max(aspect, 1e-3f));
    distance = std::max(radius / std::sin(std::min(fovY, fovX) / 2), 1e-2f) * 1.05f;
}

} // namespace cdlab
