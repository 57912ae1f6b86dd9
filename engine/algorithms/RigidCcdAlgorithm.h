// RigidCcdAlgorithm ("rigid-ccd", "rigid-ccd-bm"): continuous collision detection between rigid bodies over
// each frame (redon2002). For every body pair, body i moves relative to body j by the RelativeMotion between
// the keyframed poses at t0 and t1 (a resting body is j, so that is the moving body's keyframed motion); the
// BVHs are traversed as in sec. 2.2 — (1) skip a pair if one node is already BM-culled, (2) test the overlap
// of i's swept node box with j's node box, (3) BM-test each node in turn (continuous test, sec. 6) and mark
// it when culled — and leaf pairs run the exact vertex/face, face/vertex and edge/edge tests. Output: the
// earliest time of contact per body pair and its features. The query of one pair over one frame is a
// RigidCcdQuery (its windows, traversal and elementary tests); this class holds the parameters, prepares
// the trees and cones, and steps the pairs through it.
// Fast motion: when i travels farther than half the smaller body's size in a frame, the frame is halved
// into windows (earliest first; a window after a known contact is skipped) and each window is traversed with
// its own swept boxes and culling bounds, while the elementary tests search only that window's times.
// Each vertex/face, face/vertex and edge/edge pair is tested once per window, however many triangle pairs
// carry it ("per-pair-tests" runs them per triangle pair, as the paper counts them).
// Keys inside a frame: a body's keyed path turns a corner at each key, so a pair's frame is first cut at
// every key of either body strictly inside it (FrameWindows) and the query runs on each piece in time order,
// between that piece's end poses, with its own swept boxes and culling bounds; the first piece with a
// contact gives the frame's.
#pragma once

#include "algorithms/CullingGuard.h"
#include "algorithms/RigidCcdQuery.h"
#include "bvh/Bvh.h"
#include "ccd/RelativeMotion.h"
#include "culling/BmConeTree.h"
#include "mesh/FeatureIndex.h"
#include "pipeline/AlgorithmRegistry.h"
#include "pipeline/BvhStructure.h"
#include "scene/FrameWindows.h"

#include <map>
#include <memory>
#include <utility>
#include <vector>

namespace cdlab {

class RigidCcdAlgorithm : public Algorithm, public BvhTraceRecorder {
public:
    static AlgorithmInfo info(bool culling);
    RigidCcdAlgorithm(const ParamSet& params, bool culling);

    PrepareReport prepare(const Scene& scene, const Progress& progress = {}) override;
    FrameResult step(double t0, double t1, DebugSink* sink = nullptr) override;
    const AlgorithmStructure* structure() const override { return &m_structure; }
    /// Every pair's windows and traversals of the following steps, i as A (BvhTrace.h).
    void setTrace(BvhTrace* trace) override { m_trace = trace; }

private:
    /// redon2002 Fig. 1, for objects i and j (each in its first pair of the frame), as far as the sink wants
    /// them: every triangle as moving forwards (filled) or backwards (wire) under the frame's relative motion
    /// at its end, eq. (1) and (3); with BM-culling, every node the BM test culls over the whole frame.
    void drawFaceMotion(std::uint32_t i, std::uint32_t j, const RelativeMotion& motion, const Pose& worldJ,
                        DebugSink& sink, std::vector<bool>& drawn) const;
    /// The picked node's BM-vectors as arrows from its centre, with its triangles' normals as short strokes.
    void drawCone(std::uint32_t object, std::uint32_t node, const Pose& pose, DebugSink& sink) const;
    std::string describeCone(std::uint32_t object, std::uint32_t node) const;

    bool m_culling;
    BmBuildMode m_buildMode = BmBuildMode::BottomUp;
    BmConeOptions m_coneOptions;
    RigidCcdOptions m_options; // the queries' parameters
    const Scene* m_scene = nullptr;
    std::unique_ptr<SceneObjects> m_objects;
    std::unique_ptr<FrameWindows> m_frame;    // the current frame's cuts at keys and poses there
    std::vector<std::uint32_t> m_pairWindows; // scratch: a pair's windows (indices into m_frame's times)
    // Per object; the structures live in the algorithm's MeshDataCache (shared with the other algorithms
    // of a run when their parameters agree).
    std::vector<const Bvh*> m_bvhOf;
    std::vector<const BmConeTree*> m_coneOf;
    std::vector<const FeatureIndex*> m_featuresOf; ///< first carriers of contact features
    CullingGuard m_guard;          // which pairs may be culled (none with a body inside the other's solid)
    RigidCcdWorkspace m_workspace; // the queries' scratch, sized in prepare() for the largest body
    BvhTrace* m_trace = nullptr;   // the caller's, when it records the traversals
    // The trees as the viewer shows them; a picked node also shows its BM-cone (with culling).
    BvhStructure m_structure{m_objects,
                             m_bvhOf,
                             nullptr,
                             {[this](std::uint32_t o, std::uint32_t n) { return describeCone(o, n); },
                              [this](std::uint32_t o, std::uint32_t n, const Pose& pose, DebugSink& sink) {
                                  if (m_culling) drawCone(o, n, pose, sink);
                              }}};
};

} // namespace cdlab
