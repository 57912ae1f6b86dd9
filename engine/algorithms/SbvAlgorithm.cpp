#include "algorithms/SbvAlgorithm.h"

#include "convex/ConvexHull.h"
#include "core/Stopwatch.h"
#include "geometry/TriangleTriangle.h"
#include "sbv/SvmOshSolver.h"

#include <algorithm>

namespace cdlab {

namespace {
const bool registered = registerAlgorithm(SbvAlgorithm::info());

SbvPairRecord::Outcome toRecord(CsbvOutcome o) {
    switch (o) {
    case CsbvOutcome::Certified:
    case CsbvOutcome::BoxesApart:
        return SbvPairRecord::Outcome::Certified;
    case CsbvOutcome::Shrunk:
        return SbvPairRecord::Outcome::Shrunk;
    case CsbvOutcome::Region:
        return SbvPairRecord::Outcome::Region;
    case CsbvOutcome::Contained:
        return SbvPairRecord::Outcome::Contained;
    }
    return SbvPairRecord::Outcome::Region;
}
} // namespace

AlgorithmInfo SbvAlgorithm::info() {
    AlgorithmInfo i;
    i.name = "sbv";
    i.kind = AlgorithmKind::Penetration;
    i.deformingBodies = true; // no structure over the vertices: each step reads mesh(i) afresh
    i.kindFor = [](const ParamSet& p) {
        return p.getString("narrow") == "exact" ? AlgorithmKind::Discrete : AlgorithmKind::Penetration;
    };
    i.draws = {DebugCategory::SbvVolume,      DebugCategory::SeparatingPlane, DebugCategory::SupportPoint,
               DebugCategory::SupportVector,  DebugCategory::OverlapRegion,   DebugCategory::TriangleKept,
               DebugCategory::TriangleCulled, DebugCategory::TriangleHit,     DebugCategory::Contact};
    i.description =
        "Separating bounding volumes (the SBV paper, sbv-reconstruction sec. 2-4): per body pair an 8-DOP "
        "of each body over the axes and the optimal separating direction d*, a separation certificate or the "
        "overlap region shrunk to the triangles that can still meet (CSBV, Fig. 4). No hierarchy. "
        "narrow=exact then tests the kept triangles exactly (contacts equal brute force's).";
    i.params = {
        {"osh",
         "How d* is found: exact (the hard-margin optimum: GJK between the bodies' convex hulls, "
         "sec. 8.1) or svm (a linear soft-margin SVM trained on the support points outside the other "
         "body's box, as the paper does).",
         std::string("exact"),
         {"exact", "svm"}},
        {"svm",
         "osh=svm: the solver - liblinear (dual coordinate descent, made for linear SVMs: 10-50x faster "
         "when the hulls overlap) or libsvm (SMO, as the paper used; the same plane within 0.05 degrees).",
         std::string("liblinear"),
         {"liblinear", "libsvm"}},
        {"C", "osh=svm: the soft-margin penalty (libsvm's default 1, as the paper).", 1.0, {}, 1e-6, 1e9},
        {"scaling",
         "osh=svm: the data scaling before training - per-feature to [-1, 1] as svm-scale does (the paper; "
         "tilts the plane on elongated bodies) or isotropic (one factor: the max-margin plane of the "
         "geometry).",
         std::string("per-feature"),
         {"per-feature", "isotropic"}},
        {"samples",
         "osh=svm: training points per body, evenly picked from the support points outside the other "
         "body's box (0: all of them; the paper's Table 2 compares 100 to all).",
         std::int64_t(0),
         {},
         0,
         1000000},
        {"narrow",
         "none: report the overlap region and its triangles (kind penetration region); exact: test the "
         "kept triangle pairs with brute force's exact test (kind discrete).",
         std::string("none"),
         {"none", "exact"}},
        {"coherence",
         "Temporal coherence (Fig. 6): try the previous frame's d* first, and after a separation found "
         "by shrinking retrain on the near-contact triangles for the next frame.",
         std::string("on"),
         {"on", "off"}},
        contactModeParam(),
    };
    i.create = [](const ParamSet& p) { return std::make_unique<SbvAlgorithm>(p); };
    return i;
}

namespace {
std::unique_ptr<OshSolver> makeSolver(const ParamSet& p) {
    if (p.getString("osh") != "svm") return std::make_unique<ExactOshSolver>();
    SvmOptions o;
    o.solver = p.getString("svm") == "libsvm" ? SvmSolver::Libsvm : SvmSolver::Liblinear;
    o.scaling = p.getString("scaling") == "isotropic" ? SvmScaling::Isotropic : SvmScaling::PerFeature;
    o.C = p.getDouble("C");
    return std::make_unique<SvmOshSolver>(o);
}
} // namespace

SbvAlgorithm::SbvAlgorithm(const ParamSet& p) : SbvPipeline(contactMode(p), makeSolver(p)) {
    m_options.samples = std::size_t(p.getInt("samples"));
    m_narrow = p.getString("narrow") == "exact";
    m_options.coherence = p.getString("coherence") == "on";
}

void SbvAlgorithm::prepareObjects(const SceneObjects& objects, MeshDataCache& meshData, PrepareReport& report,
                                  const Progress& progress) {
    const std::size_t n = prepareSbv(objects, meshData, report, progress);
    report.notes = n ? std::to_string(n) + " convex hulls (exact OSH)" : "no structure (SBVs per frame)";
}

void SbvAlgorithm::collidePair(std::uint32_t a, std::uint32_t b, const Pose& pa, const Pose& pb,
                               CollisionResult& out, DebugSink* sink) {
    Stopwatch sw;
    const TriangleMesh& ma = mesh(a);
    const TriangleMesh& mb = mesh(b);
    CsbvOptions options = m_options;
    options.recordSteps = sink != nullptr;
    const CsbvResult r = runCsbv(a, b, pa, pb, options);
    m_sbvMs += sw.ms();
    if (r.outcome == CsbvOutcome::BoxesApart) return;

    SbvPairRecord rec;
    rec.objectA = a, rec.objectB = b;
    rec.outcome = toRecord(r.outcome);
    rec.direction = r.direction;
    rec.region = r.region;
    rec.trianglesA = std::uint32_t(ma.triangles.size()), rec.trianglesB = std::uint32_t(mb.triangles.size());
    rec.keptA = std::uint32_t(r.keptA.size()), rec.keptB = std::uint32_t(r.keptB.size());
    rec.iterations = r.iterations;
    rec.samplesA = std::uint32_t(r.samplesA), rec.samplesB = std::uint32_t(r.samplesB);
    rec.supportVectors = std::uint32_t(r.osh.supportA.size() + r.osh.supportB.size());
    if (r.oshSolves > 0 && !r.osh.ok && !solver().exact()) rec.oshError = r.osh.error;
    m_records.push_back(std::move(rec));
    m_stats.triangles += ma.triangles.size() + mb.triangles.size();
    m_stats.kept += r.keptA.size() + r.keptB.size();
    m_stats.shrinkIterations += std::uint64_t(r.iterations);
    m_stats.oshSolves += std::uint64_t(r.oshSolves);
    if (sink) {
        for (std::size_t k = 0; k < r.steps.size(); ++k)
            m_steps.push_back({a, b, int(k), r.steps[k].region, r.steps[k].keptA, r.steps[k].keptB});
        draw(a, b, r, *sink);
    }
    if (m_narrow && !r.separated()) {
        sw.restart();
        narrowPhase(a, b, pa, pb, r, out, sink);
        m_narrowMs += sw.ms();
    }
}

void SbvAlgorithm::narrowPhase(std::uint32_t a, std::uint32_t b, const Pose& pa, const Pose& pb,
                               const CsbvResult& r, CollisionResult& out, DebugSink* sink) {
    // In A's frame with B's vertices moved by the same relative pose as brute force, so that the exact test
    // sees the same coordinates and the pair sets are identical, not merely close.
    const TriangleMesh& ma = mesh(a);
    const TriangleMesh& mb = mesh(b);
    const Pose rel = Pose::relative(pa, pb);
    m_localB.resize(mb.vertices.size());
    for (std::uint32_t t : r.keptB)
        for (std::uint32_t v : mb.triangles[t]) m_localB[v] = rel.apply(mb.vertices[v]);
    // A uniform grid over where both sets' boxes overlap, about one cell per kept triangle: B's boxes go into
    // every cell they touch, A's look there; a pair is tested only in the cell holding the low corner of the
    // two boxes' intersection, so it is tested once whatever number of cells both touch.
    std::vector<Aabb> boxA(r.keptA.size()), boxB(r.keptB.size());
    Aabb unionA, unionB;
    for (std::size_t i = 0; i < r.keptA.size(); ++i) {
        for (std::uint32_t v : ma.triangles[r.keptA[i]]) boxA[i].grow(ma.vertices[v]);
        unionA.grow(boxA[i]);
    }
    for (std::size_t i = 0; i < r.keptB.size(); ++i) {
        for (std::uint32_t v : mb.triangles[r.keptB[i]]) boxB[i].grow(m_localB[v]);
        unionB.grow(boxB[i]);
    }
    std::vector<TrianglePair> found;
    CollisionCounters& cnt = out.counters;
    if (!unionA.overlaps(unionB)) return;
    Aabb grid{vmax(unionA.lo, unionB.lo), vmin(unionA.hi, unionB.hi)};
    const Vec3 ext = grid.extent();
    const double cell =
        std::cbrt(std::max(ext.x, 1e-300) * std::max(ext.y, 1e-300) * std::max(ext.z, 1e-300) /
                  double(std::max<std::size_t>(boxA.size() + boxB.size(), 1)));
    int dims[3];
    for (int k = 0; k < 3; ++k) dims[k] = std::clamp(int(ext[k] / std::max(cell, 1e-300)), 1, 64);
    auto cellOf = [&](double v, int k) {
        const int c = ext[k] > 0 ? int((v - grid.lo[k]) / ext[k] * dims[k]) : 0;
        return std::clamp(c, 0, dims[k] - 1);
    };
    auto range = [&](const Aabb& box, int lo[3], int hi[3]) {
        for (int k = 0; k < 3; ++k) lo[k] = cellOf(box.lo[k], k), hi[k] = cellOf(box.hi[k], k);
    };
    const std::size_t cells = std::size_t(dims[0]) * std::size_t(dims[1]) * std::size_t(dims[2]);
    auto index = [&](int x, int y, int z) {
        return (std::size_t(z) * std::size_t(dims[1]) + std::size_t(y)) * std::size_t(dims[0]) +
               std::size_t(x);
    };
    // Counting sort of B's boxes into the cells.
    std::vector<std::uint32_t> start(cells + 1, 0), slots;
    for (int pass = 0; pass < 2; ++pass) {
        std::vector<std::uint32_t> fill;
        if (pass == 1) {
            for (std::size_t c = 0; c < cells; ++c) start[c + 1] += start[c];
            slots.resize(start[cells]);
            fill.assign(start.begin(), start.end() - 1);
        }
        for (std::uint32_t i = 0; i < boxB.size(); ++i) {
            if (!boxB[i].overlaps(grid)) continue;
            int lo[3], hi[3];
            range(boxB[i], lo, hi);
            for (int z = lo[2]; z <= hi[2]; ++z)
                for (int y = lo[1]; y <= hi[1]; ++y)
                    for (int x = lo[0]; x <= hi[0]; ++x) {
                        if (pass == 0)
                            ++start[index(x, y, z) + 1];
                        else
                            slots[fill[index(x, y, z)]++] = i;
                    }
        }
    }
    for (std::uint32_t i = 0; i < boxA.size(); ++i) {
        if (!boxA[i].overlaps(grid)) continue;
        int lo[3], hi[3];
        range(boxA[i], lo, hi);
        for (int z = lo[2]; z <= hi[2]; ++z)
            for (int y = lo[1]; y <= hi[1]; ++y)
                for (int x = lo[0]; x <= hi[0]; ++x) {
                    const std::size_t c = index(x, y, z);
                    for (std::uint32_t s = start[c]; s < start[c + 1]; ++s) {
                        const Aabb& bb = boxB[slots[s]];
                        ++cnt.bvTests;
                        if (!boxA[i].overlaps(bb)) continue;
                        const Vec3 corner = vmax(boxA[i].lo, bb.lo);
                        if (cellOf(corner.x, 0) != x || cellOf(corner.y, 1) != y || cellOf(corner.z, 2) != z)
                            continue; // tested in the corner's cell
                        ++cnt.nodesVisited, ++cnt.triTests;
                        const std::uint32_t ta = r.keptA[i], tb = r.keptB[slots[s]];
                        const Triangle &A = ma.triangles[ta], &B = mb.triangles[tb];
                        if (trianglesIntersect(ma.vertices[A[0]], ma.vertices[A[1]], ma.vertices[A[2]],
                                               m_localB[B[0]], m_localB[B[1]], m_localB[B[2]]))
                            found.push_back({ta, tb});
                    }
                }
    }
    if (m_mode == ContactMode::FirstContact && !found.empty()) // brute force's first: the lowest pair
        found = {*std::min_element(found.begin(), found.end())};
    cnt.pairsFound += found.size();
    if (sink) drawReportedPairs(a, b, pa, pb, found, *sink);
    out.pairs.insert(out.pairs.end(), found.begin(), found.end());
}

void SbvAlgorithm::finishStep(FrameResult& result, DebugSink* sink) {
    m_stats.addTo(result.counters);
    SbvDetail& detail = result.details.get<SbvDetail>();
    detail.pairs = std::move(m_records);
    detail.steps = std::move(m_steps);
    m_records.clear(), m_steps.clear();
    m_sbvMs = m_narrowMs = 0;
    m_stats = {};
}

} // namespace cdlab
