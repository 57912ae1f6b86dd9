#include "pipeline/BvhStructure.h"

namespace cdlab {

Pose BvhStructure::poseAt(double t, std::uint32_t object) const {
    std::vector<Pose> poses;
    m_objects->poses(t, poses);
    return poses[object];
}

int BvhStructure::depth(std::uint32_t object) const {
    return valid(object) ? static_cast<int>(m_bvhOf[object]->stats().maxDepth) : 0;
}

void BvhStructure::drawLevel(double t, std::uint32_t object, int level, DebugSink& sink) const {
    if (valid(object)) drawBvhLevel(*m_bvhOf[object], poseAt(t, object), object, level, sink);
}

std::int64_t BvhStructure::pick(double t, std::uint32_t object, int level, const Vec3& origin,
                                const Vec3& dir) const {
    return valid(object) ? pickBvhNode(*m_bvhOf[object], poseAt(t, object), level, origin, dir) : -1;
}

std::optional<Pose> BvhStructure::drawNode(double t, std::uint32_t object, std::uint32_t node,
                                           const std::string& extra, DebugSink& sink) const {
    if (!valid(object)) return std::nullopt;
    Pose pose = poseAt(t, object);
    const TriangleMesh& mesh = m_meshOf ? *(*m_meshOf)[object] : *m_objects->objects()[object].mesh;
    drawBvhNode(*m_bvhOf[object], mesh, pose, object, node, extra, sink);
    return pose;
}

} // namespace cdlab
