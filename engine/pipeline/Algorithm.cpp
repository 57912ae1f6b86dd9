#include "pipeline/Algorithm.h"

#include "core/InputError.h"
#include "debug/DebugSink.h"

namespace cdlab {

namespace {
/// Counts the boxes drawStructure draws.
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

std::vector<std::uint32_t> structureLevelSizes(const Algorithm& algo, std::uint32_t object) {
    std::vector<std::uint32_t> sizes;
    for (int level = 0; level <= algo.structureDepth(object); ++level) {
        BoxCounter count;
        algo.drawStructure(0, object, level, count); // counts do not depend on the time
        sizes.push_back(count.boxes);
    }
    return sizes;
}

} // namespace cdlab
