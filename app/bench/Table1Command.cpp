#include "Table1Command.h"

#include "BenchReport.h"
#include "BenchRun.h"
#include "CommonOptions.h"
#include "ccd/CcdCounters.h"
#include "culling/BmCounters.h"
#include "scene/SceneLoader.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cmath>
#include <fstream>
#include <iomanip>
#include <memory>
#include <ostream>
#include <sstream>
#include <vector>

namespace cdlab {

namespace {

/// A frame's median time in ms, all stages but `skip`.
double frameMs(const FrameRecord& f, const std::string& skip = {}) {
    double ms = 0;
    for (const auto& [stage, t] : f.stageMs)
        if (stage != skip) ms += t;
    return ms;
}

/// Sum of the per-frame median times, all stages but `skip`.
double totalSeconds(const AlgorithmRun& run, const std::string& skip = {}) {
    double ms = 0;
    for (const auto& f : run.frames) ms += frameMs(f, skip);
    return ms / 1000;
}

/// The elementary and BV counters Table 1 compares.
constexpr Counter kTableCounters[] = {counter::BvTests, counter::EeTests, counter::VfTests, counter::FvTests};

std::uint64_t total(const AlgorithmRun& run, Counter counter) {
    std::uint64_t n = 0;
    for (const auto& f : run.frames) n += f.counters.get(counter);
    return n;
}

double reduction(std::uint64_t without, std::uint64_t with) {
    return without ? 100.0 * (double(with) - double(without)) / double(without) : 0;
}

/// The peer line: FCL's conservative advancement on the same frames — its time (without the closest-triangle
/// lookup that names its features, which is ours) and how its times of contact compare with rigid-ccd's on
/// frames that start separated (on the others FCL's discrete pre-check reports the frame's start, rigid-ccd
/// the first crossing of features).
void printPeer(const AlgorithmRun& a, const AlgorithmRun& b, const AlgorithmRun& aOnce,
               const AlgorithmRun& bOnce, const AlgorithmRun& peer, const std::vector<bool>& startsInContact,
               double dt, std::ostream& out) {
    double tp = totalSeconds(peer, "features"), ta = totalSeconds(a), tb = totalSeconds(b);
    double taOnce = totalSeconds(aOnce), tbOnce = totalSeconds(bOnce);
    int both = 0, onlyOurs = 0, onlyPeer = 0, interpenetrated = 0;
    double maxDiff = 0;
    for (std::size_t f = 0; f < a.frames.size(); ++f) {
        double x = a.frames[f].firstContact, y = peer.frames[f].firstContact;
        if (startsInContact[f]) {
            ++interpenetrated;
        } else if (x >= 0 && y >= 0) {
            ++both;
            maxDiff = std::max(maxDiff, std::abs(x - y) / dt);
        } else if (x >= 0) {
            ++onlyOurs;
        } else if (y >= 0) {
            ++onlyPeer;
        }
    }
    out << std::fixed << std::setprecision(4)
        << "# peer fcl-ca (FCL conservative advancement, RSS trees, same "
        << "frames and windows, cut at keys): " << tp << " s = " << std::setprecision(1)
        << (ta > 0 ? tp / ta : 0) << " x the time without BM-culling, " << (tb > 0 ? tp / tb : 0)
        << " x with (per triangle pair); " << (taOnce > 0 ? tp / taOnce : 0) << " x and "
        << (tbOnce > 0 ? tp / tbOnce : 0) << " x testing each feature pair once\n";
    out << "#   of " << a.frames.size() - interpenetrated << " frames that start separated: contact on "
        << both << " by both (times within " << std::defaultfloat << std::setprecision(3) << maxDiff
        << " frame), " << onlyOurs << " by rigid-ccd only, " << onlyPeer << " by fcl-ca only\n";
    out.unsetf(std::ios::fixed);
}

/// What no back-face culling could beat on the same frames, from two untimed passes: `face` is the plain
/// pipeline counting the elementary tests whose triangle pair has a triangle moving backwards over the frame
/// (face-level bound); `node` is the culled pipeline with the per-face node test, which culls every node
/// whose triangles all move backwards — what any BM-cone and characteristic points could cull (node-level
/// bound, for the BV/BV tests).
struct Bounds {
    AlgorithmRun face, node;
};

/// Per frame, both pipelines side by side (and FCL's time when it ran): what Table 1 sums, for plotting where
/// the culling pays along the motion.
void writeCsv(std::ostream& out, const AlgorithmRun& a, const AlgorithmRun& b, const Bounds& bounds,
              const AlgorithmRun* peer, const std::vector<bool>& startsInContact) {
    out << "frame,t";
    for (Counter c : kTableCounters) out << "," << toString(c) << "_without," << toString(c) << "_with";
    out << ",ee_backward,bv_tests_per_face,bm_tests,bm_culled,ms_without,ms_with";
    if (peer) out << ",ms_fcl";
    out << ",starts_in_contact,first_contact_without,first_contact_with\n";
    auto time = [&](double t) {
        if (t >= 0) out << std::setprecision(17) << t << std::setprecision(6);
    };
    for (std::size_t f = 0; f < a.frames.size(); ++f) {
        const FrameRecord &x = a.frames[f], &y = b.frames[f];
        out << x.frame << "," << x.t;
        for (Counter c : kTableCounters) out << "," << x.counters.get(c) << "," << y.counters.get(c);
        out << "," << bounds.face.frames[f].counters.get(counter::EeBackward) << ","
            << bounds.node.frames[f].counters.get(counter::BvTests) << "," << y.counters.get(counter::BmTests)
            << "," << y.counters.get(counter::BmCulled) << "," << frameMs(x) << "," << frameMs(y);
        if (peer) out << "," << frameMs(peer->frames[f], "features");
        out << "," << int(startsInContact[f]) << ",";
        time(x.firstContact);
        out << ",";
        time(y.firstContact);
        out << "\n";
    }
}

/// The keyframe times of the scene's most keyframed body: the phases of the scene's motion. A recorded
/// motion (a key every frame, `cdlab-bench record`) has no phases to show, so it gets at most 16 intervals
/// of a round length (1, 2 or 5 times a power of ten) instead; `what` says which.
std::vector<double> phaseTimes(const Scene& scene, std::string& what) {
    std::vector<double> times;
    for (const auto& b : scene.bodies)
        if (b.motion.keys().size() > times.size()) {
            times.clear();
            for (const auto& k : b.motion.keys()) times.push_back(k.time);
        }
    what = "keyframe interval";
    if (times.size() <= 25) return times;
    double span = times.back() - times.front(), step = std::pow(10.0, std::floor(std::log10(span / 16)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (span / (step * m) <= 16) {
            step *= m;
            break;
        }
    std::ostringstream label;
    label << step << " s interval";
    what = label.str();
    double start = times.front(), end = times.back();
    times.clear();
    for (int k = 0; start + k * step < end - 1e-9 * span; ++k) times.push_back(start + k * step);
    times.push_back(end);
    return times;
}

/// Where the culling pays: the BV/BV and E/E rows per keyframe interval (a frame belongs to the interval that
/// holds its midpoint).
void printPhases(const Scene& scene, const AlgorithmRun& a, const AlgorithmRun& b, const Bounds& bounds,
                 double dt, std::ostream& out) {
    std::string what;
    std::vector<double> times = phaseTimes(scene, what);
    if (times.size() < 3) return;
    struct Phase {
        int frames = 0;
        std::uint64_t bv[2] = {0, 0}, ee[2] = {0, 0}, bvBound = 0, eeBackward = 0, contacts = 0;
    };
    std::vector<Phase> phases(times.size() - 1);
    for (std::size_t f = 0; f < a.frames.size(); ++f) {
        double mid = a.frames[f].t - dt / 2;
        std::size_t k = 0;
        while (k + 1 < phases.size() && mid > times[k + 1]) ++k;
        Phase& p = phases[k];
        ++p.frames;
        p.bv[0] += a.frames[f].counters.get(counter::BvTests),
            p.bv[1] += b.frames[f].counters.get(counter::BvTests);
        p.ee[0] += a.frames[f].counters.get(counter::EeTests),
            p.ee[1] += b.frames[f].counters.get(counter::EeTests);
        p.bvBound += bounds.node.frames[f].counters.get(counter::BvTests);
        p.eeBackward += bounds.face.frames[f].counters.get(counter::EeBackward);
        p.contacts += a.frames[f].contactPairs > 0;
    }
    out << "# per " << what << ":  frames   BV/BV without -> with (reduction)    bound   "
        << "E/E without -> with (reduction)    bound   frames with a contact\n";
    for (std::size_t k = 0; k < phases.size(); ++k) {
        const Phase& p = phases[k];
        std::ostringstream span;
        span << "t " << times[k] << "-" << times[k + 1];
        out << "#   " << std::left << std::setw(12) << span.str() << std::right << std::setw(8) << p.frames
            << std::setw(10) << p.bv[0] << " -> " << std::setw(7) << p.bv[1] << std::fixed
            << std::setprecision(1) << " (" << std::setw(6) << reduction(p.bv[0], p.bv[1]) << " %)"
            << std::setw(7) << reduction(p.bv[0], p.bvBound) << " %" << std::setw(10) << p.ee[0] << " -> "
            << std::setw(7) << p.ee[1] << " (" << std::setw(6) << reduction(p.ee[0], p.ee[1]) << " %)"
            << std::setw(7) << reduction(p.ee[0], p.ee[0] - p.eeBackward) << " %" << std::setw(14)
            << p.contacts << "\n";
        out.unsetf(std::ios::fixed);
    }
}

} // namespace

int runTable1(const Table1Options& o, std::ostream& out) {
    Scene scene = loadScene(o.scene);
    std::ofstream csv; // opened first: a path that cannot be written fails before the run, not after it
    if (!o.csv.empty()) csv = openOut(o.csv);
    BenchOptions bench;
    bench.shareMeshData = false; // the report compares each algorithm's own prepare cost
    bench.frames = o.frames;
    bench.repeat = o.repeat;
    bench.warmup = 1;
    bench.forceProgress = o.progress;
    // The paper's pipeline runs every triangle pair's elementary tests (its counts are per triangle pair);
    // ours by default tests each feature pair once. Both, without and with culling, in the same run (the
    // counts are the same, only the times differ).
    AlgorithmSpec plain{"rigid-ccd", {{"per-pair-tests", "true"}}};
    AlgorithmSpec culled{"rigid-ccd-bm",
                         {{"build", o.build}, {"rmax", std::to_string(o.rMax)}, {"per-pair-tests", "true"}}};
    AlgorithmSpec plainOnce{"rigid-ccd", {}};
    AlgorithmSpec culledOnce{"rigid-ccd-bm", {{"build", o.build}, {"rmax", std::to_string(o.rMax)}}};
    std::vector<AlgorithmSpec> specs{plain, culled, plainOnce, culledOnce};
    bool peer = o.peer && AlgorithmRegistry::instance().find("fcl-ca") != nullptr;
    if (peer) specs.push_back({"fcl-ca", {}});
    auto runs = runBench(scene, specs, bench);
    const AlgorithmRun &a = runs[0], &b = runs[1];
    const AlgorithmRun &aOnce = runs[2], &bOnce = runs[3];
    // The bounds (see Bounds), counted in separate untimed passes.
    BenchOptions once = bench;
    once.repeat = 1, once.warmup = 0;
    auto boundRuns = runBench(
        scene,
        {{"rigid-ccd", {{"face-bound", "true"}}},
         {"rigid-ccd-bm", {{"build", o.build}, {"rmax", std::to_string(o.rMax)}, {"test", "per-face"}}}},
        once);
    Bounds bounds{boundRuns[0], boundRuns[1]};
    int frames = int(a.frames.size());

    out << configurationLine() << "\n";
    out << "# Table 1 (redon2002) on " << o.scene << ": " << scene.triangleCount() << " triangles, " << frames
        << " frames, per-frame median of " << o.repeat
        << " repeats; counts and times summed over all frames\n";
    out << std::left << std::setw(16) << "" << std::right << std::setw(20) << "without BM-culling"
        << std::setw(18) << "with BM-culling" << std::setw(12) << "reduction" << std::setw(10) << "paper"
        << "\n";
    auto row = [&](const char* name, Counter counter, const char* paper) {
        std::uint64_t x = total(a, counter), y = total(b, counter);
        double red = reduction(x, y);
        out << std::left << std::setw(16) << name << std::right << std::setw(20) << x << std::setw(18) << y
            << std::setw(10) << std::fixed << std::setprecision(1) << red << " %" << std::setw(10) << paper
            << "\n";
        out.unsetf(std::ios::fixed);
    };
    row("BV/BV tests", counter::BvTests, "-27 %");
    row("E/E tests", counter::EeTests, "-55 %");
    row("V/F tests", counter::VfTests, "-55 %");
    row("F/V tests", counter::FvTests, "-55 %");
    auto timeRow = [&](const char* name, const AlgorithmRun& x, const AlgorithmRun& y, const char* paper) {
        double tx = totalSeconds(x), ty = totalSeconds(y);
        out << std::left << std::setw(16) << name << std::right << std::fixed << std::setprecision(4)
            << std::setw(20) << tx << std::setw(18) << ty << std::setw(10) << std::setprecision(2)
            << (ty > 0 ? tx / ty : 0) << " x" << std::setw(10) << paper << "\n";
        out.unsetf(std::ios::fixed);
    };
    timeRow("total time (s)", a, b, "1.30 x");
    out << "# the time above runs every triangle pair's tests, as the paper counts them; each feature pair "
           "tested once per window (the pipelines' default, same counts):\n";
    timeRow("time, once (s)", aOnce, bOnce, "");
    {
        auto share = [](std::uint64_t got, std::uint64_t most) {
            std::ostringstream text;
            text << std::fixed << std::setprecision(1) << 100.0 * double(got) / double(most) << " % of that";
            return text.str();
        };
        const AlgorithmRun& bound = bounds.face;
        std::uint64_t ee = total(a, counter::EeTests), back = total(bound, counter::EeBackward);
        std::uint64_t removed = ee - std::min(ee, total(b, counter::EeTests));
        out << "# face-level bound (Vanecek's test (3) per triangle over the frame, nothing culled): " << back
            << " of the " << ee << " E/E tests (" << std::fixed << std::setprecision(1)
            << reduction(ee, ee - back) << " %), V/F "
            << reduction(total(a, counter::VfTests),
                         total(a, counter::VfTests) - total(bound, counter::VfBackward))
            << " %, F/V "
            << reduction(total(a, counter::FvTests),
                         total(a, counter::FvTests) - total(bound, counter::FvBackward))
            << " % have a triangle moving backwards: the most any back-face culling removes on this scene; "
            << (back ? "BM-culling removes " + share(removed, back) : std::string("nothing to remove"))
            << "\n";
        std::uint64_t bv = total(a, counter::BvTests), bvNode = total(bounds.node, counter::BvTests);
        std::uint64_t bvCut = bv - std::min(bv, total(b, counter::BvTests)),
                      bvCutNode = bv - std::min(bv, bvNode);
        out << "# node-level bound (step 3 with the per-face test: a node is culled when all its triangles"
               " pass test (3) over the frame): "
            << bvNode << " BV/BV tests (" << reduction(bv, bvNode)
            << " %): the most hierarchical back-face culling removes on this BVH; "
            << (bvCutNode ? "BM-culling's cones and corners reach " + share(bvCut, bvCutNode)
                          : std::string("nothing to remove"))
            << "\n";
        out.unsetf(std::ios::fixed);
    }
    out << "# BM-culling: " << total(b, counter::BmTests) << " BM tests, " << total(b, counter::BmCulled)
        << " nodes culled, " << total(b, counter::BmNested)
        << " pair-frames not culled (one body inside the other's solid); " << b.prepare.notes << ", prepare "
        << std::fixed << std::setprecision(1) << b.prepare.stages.get("build") << " ms (without culling "
        << a.prepare.stages.get("build") << " ms), " << b.prepare.memoryBytes / 1024 << " KiB (without "
        << a.prepare.memoryBytes / 1024 << " KiB)\n";
    out.unsetf(std::ios::fixed);
    double dt = frames <= 1 ? 0 : (scene.endTime - scene.startTime) / (frames - 1);
    // Frames that start interpenetrated (a keyframed replay can pass through): culling assumes a contact-free
    // start, and there "first contact" means different things to different methods.
    // (runBench checked them for its continuous algorithms.)
    std::vector<bool> startsInContact(frames);
    for (int f = 0; f < frames; ++f) startsInContact[f] = a.frames[f].startOverlaps > 0;
    if (peer) printPeer(a, b, aOnce, bOnce, runs[4], startsInContact, dt, out);
    if (!o.csv.empty()) {
        writeCsv(csv, a, b, bounds, peer ? &runs[4] : nullptr, startsInContact);
        out << "# wrote " << o.csv << " (per frame: both pipelines' counts and times)\n";
    }
    printPhases(scene, a, b, bounds, dt, out);

    // First contacts must agree on every frame that starts contact-free.
    int same = 0, differStartInContact = 0, differSeparated = 0, withContact = 0;
    for (int f = 0; f < frames; ++f) {
        withContact += a.frames[f].contactPairs > 0;
        if (a.frames[f].hash == b.frames[f].hash) {
            ++same;
            continue;
        }
        (startsInContact[f] ? differStartInContact : differSeparated)++;
    }
    out << "# first contacts: " << withContact << " frames with a contact; identical on " << same << " of "
        << frames << " frames";
    if (differStartInContact)
        out << "; " << (differStartInContact == 1 ? "the other starts" : "the others start")
            << " interpenetrated";
    out << "\n";
    if (differSeparated) {
        out << "# ERROR: " << differSeparated
            << " frames that start separated report different first contacts\n";
        return 1;
    }
    // Testing each feature pair once skips only repeats of a test already run: same answers, same counts.
    int memoDiffers = 0;
    for (int f = 0; f < frames; ++f)
        memoDiffers += a.frames[f].hash != aOnce.frames[f].hash || b.frames[f].hash != bOnce.frames[f].hash;
    for (Counter counter : kTableCounters)
        memoDiffers +=
            total(a, counter) != total(aOnce, counter) || total(b, counter) != total(bOnce, counter);
    if (memoDiffers) {
        out << "# ERROR: testing each feature pair once changed " << memoDiffers << " answers or counts\n";
        return 1;
    }
    return 0;
}

BenchCommand declareTable1Command(CLI::App& app) {
    auto o = std::make_shared<Table1Options>();
    auto* cmd =
        app.add_subcommand("table1", "redon2002 Table 1: rigid CCD without / with BM-culling, one run");
    cmd->add_option("scene", o->scene, "Scene (default: scenes/doors_recorded.json, the recorded motion)");
    CommonOptions::frames(*cmd, o->frames, "Frames (default: the scene's)");
    CommonOptions::repeat(*cmd, o->repeat, "Timed passes (per-frame median)");
    cmd->add_option("--build", o->build, "BM-cone construction order")
        ->check(CLI::IsMember({"bottom-up", "top-down"}));
    cmd->add_option("--rmax", o->rMax, "Maximum BM-cone size")->check(CLI::Range(3, 16));
    CommonOptions::progress(*cmd, o->progress);
    CommonOptions::csv(*cmd, o->csv, "Also write per-frame counts and times of both pipelines here");
    cmd->add_flag("!--no-peer", o->peer, "Skip the FCL conservative-advancement peer (about 15 ms a frame)");
    return {cmd, [o](std::ostream& out) {
                CommonOptions::requireFrameInterval(o->frames, "table1");
                return runTable1(*o, out);
            }};
}

} // namespace cdlab
