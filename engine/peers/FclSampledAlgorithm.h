// FclSampledAlgorithm ("fcl-sampled"): what a user picks instead of CATCH (zhang2007) when only a discrete
// collision library is at hand, as a peer column: FCL 0.7's discrete mesh-mesh collide (BVHModel<OBBRSS>,
// FCL's fast path; models built once in prepare, only transforms set per query) of every object pair the
// scene tests, at N evenly spaced times of each frame, t0 + k (t1 - t0) / N for k = 1..N (the same times as
// articulated-reference). The first colliding sample's time is its first contact (no bisection: that is the
// baseline), the scene's earliest only (FirstContactScope::Scene); FCL names no features, only a colliding
// triangle pair. Contacts that begin and end between two samples are missed.
#pragma once

#include "pipeline/AlgorithmRegistry.h"

#include <memory>

namespace cdlab {

class FclSampledAlgorithm : public Algorithm {
public:
    static AlgorithmInfo info();
    explicit FclSampledAlgorithm(const ParamSet& params);
    ~FclSampledAlgorithm() override;

    PrepareReport prepare(const Scene& scene, const Progress& progress = {}) override;
    FrameResult step(double t0, double t1, DebugSink* sink = nullptr) override;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace cdlab
