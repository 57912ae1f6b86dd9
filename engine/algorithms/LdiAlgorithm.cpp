#include "algorithms/LdiAlgorithm.h"

#include "core/Stopwatch.h"
#include "geometry/ConvexPolytope.h"
#include "ldi/CpuLdi.h"
#include "mesh/SurfaceCheck.h"

#ifdef CDLAB_HAVE_GPU
#include "gpu/GpuLdi.h"
#endif

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace cdlab {

namespace {
const bool registered = registerAlgorithm(LdiAlgorithm::info()) && registerAlgorithm(LdiAlgorithm::sbvInfo());

std::vector<ParamSpec> ldiParams(bool sbv) {
    return {
        {"resolution",
         "Pixels along the longer side of the query window (square pixels; ldi-notes §7.1).",
         std::int64_t(512),
         {},
         8,
         4096},
        {"axis",
         sbv ? "The view axis: auto (the overlap region's shortest extent among x, y, z and d*, §7.8), x, y, "
               "z, or separating (d*)."
             : "The view axis: auto (the query box's shortest extent, §7.8), x, y or z.",
         std::string("auto"),
         sbv ? std::vector<std::string>{"auto", "x", "y", "z", "separating"}
             : std::vector<std::string>{"auto", "x", "y", "z"}},
        {"backend",
         "gpu: OpenGL 4.5 fragment lists on a headless EGL context (Mesa's llvmpipe without a GPU); cpu: the "
         "ray caster it is tested against.",
         std::string("gpu"),
         {"gpu", "cpu"}},
        {"capacity",
         "Fragment storage in fragments per window pixel; an overflow is reported, and the pool grown to "
         "what was counted for one more run.",
         8.0,
         {},
         0.001,
         1024.0},
        {"layers",
         "Fragments sorted per pixel at most (a pixel with more is reported as truncated).",
         std::int64_t(32),
         {},
         2,
         std::int64_t(kLdiMaxLayers)},
        {"row",
         "The pixel row kept for the teaching view (its fragments and intervals), as a fraction of the "
         "window "
         "height; kept when the step draws.",
         0.5,
         {},
         0.0,
         1.0},
    };
}

/// Blue (shallow) to red (deep).
Rgba depthColor(double t) {
    t = std::clamp(t, 0.0, 1.0);
    return {float(0.2 + 0.8 * t), float(0.35 + 0.3 * (1 - std::abs(2 * t - 1))), float(1.0 - 0.8 * t), 1.0f};
}
} // namespace

AlgorithmInfo LdiAlgorithm::info() {
    AlgorithmInfo i;
    i.name = "ldi";
    i.kind = AlgorithmKind::Penetration;
    i.deformingBodies = true; // nothing precomputed over the vertices
    i.draws = {DebugCategory::LdiBox, DebugCategory::LdiRegion};
    i.description =
        "Layered depth images (Heidelberger, Teschner, Gross 2004; ldi-notes §5, §7): per body pair whose "
        "bounding boxes overlap, both closed meshes are rendered orthographically into per-pixel fragment "
        "lists over their common box, and each pixel's inside intervals are intersected: the penetration "
        "region, its volume, its depth along the view axis. Closed meshes only.";
    i.params = ldiParams(false);
    i.create = [](const ParamSet& p) { return std::make_unique<LdiAlgorithm>(p, false); };
    return i;
}

AlgorithmInfo LdiAlgorithm::sbvInfo() {
    AlgorithmInfo i = info();
    i.name = "sbv-ldi";
    i.draws = {DebugCategory::LdiBox, DebugCategory::LdiRegion, DebugCategory::SeparatingPlane};
    i.description =
        "The SBV paper's pipeline (sbv-reconstruction §5, Fig. 5-6): separating bounding volumes (exact OSH) "
        "certify separated pairs without rendering; for the others the LDI query runs on the bounding box of "
        "SBV(A) ∩ SBV(B), by default viewed along d* where the region is thin. Closed meshes only.";
    i.params = ldiParams(true);
    i.create = [](const ParamSet& p) { return std::make_unique<LdiAlgorithm>(p, true); };
    return i;
}

LdiAlgorithm::LdiAlgorithm(const ParamSet& p, bool sbv)
    : SbvPipeline(ContactMode::AllPairs, std::make_unique<ExactOshSolver>()), m_sbv(sbv) {
    m_resolution = int(p.getInt("resolution"));
    m_axis = p.getString("axis");
    m_rowFraction = p.getDouble("row");
    m_options.capacity = p.getDouble("capacity");
    m_options.maxLayers = int(p.getInt("layers"));
    m_backend = p.getString("backend");
}

void LdiAlgorithm::prepareObjects(const SceneObjects& objects, MeshDataCache& meshData, PrepareReport& report,
                                  const Progress& progress) {
    const std::size_t n = objects.objects().size();
    m_open.assign(n, {});
    if (m_sbv) prepareSbv(objects, meshData, report, progress);
    std::size_t open = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const TriangleMesh& mesh = *objects.objects()[i].mesh;
        const SurfaceCheck& s =
            hold(meshData.get<SurfaceCheck>(mesh, "", [&] { return SurfaceCheck::of(mesh); }));
        if (!s.closedOutward())
            m_open[i] = objects.objects()[i].name + " (" + mesh.name + ") is " + s.describe(), ++open;
        if (progress) progress(double(i + 1) / double(n), "closedness");
    }
    std::string notes;
    if (m_backend == "gpu") {
#ifdef CDLAB_HAVE_GPU
        try {
            m_query = std::make_unique<GpuLdi>();
        } catch (const std::exception& e) {
            notes = std::string(e.what()) + ": the CPU ray caster runs instead; ";
        }
#else
        notes = "built without OpenGL (glad): the CPU ray caster runs instead; ";
#endif
    }
    if (!m_query) m_query = std::make_unique<CpuLdi>();
    report.notes = notes + m_query->name() + " LDI" + (m_sbv ? ", exact OSH" : "") +
                   (open ? "; " + std::to_string(open) + " open mesh(es): their answers are unreliable" : "");
}

