#include "scene/SceneObjects.h"

namespace cdlab {

SceneObjects::SceneObjects(const Scene& scene) : m_scene(scene) {
    for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
        const Body& b = scene.bodies[i];
        m_objects.push_back({b.name, b.mesh.get(), b.environment, static_cast<int>(i), -1, -1});
    }
    for (std::size_t m = 0; m < scene.models.size(); ++m)
        for (std::size_t l = 0; l < scene.models[m].links.size(); ++l) {
            const Link& link = scene.models[m].links[l];
            m_objects.push_back({scene.models[m].name + "/" + link.name, link.mesh.get(), false, -1,
                                 static_cast<int>(m), static_cast<int>(l)});
        }
    for (std::uint32_t a = 0; a < m_objects.size(); ++a)
        for (std::uint32_t b = a + 1; b < m_objects.size(); ++b) {
            const SceneObject &oa = m_objects[a], &ob = m_objects[b];
            if (oa.environment && ob.environment) continue;
            if (oa.model >= 0 && oa.model == ob.model && !scene.models[oa.model].selfTested(oa.link, ob.link))
                continue;
            m_pairs.emplace_back(a, b);
        }
}

void SceneObjects::poses(double t, std::vector<Pose>& out) const {
    out.resize(m_objects.size());
    std::vector<std::vector<Pose>> modelPoses(m_scene.models.size());
    for (std::size_t m = 0; m < m_scene.models.size(); ++m) modelPoses[m] = m_scene.models[m].linkPoses(t);
    for (std::size_t i = 0; i < m_objects.size(); ++i) {
        const SceneObject& o = m_objects[i];
        out[i] = o.body >= 0 ? m_scene.bodies[o.body].motion.at(t) : modelPoses[o.model][o.link];
    }
}

const Deformation& SceneObjects::deformation(std::uint32_t i) const {
    static const Deformation rigid;
    const SceneObject& o = m_objects[i];
    return o.body >= 0 ? m_scene.bodies[o.body].deform : rigid;
}

bool SceneObjects::anyDeforms() const {
    for (std::uint32_t i = 0; i < m_objects.size(); ++i)
        if (deforms(i)) return true;
    return false;
}

void SceneObjects::deformedMesh(std::uint32_t i, double t, TriangleMesh& out) const {
    const Deformation& d = deformation(i);
    if (d.active())
        d.apply(*m_objects[i].mesh, t, out);
    else
        out = *m_objects[i].mesh;
}

int SceneObjects::firstMoving() const {
    std::vector<std::vector<Pose>> samples(9);
    for (int k = 0; k < 9; ++k) poses(m_scene.frameTime(k, 9), samples[k]);
    for (std::size_t i = 0; i < m_objects.size(); ++i) {
        if (m_objects[i].environment) continue;
        if (deforms(std::uint32_t(i))) return int(i);
        for (int k = 1; k < 9; ++k)
            if (samples[k][i] != samples[0][i]) return int(i);
    }
    return -1;
}

int SceneObjects::find(const std::string& name) const {
    for (std::size_t i = 0; i < m_objects.size(); ++i)
        if (m_objects[i].name == name) return int(i);
    return -1;
}

std::string SceneObjects::nameList() const {
    std::string names;
    for (const SceneObject& o : m_objects) names += (names.empty() ? "" : ", ") + o.name;
    return names;
}

} // namespace cdlab
