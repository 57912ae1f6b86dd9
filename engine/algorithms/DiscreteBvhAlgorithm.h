// DiscreteBvhAlgorithm ("bvh"): exact discrete collision by simultaneous BVH traversal (AABB or OBB trees,
// selectable split rule) with the exact triangle test at the leaves.
#pragma once

#include "collision/BvhCollider.h"
#include "pipeline/AlgorithmRegistry.h"
#include "pipeline/BvhStructure.h"
#include "pipeline/DiscretePipeline.h"

#include <unordered_map>

namespace cdlab {

class DiscreteBvhAlgorithm : public DiscretePipeline, public BvhTraceRecorder {
public:
    static AlgorithmInfo info();
    explicit DiscreteBvhAlgorithm(const ParamSet& params);

    /// Every pair's traversal of the following steps, the pair's first object as A (BvhTrace.h).
    void setTrace(BvhTrace* trace) override { m_trace = trace, m_traceStale = true; }
    const AlgorithmStructure* structure() const override { return &m_structure; }

protected:
    void prepareObjects(const SceneObjects& objects, MeshDataCache& meshData, PrepareReport& report,
                        const Progress& progress) override;
    void collidePair(std::uint32_t a, std::uint32_t b, const Pose& pa, const Pose& pb, CollisionResult& out,
                     DebugSink* sink) override;
    void finishStep(FrameResult& result, DebugSink* sink) override;
    void meshDeformed(std::uint32_t i, const TriangleMesh& mesh) override;

private:
    BvhBuildOptions m_build;
    // Per object. A rigid object's tree lives in the algorithm's MeshDataCache (shared); a deforming
    // object's is its own, m_deformingBvh[i] (null for rigid objects), built over mesh(i) and refit every
    // step.
    std::vector<const Bvh*> m_bvhOf;
    std::vector<const TriangleMesh*> m_meshOf;
    std::vector<std::unique_ptr<Bvh>> m_deformingBvh;
    BvhCollider m_collider;
    bool m_useFront = false;                              // "front": temporal coherence (BvhFront.h)
    std::unordered_map<std::uint64_t, BvhFront> m_fronts; // per body pair (a << 32 | b)
    std::unordered_map<const Bvh*, BvhParents> m_parents; // per distinct tree, when m_useFront
    BvhTrace* m_trace = nullptr;                          // the caller's, when it records the traversals
    bool m_traceStale = true; // the trace holds the last step's pairs: the next pair clears it
    BvhStructure m_structure{m_objects, m_bvhOf, &m_meshOf};
};

} // namespace cdlab
