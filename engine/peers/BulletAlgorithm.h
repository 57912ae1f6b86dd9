// BulletAlgorithm ("bullet"): Bullet 3.24's discrete mesh-mesh collision on the same frames and pairs, as a
// peer column beside FCL. btGImpactMeshShape against btGImpactMeshShape is Bullet's mesh-mesh path
// (btBvhTriangleMeshShape against itself reports nothing). The collision margin is 0 (Bullet's default 0.01
// reports gaps of millimetres as contacts). Bullet's answer is the triangle pairs of the contact points it
// reports: a pair counts when points of one triangle, clipped to the other, lie in its back half-space, in
// single precision. That is a looser question than ours (crossing or touching triangles): it reports more
// pairs, and misses a few that only touch (docs/BENCHMARKS.md), so its hash differs from the exact one.
#pragma once

#include "pipeline/AlgorithmRegistry.h"
#include "pipeline/DiscretePipeline.h"

#include <memory>

namespace cdlab {

class BulletAlgorithm : public DiscretePipeline {
public:
    static AlgorithmInfo info();
    static std::string version();
    explicit BulletAlgorithm(const ParamSet& params);
    ~BulletAlgorithm() override;

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
