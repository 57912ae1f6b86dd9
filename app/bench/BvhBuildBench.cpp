#include "BvhBuildBench.h"

#include "BenchRun.h"
#include "ProgressBar.h"
#include "bvh/Bvh.h"
#include "core/InputError.h"
#include "core/Stats.h"
#include "geometry/Quat.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <iomanip>
#include <map>
#include <ostream>
#include <sstream>

namespace cdlab {

namespace {

Body bodyOf(std::shared_ptr<const TriangleMesh> mesh, const std::string& name, const Keyframe& pose) {
    Body body;
    body.name = name;
    body.mesh = std::move(mesh);
    body.motion = PoseTrack({pose});
    return body;
}

/// A one-body scene, so every algorithm builds through its own prepare() exactly as in a real run.
Scene oneBody(std::shared_ptr<const TriangleMesh> mesh, const std::string& label) {
    Scene scene;
    scene.name = label;
    scene.bodies.push_back(bodyOf(mesh, mesh->name, Keyframe{}));
    return scene;
}

/// Two copies of the mesh, the second turned (so no faces are parallel) with its box centre `distance` radii
/// from the first's (radius: half the box's longest side, a sphere's radius).
Scene twoBodies(std::shared_ptr<const TriangleMesh> mesh, double distance) {
    Aabb box = mesh->bounds();
    Vec3 c = box.center();
    double r = maxComponent(box.extent()) * 0.5; // a sphere's radius
    Quat q = Quat::fromAxisAngle(normalize(Vec3{1, 2, 3}), 0.7);
    Keyframe b;
    b.rotation = q;
    b.position = c + normalize(Vec3{1, 0.3, 0.2}) * (distance * r) - q.toMat3() * c;
    Scene scene;
    scene.name = "two copies";
    scene.bodies.push_back(bodyOf(mesh, "a", Keyframe{}));
    scene.bodies.push_back(bodyOf(mesh, "b", b));
    return scene;
}

double msSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

struct Row {
    std::string name;
    std::vector<double> buildMs;
    std::size_t memoryBytes = 0;
    std::string notes;
    double closeMs = std::nan(""), deepMs = std::nan("");
    std::size_t closePairs = 0, deepPairs = 0;
};

/// FCL 0.7 copies an AABB model to world space and refits it on every mesh-mesh call (only OBB, OBBRSS and
/// kIOS models have a fast mesh-mesh path), so its query time is not a fair figure: left out.
bool queryIsFair(const AlgorithmSpec& spec) {
    auto bv = spec.params.find("bv");
    return !(spec.name == "fcl" && bv != spec.params.end() && bv->second == "aabb");
}

Row measureAlgorithm(const std::string& text, std::shared_ptr<const TriangleMesh> mesh,
                     const BvhBuildBenchOptions& o,
                     const std::function<void(double, const std::string&)>& tick) {
    AlgorithmSpec spec = AlgorithmSpec::parse(text);
    Row row;
    row.name = spec.label();
    Scene one = oneBody(mesh, mesh->name);
    for (int r = 0; r < o.repeat; ++r) {
        auto algo = AlgorithmRegistry::instance().create(spec, "--algo " + text);
        PrepareReport report = algo->prepare(one, [&](double f, const std::string& what) {
            tick((r + f) / (o.repeat + 2), "build " + std::to_string(r + 1) + "/" + std::to_string(o.repeat));
        });
        row.buildMs.push_back(report.stages.get("build"));
        row.memoryBytes = report.memoryBytes, row.notes = report.notes;
    }
    if (!queryIsFair(spec)) return row;
    for (int placement = 0; placement < 2; ++placement) {
        Scene two = twoBodies(mesh, placement == 0 ? 1.98 : 1.0);
        auto algo = AlgorithmRegistry::instance().create(spec, "--algo " + text);
        algo->prepare(two);
        std::size_t pairs = algo->step(0, 0).contactPairCount(); // warm-up: scratch memory, caches
        std::vector<double> ms;
        for (int q = 0; q < o.queries; ++q) {
            tick((o.repeat + placement + double(q) / o.queries) / (o.repeat + 2),
                 placement == 0 ? "close queries" : "deep queries");
            auto start = std::chrono::steady_clock::now();
            algo->step(0, 0);
            ms.push_back(msSince(start));
        }
        (placement == 0 ? row.closeMs : row.deepMs) = median(ms);
        (placement == 0 ? row.closePairs : row.deepPairs) = pairs;
    }
    return row;
}

/// cdlab's own trees built directly: the serial reference build and the fast build on one thread, each
/// checked to give the same tree as the fast build on every core.
std::vector<Row> measureOwnBuilds(const TriangleMesh& mesh, const BvhBuildBenchOptions& o,
                                  const std::function<void(double, const std::string&)>& tick) {
    std::vector<Row> rows;
    for (BvType bv : {BvType::Obb, BvType::Aabb}) {
        BvhBuildOptions options;
        options.bvType = bv;
        Bvh all;
        all.build(mesh, options);
        for (int variant = 0; variant < 2; ++variant) {
            Row row;
            row.name = std::string(variant == 0 ? "reference serial " : "fast 1 thread ") + toString(bv);
            bool same = true;
            for (int r = 0; r < o.repeat; ++r) {
                tick(double(2 * int(bv == BvType::Aabb) + variant) / 4, row.name);
                Bvh bvh;
                options.threads = 1;
                variant == 0 ? bvh.buildReference(mesh, options) : bvh.build(mesh, options);
                row.buildMs.push_back(bvh.stats().buildSeconds * 1e3);
                row.memoryBytes = bvh.stats().memoryBytes;
                same = same && bvh.sameTree(all);
            }
            row.notes = same ? "same tree as the build on every core" : "DIFFERENT TREE";
            rows.push_back(row);
        }
    }
    return rows;
}

std::string fixed(double v, int digits) {
    if (std::isnan(v)) return "-";
    std::ostringstream s;
    s << std::fixed << std::setprecision(digits) << v;
    return s.str();
}

/// Two log-log panels against the triangle count: build time and deep-query time, one line per algorithm.
void writeSeriesSvg(const std::string& path, const std::vector<std::size_t>& sizes,
                    const std::vector<std::string>& names,
                    const std::map<std::string, std::vector<Row>>& rows) {
    std::ofstream svg(path);
    if (!svg) throw InputError(path, "", "cannot write the SVG file");
    const double W = 900, H = 380, panelW = 330, top = 40, bottom = 50, left[2] = {70, 470};
    double nlo = double(sizes.front()), nhi = double(sizes.back());
    auto x = [&](int panel, double n) {
        return left[panel] + panelW * (nhi > nlo ? std::log10(n / nlo) / std::log10(nhi / nlo) : 0.5);
    };
    double lo[2] = {1e300, 1e300}, hi[2] = {-1e300, -1e300};
    for (const auto& name : names)
        for (const Row& r : rows.at(name)) {
            double v[2] = {median(r.buildMs), r.deepMs};
            for (int p = 0; p < 2; ++p)
                if (v[p] > 0) lo[p] = std::min(lo[p], v[p]), hi[p] = std::max(hi[p], v[p]);
        }
    for (int p = 0; p < 2; ++p) lo[p] = std::floor(std::log10(lo[p])), hi[p] = std::ceil(std::log10(hi[p]));
    auto y = [&](int panel, double v) {
        return top + (H - top - bottom) * (hi[panel] - std::log10(v)) / std::max(1.0, hi[panel] - lo[panel]);
    };
    svg << "<svg xmlns='http://www.w3.org/2000/svg' width='" << W << "' height='" << H
        << "' font-family='sans-serif' font-size='12'>\n<rect width='100%' height='100%' fill='white'/>\n";
    const char* titles[2] = {"build time (ms, median)", "deep query time (ms, median)"};
    for (int p = 0; p < 2; ++p) {
        svg << "<text x='" << left[p] << "' y='22' font-size='14'>" << titles[p] << "</text>\n";
        for (double k = lo[p]; k <= hi[p]; ++k)
            svg << "<line x1='" << left[p] << "' x2='" << left[p] + panelW << "' y1='"
                << y(p, std::pow(10, k)) << "' y2='" << y(p, std::pow(10, k)) << "' stroke='#ddd'/><text x='"
                << left[p] - 6 << "' y='" << y(p, std::pow(10, k)) + 4 << "' text-anchor='end'>"
                << std::pow(10, k) << "</text>\n";
        for (std::size_t n : sizes)
            svg << "<text x='" << x(p, double(n)) << "' y='" << H - bottom + 18 << "' text-anchor='middle'>"
                << n << "</text>\n";
        svg << "<text x='" << left[p] + panelW / 2 << "' y='" << H - 12
            << "' text-anchor='middle'>triangles per mesh</text>\n";
    }
    const char* colors[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#7f7f7f"};
    for (std::size_t c = 0; c < names.size(); ++c) {
        const char* color = colors[c % 7];
        const auto& series = rows.at(names[c]);
        for (int p = 0; p < 2; ++p) {
            std::ostringstream points;
            for (std::size_t i = 0; i < series.size(); ++i) {
                double v = p == 0 ? median(series[i].buildMs) : series[i].deepMs;
                if (!(v > 0)) continue;
                points << x(p, double(sizes[i])) << "," << y(p, v) << " ";
                svg << "<circle cx='" << x(p, double(sizes[i])) << "' cy='" << y(p, v) << "' r='3' fill='"
                    << color << "'/>\n";
            }
            svg << "<polyline fill='none' stroke='" << color << "' stroke-width='2' points='" << points.str()
                << "'/>\n";
        }
        svg << "<text x='" << left[0] + 10 << "' y='" << top + 14 * (double(c) + 1) << "' fill='" << color
            << "'>" << names[c] << "</text>\n";
    }
    svg << "</svg>\n";
}

} // namespace

void runBvhBuildBench(std::ostream& out, std::shared_ptr<const TriangleMesh> mesh, const std::string& label,
                      const BvhBuildBenchOptions& options) {
    Scene scene = oneBody(mesh, label);
    out << "# mesh " << label << ": " << mesh->triangleCount() << " triangles, " << mesh->vertices.size()
        << " vertices, mesh memory " << mesh->memoryBytes() / 1024 << " KiB; median of " << options.repeat
        << " builds\n";
    out << std::left << std::setw(40) << "algorithm" << std::right << std::setw(12) << "build_ms"
        << std::setw(12) << "min_ms" << std::setw(12) << "mem_KiB" << std::setw(8) << "B/tri"
        << "  structure\n";
    ProgressBar bar(options.forceProgress);
    for (const auto& text : options.algorithms) {
        AlgorithmSpec spec = AlgorithmSpec::parse(text);
        std::vector<double> ms;
        PrepareReport last;
        for (int r = 0; r < std::max(1, options.repeat); ++r) {
            auto algo = AlgorithmRegistry::instance().create(spec, "--algo " + text);
            last = algo->prepare(scene, [&](double f, const std::string& what) {
                bar.update((r + f) / options.repeat, spec.label() + " " + what);
            });
            ms.push_back(last.stages.get("build"));
        }
        bar.finish();
        const SampleSummary built = summarize(ms);
        bool known = last.memoryBytes > 0;
        out << std::left << std::setw(40) << spec.label() << std::right << std::setw(12)
            << fixed(built.median, 1) << std::setw(12) << fixed(built.min, 1) << std::setw(12)
            << (known ? std::to_string(last.memoryBytes / 1024) : std::string("n/a")) << std::setw(8)
            << (known ? fixed(double(last.memoryBytes) / double(mesh->triangleCount()), 0)
                      : std::string("n/a"))
            << "  " << last.notes << "\n";
    }
}

void runBvhBuildSeries(std::ostream& out, const SeriesMesh& meshOf, const BvhBuildBenchOptions& o) {
    std::map<std::string, std::vector<Row>> rows; // by name, one per size
    std::vector<std::string> names;
    std::vector<std::size_t> sizes;
    ProgressBar bar(o.forceProgress);
    out << "# build: median of " << o.repeat << " through each algorithm's prepare() (one body); queries: "
        << "median of " << o.queries << " after one warm-up, two copies of the mesh, the second turned 0.7 "
        << "rad, centres 1.98 radii apart (close) and 1 radius apart (deep); B/tri: the "
        << "structure's bytes per triangle\n";
    out << std::left << std::setw(10) << "triangles" << std::setw(34) << "algorithm" << std::right
        << std::setw(11) << "build_ms" << std::setw(8) << "B/tri" << std::setw(11) << "close_ms"
        << std::setw(11) << "deep_ms" << std::setw(8) << "pairs" << std::setw(8) << "pairs"
        << "  notes\n";
    const std::size_t steps = o.series.size() * (o.algorithms.size() + 1);
    std::size_t step = 0;
    for (std::size_t target : o.series) {
        std::string label;
        std::shared_ptr<const TriangleMesh> mesh = meshOf(target, label);
        const std::size_t n = mesh->triangleCount();
        sizes.push_back(n);
        out << "# " << label << ": " << n << " triangles\n";
        auto print = [&](const Row& r) {
            out << std::left << std::setw(10) << n << std::setw(34) << r.name << std::right << std::setw(11)
                << fixed(median(r.buildMs), 1) << std::setw(8)
                << (r.memoryBytes ? fixed(double(r.memoryBytes) / double(n), 0) : "n/a") << std::setw(11)
                << fixed(r.closeMs, 2) << std::setw(11) << fixed(r.deepMs, 2) << std::setw(8)
                << (std::isnan(r.closeMs) ? "-" : std::to_string(r.closePairs)) << std::setw(8)
                << (std::isnan(r.deepMs) ? "-" : std::to_string(r.deepPairs)) << "  " << r.notes << std::endl;
        };
        for (const auto& text : o.algorithms) {
            std::string what = std::to_string(n) + " " + text + " ";
            Row r = measureAlgorithm(text, mesh, o, [&](double f, const std::string& s) {
                bar.update((step + f) / steps, what + s);
            });
            ++step;
            bar.finish();
            print(r);
            if (!rows.count(r.name)) names.push_back(r.name);
            rows[r.name].push_back(r);
        }
        for (const Row& r : measureOwnBuilds(*mesh, o, [&](double f, const std::string&s) {
                 bar.update((step + f) / steps, std::to_string(n) + " " + s);
             })) {
            bar.finish();
            print(r);
            if (!rows.count(r.name)) names.push_back(r.name);
            rows[r.name].push_back(r);
        }
        ++step;
    }
    // Ratios in the same run: above 1 means the peer (or the reference) takes longer than cdlab.
    const std::string obb = AlgorithmSpec::parse("bvh").label(),
                      aabb = AlgorithmSpec::parse("bvh:bv=aabb").label();
    if (rows.count(obb) && rows.count(aabb)) {
        out << "# ratios, time over cdlab's (same run): build over bvh (OBB) and bvh[bv=aabb], queries over "
               "bvh\n";
        out << std::left << std::setw(10) << "triangles" << std::setw(34) << "algorithm" << std::right
            << std::setw(11) << "build/obb" << std::setw(11) << "build/aabb" << std::setw(11) << "close/obb"
            << std::setw(11) << "deep/obb\n";
        for (std::size_t i = 0; i < sizes.size(); ++i)
            for (const auto& name : names) {
                if (name == obb || name == aabb || rows[name].size() <= i) continue;
                const Row &r = rows[name][i], &ro = rows[obb][i], &ra = rows[aabb][i];
                out << std::left << std::setw(10) << sizes[i] << std::setw(34) << name << std::right
                    << std::setw(11) << fixed(median(r.buildMs) / median(ro.buildMs), 2) << std::setw(11)
                    << fixed(median(r.buildMs) / median(ra.buildMs), 2) << std::setw(11)
                    << fixed(r.closeMs / ro.closeMs, 2) << std::setw(11) << fixed(r.deepMs / ro.deepMs, 2)
                    << "\n";
            }
    }
    if (!o.svg.empty()) {
        writeSeriesSvg(o.svg, sizes, names, rows);
        out << "# plot: " << o.svg << "\n";
    }
}

} // namespace cdlab
