// RigidCcdAlgorithm ("rigid-ccd", "rigid-ccd-bm"): continuous collision detection between rigid bodies over
// each frame (redon2002). For every body pair, body i moves relative to body j by the RelativeMotion between
// the keyframed poses at t0 and t1 (a resting body is j, so that is the moving body's keyframed motion); the
// BVHs are traversed as in sec. 2.2 — (1) skip a pair if one node is already BM-culled, (2) test the overlap
// of i's swept node box with j's node box, (3) BM-test each node in turn (continuous test, sec. 6) and mark
// it when culled — and leaf pairs run the exact vertex/face, face/vertex and edge/edge tests. Output: the
// earliest time of contact per body pair and its features.
// Fast motion: when i travels farther than half the smaller body's size in a frame, the frame is halved
// into windows (earliest first; a window after a known contact is skipped) and each window is traversed with
// its own swept boxes and culling bounds, while the elementary tests search only that window's times.
// Each vertex/face, face/vertex and edge/edge pair is tested once per window, however many triangle pairs
// carry it ("per-pair-tests" runs them per triangle pair, as the paper counts them).
#pragma once

#include "algorithms/CullingGuard.h"
#include "bvh/Bvh.h"
#include "bvh/BvhTraversal.h"
#include "ccd/ElementaryCcd.h"
#include "ccd/RelativeMotion.h"
#include "collision/BvhCollider.h"
#include "core/StampedCache.h"
#include "core/StampedPairSet.h"
#include "culling/BmConeTree.h"
#include "mesh/FeatureIndex.h"
#include "pipeline/AlgorithmRegistry.h"
#include "pipeline/BvhStructure.h"

#include <map>
#include <memory>
#include <utility>
#include <vector>

namespace cdlab {

class RigidCcdAlgorithm : public Algorithm {
public:
    static AlgorithmInfo info(bool culling);
    RigidCcdAlgorithm(const ParamSet& params, bool culling);

    PrepareReport prepare(const Scene& scene, const Progress& progress = {}) override;
    FrameResult step(double t0, double t1, DebugSink* sink = nullptr) override;
    const AlgorithmStructure* structure() const override { return &m_structure; }

private:
    struct Counts {
        std::uint64_t bvTests = 0, vf = 0, fv = 0, ee = 0, bmTests = 0, bmCulled = 0, hits = 0;
        std::uint64_t vfBackward = 0, fvBackward = 0, eeBackward = 0; // "face-bound"
    };
    bool query(std::uint32_t i, std::uint32_t j, const RelativeMotion& motion, TimeOfContact& best,
               Counts& counts);
    /// The frame's window [a, b]: halved while i travels farther than `reach` in it (earlier half first,
    /// skipped once a contact before it is known), else traversed.
    void window(const RelativeMotion& motion, double a, double b, int depth, double reach, double radiusI,
                const Obb& rootI, const Obb& rootJ, TimeOfContact& best, Counts& counts);
    /// The traversal of sec. 2.2 over one window.
    void traverse(const MotionWindow& w, double a, double b, TimeOfContact& best, Counts& counts);
    /// Contacts after this time cannot change the answer (ties included, on the reported time's grid).
    double untilTime(const TimeOfContact& best) const;
    const Obb& sweptNode(std::uint32_t node);
    const Aabb& sweptVertex(std::uint32_t v); ///< padded box of i's vertex path over the frame
    const Aabb& pointBox(std::uint32_t v);    ///< padded box of j's vertex
    const PolyVec3& movingTrajectory(std::uint32_t v);
    const PolyVec3& fixedTrajectory(std::uint32_t v);
    const DoublePolyVec3& movingApprox(std::uint32_t v);
    const DoublePolyVec3& fixedApprox(std::uint32_t v);
    /// One BV test of step 2 (BvOverlap or BvSeparated): i's swept box and j's box, at j's end pose.
    void drawBvTest(std::uint32_t ni, std::uint32_t nj, bool overlap);
    void drawCulled(std::uint32_t object, const Obb& box, int depth, const Pose& pose);
    /// redon2002 Fig. 1, for objects i and j (each in its first pair of the frame), as far as the sink wants
    /// them: every triangle as moving forwards (filled) or backwards (wire) under the frame's relative motion
    /// at its end, eq. (1) and (3); with BM-culling, every node the BM test culls over the whole frame.
    void drawFaceMotion(std::uint32_t i, std::uint32_t j, const RelativeMotion& motion, const Pose& worldJ,
                        DebugSink& sink, std::vector<bool>& drawn) const;
    /// The picked node's BM-vectors as arrows from its centre, with its triangles' normals as short strokes.
    void drawCone(std::uint32_t object, std::uint32_t node, const Pose& pose, DebugSink& sink) const;
    std::string describeCone(std::uint32_t object, std::uint32_t node) const;
    void leafTests(std::uint32_t triI, std::uint32_t triJ, TimeOfContact& best, Counts& counts);
    /// Vanecek's face-level test (3), continuous over the window: every point of the triangle moves
    /// backwards relative to the other body throughout (its vertices as characteristic points, its normal as
    /// the only cone vector). Only for the "face-bound" counters.
    bool movingTriangleBackward(std::uint32_t tri);
    bool fixedTriangleBackward(std::uint32_t tri);
    /// The "per-face" node test: every triangle below the node (of i if `moving`, else of j) moves backwards.
    bool allBackward(bool moving, std::uint32_t node);

