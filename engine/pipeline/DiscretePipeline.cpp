#include "pipeline/DiscretePipeline.h"

#include "collision/ContactDrawing.h"
#include "core/Stopwatch.h"

#include <algorithm>

namespace cdlab {

ParamSpec DiscretePipeline::contactModeParam() {
    return {"mode",
            "all: every colliding triangle pair; first: stop at the first contact per body pair.",
            std::string("all"),
            {"all", "first"}};
}

ContactMode DiscretePipeline::contactMode(const ParamSet& params) {
    return params.getString("mode") == "first" ? ContactMode::FirstContact : ContactMode::AllPairs;
}

PrepareReport DiscretePipeline::prepare(const Scene& scene, const Progress& progress) {
    m_objects = std::make_unique<SceneObjects>(scene);
    // The copies are made before prepareObjects() so that structures can be built over mesh(i), and never
    // move afterwards (the vector is not resized until the next prepare).
    m_anyDeforms = m_objects->anyDeforms();
    m_deformed.assign(m_objects->objects().size(), TriangleMesh{});
    for (std::uint32_t i = 0; i < m_deformed.size(); ++i)
        if (m_objects->deforms(i)) m_objects->deformedMesh(i, scene.startTime, m_deformed[i]);
    PrepareReport report;
    Stopwatch sw;
    prepareObjects(*m_objects, meshData(scene), report, progress);
    report.stages.add("build", sw.ms());
    return report;
}

void DiscretePipeline::deform(double t) {
    if (!m_anyDeforms) return;
    for (std::uint32_t i = 0; i < m_deformed.size(); ++i) {
        if (!m_objects->deforms(i)) continue;
        m_objects->deformedMesh(i, t, m_deformed[i]);
        meshDeformed(i, m_deformed[i]);
    }
}

void DiscretePipeline::drawReportedPairs(std::uint32_t a, std::uint32_t b, const Pose& pa, const Pose& pb,
                                         const std::vector<TrianglePair>& pairs, DebugSink& sink) const {
    const TriangleMesh& meshA = mesh(a);
    const TriangleMesh& meshB = mesh(b);
    for (const TrianglePair& p : pairs) {
        // Both triangles in world space; drawContact's frame is then the identity.
        std::array<Vec3, 3> ta, tb;
        meshA.corners(p.a, ta[0], ta[1], ta[2]);
        meshB.corners(p.b, tb[0], tb[1], tb[2]);
        for (Vec3& v : ta) v = pa.apply(v);
        for (Vec3& v : tb) v = pb.apply(v);
        drawContact(sink, Pose{}, ta, tb, std::int32_t(a), std::int32_t(b));
    }
}

FrameResult DiscretePipeline::step(double t0, double t1, DebugSink* sink) {
    FrameResult r;
    r.t0 = t0, r.t1 = t1;
    Stopwatch sw;
    m_objects->poses(t1, m_poses);
    r.stages.add("poses", sw.ms());
    if (m_anyDeforms) { // rigid scenes keep the stages they always had
        sw.restart();
        deform(t1);
        r.stages.add("deform", sw.ms());
    }
    sw.restart();
    CollisionCounters total;
    for (auto [a, b] : m_objects->pairs()) {
        CollisionResult res;
        collidePair(a, b, m_poses[a], m_poses[b], res, sink);
        total += res.counters;
        if (res.pairs.empty()) continue;
        std::sort(res.pairs.begin(), res.pairs.end());
        r.contacts.push_back({a, b, std::move(res.pairs)});
    }
    r.stages.add("collide", sw.ms());
    total.addTo(r.counters);
    finishStep(r, sink);
    return r;
}

} // namespace cdlab
