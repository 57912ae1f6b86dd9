#include "peers/FclCcdAlgorithm.h"

#include "collision/ContactDrawing.h"
#include "core/Stopwatch.h"
#include "peers/FclConversions.h"
#include "pipeline/TimeOfContactDrawing.h"
#include "scene/FrameWindows.h"

#include <fcl/config.h>
#include <fcl/fcl.h>
#include <fcl/math/motion/interp_motion.h>
#include <fcl/narrowphase/detail/conservative_advancement_func_matrix.h>
#include <map>

namespace cdlab {

namespace {

using Model = fcl::BVHModel<fcl::RSSd>;

/// The five-argument constructor is the safe one (the others leave the reference point unset). The origin is
/// the reference point, so it moves linearly as in rigid-ccd.
fcl::InterpMotion<double> motionBetween(const fcl::Transform3d& a, const fcl::Transform3d& b) {
    return fcl::InterpMotion<double>(a.linear(), a.translation(), b.linear(), b.translation(),
                                     fcl::Vector3d::Zero());
}

} // namespace

struct FclCcdAlgorithm::Impl {
    const Scene* scene = nullptr;
    std::unique_ptr<SceneObjects> objects;
    std::unique_ptr<FrameWindows> frame; // the current frame's cuts at keys and poses there
    std::map<const TriangleMesh*, std::shared_ptr<Model>> models;
    std::vector<const Model*> modelOf;
    std::size_t memoryBytes = 0;
};

AlgorithmInfo FclCcdAlgorithm::info() {
    AlgorithmInfo i;
    i.name = "fcl-ca";
    i.kind = AlgorithmKind::Continuous;
    i.jointMotion = false; // a straight screw between the frame's end poses: refuseArticulatedMotion
    i.draws = {DebugCategory::TriangleHit, DebugCategory::TimeOfContact};
    i.role = Role::Peer;
    i.description =
        "Peer: FCL " FCL_VERSION " continuous collision by conservative advancement on RSS trees "
        "(its working mesh-mesh CCD path), same frames, body pairs and windows (cut at keys inside a "
        "frame) as rigid-ccd; "
        "time of contact within 1e-5 of the frame, closest triangles at that time.";
    i.create = [](const ParamSet& p) { return std::make_unique<FclCcdAlgorithm>(p); };
    return i;
}

FclCcdAlgorithm::FclCcdAlgorithm(const ParamSet&) : m_impl(std::make_unique<Impl>()) {}

FclCcdAlgorithm::~FclCcdAlgorithm() = default;

PrepareReport FclCcdAlgorithm::prepare(const Scene& scene, const Progress& progress) {
    refuseDeformingBodies(scene, "fcl-ca");   // motion bounds and CCD assume rigid bodies
    refuseArticulatedMotion(scene, "fcl-ca"); // one straight screw per frame, not the joints' arcs
    Impl& m = *m_impl;
    m.scene = &scene;
    m.objects = std::make_unique<SceneObjects>(scene);
    m.frame = std::make_unique<FrameWindows>(scene, *m.objects);
    m.models.clear(), m.modelOf.clear(), m.memoryBytes = 0;
    PrepareReport report;
    Stopwatch sw;
    for (const auto& o : m.objects->objects()) {
        auto [it, fresh] = m.models.try_emplace(o.mesh);
        if (fresh) {
            if (progress)
                progress(double(m.models.size()) / double(m.objects->objects().size()), "FCL RSS " + o.name);
            it->second = buildFclModel<fcl::RSSd>(*o.mesh, m.memoryBytes);
        }
        m.modelOf.push_back(it->second.get());
    }
    report.stages.add("build", sw.ms());
    report.memoryBytes = m.memoryBytes;
    report.notes = std::to_string(m.models.size()) + " FCL BVHModel<RSS>";
    return report;
}

FrameResult FclCcdAlgorithm::step(double t0, double t1, DebugSink* sink) {
    Impl& m = *m_impl;
    FrameResult r;
    r.t0 = t0, r.t1 = t1;
    Stopwatch sw;
    m.frame->setFrame(t0, t1); // the poses at the frame's ends and at the keys inside it
    const std::vector<Pose>& p1 = m.frame->endPoses();
    r.stages.add("poses", sw.ms());
    double collideMs = 0, featuresMs = 0;
    std::uint64_t hits = 0;
    const fcl::Transform3d identity = fcl::Transform3d::Identity();
    std::vector<std::uint32_t> windows;
    for (auto [pi, pj] : m.objects->pairs()) {
        // The keyed path as rigid-ccd follows it: the frame cut at every key of either body inside it, one
        // straight screw per window, earliest window first.
        m.frame->pairWindows(pi, pj, windows);
        for (std::size_t w = 0; w + 1 < windows.size(); ++w) {
            sw.restart();
            const std::vector<Pose>&pa = m.frame->poses(windows[w]), &pb = m.frame->poses(windows[w + 1]);
            const double wa = m.frame->times()[windows[w]], wb = m.frame->times()[windows[w + 1]];
            // Body i relative to body j, oriented as rigid-ccd does it (a resting body is j, so the motion
            // is the moving body's keyframe motion); j rests at the identity.
            bool swapped = pa[pi] == pb[pi] && pa[pj] != pb[pj];
            std::uint32_t i = swapped ? pj : pi, j = swapped ? pi : pj;
            fcl::InterpMotion<double> moving =
                motionBetween(toFcl(pa[j].inverse() * pa[i]), toFcl(pb[j].inverse() * pb[i]));
            fcl::InterpMotion<double> resting = motionBetween(identity, identity);
            moving.integrate(0), resting.integrate(0); // CA starts from the motions' current transforms
            fcl::CollisionRequestd request(1, false);
            fcl::CollisionResultd result;
            double toc = 1;
            bool hit = fcl::detail::conservativeAdvancementMeshOriented<
                fcl::RSSd, fcl::detail::MeshConservativeAdvancementTraversalNodeRSS<double>>(
                *m.modelOf[i], &moving, *m.modelOf[j], &resting, request, result, toc);
            collideMs += sw.ms();
            if (!hit) continue;
            sw.restart();
            TimeOfContact c;
            c.objectA = i, c.objectB = j, c.time = wa + toc * (wb - wa), c.hasFeatures = false;
            if (result.numContacts() > 0) { // in contact at the start: FCL's discrete check names the pair
                c.triA = std::uint32_t(result.getContact(0).b1),
                c.triB = std::uint32_t(result.getContact(0).b2);
            } else {
                fcl::Transform3d at;
                moving.integrate(toc);
                moving.getCurrentTransform(at);
                fcl::DistanceRequestd dreq(false);
                fcl::DistanceResultd dres;
                fcl::distance(m.modelOf[i], at, m.modelOf[j], identity, dreq, dres);
                c.triA = std::uint32_t(dres.b1), c.triB = std::uint32_t(dres.b2);
            }
            featuresMs += sw.ms();
            if (swapped) std::swap(c.objectA, c.objectB), std::swap(c.triA, c.triB);
            if (sink) { // i where FCL's motion has it relative to j at the time of contact
                fcl::Transform3d at;
                moving.integrate(toc);
                moving.getCurrentTransform(at);
                drawTimeOfContact(*sink, *m.objects, c, i, j, fromFcl(at), p1,
                                  t1 > t0 ? (c.time - t0) / (t1 - t0) : 0.0);
            }
            ++hits;
            r.firstContacts.push_back(c);
            r.contacts.push_back({pi, pj, {{c.triA, c.triB}}});
            if (sink) {
                const auto& objs = m.objects->objects();
                drawHitTriangles(*sink, *objs[pi].mesh, c.triA, p1[pi], std::int32_t(pi), *objs[pj].mesh,
                                 c.triB, p1[pj], std::int32_t(pj));
            }
            break; // the earliest window with a contact holds the frame's first
        }
    }
    r.stages.add("collide", collideMs);
    r.stages.add("features", featuresMs);
    r.counters.add(counter::Contacts, hits);
    return r;
}

} // namespace cdlab
