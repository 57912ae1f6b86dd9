#include "algorithms/ArticulatedReference.h"

#include "core/Stopwatch.h"
#include "pipeline/TimeOfContactDrawing.h"

#include <set>
#include <sstream>

namespace cdlab {

namespace {
const bool registered = registerAlgorithm(ArticulatedReference::info());
} // namespace

AlgorithmInfo ArticulatedReference::info() {
    AlgorithmInfo i;
    i.name = "articulated-reference";
    i.kind = AlgorithmKind::Continuous;
    i.role = Role::Reference;
    i.hashReference = false; // its times carry a tolerance: no --verify reference for the rigid pipelines
    i.draws = {DebugCategory::TimeOfContact};
    i.description =
        "Reference for articulated models (the ground truth for CATCH, zhang2007 secs. 6-7): exact discrete "
        "collision (OBB trees, exact triangle tests) of every object pair at N evenly spaced times per "
        "frame, then bisection between the last free and the first colliding time. Reports the scene's "
        "earliest contact (a lower bound within the tolerance, no features). Misses contacts thinner than "
        "the sample spacing.";
    i.params = {
        {"samples",
         "Sampled times per frame, evenly spaced, the frame's end included; a contact that begins and ends "
         "between two of them is missed.",
         std::int64_t(32),
         {},
         1,
         100000},
        {"tolerance",
         "Bisection stops when the bracket is this fraction of the frame length.",
         1e-6,
         {},
         1e-12,
         1},
    };
    i.create = [](const ParamSet& p) { return std::make_unique<ArticulatedReference>(p); };
    return i;
}

ArticulatedReference::ArticulatedReference(const ParamSet& p)
    : m_samples(int(p.getInt("samples"))), m_tolerance(p.getDouble("tolerance")) {}

PrepareReport ArticulatedReference::prepare(const Scene& scene, const Progress& progress) {
    refuseDeformingBodies(scene, "articulated-reference"); // motion bounds and CCD assume rigid bodies
    m_objects = std::make_unique<SceneObjects>(scene);
    MeshDataCache& cache = meshData(scene);
    PrepareReport report;
    Stopwatch sw;
    // The OBB trees of catch and the rigid pipelines (shared through the cache when they run alongside).
    const BvhBuildOptions build{BvType::Obb, SplitRule::MinMax, SplitPosition::Median, 1};
    std::set<const Bvh*> distinct;
    m_bvhOf.clear();
    const auto& objs = m_objects->objects();
    for (std::size_t k = 0; k < objs.size(); ++k) {
        const TriangleMesh& mesh = *objs[k].mesh;
        const Bvh& bvh = hold(cache.get<Bvh>(mesh, toString(build), [&] {
            Bvh b;
            b.build(mesh, build);
            return b;
        }));
        if (distinct.insert(&bvh).second) report.memoryBytes += bvh.stats().memoryBytes;
        m_bvhOf.push_back(&bvh);
        if (progress) progress(double(k + 1) / double(objs.size()), "BVH " + objs[k].name);
    }
    report.stages.add("build", sw.ms());
    std::ostringstream s;
    s << distinct.size() << " OBB trees; " << m_samples << " samples per frame, bisection to " << m_tolerance
      << " of a frame";
    report.notes = s.str();
    return report;
}

bool ArticulatedReference::collidesAt(double t, CollisionCounters& counters) {
    m_objects->poses(t, m_poses);
    const auto& objs = m_objects->objects();
    for (auto [a, b] : m_objects->pairs()) {
        CollisionResult res;
        m_collider.collide({objs[a].mesh, m_bvhOf[a], m_poses[a], std::int32_t(a)},
                           {objs[b].mesh, m_bvhOf[b], m_poses[b], std::int32_t(b)}, ContactMode::FirstContact,
                           res);
        counters += res.counters;
        if (res.colliding()) return true;
    }
    return false;
}

bool ArticulatedReference::firstContactAt(double t, std::uint32_t& a, std::uint32_t& b, TrianglePair& tris,
                                          CollisionCounters& counters) {
    m_objects->poses(t, m_poses);
    const auto& objs = m_objects->objects();
    for (auto [i, j] : m_objects->pairs()) {
        CollisionResult res;
        m_collider.collide({objs[i].mesh, m_bvhOf[i], m_poses[i], std::int32_t(i)},
                           {objs[j].mesh, m_bvhOf[j], m_poses[j], std::int32_t(j)}, ContactMode::FirstContact,
                           res);
        counters += res.counters;
        if (!res.colliding()) continue;
        a = i, b = j, tris = res.pairs.front();
        return true;
    }
    return false;
}

FrameResult ArticulatedReference::step(double t0, double t1, DebugSink* sink) {
    FrameResult r;
    r.t0 = t0, r.t1 = t1;
    r.firstContactScope = FirstContactScope::Scene;
    Stopwatch sw;
    CollisionCounters counters;
    std::uint64_t samples = 0, bisections = 0;
    // The first colliding sample; `free` is the sample before it (t0 for the first, tested then only).
    double free = t0, hit = t0;
    bool found = false;
    for (int k = 1; k <= m_samples && !found; ++k) {
        const double t = k == m_samples ? t1 : t0 + (t1 - t0) * (double(k) / m_samples);
        ++samples;
        if (collidesAt(t, counters))
            found = true, hit = t;
        else
            free = t;
    }
    if (found && free == t0) { // contact within the first sample spacing: is the frame's start free?
        ++samples;
        if (collidesAt(t0, counters)) hit = t0;
    }
    r.stages.add("samples", sw.ms());
    sw.restart();
    if (found && hit > t0) {
        // Bisection keeps a free time below and a colliding time above the first contact it brackets.
        const double width = m_tolerance * (t1 - t0);
        while (hit - free > width) {
            const double mid = free + (hit - free) / 2;
            if (mid <= free || mid >= hit) break; // the bracket is as narrow as doubles allow
            ++bisections;
            if (collidesAt(mid, counters))
                hit = mid;
            else
                free = mid;
        }
    }
    r.stages.add("bisection", sw.ms());
    sw.restart();
    if (found) {
        TimeOfContact c;
        c.time = hit == t0 ? t0 : free; // in contact from the frame's start: no free time before it
        c.hasFeatures = false;
        TrianglePair tris;
        firstContactAt(hit, c.objectA, c.objectB, tris, counters);
        c.triA = tris.a, c.triB = tris.b;
        r.firstContacts.push_back(c);
        r.contacts.push_back({c.objectA, c.objectB, {tris}});
        if (sink) {
            std::vector<Pose> then, end;
            m_objects->poses(c.time, then);
            m_objects->poses(t1, end);
            const auto& objs = m_objects->objects();
            ContactBody a{objs[c.objectA].mesh, then[c.objectA], end[c.objectA], std::int32_t(c.objectA)};
            ContactBody b{objs[c.objectB].mesh, then[c.objectB], end[c.objectB], std::int32_t(c.objectB)};
            drawTimeOfContact(*sink, c, a, b, t1 > t0 ? (c.time - t0) / (t1 - t0) : 0.0);
        }
    }
    r.stages.add("contact", sw.ms());
    r.counters.add(counter::Samples, samples);
    r.counters.add(counter::Bisections, bisections);
    counters.addTo(r.counters);
    r.counters.add(counter::Contacts, r.firstContacts.size());
    return r;
}

} // namespace cdlab
