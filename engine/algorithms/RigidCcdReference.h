// RigidCcdReference ("rigid-ccd-reference"): the exact reference for continuous collision of rigid bodies —
// every triangle pair's 15 exact elementary tests (vertex/face, face/vertex, edge/edge) on the same
// in-between motion as the pipelines, with no hierarchy, no swept boxes of nodes and no culling; only each
// vertex's own conservative path box prefilters a pair. It reports what rigid-ccd and rigid-ccd-bm must
// report: the earliest contact of each body pair, its kind and features (the bench's --verify and the tests
// compare them). Like them it follows the keyed path: a pair's frame is cut at every key of either body
// inside it (FrameWindows) and each piece runs between its own end poses, earliest first.
#pragma once

#include "ccd/ElementaryCcd.h"
#include "mesh/FeatureIndex.h"
#include "pipeline/AlgorithmRegistry.h"
#include "scene/FrameWindows.h"
#include "scene/SceneObjects.h"

#include <map>
#include <memory>

namespace cdlab {

class RelativeMotion;

class RigidCcdReference : public Algorithm {
public:
    static AlgorithmInfo info();
    explicit RigidCcdReference(const ParamSet& params);

    PrepareReport prepare(const Scene& scene, const Progress& progress = {}) override;
    FrameResult step(double t0, double t1, DebugSink* sink = nullptr) override;

private:
    /// The earliest contact of mesh i moving by `motion` relative to mesh j over [0, 1] (time as a fraction),
    /// by `earlier`'s order; false when there is none.
    bool earliestContact(const TriangleMesh& meshI, const TriangleMesh& meshJ, const RelativeMotion& motion,
                         TimeOfContact& best, std::uint64_t& tests) const;

    CcdOptions m_ccd;
    std::unique_ptr<SceneObjects> m_objects;
    std::unique_ptr<FrameWindows> m_frame;         // the current frame's cuts at keys and poses there
    std::vector<const FeatureIndex*> m_featuresOf; ///< per object, in the algorithm's MeshDataCache
};

} // namespace cdlab
