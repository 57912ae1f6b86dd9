#include "DistanceCommand.h"

#include "BenchReport.h"
#include "CommonOptions.h"
#include "ProgressBar.h"
#include "core/InputError.h"
#include "core/Stats.h"
#include "distance/DistanceMethodRegistry.h"
#include "geometry/Quat.h"
#include "mesh/MeshGenerators.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <iomanip>
#include <map>
#include <memory>
#include <ostream>
#include <random>

namespace cdlab {

namespace {

struct MeshPair {
    std::string name;
    std::shared_ptr<const TriangleMesh> a, b;
};

std::shared_ptr<const TriangleMesh> generated(const std::string& generator, std::size_t triangles) {
    nlohmann::json params = nlohmann::json::object();
    if (triangles > 0) params["triangles"] = triangles;
    return std::make_shared<const TriangleMesh>(
        generateMesh(generator, params, "distance --triangles", generator));
}

MeshPair makePair(const std::string& name, std::size_t triangles) {
    if (name == "knot-teapot")
        return {name, generated("torus_knot", triangles), generated("teapot", triangles)};
    if (name == "door-door") {
        auto door = generated("door", triangles);
        return {name, door, door};
    }
    throw InputError("distance --pairs", name, "unknown mesh pair: knot-teapot or door-door");
}

/// A mesh's bounding-box centre and the radius of the sphere about it that holds every vertex.
void boundingSphere(const TriangleMesh& mesh, Vec3& center, double& radius) {
    Aabb box = mesh.bounds();
    center = (box.lo + box.hi) * 0.5, radius = 0;
    for (const Vec3& v : mesh.vertices) radius = std::max(radius, length(v - center));
}

Mat3 randomRotation(std::mt19937_64& rng) {
    std::normal_distribution<double> n;
    double w = n(rng), x = n(rng), y = n(rng), z = n(rng), l = std::sqrt(w * w + x * x + y * y + z * z);
    return rotationFromQuaternion(w / l, x / l, y / l, z / l);
}

/// Poses with both bounding-sphere centres on a line: A's at the origin, B's `s` along `dir`.
struct Placement {
    Pose pa, pb;
    Mat3 ra, rb;
    Vec3 ca, cb, dir;
    Pose at(double s) const { return {rb, dir * s - rb * cb}; }
};

/// Moves B along its direction until the distance is `gap` (from above: every step of conservative
/// advancement keeps the distance >= gap, as a translation by x changes it by at most x; then bisection on
/// a bracket). False when no position along the line comes closer than the gap (B passes A by).
bool solveGap(Placement& p, const DistanceTree& ta, const DistanceTree& tb, double reach, double gap) {
    auto distanceAt = [&](double s) { return meshDistance(ta, p.pa, tb, p.at(s)).distance; };
    double hi = reach + gap, dHi = distanceAt(hi);
    for (int k = 0; k < 40 && dHi - gap > 1e-3 * gap; ++k) hi -= dHi - gap, dHi = distanceAt(hi);
    double step = std::max(2 * (dHi - gap), 1e-3 * gap), lo = hi - step;
    while (distanceAt(lo) >= gap) {
        step *= 2, lo = hi - step;
        if (lo < -reach) return false;
    }
    for (int k = 0; k < 200 && hi - lo > 1e-15 * reach; ++k) {
        double mid = 0.5 * (lo + hi);
        if (mid <= lo || mid >= hi) break;
        (distanceAt(mid) >= gap ? hi : lo) = mid;
    }
    p.pb = p.at(hi);
    return true;
}

double relativeDifference(double x, double reference) {
    if (x == reference) return 0;
    return std::fabs(x - reference) / std::max(std::fabs(reference), 1e-300);
}

struct MethodRun {
    double medianUs = 0;
    MeshDistanceResult result;
    DistanceStats stats;
};

} // namespace

int runDistance(const DistanceCommandOptions& options, std::ostream& out) {
    if (options.gaps.empty()) throw InputError("distance --gaps", "", "give at least one gap");
    for (double g : options.gaps)
        if (!(g > 0) || !std::isfinite(g))
            throw InputError("distance --gaps", std::to_string(g), "a gap must be positive and finite");
    std::ofstream csv;
    if (!options.csv.empty()) csv = openOut(options.csv);

    std::vector<MeshPair> pairs;
    for (const auto& name : options.pairs) pairs.push_back(makePair(name, options.triangles));
    const std::vector<DistanceMethod> methods = DistanceMethodRegistry::instance().list();
    std::size_t ours = 0, reference = methods.size(), peer = methods.size();
    for (std::size_t m = 0; m < methods.size(); ++m) {
        if (methods[m].role == Role::Reference && reference == methods.size()) reference = m;
        if (methods[m].role == Role::Peer && peer == methods.size()) peer = m;
    }

    out << configurationLine() << "\n";
    out << "# distance: " << options.orientations << " random orientations per pair and gap (seed "
        << options.seed
        << "), B moved along a random direction to the exact gap; per placement the median of "
        << options.repeat << " queries (brute force: " << options.bruteRepeat
        << "), then the median over placements; rel_diff: largest relative difference of "
        << methods[ours].name << "'s distance over the placements\n";
    for (const auto& p : pairs)
        out << "# " << p.name << ": " << p.a->name << " " << p.a->triangleCount() << " triangles, "
            << p.b->name << " " << p.b->triangleCount() << " triangles\n";
    if (csv.is_open())
        csv << "pair,gap,orientation,method,distance,median_us,bv_tests,tri_tests,rel_diff_brute\n";

    const int total = static_cast<int>(pairs.size() * options.gaps.size()) * options.orientations;
    int done = 0;
    ProgressBar bar(options.progress);
    std::mt19937_64 rng(options.seed);
    bool oursOk = true;
    double worstBrute = 0, worstPeer = 0, sumOurs = 0, sumPeer = 0;

    out << std::left << std::setw(13) << "pair" << std::right << std::setw(8) << "gap" << std::setw(4) << "n";
    for (const auto& m : methods) out << std::setw(16) << (m.name + "_us");
    out << std::setw(10) << "ratio" << std::setw(16) << "rel_diff_brute" << std::setw(14) << "rel_diff_fcl"
        << "\n";
    for (const auto& pair : pairs) {
        // Every method prepares each mesh once (door-door: one mesh, both sides).
        std::vector<std::shared_ptr<const DistanceModel>> modelA, modelB;
        for (const auto& m : methods) {
            modelA.push_back(m.prepare(*pair.a));
            modelB.push_back(pair.b == pair.a ? modelA.back() : m.prepare(*pair.b));
        }
        DistanceTree ta(*pair.a), tb(*pair.b);
        Placement base;
        double radiusA, radiusB;
        boundingSphere(*pair.a, base.ca, radiusA);
        boundingSphere(*pair.b, base.cb, radiusB);
        for (double gap : options.gaps) {
            std::vector<std::vector<double>> times(methods.size());
            double rowBrute = 0, rowPeer = 0;
            int placed = 0;
            for (int o = 0; o < options.orientations; ++o) {
                bar.update(double(done++) / total, pair.name + " gap " + std::to_string(gap));
                Placement p = base;
                bool solved = false;
                for (int attempt = 0; attempt < 20 && !solved; ++attempt) {
                    p.ra = randomRotation(rng), p.rb = randomRotation(rng);
                    p.dir = randomRotation(rng) * Vec3{1, 0, 0};
                    p.pa = {p.ra, -(p.ra * p.ca)};
                    solved = solveGap(p, ta, tb, radiusA + radiusB, gap);
                }
                if (!solved) continue;
                ++placed;
                std::vector<MethodRun> runs(methods.size());
                for (std::size_t m = 0; m < methods.size(); ++m) {
                    int repeat = m == reference ? options.bruteRepeat : options.repeat;
                    std::vector<double> us;
                    for (int r = 0; r <= repeat; ++r) { // the first, untimed: caches warm
                        DistanceStats stats;
                        auto start = std::chrono::steady_clock::now();
                        MeshDistanceResult res =
                            methods[m].query(*modelA[m], p.pa, *modelB[m], p.pb, DistanceOptions{}, &stats);
                        auto stop = std::chrono::steady_clock::now();
                        if (r == 0) {
                            runs[m].result = res, runs[m].stats = stats;
                            continue;
                        }
                        us.push_back(std::chrono::duration<double, std::micro>(stop - start).count());
                    }
                    runs[m].medianUs = median(us);
                    times[m].push_back(runs[m].medianUs);
                }
                double d = runs[ours].result.distance;
                if (reference < methods.size()) {
                    double diff = relativeDifference(d, runs[reference].result.distance);
                    rowBrute = std::max(rowBrute, diff);
                    oursOk = oursOk && diff <= 1e-9;
                }
                if (peer < methods.size()) {
                    rowPeer = std::max(rowPeer, relativeDifference(d, runs[peer].result.distance));
                    sumOurs += runs[ours].medianUs, sumPeer += runs[peer].medianUs;
                }
                if (csv.is_open())
                    for (std::size_t m = 0; m < methods.size(); ++m)
                        csv << pair.name << "," << gap << "," << o << "," << methods[m].name << ","
                            << std::setprecision(17) << runs[m].result.distance << std::setprecision(6) << ","
                            << runs[m].medianUs << "," << runs[m].stats.bvTests << ","
                            << runs[m].stats.triTests << ","
                            << (reference < methods.size()
                                    ? relativeDifference(runs[m].result.distance,
                                                         runs[reference].result.distance)
                                    : 0)
                            << "\n";
            }
            worstBrute = std::max(worstBrute, rowBrute), worstPeer = std::max(worstPeer, rowPeer);
            out << std::left << std::setw(13) << pair.name << std::right << std::setw(8) << gap
                << std::setw(4) << placed << std::fixed << std::setprecision(1);
            // No placement found for this gap: no times, so no median (n/a, not a 0).
            for (std::size_t m = 0; m < methods.size(); ++m)
                if (placed > 0)
                    out << std::setw(16) << median(times[m]);
                else
                    out << std::setw(16) << "n/a";
            out << std::setprecision(2) << std::setw(10);
            if (placed > 0 && peer < methods.size() && median(times[peer]) > 0)
                out << median(times[ours]) / median(times[peer]);
            else
                out << "n/a";
            out.unsetf(std::ios::fixed);
            out << std::setprecision(2) << std::setw(16) << rowBrute << std::setw(14);
            if (peer < methods.size())
                out << rowPeer;
            else
                out << "n/a";
            out << "\n" << std::setprecision(6);
        }
    }
    bar.finish();
    out << std::setprecision(3);
    if (peer < methods.size() && sumPeer > 0)
        out << "# " << methods[ours].name << " / " << methods[peer].name
            << " over all placements (sum of medians): " << sumOurs / sumPeer << " (goal <= 0.5)\n";
    out << "# agreement: " << methods[ours].name << " vs brute-force " << worstBrute
        << (oursOk ? " (within 1e-9)" : " (DIFFERS beyond 1e-9)");
    if (peer < methods.size())
        out << ", " << methods[ours].name << " vs " << methods[peer].name << " " << worstPeer
            << (worstPeer <= 1e-9 ? " (within 1e-9)" : " (beyond 1e-9)");
    out << "\n";
    if (!options.csv.empty()) out << "# wrote " << options.csv << "\n";
    return oursOk ? 0 : 1;
}

BenchCommand declareDistanceCommand(CLI::App& app) {
    auto o = std::make_shared<DistanceCommandOptions>();
    auto* cmd = app.add_subcommand(
        "distance",
        "Mesh-mesh distance queries at known gaps (knot-teapot, door-door): every distance method "
        "(rss, brute-force, FCL), times, ours / FCL, agreement");
    cmd->add_option("--pairs", o->pairs, "Mesh pairs: knot-teapot, door-door")
        ->check(CLI::IsMember({"knot-teapot", "door-door"}));
    cmd->add_option("--gaps", o->gaps, "Gaps to place B at (scene units; default 0.001 0.01 0.1)");
    cmd->add_option("-n,--orientations", o->orientations, "Random orientations per pair and gap")
        ->check(CLI::Range(1, 10000));
    CommonOptions::repeat(*cmd, o->repeat, "Timed queries per placement and method (median)");
    cmd->add_option("--brute-repeat", o->bruteRepeat, "Timed queries of the brute force per placement")
        ->check(CLI::Range(1, 100000));
    cmd->add_option("-t,--triangles", o->triangles,
                    "Target triangle count of every mesh (default: each generator's)");
    cmd->add_option("--seed", o->seed, "Seed of the orientations and directions");
    CommonOptions::csv(*cmd, o->csv, "Also write one row per placement and method here");
    CommonOptions::progress(*cmd, o->progress);
    return {cmd, [o](std::ostream& out) { return runDistance(*o, out); }};
}

} // namespace cdlab
