// Drawing of one colliding triangle pair into a DebugSink: both triangles (TriangleHit) and the contact —
// the segment where the triangles cross, with its midpoint as the contact point (Contact). A continuous
// contact at its time of contact: pipeline/TimeOfContactDrawing.h.
#pragma once

#include "debug/DebugSink.h"
#include "geometry/Pose.h"
#include "mesh/TriangleMesh.h"

#include <array>

namespace cdlab {

/// Approximate (floating-point, display only) intersection segment of two triangles that are known to
/// intersect; false for coplanar pairs, whose overlap is an area rather than a segment.
bool intersectionSegment(const std::array<Vec3, 3>& t1, const std::array<Vec3, 3>& t2, Vec3& outA,
                         Vec3& outB);

/// One triangle of a contact (TriangleHit), `tri` given in the frame `pose` maps to world space.
void drawHitTriangle(DebugSink& sink, const Pose& pose, const std::array<Vec3, 3>& tri, std::int32_t object);
/// Both triangles of a continuous contact, each mesh at its own world pose (the continuous pipelines draw
/// the pair of their first time of contact at the end of the frame).
void drawHitTriangles(DebugSink& sink, const TriangleMesh& meshA, std::uint32_t triA, const Pose& poseA,
                      std::int32_t objectA, const TriangleMesh& meshB, std::uint32_t triB, const Pose& poseB,
                      std::int32_t objectB);

/// `ta` and `tb` are in the frame of `frame` (A's frame); primitives are emitted in world space.
void drawContact(DebugSink& sink, const Pose& frame, const std::array<Vec3, 3>& ta,
                 const std::array<Vec3, 3>& tb, std::int32_t objectA, std::int32_t objectB);

} // namespace cdlab
