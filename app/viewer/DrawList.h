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

/// A row of the overlay table (OverlayTable.h): the index of its flag in OverlaySettings.
using OverlayId = std::uint16_t;

/// The overlay toggles, one flag per row of the overlay table (which describes each: label, settings key,
/// default, what it draws), and the chosen body, level and picked node they apply to.
struct OverlaySettings {
    OverlaySettings(); ///< every toggle at its row's default
    bool get(OverlayId row) const { return row < m_flags.size() ? m_flags[row].on : defaultOf(row); }
    void set(OverlayId row, bool on) { *flag(row) = on; }
    /// The row's flag, for a checkbox to edit.
    bool* flag(OverlayId row);

    int bvhObject = 0;
    int bvhLevel = 3;
    std::int64_t pickedNode = -1; ///< node of bvhObject picked with Ctrl+click (-1: none); not saved

private:
    static bool defaultOf(OverlayId row);
    struct Flag {
        bool on;
    };
    std::vector<Flag> m_flags; ///< by row id
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
    /// A BVH node's colour by its depth ("colour by depth"): the legend's swatch is the drawn level's.
    static Rgba depthColour(int depth);

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
    /// Drawn over the bodies, with no depth test: what a step-through points at often lies between two
    /// bodies, behind the nearer one from most sides. Not cleared: the owner's.
    bool onTop = false;

private:
    Rgba colourFor(Rgba c, DebugCategory cat) const;
    enum Kind { kLines, kTriangles, kPoints, kMeshes, kKinds };
    std::array<std::array<std::uint32_t, kKinds>, std::size_t(DebugCategory::Count)> m_counts{};
    const OverlaySettings* m_settings;
    DebugTag m_tag;
    bool m_faceMotion = false;
};

} // namespace cdlab
