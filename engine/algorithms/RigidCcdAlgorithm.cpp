#include "algorithms/RigidCcdAlgorithm.h"

#include "collision/ContactDrawing.h"
#include "core/Stopwatch.h"
#include "culling/ContinuousCulling.h"
#include "debug/DebugSink.h"
#include "mesh/SurfaceCheck.h"
#include "pipeline/BvhStructure.h"
#include "pipeline/TimeOfContactDrawing.h"

#include <algorithm>
#include <optional>
#include <set>
#include <sstream>
#include <tuple>

namespace cdlab {

namespace {

const bool registered =
    registerAlgorithm(RigidCcdAlgorithm::info(false)) && registerAlgorithm(RigidCcdAlgorithm::info(true));

} // namespace

AlgorithmInfo RigidCcdAlgorithm::info(bool culling) {
    AlgorithmInfo i;
    i.name = culling ? "rigid-ccd-bm" : "rigid-ccd";
    i.kind = AlgorithmKind::Continuous;
    i.jointMotion = false; // a straight screw between the frame's end poses: refuseArticulatedMotion
    i.assumesSeparatedStart = culling; // CullingGuard: bodies that overlap at t0 are culled as before
    i.draws = {DebugCategory::BvhNode,     DebugCategory::BvOverlap,    DebugCategory::BvSeparated,
               DebugCategory::PickedNode,  DebugCategory::ForwardFace,  DebugCategory::BackwardFace,
               DebugCategory::TriangleHit, DebugCategory::TimeOfContact};
    if (culling)
        i.draws.insert(i.draws.end(),
                       {DebugCategory::BmCulled, DebugCategory::BmLevel, DebugCategory::BmCone});
    i.description = culling
                        ? "Continuous collision of rigid bodies over each frame with hierarchical back-face "
                          "culling: BM-cones on the OBB tree, continuous culling test over the frame "
                          "(redon2002 sec. 2.2, 5, 6), exact vertex/face, face/vertex and edge/edge tests."
                        : "Continuous collision of rigid bodies over each frame: OBB trees against swept "
                          "boxes, exact vertex/face, face/vertex and edge/edge tests on the polynomial "
                          "in-between motion; earliest time of contact and its features.";
    i.params = {
        {"depth",
         "Bisection depth of the exact elementary tests over the frame (time resolution 2^-depth; 64 as "
         "CcdOptions: at 48 a few grazing queries were answered at the limit as false positives).",
         std::int64_t(64),
         {},
         8,
         200},
        {"window",
         "Fast motion: a frame is halved (up to 256 windows, earliest first) while body i travels more than "
         "this many times the smaller body's size (root box half-diagonal) in one window; 0 keeps whole "
         "frames.",
         0.5,
         {},
         0,
         1000},
        {"toc-depth",
         "Resolution of the reported time of contact: 2^-toc-depth of the frame.",
         std::int64_t(24),
         {},
         4,
         60},
        {"per-pair-tests",
         "Run every triangle pair's 15 elementary tests, as the paper counts them (Table 1). By default a "
         "vertex/face, face/vertex or edge/edge pair is tested once per window: a vertex is shared by about "
         "six triangles and an edge by two, so the triangle pairs repeat each test several times with the "
         "same answer. The counters are the same either way (they count per triangle pair).",
         false,
         {}},
    };
    if (!culling)
        i.params.push_back(
            {"face-bound",
             "Also count the elementary tests whose triangle pair has a triangle moving backwards over the "
             "whole window (Vanecek's face-level test (3), continuous; counters ee_backward, vf_backward, "
             "fv_backward): the most that any back-face culling could remove on this scene. Nothing is "
             "culled; slower.",
             false,
             {}});
    if (culling) {
        i.params.push_back(
            {"build",
             "BM-cone construction order (redon2002 sec. 4.2): bottom-up from the children's "
             "cones (fast, used in the paper's Table 1) or top-down from the normals (tighter).",
             std::string("bottom-up"),
             {"bottom-up", "top-down"}});
        i.params.push_back(
            {"rmax", "Maximum BM-cone size r_max (the paper uses 5).", std::int64_t(5), {}, 3, 16});
        i.params.push_back(
            {"test",
             "The node test of step 3: the paper's constant-time BM-cone test (6) on the box corners, or "
             "per-face: every triangle below the node passes Vanecek's test (3) over the window (its "
             "vertices as characteristic points), linear in the node's triangles. Per-face culls every node "
             "that any BM-cone and characteristic points could: a bound for analysis, slower.",
             std::string("bm-cone"),
             {"bm-cone", "per-face"}});
    }
    i.create = [culling](const ParamSet& p) { return std::make_unique<RigidCcdAlgorithm>(p, culling); };
    return i;
}

RigidCcdAlgorithm::RigidCcdAlgorithm(const ParamSet& p, bool culling) : m_culling(culling) {
    m_options.ccd.maxDepth = int(p.getInt("depth"));
    m_options.ccd.tocDepth = int(p.getInt("toc-depth"));
    m_options.ccd.earliest = true;
    m_options.windowTravel = p.getDouble("window");
    m_options.testOnce = !p.getBool("per-pair-tests");
    if (!culling) m_options.faceBound = p.getBool("face-bound");
    if (culling) {
        m_buildMode = p.getString("build") == "top-down" ? BmBuildMode::TopDown : BmBuildMode::BottomUp;
        m_coneOptions.rMax = int(p.getInt("rmax"));
        m_options.perFaceTest = p.getString("test") == "per-face";
    }
}

PrepareReport RigidCcdAlgorithm::prepare(const Scene& scene, const Progress& progress) {
    // The motion bounds and the elementary tests assume rigid bodies.
    refuseDeformingBodies(scene, m_culling ? "rigid-ccd-bm" : "rigid-ccd");
    refuseArticulatedMotion(scene, m_culling ? "rigid-ccd-bm" : "rigid-ccd"); // links swung by their joints
    m_scene = &scene;
    m_objects = std::make_unique<SceneObjects>(scene);
    m_frame = std::make_unique<FrameWindows>(scene, *m_objects);
    m_bvhOf.clear(), m_coneOf.clear(), m_featuresOf.clear();
    m_guard.clear();
    MeshDataCache& cache = meshData(scene);
    PrepareReport report;
    Stopwatch sw;
    std::size_t nodes = 0, trees = 0, reused = 0;
    std::ostringstream uncone;
    // Progress by triangles over the distinct meshes; with culling the cones take about nine tenths of a
    // mesh's time (bottom-up, leaf 1: tens of microseconds per node against a few for the tree).
    std::size_t total = 0, done = 0;
    std::set<const TriangleMesh*> seen;
    for (const auto& o : m_objects->objects())
        if (seen.insert(o.mesh).second) total += o.mesh->triangleCount();
    seen.clear();
    const double treeShare = m_culling ? 0.1 : 1.0;
    auto meshProgress = [&](const TriangleMesh& mesh, double from, double to, const std::string& what) {
        double n = double(mesh.triangleCount());
        return [&, n, from, to, what](double f) {
            if (progress)
                progress((double(done) + (from + f * (to - from)) * n) /
                             double(std::max<std::size_t>(total, 1)),
                         what);
        };
    };
    // redon2002 builds on a MinMax hierarchy (sec. 4.1).
    const BvhBuildOptions build{BvType::Obb, SplitRule::MinMax, SplitPosition::Median, 1};
    const std::string treeKey = toString(build);
    std::ostringstream coneKey;
    coneKey << treeKey << "; " << toString(m_buildMode) << " rmax " << m_coneOptions.rMax << " annealing "
            << m_coneOptions.annealingSteps << " seed " << m_coneOptions.seed;
    for (const auto& o : m_objects->objects()) {
        const TriangleMesh& mesh = *o.mesh;
        const bool fresh = seen.insert(o.mesh).second;
        bool wasThere = false;
        const Bvh& bvh = hold(cache.get<Bvh>(
            mesh, treeKey,
            [&] {
                Bvh b;
                b.build(mesh, build, meshProgress(mesh, 0, treeShare, "BVH " + o.name));
                return b;
            },
            &wasThere));
        if (fresh) reused += wasThere;
        m_bvhOf.push_back(&bvh);
        m_featuresOf.push_back(&hold(cache.get<FeatureIndex>(mesh, "", [&] { return FeatureIndex(mesh); })));
        const BmConeTree* cones = nullptr;
        if (m_culling) {
            const SurfaceCheck& surface =
                hold(cache.get<SurfaceCheck>(mesh, "", [&] { return SurfaceCheck::of(mesh); }));
            cones = &hold(cache.get<BmConeTree>(
                mesh, coneKey.str(),
                [&] {
                    BmConeTree c;
                    if (surface.closedOutward())
                        c.build(bvh, mesh, m_buildMode, m_coneOptions,
                                meshProgress(mesh, treeShare, 1, "BM-cones " + o.name));
                    else // culling its faces could hide a contact through a hole or on an inward face
                        c.buildWithoutCones(bvh);
                    return c;
                },
                &wasThere));
            if (fresh) {
                reused += wasThere;
                m_guard.addMesh(mesh, surface.closedOutward());
                if (!surface.closedOutward()) {
                    uncone << "; no BM-cones for " << o.name << " (" << surface.describe() << ")";
                    // Back-face culling needs a closed, outward surface: an open one could be met through
                    // a hole or on an inward face (CullingGuard).
                    report.warnings.push_back("no BM-cones for " + o.name + ": its surface is not closed (" +
                                              surface.describe() +
                                              "), so its nodes are never culled (as rigid-ccd)");
                }
                report.memoryBytes += cones->stats().memoryBytes;
            }
        }
        m_coneOf.push_back(cones);
        if (fresh) {
            report.memoryBytes += bvh.stats().memoryBytes;
            nodes += bvh.stats().nodes;
            ++trees;
            done += mesh.triangleCount();
        }
    }
    m_guard.resetPairs(m_culling ? m_objects->pairs().size() : 0);
    // The per-query caches only grow: size them (and touch their pages) for the largest body now, so the
    // first frame after a build does not pay for it.
    std::size_t maxVertices = 0, maxNodes = 0, maxTriangles = 0;
    for (std::size_t k = 0; k < m_objects->objects().size(); ++k) {
        maxVertices = std::max(maxVertices, m_objects->objects()[k].mesh->vertices.size());
        maxTriangles = std::max(maxTriangles, m_objects->objects()[k].mesh->triangleCount());
        maxNodes = std::max(maxNodes, m_bvhOf[k]->nodes().size());
        if (m_culling) m_guard.reserve(*m_objects->objects()[k].mesh, *m_bvhOf[k]);
    }
    m_workspace.reserve(maxVertices, maxNodes, maxTriangles, m_culling, m_options.faceBound);
    report.stages.add("build", sw.ms());
    std::ostringstream s;
    s << trees << " OBB trees, " << nodes << " nodes"
      << (m_culling ? std::string(", BM-cones ") + toString(m_buildMode) : std::string()) << uncone.str();
    if (reused)
        s << " (" << reused << (reused == 1 ? " structure" : " structures")
          << " shared with another algorithm)";
    report.notes = s.str();
    return report;
}

FrameResult RigidCcdAlgorithm::step(double t0, double t1, DebugSink* sink) {
    FrameResult r;
    r.t0 = t0, r.t1 = t1;
    if (m_trace) m_trace->clear();
    Stopwatch sw;
    m_frame->setFrame(t0, t1); // the poses at the frame's ends and at the keys inside it
    const std::vector<Pose>&p0 = m_frame->startPoses(), &p1 = m_frame->endPoses();
    r.stages.add("poses", sw.ms());
    sw.restart();
    RigidCcdCounts counts;
    std::vector<bool> faceMotionDrawn(m_objects->objects().size(), false);
    std::uint64_t nestedPairs = 0, startOverlaps = 0;
    const auto& objs = m_objects->objects();
    for (std::size_t pair = 0; pair < m_objects->pairs().size(); ++pair) {
        const auto [pi, pj] = m_objects->pairs()[pair];
        // The pair's windows: the frame cut at every key of either body inside it, so that each window's
        // motion is the keyed path's (one straight screw between the window's end poses).
        m_frame->pairWindows(pi, pj, m_pairWindows);
        const std::size_t windows = m_pairWindows.size() - 1;
        // Apart at the frame's start and no contact before a window: still apart at its start, so the
        // frame's classification holds for every window.
        const bool cull = m_culling && m_guard.safe(pair, *m_objects, m_bvhOf, pi, pj, t0, t1, p0);
        nestedPairs += m_culling && m_guard.nested(pair); // not culled for want of cones is not nesting
        startOverlaps += m_culling && m_guard.overlapping(pair);
        if (sink) { // the faces' motion at the frame's end: the last window's
            const PairMotion last = pairMotion(pi, pj, m_frame->poses(m_pairWindows[windows - 1]), p1);
            drawFaceMotion(last.i, last.j, last.motion, p1[last.j], *sink, faceMotionDrawn);
        }
        bool hit = false;
        for (std::size_t w = 0; w < windows && !hit; ++w) {
            const std::uint32_t ka = m_pairWindows[w], kb = m_pairWindows[w + 1];
            const double wa = m_frame->times()[ka], wb = m_frame->times()[kb];
            // i relative to j at both ends of the window: j's own motion is folded into the relative poses
            // (a resting body is j).
            const PairMotion pm = pairMotion(pi, pj, m_frame->poses(ka), m_frame->poses(kb));
            const std::uint32_t i = pm.i, j = pm.j;
            const RelativeMotion& rel = pm.motion;
            TimeOfContact best;
            const RigidCcdBody bodyI{i, objs[i].mesh, m_bvhOf[i], m_coneOf[i], p1[i]};
            const RigidCcdBody bodyJ{j, objs[j].mesh, m_bvhOf[j], m_coneOf[j], p1[j]};
            const double span = t1 > t0 ? t1 - t0 : 1.0;
            hit = RigidCcdQuery(m_options, m_workspace, bodyI, bodyJ, rel, cull, sink, m_trace,
                                (wa - t0) / span, (wb - t0) / span)
                      .run(best, counts);
            if (!hit) continue;
            // The query's time is a fraction of the window: report it in scene time and draw it at the
            // frame's fraction.
            const double inWindow = best.time;
            best.time = wa + inWindow * (wb - wa);
            const double fraction = t1 > t0 ? (best.time - t0) / (t1 - t0) : 0.0;
            // The contact's features are the answer; which of their triangles' tests found them depends on
            // what was tested (culling skips triangles), so report their first carriers.
            best.triA = m_featuresOf[i]->carrier(best.featureA, best.triA);
            best.triB = m_featuresOf[j]->carrier(best.featureB, best.triB);
            if (pm.swapped) best = swappedRoles(best);
            if (sink) drawTimeOfContact(*sink, *m_objects, best, i, j, rel.at(inWindow), p1, fraction);
            r.firstContacts.push_back(best);
            r.contacts.push_back({pi, pj, {{best.triA, best.triB}}});
            if (sink) { // the two triangles of the first contact, at the end of the frame
                drawHitTriangles(*sink, *objs[pi].mesh, best.triA, p1[pi], std::int32_t(pi), *objs[pj].mesh,
                                 best.triB, p1[pj], std::int32_t(pj));
            }
        }
        if (m_culling && !hit) m_guard.frameWithoutContact(pair, t0, t1);
    }
    r.stages.add("collide", sw.ms());
    counts.contacts = r.firstContacts.size();
    counts.nestedPairs = nestedPairs, counts.startOverlaps = startOverlaps;
    counts.addTo(r.counters, m_culling, m_options.faceBound);
    return r;
}

} // namespace cdlab
