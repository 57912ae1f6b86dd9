// FrameWindows: a frame cut where the scene's keyed paths have corners. A pose track moves at constant
// translational and rotational velocity between its keys (PoseTrack.h; redon2002 sec. 6's motion model), so
// over a frame an object follows one straight screw only when none of its keys lies inside the frame; at a
// key its path turns a corner. The continuous rigid pipelines (rigid-ccd, rigid-ccd-bm, their reference,
// fcl-ca) move body i relative to body j between two poses; run between the frame's end poses they would cut
// that corner (a contact missed, or one the scene does not have). So a body pair's frame is split into
// windows at every key of either body strictly inside it, and each window runs between its own end poses:
// the keyed path itself. A link's corners are its own keys and its ancestors'.
//
// A key on a frame boundary up to rounding (0.1 * 3 against a grid time 0.30000000000000004) must not cut a
// sliver window: keys within tolerance() of either end of the frame are taken as on it, and keys within it
// of each other as one cut (at the earlier).
#pragma once

#include "scene/SceneObjects.h"

#include <cstdint>
#include <vector>

namespace cdlab {

class FrameWindows {
public:
    /// `objects` is `scene` flattened; both must outlive this. The tracks are read per frame.
    FrameWindows(const Scene& scene, const SceneObjects& objects);

    /// Poses every object at the frame's ends and at each key of any object inside [t0, t1] (t0 <= t1).
    void setFrame(double t0, double t1);
    /// The frame's cut times, increasing: t0, every key inside the frame (keys within tolerance() of each
    /// other once), t1 (at least two entries).
    const std::vector<double>& times() const { return m_times; }
    /// The world poses of every object at times()[k].
    const std::vector<Pose>& poses(std::size_t k) const { return m_poses[k]; }
    const std::vector<Pose>& startPoses() const { return m_poses.front(); }
    const std::vector<Pose>& endPoses() const { return m_poses[m_times.size() - 1]; }
    /// Objects a and b's windows in the frame, as indices into times(): 0, every cut at a key of a or of b,
    /// the last index. One window (two indices) when neither body has a key inside the frame.
    void pairWindows(std::uint32_t a, std::uint32_t b, std::vector<std::uint32_t>& out) const;
    /// Object i's corner times (keys where its path changes velocity: its track's, or its link's and every
    /// ancestor's), sorted.
    std::vector<double> corners(std::uint32_t i) const;

    /// How near an end of the frame [t0, t1] a key is taken as on it: 1e-9 of the frame's length, and at
    /// least 64 units in the last place of the times (a frame far from time 0 has coarse times).
    static double tolerance(double t0, double t1);

private:
    /// Object i's corners in the open interval (from, to), sorted, into `out`.
    void cornersOf(std::uint32_t i, double from, double to, std::vector<double>& out) const;

    const Scene& m_scene;
    const SceneObjects& m_objects;
    std::vector<double> m_times;                      // the current frame's cut times
    std::vector<std::vector<Pose>> m_poses;           // per cut time; storage kept between frames
    std::vector<std::vector<std::uint32_t>> m_cutsOf; // per object: its keys' indices into m_times
    std::vector<double> m_keys;                       // scratch
};

} // namespace cdlab
