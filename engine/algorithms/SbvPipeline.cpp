#include "algorithms/SbvPipeline.h"

#include "convex/ConvexHull.h"

#include <optional>

namespace cdlab {

SbvPipeline::SbvPipeline(ContactMode mode, std::unique_ptr<OshSolver> solver)
    : DiscretePipeline(mode), m_solver(std::move(solver)) {}

std::size_t SbvPipeline::prepareSbv(const SceneObjects& objects, MeshDataCache& meshData,
                                    PrepareReport& report, const Progress& progress) {
    m_hulls.assign(objects.objects().size(), nullptr);
    m_world.assign(objects.objects().size(), {});
    m_previous.clear();
    std::size_t n = 0;
    if (m_solver->exact())
        for (std::size_t i = 0; i < objects.objects().size(); ++i) {
            // The exact OSH of a rigid body walks its convex hull (hill climbing), not its vertices; a
            // deforming body's changes every frame, so it is scanned.
            if (objects.deforms(std::uint32_t(i))) continue;
            const TriangleMesh& mesh = *objects.objects()[i].mesh;
            m_hulls[i] =
                &hold(meshData.get<ConvexHull>(mesh, "convex hull", [&] { return ConvexHull::of(mesh); }));
            report.memoryBytes += m_hulls[i]->vertices().size() * sizeof(Vec3);
            ++n;
            if (progress) progress(double(i + 1) / double(objects.objects().size()), "convex hulls");
        }
    return n;
}

const std::vector<Vec3>& SbvPipeline::worldVertices(std::uint32_t i, const Pose& p) {
    WorldCache& c = m_world[i];
    const TriangleMesh& m = mesh(i);
    if (!c.valid || !(c.pose == p) || c.mesh != &m) {
        c.vertices.resize(m.vertices.size());
        for (std::size_t k = 0; k < m.vertices.size(); ++k) c.vertices[k] = p.apply(m.vertices[k]);
        c.pose = p, c.mesh = &m, c.valid = true;
    }
    return c.vertices;
}

void SbvPipeline::meshDeformed(std::uint32_t i, const TriangleMesh&) {
    // Moved in place: the world vertices are stale whatever the pose (none kept when CSBV is not run).
    if (i < m_world.size()) m_world[i].valid = false;
}

CsbvResult SbvPipeline::runCsbv(std::uint32_t a, std::uint32_t b, const Pose& pa, const Pose& pb,
                                CsbvOptions options) {
    const TriangleMesh& ma = mesh(a);
    const TriangleMesh& mb = mesh(b);
    const std::vector<Vec3>& va = worldVertices(a, pa);
    const std::vector<Vec3>& vb = worldVertices(b, pb);
    // A deformed mesh is no longer the one the hull was built from.
    const bool rigidA = &ma == m_objects->objects()[a].mesh, rigidB = &mb == m_objects->objects()[b].mesh;
    std::optional<PosedHullSupport> hullA, hullB;
    if (m_hulls[a] && rigidA) hullA.emplace(*m_hulls[a], pa);
    if (m_hulls[b] && rigidB) hullB.emplace(*m_hulls[b], pb);
    CsbvBody bodyA{va, ma.triangles, hullA ? &*hullA : nullptr};
    CsbvBody bodyB{vb, mb.triangles, hullB ? &*hullB : nullptr};
    Vec3& previous = m_previous[{a, b}];
    CsbvResult r = csbv(bodyA, bodyB, *m_solver, options, previous);
    previous = r.nextDirection;
    return r;
}

} // namespace cdlab