bool LdiAlgorithm::sbvRegion(std::uint32_t a, std::uint32_t b, const Pose& pa, const Pose& pb,
                             std::vector<Vec3>& region, Vec3& direction) {
    const CsbvResult r = runCsbv(a, b, pa, pb, CsbvOptions{});
    if (r.separated()) return false;
    // Q bounds SBV(A) ∩ SBV(B) of the whole bodies, not CSBV's shrunk region: the shrunk one holds every
    // point common to both surfaces, but A ∩ B (the solid) can reach beyond it — a rod through a ball.
    const ConvexPolytope p = intersectHalfSpaces(r.sbvA.intersect(r.sbvB).halfSpaces(r.axes), r.tolerance);
    if (p.empty()) return false;
    region = p.vertices;
    direction = r.direction;
    return true;
}

void LdiAlgorithm::collidePair(std::uint32_t a, std::uint32_t b, const Pose& pa, const Pose& pb,
                               CollisionResult&, DebugSink* sink) {
    std::vector<Vec3> box;
    Vec3 dstar;
    if (m_sbv) {
        Stopwatch sw;
        const bool overlap = sbvRegion(a, b, pa, pb, box, dstar);
        m_sbvMs += sw.ms();
        if (!overlap) return void(++m_separated);
    } else {
        Aabb ba, bb;
        for (const Vec3& v : mesh(a).vertices) ba.grow(pa.apply(v));
        for (const Vec3& v : mesh(b).vertices) bb.grow(pb.apply(v));
        const Vec3 lo = vmax(ba.lo, bb.lo), hi = vmin(ba.hi, bb.hi);
        if (lo.x > hi.x || lo.y > hi.y || lo.z > hi.z) return;
        for (int k = 0; k < 8; ++k)
            box.push_back({k & 1 ? hi.x : lo.x, k & 2 ? hi.y : lo.y, k & 4 ? hi.z : lo.z});
    }
    Vec3 axis;
    if (m_axis == "x")
        axis = {1, 0, 0};
    else if (m_axis == "y")
        axis = {0, 1, 0};
    else if (m_axis == "z")
        axis = {0, 0, 1};
    else if (m_axis == "separating" && length(dstar) > 0)
        axis = dstar;
    else
        axis = shortestExtentAxis(box, dstar);
    const LdiFrame frame = makeLdiFrame(box, axis, m_resolution);
    if (frame.empty()) return;

    LdiOptions o = m_options;
    o.keepImages = sink != nullptr;
    o.row = sink ? std::clamp(int(m_rowFraction * frame.height), 0, frame.height - 1) : -1;
    LdiPairRecord rec;
    rec.objectA = a, rec.objectB = b;
    rec.ldi = m_query->run({&mesh(a), pa}, {&mesh(b), pb}, frame, o);
    for (std::uint32_t i : {a, b})
        if (!m_open[i].empty()) rec.unreliable += (rec.unreliable.empty() ? "" : "; ") + m_open[i];
    const LdiResult& r = rec.ldi;
    if (!r.ok && rec.unreliable.empty()) rec.unreliable = r.error;
    if (r.overflowed)
        rec.unreliable += (rec.unreliable.empty() ? "" : "; ") + std::to_string(r.fragments - r.capacity) +
                          " fragments did not fit (capacity " + std::to_string(r.capacity) + ")";
    ++m_stats.queries;
    m_stats.triangles += r.trianglesA + r.trianglesB;
    m_stats.fragments += r.fragments;
    m_stats.pixels += r.pixels;
    m_buildMs += r.buildMs, m_resolveMs += r.resolveMs, m_readbackMs += r.readbackMs;
    if (sink) {
        draw(r, *sink);
        if (length(dstar) > 0) { // d*, from Q's centre: the direction the SBVs separate along (sbv §3)
            Vec3 centre;
            for (const Vec3& p : box) centre += p;
            centre = centre / double(box.size());
            const double reach = 0.5 * std::max(frame.width, frame.height) * frame.pixel;
            sink->line(centre, centre + dstar * reach, {1.0f, 0.95f, 0.3f, 1.0f},
                       DebugCategory::SeparatingPlane);
        }
    }
    m_records.push_back(std::move(rec));
}

