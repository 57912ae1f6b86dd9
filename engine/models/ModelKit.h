// What the model generators share: links from meshes and joint offsets, rotations in degrees, joint tracks
// sampled from a function of time, and a fixed-seed random sequence (the same on every platform, unlike
// std's distributions) for the motion planners' random steps.
#pragma once

#include "geometry/Quat.h"
#include "scene/Scene.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace cdlab::models {

/// Rotation of `degrees` about a coordinate axis (right-handed).
Quat rotX(double degrees);
Quat rotY(double degrees);
Quat rotZ(double degrees);

/// Appends a link with a mesh (its face normals computed) and a joint frame offset from its parent by
/// `offset` (no rotation); returns its index.
int addLink(ArticulatedModel& model, const std::string& name, int parent, const Vec3& offset,
            TriangleMesh mesh, const std::string& generator);

/// A joint pose: translation and rotation relative to the joint frame.
struct JointPose {
    Vec3 position;
    Quat rotation;
};

/// A track with keys at `times` (strictly increasing), each the pose `at(t)`.
PoseTrack sampleTrack(const std::vector<double>& times, const std::function<JointPose(double)>& at);
/// `count` + 1 times spaced evenly over [0, duration].
std::vector<double> evenTimes(double duration, int count);

/// SplitMix64: a small generator whose sequence is fixed by its seed.
class Random {
public:
    explicit Random(std::uint64_t seed) : m_state(seed) {}
    std::uint64_t next();
    double uniform(double lo, double hi) { return lo + (hi - lo) * double(next() >> 11) * 0x1p-53; }

private:
    std::uint64_t m_state;
};

} // namespace cdlab::models
