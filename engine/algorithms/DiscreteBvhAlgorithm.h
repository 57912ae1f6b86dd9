// DiscreteBvhAlgorithm ("bvh"): exact discrete collision by simultaneous BVH traversal (AABB or OBB trees,
// selectable split rule) with the exact triangle test at the leaves.
#pragma once

#include "collision/BvhCollider.h"
#include "pipeline/AlgorithmRegistry.h"
#include "pipeline/BvhStructure.h"
#include "pipeline/DiscretePipeline.h"

namespace cdlab {

class DiscreteBvhAlgorithm : public DiscretePipeline {
public:
    static AlgorithmInfo info();
    explicit DiscreteBvhAlgorithm(const ParamSet& params);

    int structureDepth(std::uint32_t object) const override;
    void drawStructure(double t, std::uint32_t object, int level, DebugSink& sink) const override;
    std::int64_t pickNode(double t, std::uint32_t object, int level, const Vec3& origin,
                          const Vec3& dir) const override;
    void drawNode(double t, std::uint32_t object, std::uint32_t node, DebugSink& sink) const override;

protected:
    void prepareObjects(const SceneObjects& objects, MeshDataCache& meshData, PrepareReport& report,
                        const Progress& progress) override;
    void collidePair(std::uint32_t a, std::uint32_t b, const Pose& pa, const Pose& pb, CollisionResult& out,
                     DebugSink* sink) override;

private:
    BvhStructure structure() const { return {m_objects.get(), m_bvhOf}; }
    BvhBuildOptions m_build;
    std::vector<const Bvh*> m_bvhOf; // per object; the trees live in the algorithm's MeshDataCache
    BvhCollider m_collider;
};

} // namespace cdlab
