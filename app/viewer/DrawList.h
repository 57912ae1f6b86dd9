// DrawList: the viewer's DebugSink. Collects the primitives an algorithm emits during a step into vertex
// arrays (lines, triangles, points), keeping only what the overlay settings ask for, and colours BVH boxes by
// depth.
#pragma once

#include "debug/DebugSink.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace cdlab {

/// The overlay toggles (OverlayTable describes each: label, settings key, default, what it draws) and the
/// chosen body, level and picked node they apply to.
struct OverlaySettings {
    bool bvh = false; ///< boxes of one body's BVH at one level
    int bvhObject = 0;
    int bvhLevel = 3;
    bool bvhOnlyOverlapped = false; ///< only the level's nodes whose BV test overlapped this frame
    bool bvhCulled = false;         ///< also the level's nodes the traversal culled this frame
    bool bmCulled = true;           ///< the level's nodes BM-culled this frame (back-face culling algorithms)
    bool bmLevel = false;           ///< the level's nodes the BM test culls over the frame (redon2002 Fig. 1)
    bool faceMotion = false;        ///< the chosen body drawn as in redon2002 Fig. 1 (continuous algorithms)
    std::int64_t pickedNode = -1;   ///< node of bvhObject picked with Ctrl+click (-1: none); not saved
    bool pickedCone = true;         ///< the picked node's BM-cone as arrows (back-face culling algorithms)
    bool colourByDepth = true;
    bool hitTriangles = true;
    bool contacts = true;
    bool timeOfContact = true; ///< continuous contacts at their time: ghosts, features, a label with the time
    bool tocPose = true;       ///< every other moving link at CATCH's time of contact (ghosts)
    bool advanceStep = true;   ///< the step-through's iteration of CATCH's advancement in the 3-D view
    bool sweptBoxes = true;    ///< each moving link's swept AABB over the frame (articulated culling)
    bool sweptBoxesOther = false; ///< beside them, the boxes of the other bound (Taylor / interval: Fig. 5)
    bool linkObbs = false;        ///< each moving link's OBB at the frame's start and end
    bool pcls = true;             ///< the links of potentially colliding pairs, coloured by their fate
    bool linkBvh = false;         ///< every node of each model's dynamic AABB hierarchy
    bool sbvVolumes = true;       ///< each body's separating bounding volume (8-DOP)
    bool separatingPlane = true;  ///< the OSH as a translucent quad, d* as an arrow
    bool supportPoints = false;   ///< the support points per direction
    bool supportVectors = true;   ///< the SVM's support vectors (osh=svm)
    bool overlapRegion = true;    ///< CSBV's overlap region after shrinking
    bool sbvStep = true;          ///< the step-through's round of CSBV's shrinking in the 3-D view
    bool keptTriangles = true;    ///< triangles overlapping the region
    bool culledTriangles = false; ///< triangles outside it (wireframe)
    bool ldiBox = true;           ///< the LDI query box Q and the teaching view's row across it
    bool ldiRegion = true;        ///< the LDI penetration region as depth columns, coloured by depth
};

struct OverlayVertex {
    float x, y, z;
    float r, g, b, a;
};

class DrawList : public DebugSink {
public:
    explicit DrawList(const OverlaySettings* settings) : m_settings(settings) {}
    void clear() {
        lines.clear(), triangles.clear(), highlighted.clear(), translucent.clear(), points.clear();
        notes.clear(), labels.clear();
        meshes.clear();
        m_faceMotion = false;
        m_counts = {};
        bmLevelBoxes.clear();
    }
    /// The algorithm drew the chosen body face by face (forward/backward faces) this frame.
    bool hasFaceMotion() const { return m_faceMotion; }

    void line(const Vec3& a, const Vec3& b, Rgba color, DebugCategory cat) override;
    void triangle(const Vec3& a, const Vec3& b, const Vec3& c, Rgba color, DebugCategory cat) override;
    void point(const Vec3& p, Rgba color, DebugCategory cat) override;
    void box(const Obb& b, Rgba color, DebugCategory cat) override;
    void text(const Vec3& p, const std::string& s, DebugCategory cat) override;
    void mesh(const TriangleMesh& m, const Pose& pose, Rgba color, DebugCategory cat) override {
        meshes.push_back({&m, pose, color});
        ++m_counts[std::size_t(cat)][kMeshes];
    }
    void setTag(const DebugTag& tag) override { m_tag = tag; }
    bool wants(DebugCategory cat, const DebugTag& tag) const override;
    /// What was kept since the last clear(), by category: "bm-culled 36 lines, forward-face 1650
    /// triangles" (empty when nothing was). Automated runs print it, so tests see what an overlay drew.
    std::string describeCounts() const;
    /// The categories of everything kept since the last clear(), in category order: what the legend lists.
    std::vector<DebugCategory> drawnCategories() const;

    std::vector<OverlayVertex> lines, triangles, points;
    std::vector<OverlayVertex> highlighted; ///< triangles drawn over the others (the picked node's)
    std::vector<OverlayVertex> translucent; ///< fills drawn last without depth writes (colliding triangles)
    std::vector<std::string> notes;         ///< text the panel shows (the picked node's description)
    struct Label {
        Vec3 at;
        std::string text;
    };
    std::vector<Label> labels; ///< text drawn at a point of the scene (the time of a contact)
    struct MeshInstance {
        const TriangleMesh* mesh;
        Pose pose;
        Rgba color;
    };
    std::vector<MeshInstance> meshes; ///< whole meshes in wireframe (ghosts); the scene's meshes
    /// Per level of the chosen body: the nodes the BM test culled on the whole level (all levels are counted,
    /// the chosen one is drawn).
    std::vector<std::uint32_t> bmLevelBoxes;

private:
    Rgba colourFor(Rgba c, DebugCategory cat) const;
    enum Kind { kLines, kTriangles, kPoints, kMeshes, kKinds };
    std::array<std::array<std::uint32_t, kKinds>, std::size_t(DebugCategory::Count)> m_counts{};
    const OverlaySettings* m_settings;
    DebugTag m_tag;
    bool m_faceMotion = false;
};

} // namespace cdlab
