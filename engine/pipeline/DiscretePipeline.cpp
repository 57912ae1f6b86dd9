#include "pipeline/DiscretePipeline.h"

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
    PrepareReport report;
    Stopwatch sw;
    prepareObjects(*m_objects, report, progress);
    report.stages.add("build", sw.ms());
    return report;
}

FrameResult DiscretePipeline::step(double t0, double t1, DebugSink* sink) {
    FrameResult r;
    r.t0 = t0, r.t1 = t1;
    Stopwatch sw;
    m_objects->poses(t1, m_poses);
    r.stages.add("poses", sw.ms());
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
    r.counters.addCollision(total);
    return r;
}

} // namespace cdlab
