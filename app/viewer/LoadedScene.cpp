#include "LoadedScene.h"

#include "Palette.h"
#include "Renderer.h"
#include "pipeline/FrameResult.h"

#include <algorithm>
#include <iterator>

namespace cdlab {

std::unique_ptr<Scene> LoadedScene::install(std::unique_ptr<Scene> scene) {
    std::unique_ptr<Scene> old = std::exchange(m_scene, std::move(scene));
    m_objects = std::make_unique<SceneObjects>(*m_scene);
    m_deformed.assign(m_objects->objects().size(), {}); // the renderer forgot their buffers (the caller)
    m_deformedValid = false;
    m_bodyViews.assign(m_objects->objects().size(), {});
    m_surfaces.clear(); // keyed by mesh address: the old scene's meshes are about to go
    for (std::size_t i = 0; i < m_bodyViews.size(); ++i) {
        const Rgba c = bodyPalette()[i % bodyPalette().size()]; // pale, one hue each (Palette.h)
        m_bodyViews[i].color[0] = c.r, m_bodyViews[i].color[1] = c.g, m_bodyViews[i].color[2] = c.b;
    }
    m_selected = -1;
    m_followed = -1;
    return old;
}

int LoadedScene::firstShown() const {
    int first = m_objects->firstMoving();
    for (std::size_t i = 0; i < m_objects->objects().size() && first < 0; ++i)
        if (!m_objects->objects()[i].environment) first = int(i);
    return first < 0 ? 0 : first;
}

void LoadedScene::updateDeformed(double t, Renderer& renderer) {
    if (m_deformedValid && m_deformedTime == t) return;
    for (std::uint32_t i = 0; i < m_deformed.size(); ++i) {
        if (!m_objects->deforms(i)) continue;
        m_objects->deformedMesh(i, t, m_deformed[i]);
        renderer.updateVertices(m_deformed[i]);
    }
    m_deformedTime = t, m_deformedValid = true;
}

const TriangleMesh& LoadedScene::drawnMesh(std::size_t i) const {
    return m_objects->deforms(std::uint32_t(i)) ? m_deformed[i] : *m_objects->objects()[i].mesh;
}

const SurfaceCheck& LoadedScene::surfaceOf(std::size_t object) {
    const TriangleMesh& mesh = *m_objects->objects()[object].mesh;
    auto it = m_surfaces.find(&mesh);
    if (it == m_surfaces.end()) it = m_surfaces.emplace(&mesh, SurfaceCheck::of(mesh)).first;
    return it->second;
}

std::string LoadedScene::describeSurfaces() {
    std::string out;
    if (!m_objects) return out;
    const auto& objs = m_objects->objects();
    for (std::size_t i = 0; i < objs.size(); ++i)
        out += (i ? "; " : "") + objs[i].name + " " + surfaceOf(i).describe();
    return out;
}

bool LoadedScene::select(int object) {
    if (!m_objects || object < 0 || object >= int(m_objects->objects().size())) {
        m_selected = -1;
        return false;
    }
    m_selected = object;
    return true;
}

bool LoadedScene::follow(int object) {
    if (!m_objects || object < 0 || object >= int(m_objects->objects().size())) {
        m_followed = -1;
        return false;
    }
    m_followed = object;
    return true;
}

std::string LoadedScene::chainText(int object) const {
    const SceneObject& o = m_objects->objects()[std::size_t(object)];
    if (o.model < 0) return o.name;
    const ArticulatedModel& m = m_scene->models[std::size_t(o.model)];
    std::string s = m.links[std::size_t(o.link)].name;
    for (int p = m.links[std::size_t(o.link)].parent; p >= 0; p = m.links[std::size_t(p)].parent)
        s = m.links[std::size_t(p)].name + " > " + s;
    return m.name + ": base > " + s;
}

bool LoadedScene::inSelectedChain(int object) const {
    if (m_selected < 0 || !m_objects) return false;
    const auto& objs = m_objects->objects();
    const SceneObject& sel = objs[std::size_t(m_selected)];
    const SceneObject& o = objs[std::size_t(object)];
    if (object == m_selected) return true;
    if (sel.model < 0 || o.model != sel.model) return false;
    for (int p = m_scene->models[std::size_t(sel.model)].links[std::size_t(sel.link)].parent; p >= 0;
         p = m_scene->models[std::size_t(sel.model)].links[std::size_t(p)].parent)
        if (p == o.link) return true;
    return false;
}

Aabb LoadedScene::bounds(double t) const {
    Aabb box;
    if (!m_objects) return box;
    std::vector<Pose> poses;
    m_objects->poses(t, poses);
    for (std::size_t i = 0; i < poses.size(); ++i) {
        Aabb local = m_objects->objects()[i].mesh->bounds();
        for (int k = 0; k < 8; ++k)
            box.grow(poses[i].apply({k & 1 ? local.hi.x : local.lo.x, k & 2 ? local.hi.y : local.lo.y,
                                     k & 4 ? local.hi.z : local.lo.z}));
    }
    return box;
}

std::string LoadedScene::describeContact(const TimeOfContact& c) const {
    const auto& objs = m_objects->objects();
    return cdlab::describeContact(c, objs[c.objectA].name, objs[c.objectB].name);
}

} // namespace cdlab
