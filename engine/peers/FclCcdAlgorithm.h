// FclCcdAlgorithm ("fcl-ca"): FCL 0.7's continuous mesh-mesh collision on the same frames and body pairs as
// rigid-ccd, as a peer column for redon2002's Table 1. FCL's public continuousCollide() reports no contact
// for meshes with conservative advancement and wrong times with its polynomial solver, so this calls the
// working path directly: conservative advancement on RSS trees (conservativeAdvancementMeshOriented), with
// each body pair's relative motion as an InterpMotion about the moving body's origin — linear translation
// and constant angular velocity between the same end poses as rigid-ccd (whose rotation angle follows
// tan(phi/2) = s tan(theta/2), so instants inside a frame differ slightly; both ends agree exactly).
// Conservative advancement stops when its next step would be below 1e-5 of the frame, so it reports a
// contact a little before the exact time, and for near-misses closer than that step. FCL names no features:
// the reported triangles are the closest pair at the time of contact, found by one distance query that is
// timed separately (stage "features") so the "collide" stage is FCL's own work only.
#pragma once

#include "pipeline/AlgorithmRegistry.h"

#include <memory>

namespace cdlab {

class FclCcdAlgorithm : public Algorithm {
public:
    static AlgorithmInfo info();
    explicit FclCcdAlgorithm(const ParamSet& params);
    ~FclCcdAlgorithm() override;

    PrepareReport prepare(const Scene& scene, const Progress& progress = {}) override;
    FrameResult step(double t0, double t1, DebugSink* sink = nullptr) override;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace cdlab
