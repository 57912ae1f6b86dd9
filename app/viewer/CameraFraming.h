// CameraFraming: where the camera goes for the viewer's camera actions (issue 43: "the camera does not take
// you to the action") — an object's box at a time (frame the selection, follow), and the side a contact is
// looked at from so that both bodies show: across the contact normal, not along it (looking along it put
// the camera flat against a door, the other door hidden behind it). Plain geometry, no GL: tested directly.
#pragma once

#include "OrbitCamera.h"
#include "geometry/Aabb.h"
#include "pipeline/FrameResult.h"
#include "scene/SceneObjects.h"

#include <glm/glm.hpp>

namespace cdlab {

/// Object i's box at time t: its mesh's local box, posed (the corners' box).
Aabb objectBounds(const SceneObjects& objects, std::size_t i, double t);

/// The contact's normal at its time of contact, unit: the face's normal for vertex/face and face/vertex
/// contacts, the cross product of the two edges for edge/edge; for a penetrating contact, one without
/// features or a degenerate one, the direction between the two objects' box centres. Zero when even that
/// is degenerate.
Vec3 contactNormal(const SceneObjects& objects, const TimeOfContact& c);

/// The direction that separates the contact's two bodies, unit: of the three axes, the one along which
/// their boxes at the time of contact overlap least (or are furthest apart) — the separating axis of the
/// boxes, as in a separating-axis test — pointing from the first body to the second. A view across it shows
/// the two bodies side by side. Neither the contact normal (a door's handle touching the other door with
/// its side: its face normal lies in the door's plane) nor the line between the bodies' centres (two
/// doors also shifted sideways by more than their gap) says that: a view across either looked flat at a
/// door, the other behind it.
Vec3 separatingDirection(const SceneObjects& objects, const TimeOfContact& c);

/// The unit direction (target to eye) perpendicular to `normal` that is nearest `current`: the two bodies on
/// either side of the contact plane are seen side by side, their silhouettes and the gap between them. When
/// `current` lies (nearly) along the normal, a horizontal direction across it, raised a little so that the
/// faces show as well as their edges. `current` itself when the normal is zero.
glm::vec3 sideDirection(const Vec3& normal, const glm::vec3& current);

/// Where "look" on a contact puts the camera: the direction to look from (target to eye), across the
/// separating direction, and the box to frame — the contact point padded by `pad`, with each body's centre at
/// the time shown (`shown`) unless it is environment (a floor's centre can be far from the contact): both
/// bodies in the view.
struct ContactView {
    glm::vec3 from{0, 0, 1};
    Aabb box;
    Vec3 separating; ///< separatingDirection
    /// Both bodies' boxes (environment left out): the eye stays outside them. Framed up close, large
    /// bodies (two doors) put the eye between their parts, looking through them.
    Aabb bodies;
};
ContactView contactView(const SceneObjects& objects, const TimeOfContact& c, const Vec3& point, double shown,
                        const glm::vec3& current, double pad);
/// Turns `camera` to the contact view and frames it for a view of `aspect` (into `area`: OrbitCamera::frame),
/// then backs off along the view
/// direction until the eye is outside the bodies' boxes.
void applyContactView(OrbitCamera& camera, const ContactView& view, float aspect,
                      const glm::vec4& area = {-1, 1, -1, 1});

} // namespace cdlab
