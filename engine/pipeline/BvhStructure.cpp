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

std::int64_t BvhStructure::pickNode(double t, std::uint32_t object, int level, const Vec3& origin,
                                    const Vec3& dir) const {
    return valid(object) ? pickBvhNode(*m_bvhOf[object], poseAt(t, object), level, origin, dir) : -1;
}

void BvhStructure::drawNode(double t, std::uint32_t object, std::uint32_t node, DebugSink& sink) const {
    if (!valid(object)) return;
    Pose pose = poseAt(t, object);
    const TriangleMesh& mesh = m_meshOf ? *(*m_meshOf)[object] : *m_objects->objects()[object].mesh;
    const std::string extra = m_extras.describe ? m_extras.describe(object, node) : std::string();
    drawBvhNode(*m_bvhOf[object], mesh, pose, object, node, extra, sink);
    if (m_extras.draw) m_extras.draw(object, node, pose, sink);
}

} // namespace cdlab
