// BruteForceAlgorithm ("brute-force"): every triangle pair of every body pair — the reference the fast
// discrete algorithms are checked against.
#pragma once

#include "collision/BruteForceCollider.h"
#include "pipeline/AlgorithmRegistry.h"
#include "pipeline/DiscretePipeline.h"

namespace cdlab {

class BruteForceAlgorithm : public DiscretePipeline {
public:
    static AlgorithmInfo info();
    explicit BruteForceAlgorithm(const ParamSet& params);

protected:
    void prepareObjects(const SceneObjects& objects, MeshDataCache& meshData, PrepareReport& report,
                        const Progress& progress) override {}
    void collidePair(std::uint32_t a, std::uint32_t b, const Pose& pa, const Pose& pb, CollisionResult& out,
                     DebugSink* sink) override;

private:
    BruteForceCollider m_collider;
};

} // namespace cdlab
