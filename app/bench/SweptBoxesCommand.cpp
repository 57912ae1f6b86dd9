#include "SweptBoxesCommand.h"

#include "BenchReport.h"
#include "CommonOptions.h"
#include "articulated/SweptBoxes.h"
#include "bvh/Bvh.h"
#include "core/InputError.h"
#include "core/Stats.h"
#include "core/Stopwatch.h"
#include "scene/SceneLoader.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cmath>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>

namespace cdlab {

namespace {

double volume(const Aabb& b) {
    Vec3 e = b.extent();
    return e.x * e.y * e.z;
}

/// Microseconds per call of sweptBoxes over the frames (median over frames of the median over repeats).
double timeFrames(const Scene& scene, const ArticulatedModel& m, const std::vector<Obb>& obbs, int frames,
                  int repeat, const SweptBoxOptions& o) {
    std::vector<ChainLink> chain = chainOf(m);
    std::vector<Aabb> boxes;
    std::vector<double> perFrame;
    for (int f = 0; f + 1 < frames; ++f) {
        double t0 = scene.frameTime(f, frames), t1 = scene.frameTime(f + 1, frames);
        std::vector<double> runs;
        for (int r = 0; r < repeat; ++r) {
            Stopwatch sw;
            sweptBoxes(m.base, chain, obbs, t0, t1, o, boxes);
            runs.push_back(sw.ms() * 1000);
        }
        perFrame.push_back(median(runs));
    }
    return median(perFrame);
}

/// Fig. 5 as a picture: each link's median swept-box volume, Taylor and interval, on a log scale.
void writeSvg(const std::string& path, const std::string& title, const std::vector<std::string>& names,
              const std::vector<double>& taylor, const std::vector<double>& interval) {
    std::ofstream svg(path);
    if (!svg) throw InputError(path, "", "cannot write the SVG file");
    const double W = 640, H = 360, left = 70, right = 20, top = 40, bottom = 60;
    double lo = INFINITY, hi = 0;
    for (double v : taylor) lo = std::min(lo, v), hi = std::max(hi, v);
    for (double v : interval) lo = std::min(lo, v), hi = std::max(hi, v);
    lo = std::pow(10, std::floor(std::log10(std::max(lo, 1e-300))));
    hi = std::pow(10, std::ceil(std::log10(std::max(hi, lo * 10))));
    const std::size_t n = names.size();
    auto x = [&](std::size_t i) {
        return left + (W - left - right) * (n > 1 ? double(i) / double(n - 1) : 0.5);
    };
    auto y = [&](double v) {
        return top + (H - top - bottom) *
                         (1 - (std::log10(v) - std::log10(lo)) / (std::log10(hi) - std::log10(lo)));
    };
    svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << W << "\" height=\"" << H
        << "\" font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" "
           "fill=\"white\"/>\n"
        << "<text x=\"" << W / 2 << "\" y=\"20\" text-anchor=\"middle\">" << title << "</text>\n";
    for (double d = lo; d <= hi * 1.0001; d *= 10)
        svg << "<line x1=\"" << left << "\" x2=\"" << W - right << "\" y1=\"" << y(d) << "\" y2=\"" << y(d)
            << "\" stroke=\"#ddd\"/><text x=\"" << left - 6 << "\" y=\"" << y(d) + 4
            << "\" text-anchor=\"end\">" << d << "</text>\n";
    for (std::size_t i = 0; i < n; ++i)
        svg << "<text x=\"" << x(i) << "\" y=\"" << H - bottom + 16 << "\" text-anchor=\"middle\">"
            << names[i] << "</text>\n";
    svg << "<text x=\"" << W / 2 << "\" y=\"" << H - 12
        << "\" text-anchor=\"middle\">link (down the chain)</text>\n<text x=\"16\" y=\"" << H / 2
        << "\" transform=\"rotate(-90 16 " << H / 2
        << ")\" text-anchor=\"middle\">swept-box volume (median)</text>\n";
    auto series = [&](const std::vector<double>& v, const char* colour, const char* label, double ly) {
        svg << "<polyline fill=\"none\" stroke=\"" << colour << "\" stroke-width=\"2\" points=\"";
        for (std::size_t i = 0; i < n; ++i) svg << x(i) << "," << y(v[i]) << " ";
        svg << "\"/>\n";
        for (std::size_t i = 0; i < n; ++i)
            svg << "<circle cx=\"" << x(i) << "\" cy=\"" << y(v[i]) << "\" r=\"3\" fill=\"" << colour
                << "\"/>\n";
        svg << "<text x=\"" << left + 10 << "\" y=\"" << ly << "\" fill=\"" << colour << "\">" << label
            << "</text>\n";
    };
    series(interval, "#7a5cff", "interval arithmetic", top + 14);
    series(taylor, "#e0401a", "Taylor models", top + 30);
    svg << "</svg>\n";
}

int depthOf(const ArticulatedModel& m, int link) {
    int d = 0;
    for (int p = m.links[link].parent; p >= 0; p = m.links[p].parent) ++d;
    return d;
}

} // namespace

int runSweptBoxes(const SweptBoxesOptions& options, std::ostream& out) {
    Scene scene = loadScene(options.scene);
    if (scene.models.empty())
        throw InputError(options.scene, "", "the scene has no articulated model (swept boxes bound links)");
    const ArticulatedModel* model = &scene.models.front();
    if (!options.model.empty()) {
        model = nullptr;
        std::string names;
        for (const ArticulatedModel& m : scene.models) {
            names += (names.empty() ? "" : ", ") + m.name;
            if (m.name == options.model) model = &m;
        }
        if (!model)
            throw InputError("--model", "", "no model '" + options.model + "' (the scene has " + names + ")");
    }
    const ArticulatedModel& m = *model;
    const int frames = options.frames > 0 ? options.frames : scene.frames;
    if (frames < 2) // one frame time spans no motion: nothing to sweep
        throw InputError(options.scene, "frames", "swept boxes need at least 2 frames (give --frames N)");
    // Each link's OBB: the root of the OBB tree every CCD pipeline builds on it.
    std::vector<Obb> obbs;
    for (const Link& l : m.links) {
        Bvh bvh;
        bvh.build(*l.mesh, {BvType::Obb, SplitRule::MinMax, SplitPosition::Median, 1});
        obbs.push_back(bvh.nodeBox(0));
    }
    const std::size_t n = m.links.size();
    const SweptBoxOptions taylor{SweptBounds::Taylor, options.order}, interval{SweptBounds::Interval, 3};
    std::vector<std::vector<double>> vt(n), vi(n), ratio(n);
    std::ofstream csv;
    if (!options.csv.empty()) {
        csv.open(options.csv);
        if (!csv) throw InputError(options.csv, "", "cannot write the CSV file");
        csv << "frame,t0,t1,link,depth,taylor_volume,interval_volume,ratio\n" << std::setprecision(10);
    }
    std::vector<ChainLink> chain = chainOf(m);
    std::vector<Aabb> bt, bi;
    for (int f = 0; f + 1 < frames; ++f) {
        double t0 = scene.frameTime(f, frames), t1 = scene.frameTime(f + 1, frames);
        sweptBoxes(m.base, chain, obbs, t0, t1, taylor, bt);
        sweptBoxes(m.base, chain, obbs, t0, t1, interval, bi);
        for (std::size_t i = 0; i < n; ++i) {
            double a = volume(bt[i]), b = volume(bi[i]);
            vt[i].push_back(a);
            vi[i].push_back(b);
            ratio[i].push_back(a > 0 ? b / a : 1);
            if (csv.is_open())
                csv << f << "," << t0 << "," << t1 << "," << m.links[i].name << "," << depthOf(m, int(i))
                    << "," << a << "," << b << "," << ratio[i].back() << "\n";
        }
    }
    out << configurationLine() << "\n";
    out << "# swept boxes of " << scene.name << "/" << m.name << ": " << n << " links, " << frames - 1
        << " frames; volumes are medians over frames (zhang2007 Fig. 5: interval bounds grow down the "
           "chain)\n";
    out << std::left << std::setw(16) << "link" << std::right << std::setw(7) << "depth" << std::setw(16)
        << "taylor_volume" << std::setw(18) << "interval_volume" << std::setw(12) << "ratio_med"
        << std::setw(12) << "ratio_max"
        << "\n";
    for (std::size_t i = 0; i < n; ++i) {
        out << std::left << std::setw(16) << m.links[i].name << std::right << std::setw(7)
            << depthOf(m, int(i)) << std::setw(16) << std::setprecision(5) << median(vt[i]) << std::setw(18)
            << median(vi[i]) << std::setw(12) << std::setprecision(4) << median(ratio[i]) << std::setw(12)
            << *std::max_element(ratio[i].begin(), ratio[i].end()) << "\n";
    }
    if (!options.svg.empty()) {
        std::vector<std::string> names;
        std::vector<double> mt, mi;
        for (std::size_t i = 0; i < n; ++i)
            names.push_back(m.links[i].name), mt.push_back(median(vt[i])), mi.push_back(median(vi[i]));
        writeSvg(options.svg, "swept boxes of " + scene.name + "/" + m.name + " (zhang2007 Fig. 5)", names,
                 mt, mi);
        out << "# plotted " << options.svg << "\n";
    }
    out << "# order: tightness (sum of link volumes over all frames, relative to order " << options.order
        << ") and cost (microseconds per frame for all " << n << " links, median)\n";
    auto totalVolume = [&](const SweptBoxOptions& o) {
        double v = 0;
        std::vector<Aabb> b;
        for (int f = 0; f + 1 < frames; ++f) {
            sweptBoxes(m.base, chain, obbs, scene.frameTime(f, frames), scene.frameTime(f + 1, frames), o, b);
            for (const Aabb& x : b) v += volume(x);
        }
        return v;
    };
    const double reference = totalVolume(taylor);
    const int repeat = std::max(1, options.repeat);
    for (int order = 1; order <= 5; ++order) {
        SweptBoxOptions o{SweptBounds::Taylor, order};
        out << "  taylor order " << order << "   volume " << std::setprecision(4) << std::setw(8)
            << totalVolume(o) / reference << "   " << std::setprecision(3) << std::setw(8)
            << timeFrames(scene, m, obbs, frames, repeat, o) << " us\n";
    }
    out << "  interval         volume " << std::setprecision(4) << std::setw(8)
        << totalVolume(interval) / reference << "   " << std::setprecision(3) << std::setw(8)
        << timeFrames(scene, m, obbs, frames, repeat, interval) << " us\n";
    if (csv.is_open()) out << "# wrote " << options.csv << "\n";
    return 0;
}

BenchCommand declareSweptBoxesCommand(CLI::App& app) {
    auto o = std::make_shared<SweptBoxesOptions>();
    auto* cmd = app.add_subcommand(
        "swept-boxes", "zhang2007 Fig. 5: per link, the volumes of its Taylor-model and interval swept boxes "
                       "over the frames, and tightness and cost per Taylor order");
    cmd->add_option("scene", o->scene, "Scene with an articulated model")->required();
    cmd->add_option("--model", o->model, "Articulated model (default: the scene's first)");
    cmd->add_option("--order", o->order, "Taylor-model order of the per-link table")->check(CLI::Range(1, 5));
    CommonOptions::frames(*cmd, o->frames, "Number of frames (default: the scene's)");
    CommonOptions::repeat(*cmd, o->repeat, "Timed passes per frame (median)");
    CommonOptions::csv(*cmd, o->csv, "Also write frame,link,volumes,ratio here");
    CommonOptions::svg(*cmd, o->svg,
                       "Also plot each link's median volumes (Taylor, interval; log scale) here");
    return {cmd, [o](std::ostream& out) {
                CommonOptions::requireFrameInterval(o->frames, "swept-boxes");
                return runSweptBoxes(*o, out);
            }};
}

} // namespace cdlab
