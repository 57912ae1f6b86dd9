#include "scene/Scene.h"

namespace cdlab {

std::string MeshSource::describe() const {
    if (generator.empty()) return file;
    std::string s = generator;
    if (!params.is_null()) s.append(" ").append(params.dump());
    return s;
}

std::vector<Pose> ArticulatedModel::linkPoses(double t) const {
    std::vector<Pose> poses(links.size());
    for (std::size_t i = 0; i < links.size(); ++i) {
        const Link& l = links[i];
        const Pose& parent = l.parent < 0 ? base : poses[l.parent];
        poses[i] = parent * l.joint * l.motion.at(t);
    }
    return poses;
}

bool ArticulatedModel::selfTested(int a, int b) const {
    if (a == b || links[a].parent == b || links[b].parent == a) return false;
    for (const auto& [x, y] : skipPairs)
        if ((x == a && y == b) || (x == b && y == a)) return false;
    return true;
}

std::size_t Scene::triangleCount() const {
    std::size_t n = 0;
    for (const Body& b : bodies) n += b.mesh->triangleCount();
    for (const ArticulatedModel& m : models)
        for (const Link& l : m.links) n += l.mesh ? l.mesh->triangleCount() : 0;
    return n;
}

} // namespace cdlab