    bool m_culling;
    BmBuildMode m_buildMode = BmBuildMode::BottomUp;
    BmConeOptions m_coneOptions;
    CcdOptions m_ccd;
    const Scene* m_scene = nullptr;
    std::unique_ptr<SceneObjects> m_objects;
    // Per object; the structures live in the algorithm's MeshDataCache (shared with the other algorithms
    // of a run when their parameters agree).
    std::vector<const Bvh*> m_bvhOf;
    std::vector<const BmConeTree*> m_coneOf;
    std::vector<const FeatureIndex*> m_featuresOf; ///< first carriers of contact features
    CullingGuard m_guard;    // which pairs may be culled (none with a body inside the other's solid)
    bool m_cullPair = false; // culling on for the pair being queried

    // Per query (one body pair, one frame).
    const TriangleMesh *m_meshI = nullptr, *m_meshJ = nullptr;
    const Bvh *m_bvhI = nullptr, *m_bvhJ = nullptr;
    const BmConeTree *m_coneI = nullptr, *m_coneJ = nullptr;
    const RelativeMotion* m_motion = nullptr;
    const MotionWindow* m_window = nullptr; // the window being traversed
    double m_windowStart = 0, m_windowEnd = 1;
    double m_windowTravel = 0.5; // "window" parameter
    bool m_faceBound = false;    // "face-bound" parameter
    bool m_perFaceTest = false;  // "test" parameter: per-face instead of the BM-cone test
    DebugSink* m_sink = nullptr; // when drawing: BM-culled nodes at the frame's end poses
    Pose m_endPoseI, m_endPoseJ;
    std::uint32_t m_objI = 0, m_objJ = 0;
    // Per window and node, once BM-tested: 1 culled, 0 kept (sec. 2.2's flag). Stamped, so a window starts
    // without clearing a flag per node (that clearing was 1 % of a Table 1 frame).
    StampedCache<std::uint8_t> m_culledI, m_culledJ;
    // The traversal's node pairs left; a member so that its capacity outlives a window.
    BvhPairStack m_stack;
    StampedCache<Obb> m_sweptNodes;
    StampedCache<Aabb> m_sweptVerts, m_pointBoxes;
    StampedCache<char> m_backwardI, m_backwardJ;                // per triangle and window, for "face-bound"
    StampedCache<PolyVec3> m_movingTraj, m_fixedTraj;           // exact, built lazily
    StampedCache<DoublePolyVec3> m_movingApprox, m_fixedApprox; // for the floating-point search
    // Feature pairs whose exact test ran in this window: a vertex is shared by about six triangles and an
    // edge by two, so the triangle pairs of a leaf-pair traversal repeat the same vertex/face test about six
    // times and the same edge/edge test four; the repeats would give the same answer.
    StampedPairSet m_testedVf, m_testedFv, m_testedEe;
    bool m_testOnce = true; // not "per-pair-tests"
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
