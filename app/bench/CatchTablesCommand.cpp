#include "CatchTablesCommand.h"

#include "BenchRun.h"
#include "CommonOptions.h"
#include "ProgressBar.h"
#include "articulated/SpatialCulling.h"
#include "articulated/TimeOfContactSearch.h"
#include "core/InputError.h"
#include "core/Stats.h"
#include "scene/SceneLoader.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>

namespace cdlab {

namespace {

/// The paper's figures (zhang2007 Tables 1 and 2; P4 3.6 GHz, SWIFT++ on convex pieces), by our scene.
struct PaperRow {
    double ta = NAN, tf = NAN, tc = NAN, tw = NAN;
    double before = NAN, after = NAN, advanced = NAN;
};
const std::map<std::string, PaperRow>& paper() {
    static const std::map<std::string, PaperRow> rows = {
        {"walk", {1.22, 0.67, 3.63, 7.64, 229, 8.4, 0.11}},
        {"exercise", {0.38, 0.28, 1.69, 4.54, 81, 3.0, 0.086}},
        {"four_trains", {535, 454, 2600, 4300, 179574, 34.5, 3.3}},
        {"falling_train", {274, 259, 294, 1300, 137, 18.2, 11.3}},
        {"excavator", {780, 150, 820, 3400, NAN, NAN, NAN}},     // Fig. 9(b)
        {"tower_crane", {5.66, 1.32, 11.1, 134, NAN, NAN, NAN}}, // Fig. 10(b)
    };
    return rows;
}

double frameMs(const FrameRecord& f) {
    double t = 0;
    for (const auto& [name, ms] : f.stageMs) t += ms;
    return t;
}

struct Timing {
    double all = 0, free = 0, colliding = 0, worst = 0, median = 0;
    int frames = 0, collidingFrames = 0;
};

Timing timing(const AlgorithmRun& r) {
    Timing t;
    std::vector<double> all;
    double sumFree = 0, sumColl = 0;
    for (const auto& f : r.frames) {
        double ms = frameMs(f);
        all.push_back(ms);
        t.worst = std::max(t.worst, ms);
        if (f.firstContact >= 0)
            sumColl += ms, ++t.collidingFrames;
        else
            sumFree += ms;
    }
    t.frames = int(all.size());
    if (all.empty()) return t;
    double sum = 0;
    for (double v : all) sum += v;
    t.all = sum / all.size();
    t.free = t.frames > t.collidingFrames ? sumFree / (t.frames - t.collidingFrames) : NAN;
    t.colliding = t.collidingFrames ? sumColl / t.collidingFrames : NAN;
    t.median = median(all);
    return t;
}

double perFrame(const AlgorithmRun& r, Counter c) {
    std::uint64_t n = 0;
    for (const auto& f : r.frames) n += f.counters.get(c);
    return r.frames.empty() ? 0 : double(n) / r.frames.size();
}

std::string num(double v, int precision = 2) {
    if (std::isnan(v)) return "-";
    std::ostringstream s;
    s << std::fixed << std::setprecision(precision) << v;
    return s.str();
}

} // namespace

int runCatchTables(const CatchTablesOptions& o, std::ostream& out) {
    std::vector<std::string> scenes = o.scenes;
    if (scenes.empty())
        for (const char* s : {"walk", "exercise", "four_trains", "falling_train", "excavator", "tower_crane"})
            scenes.push_back(o.scenesDir + "/" + s + ".json");
    struct Row {
        std::string name;
        AlgorithmRun taylor, interval, taylorNoSelf, fcl, hulls;
    };
    std::vector<Row> rows;
    ProgressBar bar(o.forceProgress);
    for (std::size_t i = 0; i < scenes.size(); ++i) {
        Scene scene = loadScene(scenes[i]);
        if (scene.models.empty())
            throw InputError(scenes[i], "", "no articulated model: CATCH's tables need one");
        Row row;
        row.name = std::filesystem::path(scenes[i]).stem().string(); // the paper's rows are found by it
        BenchOptions b;
        b.frames = o.frames;
        b.repeat = o.repeat;
        b.warmup = 1;
        std::vector<AlgorithmSpec> specs{AlgorithmSpec::parse("catch"),
                                         AlgorithmSpec::parse("catch:self=off"),
                                         AlgorithmSpec::parse("catch:bounds=interval,self=off")};
        specs.push_back(AlgorithmSpec::parse("catch:distance=hulls"));
        if (o.fclSteps > 0)
            specs.push_back(AlgorithmSpec::parse("fcl-sampled:steps=" + std::to_string(o.fclSteps)));
        bar.update(double(i) / scenes.size(), row.name);
        std::vector<AlgorithmRun> runs = runBench(scene, specs, b);
        row.taylor = runs[0], row.taylorNoSelf = runs[1], row.interval = runs[2];
        row.hulls = runs[3];
        if (o.fclSteps > 0) row.fcl = runs[4];
        rows.push_back(std::move(row));
    }
    bar.finish();

    out << "# zhang2007 Table 1: CATCH's ms per frame, single thread; T_a all frames, T_f collision-free, "
           "T_c "
           "colliding, T_w worst (the paper's on a P4 3.6 GHz beside)\n";
    out << std::left << std::setw(16) << "scene" << std::right << std::setw(7) << "frames" << std::setw(10)
        << "colliding" << std::setw(10) << "T_a" << std::setw(10) << "T_f" << std::setw(10) << "T_c"
        << std::setw(10) << "T_w"
        << "   | paper" << std::setw(8) << "T_a" << std::setw(8) << "T_f" << std::setw(8) << "T_c"
        << std::setw(8) << "T_w"
        << "\n";
    for (const Row& r : rows) {
        Timing t = timing(r.taylor);
        const auto it = paper().find(r.name);
        PaperRow p = it == paper().end() ? PaperRow{} : it->second;
        out << std::left << std::setw(16) << r.name << std::right << std::setw(7) << t.frames << std::setw(10)
            << t.collidingFrames << std::setw(10) << num(t.all, 3) << std::setw(10) << num(t.free, 3)
            << std::setw(10) << num(t.colliding, 3) << std::setw(10) << num(t.worst, 3) << "   |      "
            << std::setw(8) << num(p.ta) << std::setw(8) << num(p.tf) << std::setw(8) << num(p.tc)
            << std::setw(8) << num(p.tw) << "\n";
    }
    out << "# zhang2007 Table 2: link pairs per frame before spatial culling, PCLs after it, PCLs advanced "
           "on "
           "their meshes after temporal culling, and the rates (the paper's beside)\n";
    out << std::left << std::setw(16) << "scene" << std::right << std::setw(10) << "before" << std::setw(9)
        << "after" << std::setw(9) << "rate" << std::setw(10) << "advanced" << std::setw(9) << "rate"
        << "   | paper" << std::setw(9) << "before" << std::setw(8) << "after" << std::setw(8) << "rate"
        << std::setw(9) << "advanced" << std::setw(8) << "rate"
        << "\n";
    for (const Row& r : rows) {
        double before = perFrame(r.taylor, counter::LinkPairs), after = perFrame(r.taylor, counter::Pcls),
               advanced = perFrame(r.taylor, counter::PclsAdvanced);
        const auto it = paper().find(r.name);
        PaperRow p = it == paper().end() ? PaperRow{} : it->second;
        auto rate = [](double a, double b) { return b > 0 ? 100 * (1 - a / b) : NAN; };
        out << std::left << std::setw(16) << r.name << std::right << std::setw(10) << num(before, 1)
            << std::setw(9) << num(after, 2) << std::setw(8) << num(rate(after, before), 1) << "%"
            << std::setw(10) << num(advanced, 2) << std::setw(8) << num(rate(advanced, after), 1) << "%"
            << "   |      " << std::setw(9) << num(p.before, 0) << std::setw(8) << num(p.after, 1)
            << std::setw(7) << num(rate(p.after, p.before), 1) << "%" << std::setw(9) << num(p.advanced, 3)
            << std::setw(7) << num(rate(p.advanced, p.after), 1) << "%\n";
    }
    out << "# zhang2007 Fig. 12: Taylor-model vs interval bounds, self-collision off (ms per frame, mean; "
           "PCLs per frame; the paper: 15-17x)\n";
    for (const Row& r : rows) {
        Timing a = timing(r.taylorNoSelf), b = timing(r.interval);
        out << "  " << std::left << std::setw(16) << r.name << std::right << " taylor " << std::setw(9)
            << num(a.all, 3) << " ms " << std::setw(8) << num(perFrame(r.taylorNoSelf, counter::Pcls), 2)
            << " PCLs   interval " << std::setw(9) << num(b.all, 3) << " ms " << std::setw(8)
            << num(perFrame(r.interval, counter::Pcls), 2) << " PCLs   interval/taylor " << std::setw(6)
            << num(a.all > 0 ? b.all / a.all : NAN, 2) << "x\n";
    }
    out << "# the distance paths (issue 42): catch's default distance=rss (fronts of RSS trees) and "
           "distance=hulls (hull trees over the surface convex decomposition), both with directional "
           "advancement; mean ms per frame, distance queries and CA iterations per frame (and the hull "
           "trees' GJK iterations), frames whose TOCs "
           "differ by more than 1e-6 of the frame or that only one path finds\n";
    for (const Row& r : rows) {
        Timing a = timing(r.taylor), h = timing(r.hulls);
        int differ = 0;
        double worstGap = 0;
        for (std::size_t k = 0; k < std::min(r.taylor.frames.size(), r.hulls.frames.size()); ++k) {
            const FrameRecord &x = r.taylor.frames[k], &y = r.hulls.frames[k];
            if ((x.firstContact >= 0) != (y.firstContact >= 0)) {
                ++differ;
                continue;
            }
            if (x.firstContact < 0) continue;
            double gap = std::fabs(x.firstContact - y.firstContact);
            worstGap = std::max(worstGap, gap);
            differ += gap > 1e-6;
        }
        out << "  " << std::left << std::setw(16) << r.name << std::right << " rss " << std::setw(9)
            << num(a.all, 3) << " ms " << std::setw(8) << num(perFrame(r.taylor, counter::DistanceQueries), 1)
            << " queries " << std::setw(8) << num(perFrame(r.taylor, counter::CaIterations), 1)
            << " CA   hulls " << std::setw(9) << num(h.all, 3) << " ms " << std::setw(8)
            << num(perFrame(r.hulls, counter::DistanceQueries), 1) << " queries " << std::setw(8)
            << num(perFrame(r.hulls, counter::CaIterations), 1) << " CA " << std::setw(8)
            << num(perFrame(r.hulls, counter::GjkIterations), 1) << " GJK iterations   rss/hulls "
            << std::setw(6) << num(h.all > 0 ? a.all / h.all : NAN, 2) << "x   TOCs differing " << differ
            << " (largest gap " << worstGap << ")";
        if (o.fclSteps > 0) {
            Timing f = timing(r.fcl);
            out << "   fcl/hulls " << num(h.all > 0 ? f.all / h.all : NAN, 1) << "x";
        }
        out << "\n";
    }
    if (o.fclSteps > 0) {
        out << "# the peer: fcl-sampled:steps=" << o.fclSteps
            << " (FCL discrete collision of every pair at evenly spaced poses; mean ms per frame); missed = "
               "frames where CATCH finds a contact and the samples none; extra = the reverse (must be 0); "
               "worst/mean = catch's worst frame over its mean\n";
        for (const Row& r : rows) {
            Timing a = timing(r.taylor), f = timing(r.fcl);
            int missed = 0, extra = 0;
            for (std::size_t k = 0; k < std::min(r.taylor.frames.size(), r.fcl.frames.size()); ++k) {
                bool c = r.taylor.frames[k].firstContact >= 0, s = r.fcl.frames[k].firstContact >= 0;
                missed += c && !s;
                extra += s && !c;
            }
            out << "  " << std::left << std::setw(16) << r.name << std::right << " catch " << std::setw(9)
                << num(a.all, 3) << " ms   fcl-sampled " << std::setw(10) << num(f.all, 3)
                << " ms   fcl/catch " << std::setw(8) << num(a.all > 0 ? f.all / a.all : NAN, 1)
                << "x   worst/mean " << std::setw(6) << num(a.all > 0 ? a.worst / a.all : NAN, 1)
                << "x   missed " << missed << " of " << a.collidingFrames << "   extra " << extra << "\n";
        }
    }
    if (!o.csv.empty()) {
        std::ofstream csv(o.csv);
        if (!csv) throw InputError(o.csv, "", "cannot write the CSV file");
        csv << "scene,algorithm,frames,colliding,t_a_ms,t_f_ms,t_c_ms,t_w_ms,link_pairs,pcls,pcls_advanced\n";
        for (const Row& r : rows)
            for (const AlgorithmRun* run : {&r.taylor, &r.taylorNoSelf, &r.interval, &r.hulls, &r.fcl}) {
                if (run->frames.empty()) continue;
                Timing t = timing(*run);
                csv << r.name << ",\"" << run->spec.label() << "\"," << t.frames << "," << t.collidingFrames
                    << "," << t.all << "," << t.free << "," << t.colliding << "," << t.worst << ","
                    << perFrame(*run, counter::LinkPairs) << "," << perFrame(*run, counter::Pcls) << ","
                    << perFrame(*run, counter::PclsAdvanced) << "\n";
            }
        out << "# wrote " << o.csv << "\n";
    }
    return 0;
}

BenchCommand declareCatchTablesCommand(CLI::App& app) {
    auto o = std::make_shared<CatchTablesOptions>();
    auto* cmd = app.add_subcommand(
        "catch-tables",
        "zhang2007 Tables 1 and 2 (CATCH's timings and culling) and Fig. 12 (Taylor vs interval "
        "bounds) on the bundled articulated scenes, the paper's numbers beside, and fcl-sampled");
    cmd->add_option("scenes", o->scenes,
                    "Scenes (default: walk, exercise, four_trains, falling_train, excavator, tower_crane)");
    CommonOptions::frames(*cmd, o->frames, "Frames per scene (default: the scene's)");
    CommonOptions::repeat(*cmd, o->repeat, "Timed passes per frame (median)");
    cmd->add_option("--fcl-steps", o->fclSteps, "fcl-sampled's samples per frame (0: leave the peer out)")
        ->check(CLI::Range(0, 100000));
    CommonOptions::csv(*cmd, o->csv, "Also write each scene's and algorithm's figures here");
    CommonOptions::progress(*cmd, o->forceProgress);
    return {cmd, [o](std::ostream& out) {
                CommonOptions::requireFrameInterval(o->frames, "catch-tables");
                if (o->scenesDir.empty()) o->scenesDir = CommonOptions::defaultScenesDir();
                return runCatchTables(*o, out);
            }};
}

} // namespace cdlab
