#include "SbvTablesCommand.h"

#include "BenchRun.h"
#include "CommonOptions.h"
#include "ProgressBar.h"
#include "SbvTable2.h"
#include "convex/ConvexHull.h"
#include "core/InputError.h"
#include "core/Stats.h"
#include "core/Stopwatch.h"
#include "sbv/ExactOsh.h"
#include "sbv/SbvDetail.h"
#include "sbv/SbvStats.h"
#include "scene/SceneLoader.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

namespace cdlab {

namespace {

std::string num(double v, int precision = 3) {
    if (std::isnan(v)) return "-";
    std::ostringstream s;
    s << std::fixed << std::setprecision(precision) << v;
    return s.str();
}

/// A placement of a scene's two bodies: a frame time chosen from what the bodies do there.
struct Placement {
    std::string name;
    double t = 0;
};

/// The scene's frames classified with bvh and the bodies' convex hulls: separating = the last frame before
/// the first contact where the boxes overlap but the hulls do not (the paper's separating case: an OSH
/// exists), near miss = the last frame before the first contact (the hulls may overlap: shrinking decides),
/// touching = the first frame in contact, intersecting = the middle one of the frames in contact.
std::vector<Placement> findPlacements(const Scene& scene, const std::string& file) {
    auto bvh = AlgorithmRegistry::instance().create("bvh", {});
    bvh->prepare(scene);
    SceneObjects objects(scene);
    if (objects.objects().size() != 2)
        throw InputError(file, "bodies", "sbv-tables needs scenes of two bodies");
    const ConvexHull hulls[2] = {ConvexHull::of(*objects.objects()[0].mesh),
                                 ConvexHull::of(*objects.objects()[1].mesh)};
    std::vector<Pose> poses;
    const int n = scene.frames;
    std::vector<int> colliding;
    int separating = -1, nearMiss = -1;
    for (int i = 0; i < n; ++i) {
        const double t = scene.frameTime(i, n);
        if (bvh->step(t, t).contactPairCount() > 0) {
            colliding.push_back(i);
            continue;
        }
        if (!colliding.empty()) continue;
        nearMiss = i;
        objects.poses(t, poses);
        Aabb box[2];
        for (std::size_t k = 0; k < 2; ++k)
            for (const Vec3& v : objects.objects()[k].mesh->vertices) box[k].grow(poses[k].apply(v));
        const bool hullsApart =
            exactSeparatingPlane(PosedHullSupport(hulls[0], poses[0]), PosedHullSupport(hulls[1], poses[1]))
                .separated;
        if (hullsApart && (box[0].overlaps(box[1]) || separating < 0)) separating = i;
    }
    if (colliding.empty() || separating < 0)
        throw InputError(file, "", "the bodies never come into contact (or start in contact): no placements");
    std::vector<Placement> out = {{"separating", scene.frameTime(separating, n)}};
    if (nearMiss != separating) out.push_back({"near miss", scene.frameTime(nearMiss, n)});
    out.push_back({"touching", scene.frameTime(colliding.front(), n)});
    out.push_back({"intersecting", scene.frameTime(colliding[colliding.size() / 2], n)});
    return out;
}

const Placement& placement(const std::vector<Placement>& v, const std::string& name) {
    for (const Placement& p : v)
        if (p.name == name) return p;
    return v.front();
}

/// One query at time t, timed `repeat` times after a warm-up: the median and the last result.
struct Timed {
    double ms = NAN;
    FrameResult result;
};
Timed timeAt(const Scene& scene, const std::string& spec, double t, int repeat) {
    auto algo = AlgorithmRegistry::instance().create(AlgorithmSpec::parse(spec), "sbv-tables");
    algo->prepare(scene);
    Timed out;
    out.result = algo->step(t, t);
    std::vector<double> ms;
    for (int r = 0; r < repeat; ++r) {
        Stopwatch sw;
        out.result = algo->step(t, t);
        ms.push_back(sw.ms());
    }
    out.ms = median(ms);
    return out;
}

double culledPercent(const FrameResult& r) {
    const double total = double(r.counters.get(counter::SbvTriangles));
    return total > 0 ? 100.0 * (1.0 - double(r.counters.get(counter::SbvKept)) / total) : NAN;
}

/// The paper's Table 1 (samples A+B, time in ms, culling ratio in %), by our scene's file stem.
struct PaperTable1 {
    const char* separatingSamples;
    double separatingMs;
    const char* intersectingSamples;
    double intersectingMs, culled;
};
const PaperTable1* paperTable1(const std::string& stem) {
    static const PaperTable1 cylinder{"290+5", 8, "288+3", 8, 95}, knot{"153+65", 7, "119+38", 7, 86};
    return stem == "cylinder_ball" ? &cylinder : stem == "knot_teapot" ? &knot : nullptr;
}

std::vector<Vec3> worldVertices(const SceneObjects& objects, std::uint32_t i, double t) {
    std::vector<Pose> poses;
    objects.poses(t, poses);
    std::vector<Vec3> v;
    for (const Vec3& p : objects.objects()[i].mesh->vertices) v.push_back(poses[i].apply(p));
    return v;
}

/// Fig. 9 as a picture: per-step time of each algorithm, log scale (FCL's refit is ten times the others).
void writeSvg(const std::string& path, const std::string& title, const std::vector<std::string>& names,
              const std::vector<std::vector<double>>& series) {
    std::ofstream svg(path);
    if (!svg) throw InputError(path, "", "cannot write the SVG file");
    const double W = 720, H = 380, left = 60, right = 150, top = 40, bottom = 50;
    double lo = INFINITY, hi = 0;
    std::size_t n = 0;
    for (const auto& s : series) {
        n = std::max(n, s.size());
        for (double v : s)
            if (v > 0) lo = std::min(lo, v), hi = std::max(hi, v);
    }
    if (!(hi > 0)) lo = 0.001, hi = 1;
    lo = std::pow(10, std::floor(std::log10(lo)));
    hi = std::pow(10, std::ceil(std::log10(std::max(hi, lo * 10))));
    auto x = [&](std::size_t i) {
        return left + (W - left - right) * (n > 1 ? double(i) / double(n - 1) : 0.5);
    };
    auto y = [&](double v) {
        v = std::max(v, lo);
        return top + (H - top - bottom) *
                         (1 - (std::log10(v) - std::log10(lo)) / (std::log10(hi) - std::log10(lo)));
    };
    svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << W << "\" height=\"" << H
        << "\" font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" "
           "fill=\"white\"/>\n"
        << "<text x=\"" << (W - right) / 2 << "\" y=\"20\" text-anchor=\"middle\">" << title << "</text>\n";
    for (double d = lo; d <= hi * 1.0001; d *= 10)
        svg << "<line x1=\"" << left << "\" x2=\"" << W - right << "\" y1=\"" << y(d) << "\" y2=\"" << y(d)
            << "\" stroke=\"#ddd\"/><text x=\"" << left - 6 << "\" y=\"" << y(d) + 4
            << "\" text-anchor=\"end\">" << d << "</text>\n";
    svg << "<text x=\"" << (W - right) / 2 << "\" y=\"" << H - 12
        << "\" text-anchor=\"middle\">time step</text>\n"
        << "<text x=\"16\" y=\"" << H / 2 << "\" transform=\"rotate(-90 16 " << H / 2
        << ")\" text-anchor=\"middle\">ms per step (median of repeats, log scale)</text>\n";
    static const char* colours[] = {"#e0401a", "#1a70e0", "#2a9d3a", "#9a40c0", "#b08000"};
    for (std::size_t s = 0; s < series.size(); ++s) {
        const char* c = colours[s % 5];
        svg << "<polyline fill=\"none\" stroke=\"" << c << "\" stroke-width=\"1.5\" points=\"";
        for (std::size_t i = 0; i < series[s].size(); ++i) svg << x(i) << "," << y(series[s][i]) << " ";
        svg << "\"/>\n<text x=\"" << W - right + 10 << "\" y=\"" << top + 16 * (s + 1) << "\" fill=\"" << c
            << "\">" << names[s] << "</text>\n";
    }
    svg << "</svg>\n";
}

} // namespace

int runSbvTables(const SbvTablesOptions& o, std::ostream& out) {
    const auto& registry = AlgorithmRegistry::instance();
    // A deforming scene named on the command line is read first: a bad one fails before the long tables.
    std::optional<Scene> deformingScene;
    if (!o.deforming.empty()) deformingScene = loadScene(o.deforming);
    ProgressBar bar(o.forceProgress);
    out << "# sbv-tables: the SBV paper's Table 1, Table 2, balanced placements and Fig. 9 "
           "(sbv-reconstruction "
           "sec. 6) on our scenes; the paper: 2.2 GHz CPU, LIBSVM 2.84, Opcode AABB tree\n";

    // Table 1.
    out << "\n# Table 1: one SBV query per placement (coherence off: d* found afresh), median of " << o.repeat
        << "\n";
    out << std::left << std::setw(15) << "scene" << std::setw(14) << "placement" << std::right << std::setw(8)
        << "t" << std::setw(12) << "samples" << std::setw(9) << "svm_ms" << std::setw(10) << "exact_ms"
        << std::setw(11) << "culled_svm" << std::setw(13) << "culled_exact" << std::setw(14) << "kept_exact"
        << "   paper (samples, ms, culled)\n";
    std::vector<std::pair<std::string, std::vector<Placement>>> placed;
    for (const char* stem : {"cylinder_ball", "knot_teapot"}) {
        const std::string file = o.scenesDir + "/" + stem + ".json";
        bar.update(0.1, std::string("table 1: ") + stem);
        const Scene scene = loadScene(file);
        const std::vector<Placement> places = findPlacements(scene, file);
        placed.push_back({file, places});
        const PaperTable1* paper = paperTable1(stem);
        for (const Placement& p : places) {
            const Timed svm = timeAt(scene, "sbv:osh=svm,coherence=off", p.t, o.repeat);
            const Timed exact = timeAt(scene, "sbv:coherence=off", p.t, o.repeat);
            const auto& svmPairs = svm.result.details.orEmpty<SbvDetail>().pairs;
            const auto& exactPairs = exact.result.details.orEmpty<SbvDetail>().pairs;
            std::string samples = "-";
            if (!svmPairs.empty())
                samples = std::to_string(svmPairs[0].samplesA) + "+" + std::to_string(svmPairs[0].samplesB);
            const bool sep = p.name == "separating" || p.name == "near miss";
            std::string paperText = "-";
            if (paper)
                paperText =
                    sep ? std::string(paper->separatingSamples) + ", " + num(paper->separatingMs, 0) + ", -"
                        : std::string(paper->intersectingSamples) + ", " + num(paper->intersectingMs, 0) +
                              ", " + num(paper->culled, 0);
            out << std::left << std::setw(15) << stem << std::setw(14) << p.name << std::right << std::setw(8)
                << num(p.t, 2) << std::setw(12) << samples << std::setw(9) << num(svm.ms) << std::setw(10)
                << num(exact.ms) << std::setw(11) << (sep ? "-" : num(culledPercent(svm.result), 1))
                << std::setw(13) << (sep ? "-" : num(culledPercent(exact.result), 1)) << std::setw(14)
                << (exactPairs.empty()
                        ? std::string("-")
                        : std::to_string(exactPairs[0].keptA) + "+" + std::to_string(exactPairs[0].keptB))
                << "   " << paperText << "\n";
        }
    }

    // Table 2 and the exact OSH on the knot and the teapot, separated and overlapping hulls.
    {
        const std::string file = o.scenesDir + "/knot_teapot.json";
        const Scene scene = loadScene(file);
        SceneObjects objects(scene);
        const int knot = objects.find("knot"), teapot = objects.find("teapot");
        if (knot < 0 || teapot < 0)
            throw InputError(file, "bodies", "Table 2 needs bodies 'knot' and 'teapot'");
        const auto& places = placed[1].second;
        for (const Placement& p : {placement(places, "separating"), placement(places, "intersecting")}) {
            bar.update(0.4, "table 2: " + p.name);
            out << "\n# Table 2 at the " << p.name << " placement (t = " << num(p.t, 2) << ")\n";
            const std::vector<Vec3> a = worldVertices(objects, std::uint32_t(knot), p.t);
            const std::vector<Vec3> b = worldVertices(objects, std::uint32_t(teapot), p.t);
            SbvTable2Options t2;
            t2.repeat = std::max(1, std::min(o.repeat, 5));
            printSbvTable2(out, a, b, "knot", "teapot", t2);
        }
        // The exact OSH alone: GJK walking both convex hulls (what sbv does for rigid bodies).
        const Placement& sep = places[0];
        std::vector<Pose> poses;
        objects.poses(sep.t, poses);
        const ConvexHull hk = ConvexHull::of(*objects.objects()[std::size_t(knot)].mesh);
        const ConvexHull ht = ConvexHull::of(*objects.objects()[std::size_t(teapot)].mesh);
        std::vector<double> ms;
        ExactOsh osh;
        for (int r = 0; r < std::max(o.repeat, 1) * 15; ++r) {
            Stopwatch sw;
            osh = exactSeparatingPlane(PosedHullSupport(hk, poses[std::size_t(knot)]),
                                       PosedHullSupport(ht, poses[std::size_t(teapot)]));
            ms.push_back(sw.ms());
        }
        out << "# exact OSH (GJK on the convex hulls, " << hk.vertices().size() << " + "
            << ht.vertices().size()
            << " hull vertices) at the separating placement: " << num(median(ms) * 1000, 1) << " us, margin "
            << num(osh.margin, 4) << ", " << osh.iterations << " GJK iterations (goal <= 100 us)\n";
    }

    // Balanced performance: the same placements plus a puncture, every algorithm in the same run.
    {
        placed.push_back({o.scenesDir + "/rod_ball.json", {}});
        const Scene rod = loadScene(placed.back().first);
        const std::vector<Placement> rodPlaces = findPlacements(rod, placed.back().first);
        placed.back().second = {{"puncturing", placement(rodPlaces, "intersecting").t}};
        std::vector<std::string> algos = {"sbv:narrow=exact", "sbv:narrow=exact,coherence=off", "bvh"};
        for (const char* peer : {"fcl", "bullet", "opcode"})
            if (registry.find(peer)) algos.push_back(peer);
        out << "\n# balanced performance: ms per query (median of " << o.repeat
            << " after a warm-up), contact pairs found, ratio to sbv[narrow=exact]\n";
        out << std::left << std::setw(15) << "scene" << std::setw(14) << "placement";
        for (const auto& a : algos)
            out << std::right << std::setw(std::max<int>(20, int(AlgorithmSpec::parse(a).label().size()) + 2))
                << AlgorithmSpec::parse(a).label();
        out << "\n";
        for (std::size_t s = 0; s < placed.size(); ++s) {
            const Scene scene = loadScene(placed[s].first);
            const std::string stem = std::filesystem::path(placed[s].first).stem().string();
            for (const Placement& p : placed[s].second) {
                bar.update(0.6 + 0.3 * double(s) / double(placed.size()), "balanced: " + stem + " " + p.name);
                std::vector<Timed> t;
                for (const auto& a : algos) t.push_back(timeAt(scene, a, p.t, o.repeat));
                out << std::left << std::setw(15) << stem << std::setw(14) << p.name;
                for (std::size_t i = 0; i < algos.size(); ++i)
                    out << std::right
                        << std::setw(
                               std::max<int>(20, int(AlgorithmSpec::parse(algos[i]).label().size()) + 2))
                        << (num(t[i].ms) + " " + std::to_string(t[i].result.contactPairCount()) + "p " +
                            num(t[i].ms / t[0].ms, 1) + "x");
                out << "\n";
            }
        }
    }

    // Fig. 9: a deforming scene, per-step times.
    std::string deforming = o.deforming.empty() ? o.scenesDir + "/deforming.json" : o.deforming;
    if (o.deforming.empty() && !std::filesystem::exists(deforming)) {
        out << "\n# Fig. 9: no deforming scene (" << deforming << ")\n";
        return 0;
    }
    bar.update(0.9, "fig. 9");
    const Scene scene = deformingScene ? *deformingScene : loadScene(deforming);
    std::vector<AlgorithmSpec> specs = {AlgorithmSpec::parse("sbv:narrow=exact"),
                                        AlgorithmSpec::parse("bvh")};
    for (const char* peer : {"opcode", "fcl", "bullet"}) // opcode: the paper's own AABB tree
        if (registry.find(peer)) specs.push_back(AlgorithmSpec::parse(peer));
    BenchOptions b;
    b.frames = o.steps, b.repeat = o.repeat, b.warmup = 1;
    const std::vector<AlgorithmRun> runs = runBench(scene, specs, b);
    std::vector<std::string> names;
    std::vector<std::vector<double>> series;
    out << "\n# Fig. 9: " << deforming << ", " << o.steps
        << " steps, ms per step (median over steps [min, max]), "
        << "same run\n";
    for (const AlgorithmRun& r : runs) {
        std::vector<double> ms;
        for (const FrameRecord& f : r.frames) {
            double t = 0;
            for (const auto& [stage, v] : f.stageMs) t += v;
            ms.push_back(t);
        }
        names.push_back(r.spec.label());
        series.push_back(ms);
        out << "  " << std::left << std::setw(20) << r.spec.label() << std::right << num(median(ms)) << " ["
            << num(*std::min_element(ms.begin(), ms.end())) << ", "
            << num(*std::max_element(ms.begin(), ms.end())) << "]  hash " << std::hex << r.runHash << std::dec
            << "\n";
    }
    if (!o.csv.empty()) {
        std::ofstream csv(o.csv);
        if (!csv) throw InputError(o.csv, "", "cannot write the CSV file");
        csv << "step,t";
        for (const auto& n : names) csv << "," << n;
        csv << "\n";
        for (std::size_t i = 0; i < runs[0].frames.size(); ++i) {
            csv << i << "," << runs[0].frames[i].t;
            for (const auto& s : series) csv << "," << s[i];
            csv << "\n";
        }
        out << "# wrote " << o.csv << "\n";
    }
    if (!o.svg.empty()) {
        writeSvg(o.svg, "Fig. 9: per-step time on " + std::filesystem::path(deforming).filename().string(),
                 names, series);
        out << "# plotted " << o.svg << "\n";
    }
    return 0;
}

BenchCommand declareSbvTablesCommand(CLI::App& app) {
    auto o = std::make_shared<SbvTablesOptions>();
    auto* cmd = app.add_subcommand(
        "sbv-tables", "The SBV paper's Tables 1 and 2, the exact OSH, separating / touching / intersecting / "
                      "puncturing placements against bvh and the peers, and Fig. 9 on a deforming scene");
    CommonOptions::repeat(*cmd, o->repeat, "Timed queries per figure (median)");
    cmd->add_option("--deforming", o->deforming, "Fig. 9's scene (default: scenes/deforming.json)");
    cmd->add_option("--steps", o->steps, "Fig. 9's time steps")->check(CLI::Range(2, 100000));
    CommonOptions::csv(*cmd, o->csv, "Write Fig. 9's per-step times here");
    CommonOptions::svg(*cmd, o->svg, "Plot Fig. 9's per-step times here (SVG)");
    CommonOptions::progress(*cmd, o->forceProgress);
    return {cmd, [o](std::ostream& out) {
                if (o->scenesDir.empty()) o->scenesDir = CommonOptions::defaultScenesDir();
                return runSbvTables(*o, out);
            }};
}

} // namespace cdlab
