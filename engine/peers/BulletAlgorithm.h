// BulletAlgorithm ("bullet"): Bullet 3.24's discrete mesh-mesh collision on the same frames and pairs, as a
// peer column beside FCL. btGImpactMeshShape against btGImpactMeshShape is Bullet's mesh-mesh path
// (btBvhTriangleMeshShape against itself reports nothing). Bullet reports contact points between triangles
// within its collision margin; the margin is 0 here (Bullet's default 0.01 reports gaps of millimetres as
// contacts), so the colliding triangle pairs are the pairs of the points it reports — Bullet's answer to the
// same question, in single precision, which may differ from the exact one on touching and grazing pairs.
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
    void prepareObjects(const SceneObjects& objects, PrepareReport& report,
                        const Progress& progress) override;
    void collidePair(std::uint32_t a, std::uint32_t b, const Pose& pa, const Pose& pb, CollisionResult& out,
                     DebugSink* sink) override;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace cdlab
