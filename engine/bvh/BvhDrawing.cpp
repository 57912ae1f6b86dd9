#include "bvh/BvhDrawing.h"

#include <cmath>
#include <limits>
#include <sstream>

namespace cdlab {

namespace {
bool atLevel(const BvhNode& n, int level) {
    return n.depth == level || (n.isLeaf() && n.depth < level);
}
} // namespace

void drawBvhLevel(const Bvh& bvh, const Pose& pose, std::uint32_t object, int level, DebugSink& sink) {
    const auto& nodes = bvh.nodes();
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const BvhNode& n = nodes[i];
        if (!atLevel(n, level)) continue;
        DebugTag tag{std::int32_t(object), n.depth};
        if (!sink.wants(DebugCategory::BvhNode, tag)) continue;
        sink.setTag(tag);
        sink.box(bvh.nodeBox(i).transformed(pose), Rgba{}, DebugCategory::BvhNode);
    }
}

double rayEntersBox(const Obb& box, const Vec3& origin, const Vec3& dir) {
    // Slabs in the box frame (Kay and Kajiya): the ray is inside all three slabs on [enter, leave].
    Vec3 o = box.axes * (origin - box.center), d = box.axes * dir;
    double enter = 0, leave = std::numeric_limits<double>::infinity();
    for (int i = 0; i < 3; ++i) {
        double h = box.halfSize[i];
        if (d[i] == 0) {
            if (std::fabs(o[i]) > h) return -1;
            continue;
        }
        double a = (-h - o[i]) / d[i], b = (h - o[i]) / d[i];
        if (a > b) std::swap(a, b);
        enter = std::max(enter, a), leave = std::min(leave, b);
        if (enter > leave) return -1;
    }
    return enter;
}

std::int64_t pickBvhNode(const Bvh& bvh, const Pose& pose, int level, const Vec3& origin, const Vec3& dir) {
    // Into the mesh frame once, instead of every box into the world.
    Pose inv = pose.inverse();
    Vec3 o = inv.apply(origin), d = inv.R * dir;
    std::int64_t best = -1;
    double bestS = std::numeric_limits<double>::infinity();
    const auto& nodes = bvh.nodes();
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        if (!atLevel(nodes[i], level)) continue;
        double s = rayEntersBox(bvh.nodeBox(i), o, d);
        if (s >= 0 && s < bestS) bestS = s, best = std::int64_t(i);
    }
    return best;
}

bool drawBvhNode(const Bvh& bvh, const TriangleMesh& mesh, const Pose& pose, std::uint32_t object,
                 std::uint32_t node, const std::string& extra, DebugSink& sink) {
    if (node >= bvh.nodes().size()) return false;
    const BvhNode& n = bvh.nodes()[node];
    DebugTag tag{std::int32_t(object), n.depth};
    if (!sink.wants(DebugCategory::PickedNode, tag)) return false;
    sink.setTag(tag);
    Obb box = bvh.nodeBox(node).transformed(pose);
    sink.box(box, Rgba{1.0f, 1.0f, 0.3f, 1.0f}, DebugCategory::PickedNode);
    for (std::uint32_t k = n.firstTri; k < n.firstTri + n.triCount; ++k) {
        Vec3 a, b, c;
        mesh.corners(bvh.triIndex()[k], a, b, c);
        sink.triangle(pose.apply(a), pose.apply(b), pose.apply(c), Rgba{1.0f, 0.85f, 0.2f, 1.0f},
                      DebugCategory::PickedNode);
    }
    std::ostringstream s;
    s << "node " << node << ", depth " << n.depth << ", " << n.triCount << " triangle"
      << (n.triCount == 1 ? "" : "s") << (n.isLeaf() ? " (leaf)" : "") << extra;
    sink.text(box.center, s.str(), DebugCategory::PickedNode);
    return true;
}

} // namespace cdlab
