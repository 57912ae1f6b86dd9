#include "LdiCommand.h"

#include "BenchReport.h"
#include "CommonOptions.h"
#include "core/InputError.h"
#include "core/Stats.h"
#include "core/Stopwatch.h"
#include "ldi/CpuLdi.h"
#include "ldi/LdiDetail.h"
#include "mesh/MeshGenerators.h"
#include "mesh/ProceduralMeshes.h"
#include "mesh/SurfaceCheck.h"
#include "peers/CgalVolume.h"
#include "pipeline/AlgorithmRegistry.h"
#include "scene/SceneLoader.h"
#include "scene/SceneObjects.h"

#ifdef CDLAB_HAVE_GPU
#include "gpu/GpuDevice.h"
#include "gpu/GpuLdi.h"
#endif

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iomanip>
#include <memory>
#include <numbers>
#include <ostream>

namespace cdlab {

namespace {

/// The query to time: the GPU one unless asked for the CPU or there is no OpenGL 4.5 (then says why).
std::unique_ptr<LdiQuery> makeQuery(const std::string& backend, std::ostream& out) {
#ifdef CDLAB_HAVE_GPU
    if (backend == "gpu") {
        std::string why;
        if (GpuDevice* d = GpuDevice::get(&why)) {
            out << "# GPU: " << d->renderer() << " via " << d->platform() << "\n";
            return std::make_unique<GpuLdi>();
        }
        out << "# " << why << ": the CPU ray caster runs instead\n";
    }
#else
    if (backend == "gpu") out << "# built without OpenGL (glad): the CPU ray caster runs instead\n";
#endif
    return std::make_unique<CpuLdi>();
}

std::uint64_t disagreeing(const LdiResult& a, const LdiResult& b) {
    std::uint64_t n = 0;
    const float tol = 1e-4f * float(a.frame.z1 - a.frame.z0 + 1);
    for (std::size_t p = 0; p < std::min(a.length.size(), b.length.size()); ++p)
        n += std::abs(a.length[p] - b.length[p]) > tol || (a.flags[p] & LdiValid) != (b.flags[p] & LdiValid);
    return n;
}

std::ofstream openCsv(const std::string& path) {
    std::ofstream f(path);
    if (!f) throw InputError(path, "", "cannot write the CSV file");
    return f;
}

/// Error (percent) against resolution, one polyline per case, both axes logarithmic; a zero error is drawn
/// at the bottom edge (1e-4 %).
void writeAccuracySvg(const std::string& path, const std::vector<std::string>& names,
                      const std::vector<std::vector<std::pair<int, double>>>& series) {
    std::ofstream svg(path);
    if (!svg) throw InputError(path, "", "cannot write the SVG file");
    const double W = 640, H = 400, left = 70, right = 190, top = 40, bottom = 50;
    int rlo = 1 << 30, rhi = 1;
    for (const auto& s : series)
        for (const auto& [r, e] : s) rlo = std::min(rlo, r), rhi = std::max(rhi, r);
    const double elo = -4, ehi = 1; // log10 of percent
    auto x = [&](int r) {
        return left + (W - left - right) *
                          (rhi > rlo ? std::log2(double(r) / rlo) / std::log2(double(rhi) / rlo) : 0.5);
    };
    auto y = [&](double e) {
        const double l = std::clamp(std::log10(std::max(e, 1e-4)), elo, ehi);
        return top + (H - top - bottom) * (ehi - l) / (ehi - elo);
    };
    svg << "<svg xmlns='http://www.w3.org/2000/svg' width='" << W << "' height='" << H
        << "' font-family='sans-serif' font-size='12'>\n<rect width='100%' height='100%' fill='white'/>\n"
        << "<text x='" << left
        << "' y='22' font-size='14'>LDI volume error against resolution (cdlab-bench "
           "ldi-accuracy)</text>\n";
    for (int k = int(elo); k <= int(ehi); ++k)
        svg << "<line x1='" << left << "' x2='" << W - right << "' y1='" << y(std::pow(10, k)) << "' y2='"
            << y(std::pow(10, k)) << "' stroke='#ddd'/><text x='" << left - 8 << "' y='"
            << y(std::pow(10, k)) + 4 << "' text-anchor='end'>"
            << (k >= 0 ? std::to_string(int(std::pow(10, k))) : "1e" + std::to_string(k)) << " %</text>\n";
    for (int r = rlo; r <= rhi; r *= 2)
        svg << "<text x='" << x(r) << "' y='" << H - bottom + 18 << "' text-anchor='middle'>" << r
            << "</text>\n";
    svg << "<text x='" << (left + W - right) / 2 << "' y='" << H - 12
        << "' text-anchor='middle'>pixels along the window's longer side</text>\n";
    const char* colors[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"};
    for (std::size_t c = 0; c < series.size(); ++c) {
        const char* color = colors[c % 6];
        svg << "<polyline fill='none' stroke='" << color << "' stroke-width='2' points='";
        for (const auto& [r, e] : series[c]) svg << x(r) << "," << y(e) << " ";
        svg << "'/>\n";
        for (const auto& [r, e] : series[c])
            svg << "<circle cx='" << x(r) << "' cy='" << y(e) << "' r='3' fill='" << color << "'/>\n";
        svg << "<text x='" << W - right + 10 << "' y='" << top + 16 * (double(c) + 1) << "' fill='" << color
            << "'>" << names[c] << "</text>\n";
    }
    svg << "</svg>\n";
}

} // namespace

int runLdi(const LdiCommandOptions& o, std::ostream& out) {
    const Scene scene = loadScene(o.scene);
    const SceneObjects objects(scene);
    const int frames = o.frames > 0 ? o.frames : scene.frames;
    std::ofstream csv;
    if (!o.csv.empty()) csv = openCsv(o.csv);
    out << configurationLine() << "\n";
    auto algo = AlgorithmRegistry::instance().create(
        o.algorithm, {{"resolution", std::to_string(o.resolution)}, {"axis", o.axis}, {"backend", o.backend}},
        "--algo");
    const PrepareReport prep = algo->prepare(scene);
    out << "# scene " << o.scene << ": " << objects.objects().size() << " bodies; " << o.algorithm << " at "
        << o.resolution << " px, axis " << o.axis << "; " << prep.notes << "\n";
    for (std::size_t i = 0; i < objects.objects().size(); ++i)
        out << "# " << objects.objects()[i].name << ": " << objects.objects()[i].mesh->triangles.size()
            << " triangles, " << SurfaceCheck::of(*objects.objects()[i].mesh).describe() << "\n";
    std::unique_ptr<LdiQuery> gpu = o.reference ? makeQuery(o.backend, out) : nullptr;
    CpuLdi cpu;
    out << std::left << std::setw(6) << "frame" << std::setw(20) << "pair" << std::right << std::setw(10)
        << "window" << std::setw(12) << "volume" << std::setw(10) << "depth" << std::setw(7) << "layers"
        << std::setw(8) << "invalid" << std::setw(10) << "fragments" << std::setw(9) << "overflow"
        << std::setw(9) << "build_ms" << std::setw(11) << "resolve_ms" << std::setw(12) << "readback_ms"
        << std::setw(10) << "query_ms";
    if (o.reference)
        out << std::setw(12) << "cpu_volume" << std::setw(9) << "cpu_ms" << std::setw(9) << "differ";
    if (o.reference && cgalAvailable()) out << std::setw(12) << "cgal_volume" << std::setw(10) << "cgal_ms";
    out << "\n";
    if (csv) {
        csv << "frame,pair,width,height,volume,depth,layers,invalid,fragments,overflow,build_ms,resolve_ms,"
               "readback_"
               "ms,query_ms";
        if (o.reference) csv << ",cpu_volume,cpu_ms,differ,cgal_volume,cgal_ms";
        csv << "\n";
    }
    std::vector<double> queryMs, cpuMs, cgalMs;
    std::uint64_t differTotal = 0, pixelTotal = 0, overflowFrames = 0, unreliable = 0;
    std::vector<Pose> poses;
    for (int f = 1; f < frames; ++f) {
        const double t0 = scene.frameTime(f - 1, frames), t1 = scene.frameTime(f, frames);
        std::vector<double> wall;
        FrameResult r;
        for (int k = 0; k < std::max(1, o.repeat); ++k) {
            Stopwatch sw;
            r = algo->step(t0, t1);
            wall.push_back(sw.ms());
        }
        objects.poses(t1, poses);
        const auto& ldiPairs = r.details.orEmpty<LdiDetail>().pairs;
        for (const LdiPairRecord& rec : ldiPairs) {
            const LdiResult& l = rec.ldi;
            const std::string pair =
                objects.objects()[rec.objectA].name + "/" + objects.objects()[rec.objectB].name;
            const double ms = median(wall) / double(ldiPairs.size());
            queryMs.push_back(ms);
            overflowFrames += l.overflowed;
            unreliable += !rec.unreliable.empty() || !l.reliable();
            out << std::left << std::setw(6) << f << std::setw(20) << pair << std::right << std::setw(10)
                << (std::to_string(l.frame.width) + "x" + std::to_string(l.frame.height)) << std::fixed
                << std::setprecision(5) << std::setw(12) << l.volume << std::setw(10) << l.maxDepth
                << std::setw(7) << l.layersUsed << std::setw(8) << (l.invalidPixels + l.truncatedPixels)
                << std::setw(10) << l.fragments << std::setw(9) << (l.overflowed ? "YES" : "no")
                << std::setprecision(3) << std::setw(9) << l.buildMs << std::setw(11) << l.resolveMs
                << std::setw(12) << l.readbackMs << std::setw(10) << ms;
            if (csv)
                csv << f << "," << pair << "," << l.frame.width << "," << l.frame.height << "," << l.volume
                    << "," << l.maxDepth << "," << l.layersUsed << ","
                    << (l.invalidPixels + l.truncatedPixels) << "," << l.fragments << "," << l.overflowed
                    << "," << l.buildMs << "," << l.resolveMs << "," << l.readbackMs << "," << ms;
            if (o.reference) {
                // The bodies as the algorithm saw them at t1: a deforming one's mesh at that time.
                TriangleMesh shapes[2];
                const TriangleMesh* meshes[2] = {objects.objects()[rec.objectA].mesh,
                                                 objects.objects()[rec.objectB].mesh};
                for (int k = 0; k < 2; ++k) {
                    const std::uint32_t i = k == 0 ? rec.objectA : rec.objectB;
                    if (objects.deforms(i)) objects.deformedMesh(i, t1, shapes[k]), meshes[k] = &shapes[k];
                }
                const LdiBody a{meshes[0], poses[rec.objectA]};
                const LdiBody b{meshes[1], poses[rec.objectB]};
                LdiOptions keep;
                keep.keepImages = true;
                Stopwatch sw;
                const LdiResult c = cpu.run(a, b, l.frame, keep);
                const double cms = sw.ms();
                const LdiResult g = gpu->run(a, b, l.frame, keep);
                const std::uint64_t differ = disagreeing(g, c);
                differTotal += differ, pixelTotal += c.pixels;
                cpuMs.push_back(cms);
                out << std::setprecision(5) << std::setw(12) << c.volume << std::setprecision(3)
                    << std::setw(9) << cms << std::setw(9) << differ;
                ExactVolume exact{};
                if (cgalAvailable()) {
                    exact = cgalIntersectionVolume(*a.mesh, a.pose, *b.mesh, b.pose);
                    if (exact.ok) {
                        cgalMs.push_back(exact.milliseconds);
                        out << std::setprecision(5) << std::setw(12) << exact.volume << std::setprecision(2)
                            << std::setw(10) << exact.milliseconds;
                    } else {
                        out << std::setw(22) << "n/a";
                    }
                }
                if (csv)
                    csv << "," << c.volume << "," << cms << "," << differ << ","
                        << (exact.ok ? std::to_string(exact.volume) : "") << ","
                        << (exact.ok ? std::to_string(exact.milliseconds) : "");
            }
            out << "\n";
            if (csv) csv << "\n";
            if (!rec.unreliable.empty()) out << "#   unreliable: " << rec.unreliable << "\n";
        }
        out << std::defaultfloat;
    }
    out << "# " << queryMs.size() << " queries";
    if (!queryMs.empty()) // no penetration on any frame: no median to show
        out << "; median query " << std::fixed << std::setprecision(3) << median(queryMs) << " ms";
    out << " (" << o.backend << ")";
    if (o.reference) {
        if (!cpuMs.empty()) out << ", CPU ray caster " << median(cpuMs) << " ms";
        if (!cgalMs.empty()) out << ", CGAL " << median(cgalMs) << " ms";
        out << "; pixels agreeing with the ray caster: " << std::setprecision(4)
            << (pixelTotal ? 100.0 * double(pixelTotal - differTotal) / double(pixelTotal) : 100.0) << " %";
    }
    out << std::defaultfloat << "; overflowed " << overflowFrames << ", unreliable " << unreliable << "\n";
    if (!o.csv.empty()) out << "# wrote " << o.csv << "\n";
    return 0;
}

int runLdiAccuracy(const LdiAccuracyOptions& o, std::ostream& out) {
    out << configurationLine() << "\n";
    std::unique_ptr<LdiQuery> query = makeQuery(o.backend, out);
    std::ofstream csv;
    if (!o.csv.empty()) csv = openCsv(o.csv);
    if (csv) csv << "case,resolution,exact,exact_source,volume,error_percent,query_ms\n";
    struct Case {
        std::string name;
        TriangleMesh a, b;
        Pose pa, pb;
        double exact = 0;
        std::string source;
    };
    const Pose id{};
    auto at = [](double x, double y, double z) { return Pose{Mat3::identity(), {x, y, z}}; };
    std::vector<Case> cases;
    {
        Case c{"two spheres (r 1, d 1)", makeSphere(1, 20000), makeSphere(1, 20000), id, at(1, 0, 0), 0, {}};
        c.exact = std::numbers::pi * 5 / 12, c.source = "lens pi(4r+d)(2r-d)^2/12";
        cases.push_back(std::move(c));
    }
    {
        Case c{"two boxes", makeBox({1, 1, 1}, 12), makeBox({1, 1, 1}, 12), id, at(0.5, 0.3, 0.2), 0, {}};
        c.exact = 0.5 * 0.7 * 0.8, c.source = "box 0.5 x 0.7 x 0.8";
        cases.push_back(std::move(c));
    }
    {
        Case c{
            "sphere in a box", makeBox({2, 2, 2}, 12), makeSphere(0.7, 20000), id, at(0.1, 0.05, 0), 0, {}};
        c.exact = SurfaceCheck::of(c.b).volume, c.source = "the polyhedral sphere's volume";
        cases.push_back(std::move(c));
    }
    if (cgalAvailable()) {
        const TriangleMesh knot =
            generateMesh("torus_knot", nlohmann::json::object(), "ldi-accuracy", "knot");
        const TriangleMesh teapot = generateMesh("teapot", {{"closed", true}}, "ldi-accuracy", "teapot");
        Case k{"knot + closed teapot", knot, teapot, id, at(0.3, 0.1, 0.2), 0, {}};
        Case cb{"cylinder + ball",
                makeCylinder(0.5, 2.0, 3000),
                makeSphere(0.5, 3000),
                id,
                at(0.45, 0.2, 0.3),
                0,
                {}};
        for (Case* c : {&k, &cb}) {
            const ExactVolume e = cgalIntersectionVolume(c->a, c->pa, c->b, c->pb);
            if (!e.ok) {
                out << "# " << c->name << ": CGAL: " << e.message << " (left out)\n";
                continue;
            }
            c->exact = e.volume;
            c->source = "CGAL corefinement (" + std::to_string(int(std::lround(e.milliseconds))) + " ms)";
            cases.push_back(std::move(*c));
        }
    } else {
        out << "# built without CGAL: the knot + teapot and cylinder + ball rows need it\n";
    }
    out << std::left << std::setw(24) << "case" << std::right << std::setw(8) << "res" << std::setw(12)
        << "exact" << std::setw(12) << "ldi" << std::setw(10) << "error_%" << std::setw(10) << "query_ms"
        << "   exact from\n";
    std::vector<std::string> names;
    std::vector<std::vector<std::pair<int, double>>> series;
    for (const Case& c : cases) {
        names.push_back(c.name);
        series.emplace_back();
        const LdiBody a{&c.a, c.pa}, b{&c.b, c.pb};
        Aabb ba, bb;
        for (const Vec3& v : c.a.vertices) ba.grow(c.pa.apply(v));
        for (const Vec3& v : c.b.vertices) bb.grow(c.pb.apply(v));
        const Vec3 lo = vmax(ba.lo, bb.lo), hi = vmin(ba.hi, bb.hi);
        std::vector<Vec3> corners;
        for (int k = 0; k < 8; ++k)
            corners.push_back({k & 1 ? hi.x : lo.x, k & 2 ? hi.y : lo.y, k & 4 ? hi.z : lo.z});
        for (int res : o.resolutions) {
            const LdiFrame f = makeLdiFrame(corners, shortestExtentAxis(corners), res);
            std::vector<double> ms;
            LdiResult r;
            for (int k = 0; k < 3; ++k) {
                Stopwatch sw;
                r = query->run(a, b, f, {});
                ms.push_back(sw.ms());
            }
            const double err = 100.0 * std::abs(r.volume - c.exact) / c.exact;
            series.back().push_back({res, err});
            out << std::left << std::setw(24) << c.name << std::right << std::setw(8) << res << std::fixed
                << std::setprecision(5) << std::setw(12) << c.exact << std::setw(12) << r.volume
                << std::setprecision(3) << std::setw(10) << err << std::setw(10) << median(ms) << "   "
                << c.source << (r.reliable() ? "" : "  (unreliable)") << "\n"
                << std::defaultfloat;
            if (csv)
                csv << c.name << "," << res << "," << c.exact << ",\"" << c.source << "\"," << r.volume << ","
                    << err << "," << median(ms) << "\n";
        }
    }
    if (!o.csv.empty()) out << "# wrote " << o.csv << "\n";
    if (!o.svg.empty()) writeAccuracySvg(o.svg, names, series), out << "# wrote " << o.svg << "\n";
    return 0;
}

BenchCommand declareLdiCommand(CLI::App& app) {
    auto o = std::make_shared<LdiCommandOptions>();
    auto* cmd = app.add_subcommand(
        "ldi", "The LDI penetration query frame by frame: volume, depth, layers, overflow, GPU stage times; "
               "--reference adds the CPU ray caster (and CGAL's exact volume) on the same pixels");
    cmd->add_option("scene", o->scene, "Scene file")->required();
    cmd->add_option("-a,--algo", o->algorithm, "ldi (common box) or sbv-ldi (SBV region)")
        ->check(CLI::IsMember({"ldi", "sbv-ldi"}));
    cmd->add_option("--resolution", o->resolution, "Pixels along the window's longer side")
        ->check(CLI::Range(8, 4096));
    cmd->add_option("--axis", o->axis, "View axis")
        ->check(CLI::IsMember({"auto", "x", "y", "z", "separating"}));
    cmd->add_option("--backend", o->backend, "gpu or cpu")->check(CLI::IsMember({"gpu", "cpu"}));
    cmd->add_flag("--reference", o->reference, "Also run the CPU ray caster (and CGAL) on each query");
    CommonOptions::frames(*cmd, o->frames, "Frames (default: the scene's)");
    CommonOptions::repeat(*cmd, o->repeat, "Timed steps per frame (median)");
    CommonOptions::csv(*cmd, o->csv, "Also write one row per query here");
    return {cmd, [o](std::ostream& out) {
                CommonOptions::requireFrameInterval(o->frames, "ldi");
                return runLdi(*o, out);
            }};
}

BenchCommand declareLdiAccuracyCommand(CLI::App& app) {
    auto o = std::make_shared<LdiAccuracyOptions>();
    auto* cmd = app.add_subcommand(
        "ldi-accuracy",
        "The LDI volume against closed forms (spheres, boxes, sphere in box) and CGAL's exact "
        "volume (knot + closed teapot, cylinder + ball) as the resolution grows");
    cmd->add_option("--resolutions", o->resolutions, "Resolutions (default 64 128 256 512 1024)")
        ->check(CLI::Range(8, 4096));
    cmd->add_option("--backend", o->backend, "gpu or cpu")->check(CLI::IsMember({"gpu", "cpu"}));
    CommonOptions::csv(*cmd, o->csv, "Also write case,resolution,exact,volume,error here");
    CommonOptions::svg(*cmd, o->svg, "Also plot the error against the resolution here (SVG, log-log)");
    return {cmd, [o](std::ostream& out) { return runLdiAccuracy(*o, out); }};
}

} // namespace cdlab
