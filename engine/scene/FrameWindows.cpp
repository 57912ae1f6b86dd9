#include "scene/FrameWindows.h"

#include "core/Assert.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cdlab {

namespace {

bool samePose(const Keyframe& a, const Keyframe& b) {
    return a.position == b.position && a.rotation.w == b.rotation.w && a.rotation.x == b.rotation.x &&
           a.rotation.y == b.rotation.y && a.rotation.z == b.rotation.z;
}

/// The track's keys in (from, to) where its velocity changes: every key but those with the same pose on
/// both sides (a track holds its first and last poses outside its keys). A resting track has none.
void addCorners(const PoseTrack& track, double from, double to, std::vector<double>& out) {
    const auto& keys = track.keys();
    auto it = std::upper_bound(keys.begin(), keys.end(), from,
                               [](double t, const Keyframe& k) { return t < k.time; });
    for (; it != keys.end() && it->time < to; ++it) {
        const std::size_t k = std::size_t(it - keys.begin());
        const bool stillBefore = k == 0 || samePose(keys[k - 1], keys[k]);
        const bool stillAfter = k + 1 == keys.size() || samePose(keys[k], keys[k + 1]);
        if (!(stillBefore && stillAfter)) out.push_back(it->time);
    }
}

} // namespace

FrameWindows::FrameWindows(const Scene& scene, const SceneObjects& objects)
    : m_scene(scene), m_objects(objects), m_cutsOf(objects.objects().size()) {}

void FrameWindows::cornersOf(std::uint32_t i, double from, double to, std::vector<double>& out) const {
    out.clear();
    const SceneObject& o = m_objects.objects()[i];
    if (o.body >= 0) {
        addCorners(m_scene.bodies[std::size_t(o.body)].motion, from, to, out);
        return; // one track: sorted, each time once
    }
    // A link's world pose composes its chain's joint poses: each ancestor's keys are corners too.
    const ArticulatedModel& model = m_scene.models[std::size_t(o.model)];
    for (int l = o.link; l >= 0; l = model.links[std::size_t(l)].parent)
        addCorners(model.links[std::size_t(l)].motion, from, to, out);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
}

std::vector<double> FrameWindows::corners(std::uint32_t i) const {
    std::vector<double> out;
    cornersOf(i, -std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity(), out);
    return out;
}

double FrameWindows::tolerance(double t0, double t1) {
    const double ulp = std::numeric_limits<double>::epsilon() * std::max(std::fabs(t0), std::fabs(t1));
    return std::max(1e-9 * (t1 - t0), 64 * ulp);
}

void FrameWindows::setFrame(double t0, double t1) {
    CDLAB_ASSERT(t0 <= t1, "a frame ends before it starts");
    const double tol = tolerance(t0, t1);
    // The tracks are read here, not when the scene was prepared: a frame sees the keys the scene has now.
    m_times.assign(1, t0);
    for (std::uint32_t i = 0; i < m_cutsOf.size(); ++i) {
        cornersOf(i, t0 + tol, t1 - tol, m_keys);
        m_times.insert(m_times.end(), m_keys.begin(), m_keys.end());
    }
    std::sort(m_times.begin() + 1, m_times.end());
    // Keys of different tracks that agree up to rounding (0.1 * 3 and 0.1 + 0.1 + 0.1) are one cut: no
    // sliver window between them either.
    m_times.erase(
        std::unique(m_times.begin(), m_times.end(), [&](double a, double b) { return b - a <= tol; }),
        m_times.end());
    m_times.push_back(t1);
    m_poses.resize(m_times.size());
    for (std::size_t k = 0; k < m_times.size(); ++k) m_objects.poses(m_times[k], m_poses[k]);
    // Each object's cuts as indices into m_times (none for almost every object in almost every frame).
    for (std::uint32_t i = 0; i < m_cutsOf.size(); ++i) {
        m_cutsOf[i].clear();
        if (m_times.size() == 2) continue;
        cornersOf(i, t0 + tol, t1 - tol, m_keys);
        for (double key : m_keys) {
            // The cut that stands for this key: the last one at or before it (merged keys keep the first).
            auto at = std::upper_bound(m_times.begin() + 1, m_times.end() - 1, key) - 1;
            CDLAB_ASSERT(at != m_times.begin() && key - *at <= tol,
                         "a key inside the frame is one of its cuts");
            const auto cut = std::uint32_t(at - m_times.begin());
            if (m_cutsOf[i].empty() || m_cutsOf[i].back() != cut) m_cutsOf[i].push_back(cut);
        }
    }
}

void FrameWindows::pairWindows(std::uint32_t a, std::uint32_t b, std::vector<std::uint32_t>& out) const {
    out.assign(1, 0);
    const auto &ca = m_cutsOf[a], &cb = m_cutsOf[b];
    std::merge(ca.begin(), ca.end(), cb.begin(), cb.end(), std::back_inserter(out));
    out.erase(std::unique(out.begin(), out.end()), out.end());
    out.push_back(std::uint32_t(m_times.size() - 1));
    CDLAB_ASSERT(out.size() >= 2 && std::is_sorted(out.begin(), out.end()), "windows in time order");
}

} // namespace cdlab
