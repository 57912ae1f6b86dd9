#include "algorithms/CatchAlgorithm.h"

#include "articulated/CatchDetail.h"
#include "core/InputError.h"
#include "core/Stopwatch.h"
#include "debug/DebugSink.h"
#include "pipeline/TimeOfContactDrawing.h"

#include <set>
#include <sstream>

namespace cdlab {

namespace {
const bool registered = registerAlgorithm(CatchAlgorithm::info());

Obb boxOf(const Aabb& b) {
    return {b.center(), Mat3{}, b.extent() * 0.5};
}
} // namespace

AlgorithmInfo CatchAlgorithm::info() {
    AlgorithmInfo i;
    i.name = "catch";
    i.kind = AlgorithmKind::Continuous;
    i.exactAnswers = false; // the TOC is where a distance first drops below epsilon
    i.draws = {DebugCategory::BvhNode,       DebugCategory::PickedNode,    DebugCategory::SweptBox,
               DebugCategory::SweptBoxOther, DebugCategory::LinkObb,       DebugCategory::PotentialPair,
               DebugCategory::LinkBvhNode,   DebugCategory::TimeOfContact, DebugCategory::TocPose};
    i.description =
        "CATCH, continuous collision detection for articulated models (zhang2007): swept AABBs of every "
        "link from Taylor models of its chain's motion and a dynamic AABB hierarchy per model cull the "
        "link pairs (secs. 4-5); lower bounds from conservative advancement of the links' convex hulls "
        "order the survivors and temporal culling drops those that cannot come first (sec. 7, Alg. 1); "
        "conservative advancement on the meshes (RSS distance trees, polygon soups included), stepping by "
        "the motion bound of sec. 6 projected on each node pair's separating direction over a front of the "
        "two trees (C2A), finds the scene's first time of contact and the closest features there. "
        "Reports only the scene's earliest contact; the time is where the distance first drops below "
        "epsilon, with no contact before it.";
    i.params = {
        {"bounds",
         "How a link's motion is bounded: Taylor models (zhang2007 sec. 5.1) or plain interval arithmetic "
         "(the ARTICULATE-style bound of Fig. 5, which grows down long chains).",
         std::string("taylor"),
         {"taylor", "interval"}},
        {"order",
         "Taylor-model order (zhang2007 uses 3); ignored with bounds=interval.",
         std::int64_t(3),
         {},
         1,
         5},
        {"epsilon",
         "Distance threshold in scene units: the time of contact is where a pair's distance drops below it "
         "(zhang2007 uses 0.001).",
         1e-3,
         {},
         1e-9,
         1e3},
        {"temporal",
         "Temporal culling (zhang2007 sec. 7): advance the pairs in order of their lower bounds and drop "
         "those that cannot come before the best time of contact so far; off advances every pair.",
         std::string("on"),
         {"on", "off"}},
        {"lower_bound",
         "Each pair's lower bound on its time of contact: conservative advancement of the links' convex "
         "hulls (sec. 7.2) followed by one step on the meshes from where the hulls come within epsilon, "
         "or the first advancement step on the meshes alone.",
         std::string("hull"),
         {"hull", "first-step"}},
        {"distance",
         "What the links' advancement measures: rss, the meshes' RSS distance trees (polygon soups need no "
         "convex pieces); hulls, the paper's convex-hull trees over a surface convex decomposition (sec. 4). "
         "Both advance by the motion bound projected on each node pair's separating direction (sec. 6) over "
         "a front of the two trees (C2A). The same contacts within epsilon.",
         std::string("rss"),
         {"rss", "hulls"}},
        {"self",
         "Self-collision: pairs of non-adjacent links of one model are tested (on) or left out (off: how "
         "zhang2007's Fig. 12 compares against ARTICULATE).",
         std::string("on"),
         {"on", "off"}},
        {"mode",
         "toc: the scene's first time of contact; planning: stop at the first contact found, as a motion "
         "planner asks only whether the motion collides (sec. 8).",
         std::string("toc"),
         {"toc", "planning"}},
    };
    i.create = [](const ParamSet& p) { return std::make_unique<CatchAlgorithm>(p); };
    return i;
}

CatchAlgorithm::CatchAlgorithm(const ParamSet& p) {
    parseSweptBounds(p.getString("bounds"), m_options.bounds);
    m_options.order = int(p.getInt("order"));
    m_search.epsilon = p.getDouble("epsilon");
    m_search.temporalCulling = p.getString("temporal") == "on";
    parseTocLowerBound(p.getString("lower_bound"), m_search.lowerBound);
    m_search.planning = p.getString("mode") == "planning";
    m_self = p.getString("self") == "on";
    parseTocDistance(p.getString("distance"), m_search.distance);
}

PrepareReport CatchAlgorithm::prepare(const Scene& scene, const Progress& progress) {
    refuseDeformingBodies(scene, "catch"); // motion bounds and CCD assume rigid bodies
    m_scene = &scene;
    m_objects = std::make_unique<SceneObjects>(scene);
    for (const auto& o : m_objects->objects())
        if (o.mesh->triangleCount() == 0)
            throw InputError(scene.file, o.name,
                             "'" + o.name + "' has no triangles: CATCH needs a surface to measure");
    MeshDataCache& cache = meshData(scene);
    PrepareReport report;
    Stopwatch sw;
    // The same OBB trees as the rigid pipelines (shared through the cache): their roots are the links' OBBs
    // and the environment bodies' trees refine the culling.
    const BvhBuildOptions build{BvType::Obb, SplitRule::MinMax, SplitPosition::Median, 1};
    std::size_t total = 0, done = 0, trees = 0, reused = 0;
    std::set<const TriangleMesh*> seen;
    for (const auto& o : m_objects->objects())
        if (seen.insert(o.mesh).second) total += o.mesh->triangleCount();
    seen.clear();
    m_bvhOf.clear();
    for (const auto& o : m_objects->objects()) {
        const TriangleMesh& mesh = *o.mesh;
        bool wasThere = false;
        const Bvh& bvh = hold(cache.get<Bvh>(
            mesh, toString(build),
            [&] {
                Bvh b;
                b.build(mesh, build, [&](double f) {
                    if (progress)
                        progress((done + f * mesh.triangleCount()) / double(std::max<std::size_t>(total, 1)),
                                 "BVH " + o.name);
                });
                return b;
            },
            &wasThere));
        if (seen.insert(o.mesh).second) {
            done += mesh.triangleCount();
            report.memoryBytes += bvh.stats().memoryBytes;
            ++trees;
            reused += wasThere;
        }
        m_bvhOf.push_back(&bvh);
    }
    m_culling.prepare(scene, *m_objects, m_bvhOf);
    report.stages.add("build", sw.ms());
    // Per mesh: its distance tree (conservative advancement) and convex hull (the lower bounds), shared
    // through the cache like the OBB trees.
    Stopwatch swDistance;
    std::vector<const DistanceTree*> distanceTrees;
    std::vector<const ConvexHull*> hulls;
    std::vector<const HullTree*> hullTrees;
    std::size_t pieces = 0;
    std::size_t distanceBytes = 0;
    seen.clear();
    for (const auto& o : m_objects->objects()) {
        const TriangleMesh& mesh = *o.mesh;
        if (mesh.triangleCount() == 0)
            throw InputError(o.name, "",
                             "link '" + o.name + "' has no triangles: CATCH needs a surface to measure");
        const DistanceTree& tree =
            hold(cache.get<DistanceTree>(mesh, DistanceTree::cacheKey(), [&] { return DistanceTree(mesh); }));
        const ConvexHull& hull =
            hold(cache.get<ConvexHull>(mesh, "convex hull", [&] { return ConvexHull::of(mesh); }));
        const bool first = seen.insert(o.mesh).second;
        if (first) distanceBytes += tree.memoryBytes();
        distanceTrees.push_back(&tree);
        hulls.push_back(&hull);
        if (m_search.distance == TocDistance::Hulls) {
            const HullTree& hullTree =
                hold(cache.get<HullTree>(mesh, HullTree::cacheKey(), [&] { return HullTree(mesh); }));
            if (first) distanceBytes += hullTree.memoryBytes(), pieces += hullTree.pieceCount();
            hullTrees.push_back(&hullTree);
        }
    }
    m_toc.prepare(m_culling, distanceTrees, hulls, hullTrees);
    report.memoryBytes += distanceBytes;
    report.stages.add("distance", swDistance.ms());
    std::ostringstream s;
    s << trees << " OBB trees; " << m_culling.groups().size() << " moving groups (" << scene.models.size()
      << " articulated), bounds " << toString(m_options.bounds);
    if (m_options.bounds == SweptBounds::Taylor) s << " order " << m_options.order;
    if (m_search.distance == TocDistance::Hulls) s << "; " << pieces << " convex pieces";
    if (reused) s << " (" << reused << (reused == 1 ? " structure" : " structures") << " shared)";
    report.notes = s.str();
    return report;
}

FrameResult CatchAlgorithm::step(double t0, double t1, DebugSink* sink) {
    FrameResult r;
    r.t0 = t0;
    r.t1 = t1;
    r.firstContactScope = FirstContactScope::Scene;
    SpatialCullingStats stats;
    m_culling.cull(t0, t1, m_options, r.potentialPairs, stats);
    if (!m_self) { // self=off: pairs within one articulated model are not asked about
        const auto& objs = m_objects->objects();
        std::erase_if(r.potentialPairs, [&](const SpatialCulling::ObjectPair& p) {
            return objs[p.first].model >= 0 && objs[p.first].model == objs[p.second].model;
        });
        stats.pcls = r.potentialPairs.size();
    }
    TocSearchStats toc;
    // The step-through wants the advancement of the pair that gives the TOC, known only at the end: when
    // drawing, that pair is advanced once more with its history kept.
    // The replay below must retrace this run: it starts from the fronts this run starts from.
    TimeOfContactSearch::KeptFronts frontsBefore;
    if (sink) frontsBefore = m_toc.keptFronts();
    TocWitness w = m_toc.run(t0, t1, r.potentialPairs, m_search, toc, m_records);
    r.stages.add(m_options.bounds == SweptBounds::Taylor ? "taylor" : "interval", stats.sweptMs);
    r.stages.add("bvh", stats.bvhMs);
    r.stages.add("bound", toc.boundMs);
    r.stages.add("advance", toc.advanceMs);
    // The bench times a frame as the sum of its stages: the witness query at the TOC is part of the frame
    // (before it had no stage, and walk's and exercise's intersecting witnesses went untimed).
    r.stages.add("witness", toc.witnessMs);
    stats.addTo(r.counters);
    toc.addTo(r.counters, m_search.distance);
    r.counters.add(counter::BvTests, stats.boxTests);
    CatchDetail& detail = r.details.get<CatchDetail>();
    for (const PclRecord& rec : m_records) {
        PairAdvance a;
        a.objectA = rec.objectA, a.objectB = rec.objectB;
        a.lowerBound = rec.lowerBound;
        a.reached = rec.advance.iterations ? rec.advance.time : rec.lowerBound;
        a.tMin = rec.tMinBefore;
        a.iterations = rec.advance.iterations;
        a.fate = PairAdvance::Fate(int(rec.fate));
        detail.pairAdvances.push_back(a);
    }
    if (w.contact) {
        TimeOfContact c = contactOf(w);
        r.firstContacts.push_back(c);
        r.contacts.push_back({c.objectA, c.objectB, {{c.triA, c.triB}}});
        r.counters.add(counter::Contacts, 1);
        if (sink) {
            // Replays the earliest pair's advancement from where it started, keeping its steps.
            std::vector<PclRecord> one;
            TocSearchOptions replay = m_search;
            replay.temporalCulling = false;
            TocSearchStats ignored;
            m_trace.clear();
            TimeOfContactSearch::KeptFronts frontsAfter = m_toc.keptFronts();
            m_toc.restoreFronts(std::move(frontsBefore));
            m_toc.run(t0, t1, {{w.objectA, w.objectB}}, replay, ignored, one, 0, &m_trace);
            m_toc.restoreFronts(std::move(frontsAfter)); // the next frame continues from this run's fronts
            for (const CaStep& s : m_trace)
                detail.advanceSteps.push_back({s.time, s.distance, s.speed, s.step, s.pointA, s.pointB});
        }
    } else {
        r.counters.add(counter::Contacts, 0);
    }
    if (sink) draw(t0, t1, r, *sink);
    return r;
}

TimeOfContact CatchAlgorithm::contactOf(const TocWitness& w) const {
    TimeOfContact c;
    c.objectA = w.objectA, c.objectB = w.objectB;
    c.time = w.time;
    c.triA = w.closest.triA, c.triB = w.closest.triB;
    const MeshFeature &fa = w.closest.featureA, &fb = w.closest.featureB;
    const TriangleMesh &ma = *m_objects->objects()[w.objectA].mesh,
                       &mb = *m_objects->objects()[w.objectB].mesh;
    // The nearer end of an edge whose closest point lies on a face (an edge parallel to it).
    auto nearerEnd = [](const TriangleMesh& m, const MeshFeature& e, const Pose& pose, const Vec3& other) {
        return length(pose.apply(m.vertices[e.a]) - other) <= length(pose.apply(m.vertices[e.b]) - other)
                   ? e.a
                   : e.b;
    };
    using K = MeshFeature::Kind;
    // Interpenetrating: already touching at the frame's start (within epsilon is a contact at the start, not
    // an interpenetration), or two faces (intersecting triangles).
    if ((w.startedInside && w.closest.distance == 0) || (fa.kind == K::Face && fb.kind == K::Face)) {
        c.kind = TimeOfContact::Kind::Penetrating;
        c.featureA = MeshFeature::face(c.triA), c.featureB = MeshFeature::face(c.triB);
    } else if (fa.isPoint()) {
        c.kind = TimeOfContact::Kind::VertexFace;
        c.featureA = MeshFeature::vertex(fa.a), c.featureB = MeshFeature::face(c.triB);
    } else if (fb.isPoint()) {
        c.kind = TimeOfContact::Kind::FaceVertex;
        c.featureA = MeshFeature::face(c.triA), c.featureB = MeshFeature::vertex(fb.a);
    } else if (fa.kind == K::Edge && fb.kind == K::Edge) {
        c.kind = TimeOfContact::Kind::EdgeEdge;
        c.featureA = fa, c.featureB = fb;
    } else if (fa.kind == K::Edge) {
        c.kind = TimeOfContact::Kind::VertexFace;
        c.featureA = MeshFeature::vertex(nearerEnd(ma, fa, m_toc.pose(w.objectA, w.time), w.closest.pointB));
        c.featureB = MeshFeature::face(c.triB);
    } else {
        c.kind = TimeOfContact::Kind::FaceVertex;
        c.featureA = MeshFeature::face(c.triA);
        c.featureB = MeshFeature::vertex(nearerEnd(mb, fb, m_toc.pose(w.objectB, w.time), w.closest.pointA));
    }
    return c;
}

void CatchAlgorithm::draw(double t0, double t1, const FrameResult& r, DebugSink& sink) const {
    const auto& pcls = r.potentialPairs;
    const auto& objs = m_objects->objects();
    std::vector<bool> inPcl(objs.size(), false);
    for (const auto& [a, b] : pcls) inPcl[a] = inPcl[b] = true;
    // Each PCL link's colour: the furthest its pairs got in temporal culling (culled < abandoned < free <
    // contact < gave the TOC).
    std::vector<int> fate(objs.size(), 0);
    for (const PairAdvance& p : r.details.find<CatchDetail>()->pairAdvances)
        for (std::uint32_t o : {p.objectA, p.objectB}) fate[o] = std::max(fate[o], int(p.fate));
    std::vector<Pose> start, end;
    m_objects->poses(t0, start);
    m_objects->poses(t1, end);
    // Rose, a hue of its own beside the PCL fates and the time of contact, and a pale grey-green for the
    // culled boxes, which recede (issue 43's palette test).
    const Rgba pclColor{1.0f, 0.3f, 0.6f, 1}, freeColor{0.78f, 0.85f, 0.82f, 1};
    const SweptBoxOptions other{m_options.bounds == SweptBounds::Taylor ? SweptBounds::Interval
                                                                        : SweptBounds::Taylor,
                                m_options.order};
    std::vector<Aabb> otherBoxes;
    for (std::size_t g = 0; g < m_culling.groups().size(); ++g) {
        const SpatialCulling::Group& group = m_culling.groups()[g];
        bool wantOther = false;
        for (std::uint32_t o : group.objects)
            wantOther |= sink.wants(DebugCategory::SweptBoxOther, {std::int32_t(o), -1});
        if (wantOther) m_culling.sweptBoxesOf(int(g), t0, t1, other, otherBoxes);
        for (std::size_t k = 0; k < group.objects.size(); ++k) {
            std::uint32_t o = group.objects[k];
            DebugTag tag{std::int32_t(o), -1};
            sink.setTag(tag);
            if (sink.wants(DebugCategory::SweptBox, tag))
                sink.box(boxOf(m_culling.boxes()[o]), inPcl[o] ? pclColor : freeColor,
                         DebugCategory::SweptBox);
            if (wantOther && sink.wants(DebugCategory::SweptBoxOther, tag))
                sink.box(boxOf(otherBoxes[k]), {0.55f, 0.45f, 1.0f, 0.8f}, DebugCategory::SweptBoxOther);
            if (sink.wants(DebugCategory::LinkObb, tag)) {
                Obb local = m_bvhOf[o]->nodeBox(0);
                sink.box(local.transformed(start[o]), {0.6f, 0.6f, 0.65f, 1}, DebugCategory::LinkObb);
                sink.box(local.transformed(end[o]), {1.0f, 1.0f, 1.0f, 1}, DebugCategory::LinkObb);
            }
            if (inPcl[o] && sink.wants(DebugCategory::PotentialPair, tag))
                sink.mesh(*objs[o].mesh, end[o], kPclFateColors[fate[o]], DebugCategory::PotentialPair);
        }
        for (const BoxTree::Node& n : group.tree.nodes()) {
            DebugTag tag{std::int32_t(group.objects.front()), n.depth};
            sink.setTag(tag);
            if (!sink.wants(DebugCategory::LinkBvhNode, tag)) continue;
            // Light (root) to dark grey (leaves): a hue-free ramp, every hue of the view being taken.
            float f = float(n.depth) / float(std::max(1, group.tree.depth()));
            sink.box(boxOf(n.box), {0.95f - 0.45f * f, 0.95f - 0.45f * f, 0.9f - 0.45f * f, 0.9f},
                     DebugCategory::LinkBvhNode);
        }
    }
    // Static environment bodies of the PCLs: their oriented box (a ghost of a whole chessboard or
    // construction site would hide the links it pairs with).
    for (std::size_t o = 0; o < objs.size(); ++o) {
        if (m_culling.groupOf(std::uint32_t(o)) >= 0 || !inPcl[o]) continue;
        DebugTag tag{std::int32_t(o), -1};
        sink.setTag(tag);
        if (sink.wants(DebugCategory::PotentialPair, tag))
            sink.box(m_bvhOf[o]->nodeBox(0).transformed(end[o]), kPclFateColors[fate[o]],
                     DebugCategory::PotentialPair);
    }
    // The time of contact: both links as they were then, the closest features and the time.
    if (!r.firstContacts.empty()) {
        const TimeOfContact& c = r.firstContacts.front();
        // Every moving link where it was at the TOC (the pair itself is drawn below with its features).
        for (std::size_t o = 0; o < objs.size(); ++o) {
            if (m_culling.groupOf(std::uint32_t(o)) < 0 || o == c.objectA || o == c.objectB) continue;
            DebugTag tag{std::int32_t(o), -1};
            sink.setTag(tag);
            if (sink.wants(DebugCategory::TocPose, tag))
                sink.mesh(*objs[o].mesh, m_toc.pose(std::uint32_t(o), c.time), {0.9f, 0.85f, 0.78f, 0.35f},
                          DebugCategory::TocPose);
        }
        ContactBody a{objs[c.objectA].mesh, m_toc.pose(c.objectA, c.time), end[c.objectA],
                      std::int32_t(c.objectA)};
        ContactBody b{objs[c.objectB].mesh, m_toc.pose(c.objectB, c.time), end[c.objectB],
                      std::int32_t(c.objectB)};
        drawTimeOfContact(sink, c, a, b, t1 > t0 ? (c.time - t0) / (t1 - t0) : 1.0);
    }
    sink.setTag({});
}

} // namespace cdlab
