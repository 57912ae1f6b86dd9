// OrbitCamera: yaw/pitch/distance around a target, z up (the scenes' convention).
#pragma once

#include "geometry/Aabb.h"

#include <glm/glm.hpp>

namespace cdlab {

struct OrbitCamera {
    glm::vec3 target{0, 0, 0};
    float yaw = 0.8f, pitch = 0.45f, distance = 6.0f, fovY = 0.8f;
    /// The steepest pitch (radians): the orbit keeps z up, so it never looks straight down or up.
    static constexpr float kMaxPitch = 1.55f;

    glm::vec3 eye() const;
    /// The unit vector from the target to the eye.
    glm::vec3 direction() const;
    glm::mat4 view() const;
    glm::mat4 projection(float aspect) const;
    void orbit(float dx, float dy);
    void pan(float dx, float dy, float viewportHeight);
    void zoom(float steps);
    /// Moves the target in its view plane so that `point` (taken at the target's depth) projects to the
    /// middle of `area` (as in frame()) in a view of `aspect`: what follow does every frame.
    void centreOn(const glm::vec3& point, float aspect, const glm::vec4& area = {-1, 1, -1, 1});
    /// Turns the camera to look at the target from `dir` (any length; its pitch is clamped to kMaxPitch).
    void lookFrom(const glm::vec3& dir);
    /// Keeps the viewing direction and moves the target and distance so that `box` fits a view of the given
    /// aspect (width / height) as tightly as it can: every corner inside the view, the box's extreme
    /// corners `margin` (a share of the half-width or half-height) inside the view's edges on the axis that
    /// binds, centred on the other. The box fills the view on one axis instead of its bounding sphere
    /// fitting the narrower one (scenes opened small: issue 43). `area` (x0, x1, y0, y1 in normalized device
    /// coordinates, x0 < x1, y0 < y1) is the part of the view to fit it into and centre it in: all of it by
    /// default, the part a docked panel leaves free otherwise.
    void frame(const Aabb& box, float aspect, float margin = 0.04f, const glm::vec4& area = {-1, 1, -1, 1});
};

} // namespace cdlab
