// DiscretePipeline: the frame loop shared by discrete algorithms — poses at t1, the deforming bodies' meshes
// at t1, every object pair of the scene through collidePair(), contacts sorted per pair, counters summed,
// stages timed ("poses", "deform" when a body deforms, "collide").
//
// Deforming bodies (issue 31): the pipeline keeps one deformed copy of the mesh per deforming object, moves
// it to t1 at the start of each step and hands it to the algorithm through meshDeformed(), which refits
// whatever the algorithm keeps over it. collidePair() tests mesh(i), the rest mesh for rigid objects. A
// structure an algorithm keeps for a deforming object must be its own (not a MeshDataCache entry, which
// other algorithms and objects share) and built over mesh(i), which stays at one address from prepare() on.
#pragma once

#include "pipeline/Algorithm.h"

#include <memory>

namespace cdlab {

class DiscretePipeline : public Algorithm {
public:
    PrepareReport prepare(const Scene& scene, const Progress& progress = {}) final;
    FrameResult step(double t0, double t1, DebugSink* sink = nullptr) final;

    /// The "mode" parameter every discrete algorithm takes (all pairs or first contact), and its value.
    static ParamSpec contactModeParam();
    static ContactMode contactMode(const ParamSet& params);

protected:
    explicit DiscretePipeline(ContactMode mode) : m_mode(mode) {}
    /// Builds per-object structures; objects sharing a mesh may share them.
    virtual void prepareObjects(const SceneObjects& objects, MeshDataCache& meshData, PrepareReport& report,
                                const Progress& progress) = 0;
    /// Adds the colliding triangle pairs of objects a and b (world poses pa, pb) to `out`.
    virtual void collidePair(std::uint32_t a, std::uint32_t b, const Pose& pa, const Pose& pb,
                             CollisionResult& out, DebugSink* sink) = 0;

    /// The mesh collidePair() must test for object i at this step's time: the rest mesh of a rigid object,
    /// the deformed copy of a deforming one (after prepare() and before the first step, its shape at the
    /// scene's start time).
    const TriangleMesh& mesh(std::uint32_t i) const {
        return m_objects->deforms(i) ? m_deformed[i] : *m_objects->objects()[i].mesh;
    }
    /// Called in step() before the pairs, for each deforming object, once mesh(i) has its shape at t1:
    /// refit what the algorithm keeps over it (vertices changed, triangles did not). prepareObjects() sees
    /// mesh(i) at the scene's start time already.
    virtual void meshDeformed(std::uint32_t i, const TriangleMesh& mesh) {}
    /// Called once per step after every pair, to report what the algorithm finds beyond contacts.
    virtual void finishStep(FrameResult& result, DebugSink* sink) {}

    /// For algorithms that report pairs without drawing them (the peers): draws each reported pair into
    /// the sink as the traversals do (both triangles, and the crossing segment where there is one).
    void drawReportedPairs(std::uint32_t a, std::uint32_t b, const Pose& pa, const Pose& pb,
                           const std::vector<TrianglePair>& pairs, DebugSink& sink) const;

    ContactMode m_mode;
    std::unique_ptr<SceneObjects> m_objects;

private:
    /// Moves every deforming object's copy to time t and calls meshDeformed() for it.
    void deform(double t);

    std::vector<Pose> m_poses;
    std::vector<TriangleMesh> m_deformed; // per object; empty for rigid ones
    bool m_anyDeforms = false;
};

} // namespace cdlab
