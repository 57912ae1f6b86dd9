// LdiAlgorithm: the LDI penetration query per body pair (issue 32). Two registered forms:
// - "ldi": the query box Q is the two bodies' common bounding box (Heidelberger et al.'s volume of interest);
// - "sbv-ldi": the SBV paper's whole pipeline (sbv-reconstruction §5, Fig. 5-6): CSBV first — a separated
//   pair costs no rendering — then Q is the bounding box of SBV(A) ∩ SBV(B), viewed along d* by default
//   (ldi-notes §7.8), so the window and the triangles drawn shrink to the overlap region.
// The answer per pair (volume, depth, direction, layers, overflow) goes into FrameResult's LdiDetail; an open
// mesh marks its pairs unreliable, with the reason. backend=gpu runs GpuLdi (its own EGL context on
// GpuDevice's thread), backend=cpu the ray caster; without OpenGL 4.5 the CPU one runs and prepare says why.
#pragma once

#include "algorithms/SbvPipeline.h"
#include "ldi/LdiDetail.h"
#include "ldi/LdiQuery.h"
#include "ldi/LdiStats.h"
#include "pipeline/AlgorithmRegistry.h"

#include <memory>

namespace cdlab {

class LdiAlgorithm : public SbvPipeline {
public:
    static AlgorithmInfo info();    ///< "ldi"
    static AlgorithmInfo sbvInfo(); ///< "sbv-ldi"
    LdiAlgorithm(const ParamSet& params, bool sbv);

protected:
    void prepareObjects(const SceneObjects& objects, MeshDataCache& meshData, PrepareReport& report,
                        const Progress& progress) override;
    void collidePair(std::uint32_t a, std::uint32_t b, const Pose& pa, const Pose& pb, CollisionResult& out,
                     DebugSink* sink) override;
    void finishStep(FrameResult& result, DebugSink* sink) override;

private:
    /// The overlap region's vertices (sbv-ldi) and d*; false when CSBV separates the pair.
    bool sbvRegion(std::uint32_t a, std::uint32_t b, const Pose& pa, const Pose& pb,
                   std::vector<Vec3>& region, Vec3& direction);
    void draw(const LdiResult& r, DebugSink& sink) const;

    bool m_sbv;
    int m_resolution;
    std::string m_axis; ///< auto, x, y, z, separating
    double m_rowFraction;
    LdiOptions m_options;
    std::string m_backend;
    std::unique_ptr<LdiQuery> m_query;
    std::vector<std::string> m_open; ///< per object: why its mesh is not closed (empty: closed)

    std::vector<LdiPairRecord> m_records;
    double m_sbvMs = 0, m_buildMs = 0, m_resolveMs = 0, m_readbackMs = 0;
    LdiStats m_stats; ///< this frame's
    std::uint64_t m_separated = 0;
};

} // namespace cdlab
