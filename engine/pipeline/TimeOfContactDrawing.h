// Drawing of a continuous contact at its time of contact (TimeOfContact): the bodies as they were then, the
// features that touch and a label with the time.
#pragma once

#include "debug/DebugSink.h"
#include "geometry/Pose.h"
#include "mesh/TriangleMesh.h"
#include "pipeline/FrameResult.h"
#include "scene/SceneObjects.h"

#include <vector>

namespace cdlab {

/// One body of a continuous contact: its mesh, its world pose at the time of contact and at the end of the
/// frame (where the viewer draws it).
struct ContactBody {
    const TriangleMesh* mesh = nullptr;
    Pose atContact, atFrameEnd;
    std::int32_t object = -1;
};

/// Where a continuous contact touches, in world space: the vertex of a vertex/face or face/vertex contact,
/// the midpoint of the edges' closest points for edge/edge, the midpoint of the two triangles' centroids for
/// a contact without features (FCL's).
Vec3 contactPoint(const TimeOfContact& c, const ContactBody& a, const ContactBody& b);

/// A continuous contact `c` (c.objectA is body a) at its time of contact (TimeOfContact): each body that
/// moves between then and the frame's end as a wireframe ghost at its pose then, the contact features at that
/// pose (a vertex as a point, an edge as a line, a face filled; a contact without features, its two
/// triangles), and a label at contactPoint() with the time and `frameFraction`, the time as a fraction of
/// the frame.
void drawTimeOfContact(DebugSink& sink, const TimeOfContact& c, const ContactBody& a, const ContactBody& b,
                       double frameFraction);
/// The same for two scene objects as the continuous pipelines see them: `resting` (j) stands at its keyframed
/// pose at c.time, `moving` (i) at `relative`, its pose in j's frame then; `endPoses` are the world poses at
/// the frame's end. c names the bodies in pair order (c.objectA is either).
void drawTimeOfContact(DebugSink& sink, const SceneObjects& objects, const TimeOfContact& c,
                       std::uint32_t moving, std::uint32_t resting, const Pose& relative,
                       const std::vector<Pose>& endPoses, double frameFraction);

} // namespace cdlab
