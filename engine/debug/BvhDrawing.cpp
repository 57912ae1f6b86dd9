#include "debug/BvhDrawing.h"

namespace cdlab {

void drawBvhLevel(const Bvh& bvh, const Pose& pose, std::uint32_t object, int level, DebugSink& sink) {
    const auto& nodes = bvh.nodes();
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const BvhNode& n = nodes[i];
        if (n.depth != level && !(n.isLeaf() && n.depth < level)) continue;
        DebugTag tag{std::int32_t(object), n.depth};
        if (!sink.wants(DebugCategory::BvhNode, tag)) continue;
        sink.setTag(tag);
        sink.box(bvh.nodeBox(i).transformed(pose), Rgba{}, DebugCategory::BvhNode);
    }
}

} // namespace cdlab
