#include "scene/MeshDataCache.h"

namespace cdlab {

namespace {
template <class F> void forEachMesh(const Scene& scene, F f) {
    for (const Body& b : scene.bodies) f(b.mesh);
    for (const ArticulatedModel& m : scene.models)
        for (const Link& l : m.links) f(l.mesh);
}
} // namespace

MeshDataCache::MeshDataCache(const Scene& scene) {
    forEachMesh(scene, [&](const std::shared_ptr<const TriangleMesh>& mesh) {
        if (mesh && m_meshes.insert(mesh.get()).second) m_pins.push_back(mesh);
    });
}

bool MeshDataCache::serves(const Scene& scene) const {
    bool all = true;
    forEachMesh(scene, [&](const std::shared_ptr<const TriangleMesh>& mesh) {
        all = all && mesh && m_meshes.count(mesh.get()) != 0;
    });
    return all;
}

void MeshDataCache::prune() const {
    for (auto it = m_entries.begin(); it != m_entries.end();)
        it = it->second.expired() ? m_entries.erase(it) : std::next(it);
}

std::size_t MeshDataCache::size() const {
    std::lock_guard<std::recursive_mutex> lock(m_mutex);
    prune();
    return m_entries.size();
}

} // namespace cdlab
