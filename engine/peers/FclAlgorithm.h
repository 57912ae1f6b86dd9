// FclAlgorithm ("fcl"): FCL 0.7's discrete mesh-mesh collision on the same frames and pairs, as a peer
// column. OBBRSS is FCL's fast mesh-mesh path (the fair baseline); AABB models are copied to world space and
// refit on every call inside FCL, so they are slow by FCL's design, not ours (see docs/BENCHMARKS.md).
#pragma once

#include "pipeline/AlgorithmRegistry.h"
#include "pipeline/DiscretePipeline.h"

#include <memory>

namespace cdlab {

class FclAlgorithm : public DiscretePipeline {
public:
    static AlgorithmInfo info();
    static std::string version();
    explicit FclAlgorithm(const ParamSet& params);
    ~FclAlgorithm() override;

protected:
    void prepareObjects(const SceneObjects& objects, MeshDataCache& meshData, PrepareReport& report,
                        const Progress& progress) override;
    void collidePair(std::uint32_t a, std::uint32_t b, const Pose& pa, const Pose& pb, CollisionResult& out,
                     DebugSink* sink) override;
    void meshDeformed(std::uint32_t i, const TriangleMesh& mesh) override;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace cdlab
