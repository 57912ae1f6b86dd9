#include "DrawList.h"

#include <cmath>

namespace cdlab {

namespace {
OverlayVertex vertex(const Vec3& p, Rgba c) {
    return {float(p.x), float(p.y), float(p.z), c.r, c.g, c.b, c.a};
}
} // namespace

bool DrawList::wants(DebugCategory cat, const DebugTag& tag) const {
    const OverlaySettings& s = *m_settings;
    switch (cat) {
    case DebugCategory::BvhNode:
        return s.bvh && !s.bvhOnlyOverlapped && tag.object == s.bvhObject;
    case DebugCategory::BvOverlap:
        return s.bvh && s.bvhOnlyOverlapped && tag.object == s.bvhObject && tag.depth == s.bvhLevel;
    case DebugCategory::BvSeparated:
        return s.bvh && s.bvhCulled && tag.object == s.bvhObject && tag.depth == s.bvhLevel;
    case DebugCategory::BmCulled:
        return s.bvh && s.bmCulled && tag.object == s.bvhObject && tag.depth == s.bvhLevel;
    case DebugCategory::BmLevel: // every level counted (the panel's plot), the chosen one drawn
        return s.bmLevel && tag.object == s.bvhObject;
    case DebugCategory::ForwardFace:
    case DebugCategory::BackwardFace:
        return s.faceMotion && tag.object == s.bvhObject;
    case DebugCategory::PickedNode:
        return s.pickedNode >= 0 && tag.object == s.bvhObject;
    case DebugCategory::BmCone:
        return s.pickedNode >= 0 && s.pickedCone && tag.object == s.bvhObject;
    case DebugCategory::TriangleHit:
        return s.hitTriangles;
    case DebugCategory::Contact:
        return s.contacts;
    case DebugCategory::TimeOfContact:
        return s.timeOfContact;
    default:
        return false;
    }
}

Rgba DrawList::colourFor(Rgba c, DebugCategory cat) const {
    if ((cat == DebugCategory::BvhNode || cat == DebugCategory::BvOverlap) && m_settings->colourByDepth &&
        m_tag.depth >= 0) {
        // Hue cycles with depth so neighbouring levels are told apart; red to blue only: magenta is the
        // BM-culled nodes' colour.
        float h = std::fmod(m_tag.depth * 0.13f, 1.0f) * 4.0f;
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
    if (cat == DebugCategory::BvhNode) return {0.9f, 0.9f, 0.9f, 1};
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
    auto& out = cat == DebugCategory::PickedNode ? highlighted : triangles;
    ++m_counts[std::size_t(cat)][kTriangles];
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
