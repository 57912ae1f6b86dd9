// ArticulatedReference ("articulated-reference"): the ground truth that CATCH's time of contact (zhang2007
// secs. 6-7) is tested against, and what a motion planner does: exact discrete collision of every object pair
// the scene tests (links of articulated models and rigid bodies, SceneObjects::pairs()) at N evenly spaced
// times of each frame, t0 + k (t1 - t0) / N for k = 1..N (the frame's end included), then bisection between
// the last free and the first colliding time down to a time tolerance. It follows the scene's own motion
// (keyframe interpolation down each chain), not an in-between motion of the end poses.
//
// It reports the scene's earliest contact only (FirstContactScope::Scene, as CATCH does): its time is the
// last free time of the bisection (a lower bound of the first colliding time it brackets, within the
// tolerance), its triangles an intersecting pair at the colliding end. It misses contacts that begin and end
// between two samples (thinner than the sample spacing); a frame that starts in contact reports t0.
#pragma once

#include "bvh/Bvh.h"
#include "collision/BvhCollider.h"
#include "pipeline/AlgorithmRegistry.h"

#include <memory>

namespace cdlab {

class ArticulatedReference : public Algorithm {
public:
    static AlgorithmInfo info();
    explicit ArticulatedReference(const ParamSet& params);

    PrepareReport prepare(const Scene& scene, const Progress& progress = {}) override;
    FrameResult step(double t0, double t1, DebugSink* sink = nullptr) override;

private:
    /// Whether any object pair intersects at time t (first contact per pair: the traversal stops early).
    bool collidesAt(double t, CollisionCounters& counters);
    /// The first pair (in SceneObjects::pairs() order) that intersects at t and the first intersecting
    /// triangle pair its traversal finds (deterministic: the traversal's order is).
    bool firstContactAt(double t, std::uint32_t& a, std::uint32_t& b, TrianglePair& tris,
                        CollisionCounters& counters);

    int m_samples = 32;
    double m_tolerance = 1e-6; ///< of the frame length
    std::unique_ptr<SceneObjects> m_objects;
    std::vector<const Bvh*> m_bvhOf; ///< per object, in the algorithm's MeshDataCache
    std::vector<Pose> m_poses;
    BvhCollider m_collider;
};

} // namespace cdlab
