// LoadedScene: the scene the viewer shows — the scene, its per-mesh structures, its objects (bodies and
// links), the deforming objects' meshes at the shown time, how each object is drawn (visible, colour), the
// meshes' closedness and the selected link. The views' algorithms are prepared on it; nothing here knows
// them.
#pragma once

#include "mesh/SurfaceCheck.h"
#include "mesh/TriangleMesh.h"
#include "scene/MeshDataCache.h"
#include "scene/Scene.h"
#include "scene/SceneObjects.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace cdlab {

class Renderer;
struct TimeOfContact;

/// How the viewer draws one object of the scene (the Scene panel edits it).
struct BodyView {
    bool visible = true;
    float color[4] = {0.7f, 0.7f, 0.7f, 1.0f};
};

class LoadedScene {
public:
    /// Shows `scene` from now on (fresh objects, palette colours, no selection) and hands back the one it
    /// replaces: that one must live until the algorithms prepared on it are replaced.
    std::unique_ptr<Scene> install(std::unique_ptr<Scene> scene);
    const Scene* scene() const { return m_scene.get(); }
    /// The scene for the motion editor (BodyEditor) to change its bodies' keyframes; null before the first.
    Scene* editableScene() { return m_scene.get(); }
    /// The scene's objects; null before the first scene is installed.
    const SceneObjects* objects() const { return m_objects.get(); }
    /// Per-mesh structures of the scene, shared by the views' algorithms.
    const std::shared_ptr<MeshDataCache>& meshData() const { return m_meshData; }
    void setMeshData(std::shared_ptr<MeshDataCache> data) { m_meshData = std::move(data); }
    /// The object the BVH overlays start on: the first that moves, else the first that is not environment
    /// (that is where culling is interesting), else the first.
    int firstShown() const;

    /// Brings the deforming objects' meshes (and their GPU copies) to time `t`; nothing when none deforms.
    void updateDeformed(double t, Renderer& renderer);
    /// The mesh drawn for object i: its deformed copy, or its rest mesh.
    const TriangleMesh& drawnMesh(std::size_t i) const;
    std::vector<BodyView>& bodyViews() { return m_bodyViews; }

    /// Whether object i's mesh is closed and wound outwards: the Scene panel shows it because penetration
    /// measures (and their CGAL peer) need closed meshes. Computed on first use from the rest mesh (a
    /// deforming body's deformation keeps its connectivity), by mesh (links may share one).
    const SurfaceCheck& surfaceOf(std::size_t object);
    /// "cylinder closed, outward; ball open or inconsistently wound: 12 unmatched edges" (the automated
    /// runs print it).
    std::string describeSurfaces();

    /// The object picked in the Scene panel's link tree (-1: none); its chain is highlighted.
    int selected() const { return m_selected; }
    /// Selects `object`; false (and nothing selected) when there is no such object.
    bool select(int object);
    /// "base > pelvis > thigh_l": the chain from a model's base to the object (a link), or its name.
    std::string chainText(int object) const;
    /// Whether `object` is the selected link or one of its ancestors.
    bool inSelectedChain(int object) const;

    /// The object the cameras follow while playing (-1: none): their target tracks its box's centre.
    int followed() const { return m_followed; }
    /// Follows `object` (-1: stops); false (and nothing followed) when there is no such object.
    bool follow(int object);

    /// The box around every object at time t.
    Aabb bounds(double t) const;
    /// "door vertex 12 / door face 345 (vertex/face)": the bodies by name and their features.
    std::string describeContact(const TimeOfContact& c) const;

private:
    std::unique_ptr<Scene> m_scene;
    std::shared_ptr<MeshDataCache> m_meshData;
    std::unique_ptr<SceneObjects> m_objects;
    /// Per object, its deformed mesh at m_deformedTime (empty for rigid objects): what the view draws for
    /// a deforming body, its positions re-uploaded whenever the time changes.
    std::vector<TriangleMesh> m_deformed;
    double m_deformedTime = 0;
    bool m_deformedValid = false;
    std::vector<BodyView> m_bodyViews;
    /// Keyed by mesh address: cleared on every install (the old scene's meshes go).
    std::map<const TriangleMesh*, SurfaceCheck> m_surfaces;
    int m_selected = -1;
    int m_followed = -1;
};

} // namespace cdlab
