// Draws a BVH into a DebugSink and picks its nodes with a ray: the structure overlay and node picking every
// BVH-based algorithm offers.
#pragma once

#include "bvh/Bvh.h"
#include "debug/DebugSink.h"

#include <cstdint>

namespace cdlab {

/// Nodes at `level` (and leaves above it) of `bvh`, placed by `pose`, category BvhNode, tagged (object,
/// depth).
void drawBvhLevel(const Bvh& bvh, const Pose& pose, std::uint32_t object, int level, DebugSink& sink);

/// Distance along the ray origin + s dir (s >= 0, dir need not be unit) at which it enters `box`; 0 when the
/// origin is inside, negative when the ray misses.
double rayEntersBox(const Obb& box, const Vec3& origin, const Vec3& dir);

/// The node at `level` (or a leaf above it) whose box, placed by `pose`, the world-space ray enters first;
/// -1 when it misses them all. Children's boxes may stick out of their parent's, so every candidate is
/// tested.
std::int64_t pickBvhNode(const Bvh& bvh, const Pose& pose, int level, const Vec3& origin, const Vec3& dir);

/// One node placed by `pose`: its box and its triangles filled (category PickedNode) and a line of text
/// describing it (index, depth, triangles, then `extra`), tagged (object, depth). Returns false when the sink
/// does not want it.
bool drawBvhNode(const Bvh& bvh, const TriangleMesh& mesh, const Pose& pose, std::uint32_t object,
                 std::uint32_t node, const std::string& extra, DebugSink& sink);

} // namespace cdlab
