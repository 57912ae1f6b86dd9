#include "pipeline/Algorithm.h"

#include "core/InputError.h"
#include "debug/DebugSink.h"

namespace cdlab {

namespace {
/// Counts the boxes AlgorithmStructure::drawLevel draws.
struct BoxCounter : DebugSink {
    std::uint32_t boxes = 0;
    void line(const Vec3&, const Vec3&, Rgba, DebugCategory) override {}
    void triangle(const Vec3&, const Vec3&, const Vec3&, Rgba, DebugCategory) override {}
    void point(const Vec3&, Rgba, DebugCategory) override {}
    void text(const Vec3&, const std::string&, DebugCategory) override {}
    void box(const Obb&, Rgba, DebugCategory) override { ++boxes; }
};
} // namespace

MeshDataCache& Algorithm::meshData(const Scene& scene) {
    m_held.clear();
    if (m_sharedMeshData && m_sharedMeshData->serves(scene))
        m_meshData = m_sharedMeshData;
    else
        m_meshData = std::make_shared<MeshDataCache>(scene);
    return *m_meshData;
}

void refuseDeformingBodies(const Scene& scene, const std::string& algorithm) {
    for (std::size_t i = 0; i < scene.bodies.size(); ++i)
        if (scene.bodies[i].deform.active())
            throw InputError(scene.file.empty() ? "<scene " + scene.name + ">" : scene.file,
                             "bodies[" + std::to_string(i) + "].deform",
                             algorithm + " does not support deforming bodies (body '" + scene.bodies[i].name +
                                 "' has a deform block)");
}

namespace {
/// Whether the track turns: a key's orientation differs from the first's (q and -q are one rotation).
bool turns(const PoseTrack& track) {
    for (const Keyframe& k : track.keys()) {
        const Quat &a = track.keys().front().rotation, &b = k.rotation;
        const bool same = a.w == b.w && a.x == b.x && a.y == b.y && a.z == b.z;
        const bool opposite = a.w == -b.w && a.x == -b.x && a.y == -b.y && a.z == -b.z;
        if (!same && !opposite) return true;
    }
    return false;
}
} // namespace

void refuseArticulatedMotion(const Scene& scene, const std::string& algorithm) {
    for (std::size_t m = 0; m < scene.models.size(); ++m) {
        const ArticulatedModel& model = scene.models[m];
        for (const Link& link : model.links) {
            // The first ancestor that turns: the link rides on its joint's arc, not on a line.
            int turning = link.parent;
            while (turning >= 0 && !turns(model.links[std::size_t(turning)].motion))
                turning = model.links[std::size_t(turning)].parent;
            if (turning < 0) continue;
            throw InputError(scene.file.empty() ? "<scene " + scene.name + ">" : scene.file,
                             "articulated[" + std::to_string(m) + "]",
                             algorithm +
                                 " does not follow articulated motion: it moves each link of model '" +
                                 model.name +
                                 "' on a straight screw between its poses at a frame's two ends, while the "
                                 "joints swing link '" +
                                 link.name + "' on an arc as '" + model.links[std::size_t(turning)].name +
                                 "' turns (a contact can be missed or reported early); use catch or "
                                 "articulated-reference");
        }
    }
}

std::vector<std::uint32_t> structureLevelSizes(const Algorithm& algo, std::uint32_t object) {
    std::vector<std::uint32_t> sizes;
    const AlgorithmStructure* structure = algo.structure();
    if (!structure) return {0}; // depth 0, nothing drawn (as a structure without trees)
    for (int level = 0; level <= structure->depth(object); ++level) {
        BoxCounter count;
        structure->drawLevel(0, object, level, count); // counts do not depend on the time
        sizes.push_back(count.boxes);
    }
    return sizes;
}

} // namespace cdlab
