#include "models/ModelKit.h"

#include <numbers>

namespace cdlab::models {

namespace {

Quat rotation(const Vec3& axis, double degrees) {
    return Quat::fromAxisAngle(axis, degrees * std::numbers::pi / 180);
}

} // namespace

Quat rotX(double degrees) {
    return rotation({1, 0, 0}, degrees);
}
Quat rotY(double degrees) {
    return rotation({0, 1, 0}, degrees);
}
Quat rotZ(double degrees) {
    return rotation({0, 0, 1}, degrees);
}

int addLink(ArticulatedModel& model, const std::string& name, int parent, const Vec3& offset,
            TriangleMesh mesh, const std::string& generator) {
    Link l;
    l.name = name;
    l.parent = parent;
    l.joint.t = offset;
    mesh.name = name;
    mesh.computeFaceNormals();
    l.mesh = std::make_shared<const TriangleMesh>(std::move(mesh));
    l.source.generator = generator;
    model.links.push_back(std::move(l));
    return int(model.links.size()) - 1;
}

PoseTrack sampleTrack(const std::vector<double>& times, const std::function<JointPose(double)>& at) {
    std::vector<Keyframe> keys;
    keys.reserve(times.size());
    for (double t : times) {
        JointPose p = at(t);
        keys.push_back({t, p.position, p.rotation.normalized()});
    }
    return PoseTrack(std::move(keys));
}

std::vector<double> evenTimes(double duration, int count) {
    std::vector<double> t;
    for (int i = 0; i <= count; ++i) t.push_back(duration * i / count);
    return t;
}

std::uint64_t Random::next() {
    std::uint64_t z = (m_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

} // namespace cdlab::models
