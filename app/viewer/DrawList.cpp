#include "DrawList.h"

#include "OverlayTable.h"

#include <cmath>
#include <utility>

namespace cdlab {

namespace {
OverlayVertex vertex(const Vec3& p, Rgba c) {
    return {float(p.x), float(p.y), float(p.z), c.r, c.g, c.b, c.a};
}
} // namespace

bool DrawList::wants(DebugCategory cat, const DebugTag& tag) const {
    const OverlaySettings& s = *m_settings;
    // On when its overlay row (and every row that row refines) is on: the table decides, not this filter.
    if (cat == DebugCategory::PickedNode) return s.pickedNode >= 0 && tag.object == s.bvhObject;
    const OverlayInfo* row = overlayFor(cat);
    if (!row || !overlayOn(*row, s)) return false;
    // Then which body and level: the BVH overlays show one level of the chosen body; Fig. 1 the chosen body.
    if (isPerLevel(cat)) return tag.object == s.bvhObject && tag.depth == s.bvhLevel;
    switch (cat) {
    case DebugCategory::BvhNode: // the whole level, unless only the nodes tested this frame are asked for
        return !s.get(overlay::BvhOnlyOverlapped) && tag.object == s.bvhObject;
    case DebugCategory::BmLevel: // every level counted (the panel's plot), the chosen one drawn
    case DebugCategory::ForwardFace:
    case DebugCategory::BackwardFace:
        return tag.object == s.bvhObject;
    case DebugCategory::BmCone:
        return s.pickedNode >= 0 && tag.object == s.bvhObject;
    default:
        return true;
    }
}

std::vector<DebugCategory> DrawList::drawnCategories() const {
    std::vector<DebugCategory> out;
    for (std::size_t c = 0; c < m_counts.size(); ++c)
        for (std::uint32_t n : m_counts[c])
            if (n > 0) {
                out.push_back(DebugCategory(c));
                break;
            }
    return out;
}

Rgba DrawList::depthColour(int depth) {
    // Hue cycles with depth so neighbouring levels are told apart; red to blue only: magenta is the
    // BM-culled nodes' colour.
    float h = std::fmod(depth * 0.13f, 1.0f) * 4.0f;
    float x = 1 - std::fabs(std::fmod(h, 2.0f) - 1);
    float r = 0, g = 0, b = 0;
    switch (int(h)) {
    case 0:
        r = 1, g = x;
        break;
    case 1:
        r = x, g = 1;
        break;
    case 2:
        g = 1, b = x;
        break;
    case 3:
        g = x, b = 1;
        break;
    case 4:
        r = x, b = 1;
        break;
    default:
        r = 1, b = x;
        break;
    }
    return {0.25f + 0.75f * r, 0.25f + 0.75f * g, 0.25f + 0.75f * b, 1};
}

Rgba DrawList::colourFor(Rgba c, DebugCategory cat) const {
    // By depth: the whole level's boxes only. A tested box keeps its outcome's colour (overlapped beside
    // culled), which a depth hue made near-identical to the culled boxes' blue (issue 43).
    if (cat == DebugCategory::BvhNode && m_settings->get(overlay::ColourByDepth) && m_tag.depth >= 0)
        return depthColour(m_tag.depth);
    if (cat == DebugCategory::BvhNode) return {0.9f, 0.9f, 0.9f, 1};
    // The legend's colour is the one drawn (a swatch was red while the box was green): a category of one
    // colour takes its legend entry's, the algorithm's alpha kept.
    if (const LegendEntry* e = legendEntry(cat); e && e->recolour)
        return {e->colour.r, e->colour.g, e->colour.b, c.a};
    return c;
}

void DrawList::box(const Obb& b, Rgba color, DebugCategory cat) {
    if (cat == DebugCategory::BmLevel && m_tag.depth >= 0) {
        std::size_t d = std::size_t(m_tag.depth);
        if (bmLevelBoxes.size() <= d) bmLevelBoxes.resize(d + 1, 0);
        ++bmLevelBoxes[d];
        if (m_tag.depth != m_settings->bvhLevel) return;
    }
    DebugSink::box(b, color, cat);
}

void DrawList::line(const Vec3& a, const Vec3& b, Rgba color, DebugCategory cat) {
    m_faceMotion = m_faceMotion || cat == DebugCategory::BackwardFace;
    Rgba c = colourFor(color, cat);
    ++m_counts[std::size_t(cat)][kLines];
    lines.push_back(vertex(a, c));
    lines.push_back(vertex(b, c));
}

void DrawList::triangle(const Vec3& a, const Vec3& b, const Vec3& c, Rgba color, DebugCategory cat) {
    m_faceMotion = m_faceMotion || cat == DebugCategory::ForwardFace;
    Rgba col = colourFor(color, cat);
    // Faint fills of closed polytopes around the bodies (the category's legend entry says which) go with
    // the translucent triangles: drawn opaque they hid the bodies and each other.
    const LegendEntry* legend = legendEntry(cat);
    const bool faint = legend && legend->faint;
    auto& out = cat == DebugCategory::PickedNode             ? highlighted
                : cat == DebugCategory::TriangleHit || faint ? translucent
                                                             : triangles;
    ++m_counts[std::size_t(cat)][kTriangles];
    if (cat == DebugCategory::TriangleHit) {
        // A colliding triangle reads as a triangle at any size: its outline opaque, its fill translucent
        // (a large floor triangle filled solid looked like a rendering error). The outline is part of the
        // triangle, not a drawing of its own: the counts stay one triangle.
        for (auto [p, q] : {std::pair{&a, &b}, std::pair{&b, &c}, std::pair{&c, &a}})
            lines.push_back(vertex(*p, col)), lines.push_back(vertex(*q, col));
        col.a = 0.35f;
    }
    out.push_back(vertex(a, col));
    out.push_back(vertex(b, col));
    out.push_back(vertex(c, col));
}

void DrawList::text(const Vec3& p, const std::string& s, DebugCategory cat) {
    if (cat == DebugCategory::PickedNode) notes.push_back(s);
    if (cat == DebugCategory::TimeOfContact) labels.push_back({p, s});
}

void DrawList::point(const Vec3& p, Rgba color, DebugCategory cat) {
    ++m_counts[std::size_t(cat)][kPoints];
    points.push_back(vertex(p, colourFor(color, cat)));
}

std::string DrawList::describeCounts() const {
    static const char* const kNames[kKinds] = {"lines", "triangles", "points", "meshes"};
    std::string out;
    for (std::size_t c = 0; c < m_counts.size(); ++c)
        for (int k = 0; k < kKinds; ++k)
            if (m_counts[c][k] > 0)
                out += (out.empty() ? "" : ", ") + std::string(toString(DebugCategory(c))) + " " +
                       std::to_string(m_counts[c][k]) + " " + kNames[k];
    return out;
}

} // namespace cdlab
