// CatchAlgorithm ("catch"): the articulated pipeline of zhang2007, up to spatial culling (secs. 4-5): per
// frame, swept AABBs of every link from Taylor models (or intervals), a dynamic AABB hierarchy per model,
// culling between models, against the environment and within a model. It reports the potentially colliding
// link pairs (PCLs) and Table 2's spatial counters; it finds no contacts and no time of contact (its kind is
// "culling"): conservative advancement and temporal culling come next.
#pragma once

#include "articulated/SpatialCulling.h"
#include "pipeline/AlgorithmRegistry.h"
#include "pipeline/BvhStructure.h"

#include <memory>

namespace cdlab {

class CatchAlgorithm : public Algorithm {
public:
    static AlgorithmInfo info();
    explicit CatchAlgorithm(const ParamSet& params);

    PrepareReport prepare(const Scene& scene, const Progress& progress = {}) override;
    FrameResult step(double t0, double t1, DebugSink* sink = nullptr) override;
    int structureDepth(std::uint32_t object) const override { return structure().depth(object); }
    void drawStructure(double t, std::uint32_t object, int level, DebugSink& sink) const override {
        structure().drawLevel(t, object, level, sink);
    }
    std::int64_t pickNode(double t, std::uint32_t object, int level, const Vec3& origin,
                          const Vec3& dir) const override {
        return structure().pick(t, object, level, origin, dir);
    }
    void drawNode(double t, std::uint32_t object, std::uint32_t node, DebugSink& sink) const override {
        structure().drawNode(t, object, node, "", sink);
    }

private:
    BvhStructure structure() const { return {m_objects.get(), m_bvhOf}; }
    void draw(double t0, double t1, const std::vector<SpatialCulling::ObjectPair>& pcls,
              DebugSink& sink) const;

    SweptBoxOptions m_options;
    const Scene* m_scene = nullptr;
    std::unique_ptr<SceneObjects> m_objects;
    std::vector<const Bvh*> m_bvhOf;
    SpatialCulling m_culling;
};

} // namespace cdlab
