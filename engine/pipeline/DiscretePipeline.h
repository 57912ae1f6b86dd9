// DiscretePipeline: the frame loop shared by discrete algorithms — poses at t1, every object pair of the
// scene through collidePair(), contacts sorted per pair, counters summed, stages timed ("poses", "collide").
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

    /// The mesh collidePair() must test for object i at this step's time.
    const TriangleMesh& mesh(std::uint32_t i) const { return *m_objects->objects()[i].mesh; }
    /// Called once per step after every pair, to report what the algorithm finds beyond contacts.
    virtual void finishStep(FrameResult& result, DebugSink* sink) {}

    /// For algorithms that report pairs without drawing them (the peers): draws each reported pair into
    /// the sink as the traversals do (both triangles, and the crossing segment where there is one).
    void drawReportedPairs(std::uint32_t a, std::uint32_t b, const Pose& pa, const Pose& pb,
                           const std::vector<TrianglePair>& pairs, DebugSink& sink) const;

    ContactMode m_mode;
    std::unique_ptr<SceneObjects> m_objects;

private:
    std::vector<Pose> m_poses;
};

} // namespace cdlab
