// OrbitCamera: yaw/pitch/distance around a target, z up (the scenes' convention).
#pragma once

#include "geometry/Aabb.h"

#include <glm/glm.hpp>

namespace cdlab {

struct OrbitCamera {
    glm::vec3 target{0, 0, 0};
    float yaw = 0.8f, pitch = 0.45f, distance = 6.0f, fovY = 0.8f;

    glm::vec3 eye() const;
    glm::mat4 view() const;
    glm::mat4 projection(float aspect) const;
    void orbit(float dx, float dy);
    void pan(float dx, float dy, float viewportHeight);
    void zoom(float steps);
    /// Centres on `box` and backs off until it fits a view of the given aspect (width / height).
    void frame(const Aabb& box, float aspect);
};

} // namespace cdlab
