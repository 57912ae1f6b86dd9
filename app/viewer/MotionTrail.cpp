#include "MotionTrail.h"

#include "pipeline/AlgorithmRegistry.h"

#include <algorithm>

namespace cdlab {

namespace {
// Teal: a hue no category of a continuous view takes (the picked node's chartreuse, green and blue tests,
// cyan cones, orange ghosts at the time of contact, every family's categories); PaletteTest checks.
constexpr Rgba kTrailColour{0.2f, 0.85f, 0.7f, 1.0f};

const bool registered = registerOverlays(
    5, {{"motionTrail",
         "motion trail over the frame",
         false,
         true,
         "Continuous algorithms: each moving body or link over the frame the algorithm checks - wireframe "
         "ghosts at the frame's start (faint), its end (strong) and the poses between (their count is the "
         "Scene panel's \"trail poses\"), and the swept path of its box's centre and corners. The poses are "
         "the scene's own motion at times inside the frame (keyframes, joints), the motion the algorithm "
         "follows; a discrete test sees only the end. With a body or link selected, its trail alone.",
         {},
         nullptr,
         0,
         nullptr,
         &MotionTrail::appliesTo}});

OverlayId findRow() {
    const OverlayInfo* row = findOverlay("motionTrail");
    return row ? row->id : OverlayId(0);
}
} // namespace

OverlayId MotionTrail::row() {
    static const OverlayId id = (void(registered), findRow());
    return id;
}

bool MotionTrail::appliesTo(const AlgorithmInfo& algo) {
    return algo.kind == AlgorithmKind::Continuous;
}

const LegendEntry& MotionTrail::legend() {
    static const LegendEntry entry{DebugCategory::Count, kTrailColour, false,
                                   "motion trail: poses (start faint), swept path", nullptr};
    return entry;
}

void MotionTrail::clear() {
    m_draw.clear();
    m_counts = {};
    m_key = {};
}

std::string MotionTrail::describe() const {
    if (!drawn()) return "none";
    return std::to_string(m_counts.objects) + (m_counts.objects == 1 ? " object, " : " objects, ") +
           std::to_string(m_counts.poses) + " poses each: " + std::to_string(m_counts.ghosts) + " ghosts, " +
           std::to_string(m_counts.pathLines) + " path lines (9 points x " +
           std::to_string(m_counts.pathSegments) + " segments each)";
}

void MotionTrail::update(const SceneObjects& objects, bool continuous, double t0, double t1, int between,
                         int only) {
    between = std::clamp(between, 0, kMaxBetween);
    const bool on = continuous && m_settings && m_settings->get(row()) && t1 > t0;
    const Key key{&objects, on, t0, t1, between, only};
    if (key == m_key) return; // paused: the same trail
    m_key = key;
    m_draw.clear();
    m_counts = {};
    if (!on) return;
    const auto& objs = objects.objects();
    const int poses = between + 2;
    // The path is sampled more finely than the ghosts, so that it reads as a curve where the motion turns.
    const int segments = std::max(16, 4 * (poses - 1));
    std::vector<std::vector<Pose>> at(std::size_t(segments) + 1);
    for (int s = 0; s <= segments; ++s) objects.poses(t0 + (t1 - t0) * s / segments, at[std::size_t(s)]);
    auto moves = [&](std::size_t i) {
        for (const auto& p : at)
            if (!(p[i] == at.front()[i])) return true;
        return false;
    };
    std::vector<Pose> ghost;
    for (std::size_t i = 0; i < objs.size(); ++i) {
        if (only >= 0 ? int(i) != only : objs[i].environment) continue;
        if (!moves(i)) continue;
        ++m_counts.objects;
        for (int k = 0; k < poses; ++k) {
            objects.poses(t0 + (t1 - t0) * k / (poses - 1), ghost);
            Rgba c = kTrailColour;
            c.a = 0.2f + 0.65f * float(k) / float(poses - 1); // older poses fainter
            m_draw.mesh(*objs[i].mesh, ghost[i], c, DebugCategory::Note);
            ++m_counts.ghosts;
        }
        // The box's centre and corners in the object's frame, traced over the frame.
        const Aabb local = objs[i].mesh->bounds();
        Vec3 points[9] = {local.center()};
        for (int k = 0; k < 8; ++k)
            points[k + 1] = {k & 1 ? local.hi.x : local.lo.x, k & 2 ? local.hi.y : local.lo.y,
                             k & 4 ? local.hi.z : local.lo.z};
        for (int p = 0; p < 9; ++p) {
            Rgba c = kTrailColour;
            c.a = p == 0 ? 1.0f : 0.55f; // the centre's path stands out
            for (int s = 0; s < segments; ++s) {
                m_draw.line(at[std::size_t(s)][i].apply(points[p]),
                            at[std::size_t(s) + 1][i].apply(points[p]), c, DebugCategory::Note);
                ++m_counts.pathLines;
            }
        }
    }
    m_counts.poses = m_counts.objects ? poses : 0;
    m_counts.pathSegments = m_counts.objects ? segments : 0;
}

} // namespace cdlab
