// SceneObjects: a scene flattened into collision objects (rigid bodies and articulated links) with their
// world poses at any time, and the list of object pairs a pipeline must test.
#pragma once

#include "scene/Scene.h"

#include <string>
#include <utility>
#include <vector>

namespace cdlab {

struct SceneObject {
    std::string name; ///< body name, or "model/link"
    const TriangleMesh* mesh = nullptr;
    bool environment = false;
    int body = -1;             ///< index into Scene::bodies, or -1
    int model = -1, link = -1; ///< indices into Scene::models / links, or -1
};

class SceneObjects {
public:
    explicit SceneObjects(const Scene& scene);

    const std::vector<SceneObject>& objects() const { return m_objects; }
    /// World poses of all objects at time t (same order as objects()).
    void poses(double t, std::vector<Pose>& out) const;
    /// Pairs to test: every pair except environment/environment, a link with its own parent or child
    /// (adjacent links touch at their joint by construction) and the model's skip pairs.
    const std::vector<std::pair<std::uint32_t, std::uint32_t>>& pairs() const { return m_pairs; }
    /// Whether object i changes shape over time (a body with a "deform" block; links never do).
    bool deforms(std::uint32_t i) const { return deformation(i).active(); }
    /// Whether any object deforms.
    bool anyDeforms() const;
    /// Object i's deformation (inactive for a rigid object).
    const Deformation& deformation(std::uint32_t i) const;
    /// Object i's mesh at time t in its local frame: `out` becomes its deformed copy (a rigid object's rest
    /// mesh is copied as it is). Reuses `out`'s storage: keep one buffer per object and call it per frame.
    void deformedMesh(std::uint32_t i, double t, TriangleMesh& out) const;
    /// The first object that is not environment and moves (its pose differs at one of nine times spread over
    /// the scene's range) or deforms: where a viewer's overlays and the bench's figure1 start. -1 when none
    /// does.
    int firstMoving() const;
    /// The object called `name` (a body's name, or "model/link"); -1 when there is none.
    int find(const std::string& name) const;
    /// The objects' names, comma-separated, for messages ("no body 'x' (the scene has a, b)").
    std::string nameList() const;

private:
    const Scene& m_scene;
    std::vector<SceneObject> m_objects;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> m_pairs;
};

} // namespace cdlab
