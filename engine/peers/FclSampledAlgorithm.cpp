#include "peers/FclSampledAlgorithm.h"

#include "core/Stopwatch.h"
#include "peers/FclConversions.h"
#include "pipeline/TimeOfContactDrawing.h"

#include <fcl/config.h>
#include <fcl/fcl.h>
#include <map>

namespace cdlab {

using Model = fcl::BVHModel<fcl::OBBRSSd>;

struct FclSampledAlgorithm::Impl {
    int steps = 100;
    std::unique_ptr<SceneObjects> objects;
    std::map<const TriangleMesh*, std::shared_ptr<Model>> models;
    std::vector<const Model*> modelOf;
    std::vector<Pose> poses;
    std::vector<fcl::Transform3d> transforms;
    std::size_t memoryBytes = 0;
};

AlgorithmInfo FclSampledAlgorithm::info() {
    AlgorithmInfo i;
    i.name = "fcl-sampled";
    i.kind = AlgorithmKind::Continuous;
    i.role = Role::Peer;
    i.draws = {DebugCategory::TimeOfContact};
    i.description = "Peer: what a user picks instead of CATCH, FCL " FCL_VERSION " discrete collide "
                    "(BVHModel<OBBRSS>, first contact) of every object pair at N evenly spaced times per "
                    "frame; the first colliding sample is the scene's first contact (no bisection, no "
                    "features). Misses contacts thinner than the sample spacing.";
    i.params = {
        {"steps",
         "Sampled times per frame, evenly spaced, the frame's end included (articulated-reference's "
         "samples).",
         std::int64_t(100),
         {},
         1,
         100000},
    };
    i.create = [](const ParamSet& p) { return std::make_unique<FclSampledAlgorithm>(p); };
    return i;
}

FclSampledAlgorithm::FclSampledAlgorithm(const ParamSet& p) : m_impl(std::make_unique<Impl>()) {
    m_impl->steps = int(p.getInt("steps"));
}

FclSampledAlgorithm::~FclSampledAlgorithm() = default;

PrepareReport FclSampledAlgorithm::prepare(const Scene& scene, const Progress& progress) {
    refuseDeformingBodies(scene, "fcl-sampled"); // motion bounds and CCD assume rigid bodies
    Impl& m = *m_impl;
    m.objects = std::make_unique<SceneObjects>(scene);
    m.models.clear(), m.modelOf.clear(), m.memoryBytes = 0;
    PrepareReport report;
    Stopwatch sw;
    const auto& objs = m.objects->objects();
    for (std::size_t k = 0; k < objs.size(); ++k) {
        auto [it, fresh] = m.models.try_emplace(objs[k].mesh);
        if (fresh) {
            if (progress) progress(double(k + 1) / double(objs.size()), "FCL OBBRSS " + objs[k].name);
            it->second = buildFclModel<fcl::OBBRSSd>(*objs[k].mesh, m.memoryBytes);
        }
        m.modelOf.push_back(it->second.get());
    }
    report.stages.add("build", sw.ms());
    report.memoryBytes = m.memoryBytes;
    report.notes = std::to_string(m.models.size()) + " FCL BVHModel<OBBRSS>; " + std::to_string(m.steps) +
                   " samples per frame";
    return report;
}

FrameResult FclSampledAlgorithm::step(double t0, double t1, DebugSink* sink) {
    Impl& m = *m_impl;
    FrameResult r;
    r.t0 = t0, r.t1 = t1;
    r.firstContactScope = FirstContactScope::Scene;
    Stopwatch sw;
    double posesMs = 0, collideMs = 0;
    std::uint64_t samples = 0;
    const fcl::CollisionRequestd request(1, false); // stop at the first colliding triangle pair
    for (int k = 1; k <= m.steps && r.firstContacts.empty(); ++k) {
        const double t = k == m.steps ? t1 : t0 + (t1 - t0) * (double(k) / m.steps);
        sw.restart();
        m.objects->poses(t, m.poses);
        m.transforms.resize(m.poses.size());
        for (std::size_t o = 0; o < m.poses.size(); ++o) m.transforms[o] = toFcl(m.poses[o]);
        posesMs += sw.ms();
        sw.restart();
        ++samples;
        for (auto [a, b] : m.objects->pairs()) {
            fcl::CollisionResultd result;
            fcl::collide(m.modelOf[a], m.transforms[a], m.modelOf[b], m.transforms[b], request, result);
            if (result.numContacts() == 0) continue;
            TimeOfContact c;
            c.objectA = a, c.objectB = b, c.time = t, c.hasFeatures = false;
            c.triA = std::uint32_t(result.getContact(0).b1), c.triB = std::uint32_t(result.getContact(0).b2);
            r.firstContacts.push_back(c);
            r.contacts.push_back({a, b, {{c.triA, c.triB}}});
            break;
        }
        collideMs += sw.ms();
    }
    r.stages.add("poses", posesMs);
    r.stages.add("collide", collideMs);
    r.counters.add(counter::Samples, samples);
    r.counters.add(counter::Contacts, r.firstContacts.size());
    if (sink && !r.firstContacts.empty()) { // the bodies at the colliding sample
        const TimeOfContact& c = r.firstContacts.front();
        std::vector<Pose> end;
        m.objects->poses(t1, end);
        const auto& objs = m.objects->objects();
        ContactBody a{objs[c.objectA].mesh, m.poses[c.objectA], end[c.objectA], std::int32_t(c.objectA)};
        ContactBody b{objs[c.objectB].mesh, m.poses[c.objectB], end[c.objectB], std::int32_t(c.objectB)};
        drawTimeOfContact(*sink, c, a, b, t1 > t0 ? (c.time - t0) / (t1 - t0) : 0.0);
    }
    return r;
}

} // namespace cdlab
