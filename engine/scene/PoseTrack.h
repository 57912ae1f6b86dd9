// PoseTrack: keyframed rigid motion. Between keys the position moves linearly and the orientation rotates at
// constant angular velocity (slerp) — constant translational and rotational velocity per interval, the motion
// model of redon2002 (sec. 6) and zhang2007 (sec. 3). Before the first / after the last key the pose holds.
#pragma once

#include "geometry/Pose.h"
#include "geometry/Quat.h"

#include <vector>

namespace cdlab {

struct Keyframe {
    double time = 0;
    Vec3 position;
    Quat rotation;
};

class PoseTrack {
public:
    PoseTrack() = default;
    explicit PoseTrack(std::vector<Keyframe> keys) : m_keys(std::move(keys)) {}

    /// Pose at time t (identity when there are no keys).
    Pose at(double t) const;
    /// The same as a keyframe (position and unit quaternion) at time t.
    Keyframe sample(double t) const;
    const std::vector<Keyframe>& keys() const { return m_keys; }
    /// Whether any key's position or orientation differs from the first's.
    bool moves() const;
    bool empty() const { return m_keys.empty(); }
    double startTime() const { return m_keys.empty() ? 0 : m_keys.front().time; }
    double endTime() const { return m_keys.empty() ? 0 : m_keys.back().time; }

private:
    std::vector<Keyframe> m_keys; // strictly increasing times
};

} // namespace cdlab
