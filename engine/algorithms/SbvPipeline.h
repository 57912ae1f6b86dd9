// SbvPipeline: what every algorithm that runs CSBV per body pair keeps between frames (sbv-reconstruction §4,
// Fig. 6) — the direction solver, the rigid bodies' convex hulls for the exact OSH, each object's world
// vertices under its last pose, and each pair's last d* — so `sbv` and `sbv-ldi` call CSBV the same way.
#pragma once

#include "pipeline/DiscretePipeline.h"
#include "sbv/Csbv.h"

#include <map>
#include <memory>

namespace cdlab {

class ConvexHull;

class SbvPipeline : public DiscretePipeline {
protected:
    SbvPipeline(ContactMode mode, std::unique_ptr<OshSolver> solver);

    /// With the exact solver, the rigid objects' convex hulls from the run's cache (hill climbing beats a
    /// scan of the vertices); returns how many. Resets the per-object and per-pair state.
    std::size_t prepareSbv(const SceneObjects& objects, MeshDataCache& meshData, PrepareReport& report,
                           const Progress& progress);
    /// CSBV for the pair (a, b) at poses (pa, pb), from the pair's last d*, which it then replaces.
    CsbvResult runCsbv(std::uint32_t a, std::uint32_t b, const Pose& pa, const Pose& pb, CsbvOptions options);
    /// World vertices of object i under pose p, recomputed only when the pose or the mesh changed.
    const std::vector<Vec3>& worldVertices(std::uint32_t i, const Pose& p);
    /// The vertices the last worldVertices(i, ...) computed (drawing, after runCsbv).
    const std::vector<Vec3>& lastWorldVertices(std::uint32_t i) const { return m_world[i].vertices; }
    void meshDeformed(std::uint32_t i, const TriangleMesh& mesh) override;
    OshSolver& solver() { return *m_solver; }

private:
    std::unique_ptr<OshSolver> m_solver;
    std::vector<const ConvexHull*> m_hulls; ///< per object (exact solver, rigid bodies), else null
    struct WorldCache {
        Pose pose;
        const TriangleMesh* mesh = nullptr;
        bool valid = false;
        std::vector<Vec3> vertices;
    };
    std::vector<WorldCache> m_world;
    std::map<std::pair<std::uint32_t, std::uint32_t>, Vec3> m_previous; ///< d* per pair (Fig. 6)
};

} // namespace cdlab