void LdiAlgorithm::draw(const LdiResult& r, DebugSink& sink) const {
    const LdiFrame& f = r.frame;
    const double x1 = f.x0 + f.width * f.pixel, y1 = f.y0 + f.height * f.pixel;
    const Rgba boxColor{0.9f, 0.9f, 0.3f, 1.0f};
    for (int k = 0; k < 12; ++k) { // Q's edges: corners differing in one coordinate
        const int axis = k / 4, rest = k % 4;
        double lo[3], hi[3];
        const double range[3][2] = {{f.x0, x1}, {f.y0, y1}, {f.z0, f.z1}};
        for (int c = 0, bit = 0; c < 3; ++c) {
            if (c == axis) {
                lo[c] = range[c][0], hi[c] = range[c][1];
            } else {
                lo[c] = hi[c] = range[c][(rest >> bit) & 1];
                ++bit;
            }
        }
        sink.line(f.toWorld({lo[0], lo[1], lo[2]}), f.toWorld({hi[0], hi[1], hi[2]}), boxColor,
                  DebugCategory::LdiBox);
    }
    if (r.length.empty() || r.maxDepth <= 0) return;
    // Depth columns, about 64 across: a column per stride-th pixel from its first to its last overlap depth,
    // coloured by the overlap length there.
    const int stride = std::max(1, std::max(f.width, f.height) / 64);
    for (int j = stride / 2; j < f.height; j += stride)
        for (int i = stride / 2; i < f.width; i += stride) {
            const std::size_t p = std::size_t(j) * std::size_t(f.width) + std::size_t(i);
            if (!(r.flags[p] & LdiOverlap)) continue;
            sink.line(f.pixelPoint(i, j, r.first[p]), f.pixelPoint(i, j, r.last[p]),
                      depthColor(r.length[p] / r.maxDepth), DebugCategory::LdiRegion);
        }
    if (r.row >= 0) { // the teaching view's row, across Q's front
        const double y = f.y0 + (r.row + 0.5) * f.pixel;
        sink.line(f.toWorld({f.x0, y, f.z0}), f.toWorld({x1, y, f.z0}), {1, 1, 1, 1}, DebugCategory::LdiBox);
    }
}

void LdiAlgorithm::finishStep(FrameResult& result, DebugSink*) {
    m_stats.addTo(result.counters);
    const std::string backend = std::string(" (") + m_query->name() + ")";
    if (m_sbv) result.stages.add("sbv", m_sbvMs);
    result.stages.add("ldi build" + backend, m_buildMs);
    result.stages.add("ldi resolve" + backend, m_resolveMs);
    if (std::string(m_query->name()) == "gpu") result.stages.add("ldi readback (gpu)", m_readbackMs);
    result.details.get<LdiDetail>().pairs = std::move(m_records);
    m_records.clear();
    m_sbvMs = m_buildMs = m_resolveMs = m_readbackMs = 0;
    m_stats = {}, m_separated = 0;
}

} // namespace cdlab
