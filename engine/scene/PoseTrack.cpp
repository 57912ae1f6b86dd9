#include "scene/PoseTrack.h"

#include <algorithm>

namespace cdlab {

Pose PoseTrack::at(double t) const {
    if (m_keys.empty()) return Pose{};
    Keyframe k = sample(t);
    return {k.rotation.toMat3(), k.position};
}

bool PoseTrack::moves() const {
    if (m_keys.empty()) return false;
    const Keyframe& f = m_keys.front();
    for (const Keyframe& k : m_keys) {
        if (k.position != f.position || k.rotation.w != f.rotation.w || k.rotation.x != f.rotation.x ||
            k.rotation.y != f.rotation.y || k.rotation.z != f.rotation.z)
            return true;
    }
    return false;
}

Keyframe PoseTrack::sample(double t) const {
    if (m_keys.empty()) return {t, {}, {}};
    if (t <= m_keys.front().time) return {t, m_keys.front().position, m_keys.front().rotation};
    if (t >= m_keys.back().time) return {t, m_keys.back().position, m_keys.back().rotation};
    auto it = std::upper_bound(m_keys.begin(), m_keys.end(), t,
                               [](double v, const Keyframe& k) { return v < k.time; });
    const Keyframe& b = *it;
    const Keyframe& a = *(it - 1);
    double s = (t - a.time) / (b.time - a.time);
    return {t, a.position + (b.position - a.position) * s, Quat::slerp(a.rotation, b.rotation, s)};
}

} // namespace cdlab
