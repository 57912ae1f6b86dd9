// Draws one level of a BVH into a DebugSink (the structure overlay every BVH-based algorithm offers).
#pragma once

#include "bvh/Bvh.h"
#include "debug/DebugSink.h"

namespace cdlab {

/// Nodes at `level` (and leaves above it) of `bvh`, placed by `pose`, category BvhNode, tagged (object,
/// depth).
void drawBvhLevel(const Bvh& bvh, const Pose& pose, std::uint32_t object, int level, DebugSink& sink);

} // namespace cdlab
