// SbvAlgorithm ("sbv"): separating bounding volumes (sbv-reconstruction §2-4; the OCR'd SBV paper's CSBV,
// Fig. 4) per body pair — separation with a certificate, or the overlap region and the triangles of each
// body inside it. With narrow=exact the surviving triangles are tested pair by pair with the same exact
// triangle test as brute force, so its contact sets equal brute force's. No hierarchy: every frame costs a
// few passes over the vertices, whatever the bodies did since the last one.
#pragma once

#include "algorithms/SbvPipeline.h"
#include "pipeline/AlgorithmRegistry.h"
#include "sbv/SbvDetail.h"
#include "sbv/SbvStats.h"

namespace cdlab {

class SbvAlgorithm : public SbvPipeline {
public:
    static AlgorithmInfo info();
    explicit SbvAlgorithm(const ParamSet& params);

protected:
    void prepareObjects(const SceneObjects& objects, MeshDataCache& meshData, PrepareReport& report,
                        const Progress& progress) override;
    void collidePair(std::uint32_t a, std::uint32_t b, const Pose& pa, const Pose& pb, CollisionResult& out,
                     DebugSink* sink) override;
    void finishStep(FrameResult& result, DebugSink* sink) override;

private:
    void narrowPhase(std::uint32_t a, std::uint32_t b, const Pose& pa, const Pose& pb, const CsbvResult& r,
                     CollisionResult& out, DebugSink* sink);
    void draw(std::uint32_t a, std::uint32_t b, const CsbvResult& r, DebugSink& sink) const;

    CsbvOptions m_options;
    bool m_narrow = false;
    std::vector<SbvPairRecord> m_records;
    std::vector<SbvShrinkStep> m_steps;
    double m_sbvMs = 0, m_narrowMs = 0;
    SbvStats m_stats;           ///< this frame's
    std::vector<Vec3> m_localB; ///< B's vertices in A's frame (the narrow phase, as brute force)
};

} // namespace cdlab
