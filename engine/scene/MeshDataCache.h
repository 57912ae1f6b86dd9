// MeshDataCache: what algorithms build per mesh (BVHs, BM-cones, feature indices, surface checks, ...),
// shared by every algorithm prepared on one scene, so that preparing two algorithms whose parameters agree
// builds each structure once (the viewer's side-by-side views, the bench's --algo list). Entries are keyed by
// the mesh, the structure's type and a text naming the parameters that shape it; the cache does not know the
// types it holds, so a new algorithm family stores its own per-mesh data with one call and no change here.
// The cache pins the scene's meshes (shared ownership), so a mesh address it keys by is never reused while
// it lives. It keeps an entry only while an algorithm holds it (weak references): a viewer whose views try
// parameter after parameter does not accumulate every structure it ever built. Thread-safe: a viewer
// prepares on a worker while the views that already hold structures read them.
#pragma once

#include "core/Assert.h"
#include "mesh/TriangleMesh.h"
#include "scene/Scene.h"

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <tuple>
#include <typeindex>
#include <vector>

namespace cdlab {

class MeshDataCache {
public:
    /// A cache for the meshes of `scene` (bodies and articulated links).
    explicit MeshDataCache(const Scene& scene);

    /// Whether every mesh of `scene` is one this cache holds (then its entries are that scene's).
    bool serves(const Scene& scene) const;

    /// The structure of type T for `mesh` whose build parameters `key` names, made by `make` when no one
    /// holds it (`make` may throw, e.g. a cancelled build: nothing is stored then). `reused` (optional) says
    /// whether it was there already. The cache keeps it as long as someone holds the returned pointer.
    template <class T>
    std::shared_ptr<const T> get(const TriangleMesh& mesh, const std::string& key,
                                 const std::function<T()>& make, bool* reused = nullptr) {
        CDLAB_ASSERT(m_meshes.count(&mesh) != 0, "a mesh of another scene");
        // Held while `make` runs: two preparing threads build one structure once, not twice.
        std::lock_guard<std::recursive_mutex> lock(m_mutex);
        prune();
        auto id = std::make_tuple(&mesh, std::type_index(typeid(T)), key);
        if (auto it = m_entries.find(id); it != m_entries.end())
            if (std::shared_ptr<const void> held = it->second.lock()) {
                if (reused) *reused = true;
                return std::static_pointer_cast<const T>(held);
            }
        if (reused) *reused = false;
        auto made = std::make_shared<const T>(make());
        m_entries[id] = made;
        return made;
    }

    /// Entries someone holds (every type and key).
    std::size_t size() const;

private:
    void prune() const; ///< forgets the entries no one holds any more (under the lock)

    std::set<const TriangleMesh*> m_meshes;
    std::vector<std::shared_ptr<const TriangleMesh>> m_pins;
    mutable std::recursive_mutex m_mutex;
    mutable std::map<std::tuple<const TriangleMesh*, std::type_index, std::string>, std::weak_ptr<const void>>
        m_entries;
};

} // namespace cdlab
