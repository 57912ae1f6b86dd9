#include "algorithms/CatchAlgorithm.h"

#include "core/Stopwatch.h"
#include "debug/DebugSink.h"

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
    i.kind = AlgorithmKind::Culling;
    i.draws = {DebugCategory::BvhNode,       DebugCategory::PickedNode, DebugCategory::SweptBox,
               DebugCategory::SweptBoxOther, DebugCategory::LinkObb,    DebugCategory::PotentialPair,
               DebugCategory::LinkBvhNode};
    i.description =
        "CATCH's spatial culling for articulated models (zhang2007 secs. 4-5): swept AABBs of every "
        "link over the frame from Taylor models of its chain's motion, a dynamic AABB hierarchy "
        "per model, culled against other models, the environment's BVHs and the model's own "
        "non-adjacent links. Reports the potentially colliding link pairs (PCLs) only: no contacts "
        "and no time of contact yet.";
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
    };
    i.create = [](const ParamSet& p) { return std::make_unique<CatchAlgorithm>(p); };
    return i;
}

CatchAlgorithm::CatchAlgorithm(const ParamSet& p) {
    parseSweptBounds(p.getString("bounds"), m_options.bounds);
    m_options.order = int(p.getInt("order"));
}

PrepareReport CatchAlgorithm::prepare(const Scene& scene, const Progress& progress) {
    m_scene = &scene;
    m_objects = std::make_unique<SceneObjects>(scene);
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
    std::ostringstream s;
    s << trees << " OBB trees; " << m_culling.groups().size() << " moving groups (" << scene.models.size()
      << " articulated), bounds " << toString(m_options.bounds);
    if (m_options.bounds == SweptBounds::Taylor) s << " order " << m_options.order;
    if (reused) s << " (" << reused << (reused == 1 ? " structure" : " structures") << " shared)";
    report.notes = s.str();
    return report;
}

FrameResult CatchAlgorithm::step(double t0, double t1, DebugSink* sink) {
    FrameResult r;
    r.t0 = t0;
    r.t1 = t1;
    SpatialCullingStats stats;
    m_culling.cull(t0, t1, m_options, r.potentialPairs, stats);
    r.stages.add(m_options.bounds == SweptBounds::Taylor ? "taylor" : "interval", stats.sweptMs);
    r.stages.add("bvh", stats.bvhMs);
    r.counters.add(Counter::LinkPairs, stats.linkPairs);
    r.counters.add(Counter::Pcls, stats.pcls);
    r.counters.add(Counter::BvTests, stats.boxTests);
    if (sink) draw(t0, t1, r.potentialPairs, *sink);
    return r;
}

void CatchAlgorithm::draw(double t0, double t1, const std::vector<SpatialCulling::ObjectPair>& pcls,
                          DebugSink& sink) const {
    const auto& objs = m_objects->objects();
    std::vector<bool> inPcl(objs.size(), false);
    for (const auto& [a, b] : pcls) inPcl[a] = inPcl[b] = true;
    std::vector<Pose> start, end;
    m_objects->poses(t0, start);
    m_objects->poses(t1, end);
    const Rgba pclColor{1.0f, 0.2f, 0.15f, 1}, freeColor{0.3f, 0.85f, 0.4f, 1};
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
                sink.mesh(*objs[o].mesh, end[o], pclColor, DebugCategory::PotentialPair);
        }
        for (const BoxTree::Node& n : group.tree.nodes()) {
            DebugTag tag{std::int32_t(group.objects.front()), n.depth};
            sink.setTag(tag);
            if (!sink.wants(DebugCategory::LinkBvhNode, tag)) continue;
            float hue = float(n.depth) / float(std::max(1, group.tree.depth()));
            sink.box(boxOf(n.box), {1.0f - 0.7f * hue, 0.5f + 0.3f * hue, 0.3f + 0.7f * hue, 0.9f},
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
            sink.box(m_bvhOf[o]->nodeBox(0).transformed(end[o]), pclColor, DebugCategory::PotentialPair);
    }
    sink.setTag({});
}

} // namespace cdlab
