// CatchAlgorithm ("catch"): the articulated pipeline of zhang2007. Per frame: swept AABBs of every link from
// Taylor models (or intervals), a dynamic AABB hierarchy per model, culling between models, against the
// environment and within a model (secs. 4-5: the potentially colliding link pairs, PCLs); then lower bounds
// on each PCL's time of contact from its links' convex hulls, temporal culling (sec. 7, Alg. 1) and
// conservative advancement on the links' meshes (secs. 3.4, 6) to the scene's first time of contact and the
// closest features there. Reports that one contact (FirstContactScope::Scene), the PCLs and Table 2's
// counters.
#pragma once

#include "articulated/SpatialCulling.h"
#include "articulated/TimeOfContactSearch.h"
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
    const AlgorithmStructure* structure() const override { return &m_structure; }

private:
    void draw(double t0, double t1, const FrameResult& r, DebugSink& sink) const;
    TimeOfContact contactOf(const TocWitness& w) const;

    SweptBoxOptions m_options;
    TocSearchOptions m_search;
    bool m_self = true;
    TimeOfContactSearch m_toc;
    std::vector<PclRecord> m_records;
    std::vector<CaStep> m_trace;
    const Scene* m_scene = nullptr;
    std::unique_ptr<SceneObjects> m_objects;
    std::vector<const Bvh*> m_bvhOf;
    SpatialCulling m_culling;
    BvhStructure m_structure{m_objects, m_bvhOf};
};

} // namespace cdlab
