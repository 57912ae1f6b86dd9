#include "scene/PoseTrack.h"

#include <algorithm>

namespace cdlab {

Pose PoseTrack::at(double t) const {
    if (m_keys.empty()) return Pose{};
    if (t <= m_keys.front().time) return {m_keys.front().rotation.toMat3(), m_keys.front().position};
    if (t >= m_keys.back().time) return {m_keys.back().rotation.toMat3(), m_keys.back().position};
    auto it = std::upper_bound(m_keys.begin(), m_keys.end(), t,
                               [](double v, const Keyframe& k) { return v < k.time; });
    const Keyframe& b = *it;
    const Keyframe& a = *(it - 1);
    double s = (t - a.time) / (b.time - a.time);
    return {Quat::slerp(a.rotation, b.rotation, s).toMat3(), a.position + (b.position - a.position) * s};
}

} // namespace cdlab
