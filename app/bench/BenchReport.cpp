#include "BenchReport.h"

#include "articulated/SpatialCulling.h"
#include "articulated/TimeOfContactSearch.h"
#include "core/InputError.h"
#include "core/Stats.h"
#include "peers/Peers.h"
#include "pipeline/BuildInfo.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iomanip>
#include <nlohmann/json.hpp>
#include <ostream>
#include <set>

namespace cdlab {

namespace {

std::vector<std::string> stageNames(const AlgorithmRun& run) {
    std::vector<std::string> names;
    if (!run.frames.empty())
        for (const auto& [n, ms] : run.frames.front().stageMs) names.push_back(n);
    return names;
}

SampleSummary stageStats(const AlgorithmRun& run, const std::string& stage) {
    std::vector<double> v;
    for (const auto& f : run.frames)
        for (const auto& [n, ms] : f.stageMs)
            if (n == stage) v.push_back(ms);
    return summarize(v);
}

SampleSummary frameStats(const AlgorithmRun& run) {
    std::vector<double> v;
    for (const auto& f : run.frames) {
        double t = 0;
        for (const auto& [n, ms] : f.stageMs) t += ms;
        v.push_back(t);
    }
    return summarize(v);
}

Counters totalCounters(const AlgorithmRun& run) {
    Counters c;
    for (const auto& f : run.frames) c.merge(f.counters);
    return c;
}

/// The counters any run reports, in first-seen order.
std::vector<Counter> counterUnion(const std::vector<AlgorithmRun>& runs) {
    std::vector<Counter> counters;
    for (const auto& r : runs) {
        Counters total = totalCounters(r); // a named copy: a range over a temporary's member would dangle
        for (const auto& [n, v] : total.items())
            if (std::find(counters.begin(), counters.end(), n) == counters.end()) counters.push_back(n);
    }
    return counters;
}

/// A CSV field in quotes, quotes inside doubled (RFC 4180): labels and body names may hold commas.
std::string quoted(const std::string& s) {
    std::string out = "\"";
    for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + '"';
}

/// A ratio in a column of width 10: three decimals while they fit, fewer as it grows, then scientific
/// (a peer 100,000 times slower would otherwise run into the next column).
std::string ratioText(double r) {
    char buf[32];
    if (r < 1000)
        std::snprintf(buf, sizeof buf, "%.3f", r);
    else if (r < 1e5)
        std::snprintf(buf, sizeof buf, "%.1f", r);
    else
        std::snprintf(buf, sizeof buf, "%.2e", r);
    return buf;
}

std::string hex(std::uint64_t h) {
    char buf[20];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return buf;
}

} // namespace

std::ofstream openOut(const std::string& path) {
    std::ofstream out(path);
    if (!out) throw InputError(path, "", "cannot open output file for writing");
    return out;
}

std::string configurationLine() {
    return std::string("# cdlab-bench | build ") + buildType() + " | " + buildCompiler() + " | CPU " +
           cpuDescription() + " | commit " + buildCommit() + " | peers " + peerVersions();
}

namespace {
void printAnswers(std::ostream& out, const std::vector<AlgorithmRun>& runs);
void printSpatialCulling(std::ostream& out, const std::vector<AlgorithmRun>& runs);
void printStartOverlaps(std::ostream& out, const std::vector<AlgorithmRun>& runs);
void printFirstFrames(std::ostream& out, const std::vector<AlgorithmRun>& runs);
} // namespace

void printSummary(std::ostream& out, const BenchContext& ctx, const std::vector<AlgorithmRun>& runs) {
    const Scene& sc = *ctx.scene;
    out << "# scene " << ctx.scenePath << " (" << sc.name << "): " << sc.bodies.size() << " bodies, "
        << sc.models.size() << " articulated models, " << sc.triangleCount() << " triangles; " << ctx.frames
        << " frames x " << ctx.options.repeat << " repeats (+" << ctx.options.warmup
        << " warm-up); times are per-frame medians over repeats, then median/min/max over frames\n";
    for (const auto& line : sc.imports) out << "# import " << line << "\n";
    std::vector<Counter> counters = counterUnion(runs);

    std::size_t w = 12;
    for (const auto& r : runs) w = std::max(w, r.spec.label().size() + 2);
    out << std::left << std::setw(static_cast<int>(w)) << "algorithm" << std::right << std::setw(10)
        << "build_ms" << std::setw(10) << "mem_KiB" << std::setw(12) << "frame_med" << std::setw(11)
        << "frame_min" << std::setw(11) << "frame_max" << std::setw(11) << "first_ms";
    for (Counter n : counters)
        out << std::setw(std::max<int>(12, static_cast<int>(std::strlen(toString(n))) + 2)) << toString(n);
    out << std::setw(18) << "hash" << std::setw(11) << "ratio"
        << "\n";
    double base = runs.empty() ? 0 : frameStats(runs.front()).median;
    out << std::fixed;
    for (const auto& r : runs) {
        SampleSummary fs = frameStats(r);
        Counters c = totalCounters(r);
        out << std::left << std::setw(static_cast<int>(w)) << r.spec.label() << std::right
            << std::setprecision(2) << std::setw(10) << r.prepare.stages.get("build") << std::setw(10)
            << std::setprecision(0) << r.prepare.memoryBytes / 1024.0 << std::setprecision(4) << std::setw(12)
            << fs.median << std::setw(11) << fs.min << std::setw(11) << fs.max << std::setw(11)
            << r.firstFrameMs;
        for (Counter n : counters)
            out << std::setw(std::max<int>(12, static_cast<int>(std::strlen(toString(n))) + 2)) << c.get(n);
        out << std::setw(18) << hex(r.runHash) << std::setw(11) << ratioText(base > 0 ? fs.median / base : 0)
            << "\n";
    }
    // Structures shared within the run are built by the first algorithm that needs them: say so where a
    // build_ms leaves some out (the prepare notes end with "(N structures shared with another algorithm)").
    for (const auto& r : runs)
        if (auto at = r.prepare.notes.rfind(" shared with another algorithm)"); at != std::string::npos) {
            auto open = r.prepare.notes.rfind('(', at);
            out << "# " << r.spec.label() << " build_ms leaves out what an algorithm before it built: "
                << r.prepare.notes.substr(open + 1, at - open - 1) << " shared\n";
        }
    for (const auto& r : runs)
        for (const auto& w : r.prepare.warnings) out << "# warning: " << r.spec.label() << ": " << w << "\n";
    out << "# stages (ms per frame, median [min, max] over frames)\n";
    for (const auto& r : runs) {
        out << "  " << std::left << std::setw(static_cast<int>(w)) << r.spec.label() << std::right;
        for (const auto& s : stageNames(r)) {
            SampleSummary st = stageStats(r, s);
            out << "  " << s << " " << std::setprecision(4) << st.median << " [" << st.min << ", " << st.max
                << "]";
        }
        out << "\n";
    }
    printSpatialCulling(out, runs);
    // Answers must agree: identical hashes mean identical contact sets on every frame. When they do not,
    // say which algorithms agree with the first and, for each other one, on how many frames it differs.
    // Culling algorithms answer another question (which pairs may touch): they are left out, and so are
    // penetration regions (sbv without its narrow phase).
    // So are methods whose times carry a tolerance by design (CATCH's epsilon).
    std::vector<AlgorithmRun> answering;
    std::string tolerant;
    for (const auto& r : runs) {
        const AlgorithmInfo* info = AlgorithmRegistry::instance().find(r.spec.name);
        if (info && !info->exactAnswers)
            tolerant += (tolerant.empty() ? "" : ", ") + r.spec.label();
        else if (r.kind != AlgorithmKind::Culling && r.kind != AlgorithmKind::Penetration)
            answering.push_back(r);
    }
    printAnswers(out, answering);
    if (!tolerant.empty())
        out << "# answers: " << tolerant
            << " report the first time a pair comes within epsilon, not compared "
            << "by hash\n";
    printStartOverlaps(out, runs);
    printFirstFrames(out, runs);
    out.unsetf(std::ios::fixed);
}

namespace {

void printAnswers(std::ostream& out, const std::vector<AlgorithmRun>& runs) {
    std::set<std::uint64_t> hashes;
    for (const auto& r : runs) hashes.insert(r.runHash);
    if (runs.size() > 1 && hashes.size() == 1)
        out << "# answers: all algorithms report identical contact sets on every frame\n";
    if (runs.size() > 1 && hashes.size() > 1) {
        const AlgorithmRun& first = runs.front();
        std::string same;
        int agreeing = 0;
        for (const auto& r : runs)
            if (r.runHash == first.runHash) same += (agreeing++ ? ", " : "") + r.spec.label();
        out << "# answers: contact sets DIFFER between algorithms (see hash column); " << same
            << (agreeing == 1 ? " stands alone" : " agree on every frame") << "\n";
        for (const auto& r : runs) {
            if (r.runHash == first.runHash) continue;
            std::size_t differ = 0, n = std::min(r.frames.size(), first.frames.size());
            for (std::size_t i = 0; i < n; ++i) differ += r.frames[i].hash != first.frames[i].hash;
            std::size_t inside = 0; // of those, frames that start interpenetrated
            for (std::size_t i = 0; i < n; ++i)
                inside += r.frames[i].hash != first.frames[i].hash && r.frames[i].startOverlaps > 0;
            out << "#   " << r.spec.label() << " differs from " << first.spec.label() << " on " << differ
                << " of " << n << " frames";
            if (inside) out << " (" << inside << " of them start interpenetrated)";
            out << "\n";
        }
    }
}

/// Continuous methods find the first contact of bodies that start apart. Where a frame starts with surfaces
/// already crossing, say so: there "first contact" may be the frame's start itself, and BM-culling (which
/// assumes a separated start) may hide the contact the unculled pipeline reports.
void printStartOverlaps(std::ostream& out, const std::vector<AlgorithmRun>& runs) {
    const AlgorithmRun* checked = nullptr; // the frames were checked once, for every continuous algorithm
    std::string culled;
    for (const auto& r : runs) {
        if (r.kind != AlgorithmKind::Continuous || r.frames.empty() || r.frames.front().startOverlaps < 0)
            continue;
        checked = &r;
        const AlgorithmInfo* info = AlgorithmRegistry::instance().find(r.spec.name);
        if (info && info->assumesSeparatedStart) culled += (culled.empty() ? "" : ", ") + r.spec.label();
    }
    if (!checked) return;
    std::size_t frames = 0;
    long pairFrames = 0;
    for (const auto& f : checked->frames) frames += f.startOverlaps > 0, pairFrames += f.startOverlaps;
    if (!frames) return;
    out << "# answers: " << frames << " of " << checked->frames.size() << " frames start interpenetrated ("
        << pairFrames << (pairFrames == 1 ? " body pair-frame" : " body pair-frames")
        << " whose surfaces cross at the frame's start): a first contact there may be the start itself";
    if (!culled.empty())
        out << "; " << culled << " assume" << (culled.find(", ") == std::string::npos ? "s" : "")
            << " separated starts (BM-culling), so "
            << (culled.find(", ") == std::string::npos ? "its" : "their")
            << " contacts may differ from the unculled pipeline's there";
    out << "\n";
}

/// The first step after prepare against the same frame's later runs: structures built lazily by the first
/// query (caches sized and touched) would show here. Reported when it is more than twice as slow.
void printFirstFrames(std::ostream& out, const std::vector<AlgorithmRun>& runs) {
    for (const auto& r : runs) {
        if (r.frames.empty()) continue;
        double later = 0;
        for (const auto& [n, ms] : r.frames.front().stageMs) later += ms;
        if (r.firstFrameMs > 2 * later && r.firstFrameMs > 0.5)
            out << "# first frame: " << r.spec.label() << " took " << std::setprecision(2) << r.firstFrameMs
                << " ms on its first run, " << r.firstFrameMs / std::max(later, 1e-9)
                << " x its later runs' median (" << later
                << " ms): work left for the first query, or the machine's noise (compare runs)\n";
    }
}

void printSpatialCulling(std::ostream& out, const std::vector<AlgorithmRun>& runs) {
    bool header = false;
    for (const auto& r : runs) {
        // Every algorithm that reports PCLs (catch, continuous since its time of contact), whatever its kind.
        const Counters c = totalCounters(r);
        const auto& items = c.items();
        const bool reportsPcls =
            std::any_of(items.begin(), items.end(), [](const auto& i) { return i.first == counter::Pcls; });
        if (!reportsPcls || r.frames.empty()) continue;
        if (!header)
            out << "# spatial and temporal culling (zhang2007 Table 2, means per frame): before = object "
                   "pairs "
                   "the scene tests, after = potentially colliding pairs (PCLs), rate = 1 - after / before; "
                   "advanced = PCLs advanced on their meshes after temporal culling, rate = 1 - advanced / "
                   "after\n";
        header = true;
        double n = double(r.frames.size()), before = c.get(counter::LinkPairs) / n,
               after = c.get(counter::Pcls) / n, advanced = c.get(counter::PclsAdvanced) / n;
        double sweptUs = 0;
        for (const auto& s : stageNames(r))
            if (s == "taylor" || s == "interval") sweptUs = 1000 * stageStats(r, s).median;
        out << "  " << std::left << std::setw(28) << r.spec.label() << std::right << std::setprecision(1)
            << " before " << std::setw(9) << before << "  after " << std::setw(8) << std::setprecision(2)
            << after << "  rate " << std::setw(6) << std::setprecision(2)
            << (before > 0 ? 100 * (1 - after / before) : 0) << " %  advanced " << std::setw(7) << advanced
            << "  rate " << std::setw(6) << (after > 0 ? 100 * (1 - advanced / after) : 0)
            << " %  swept boxes " << std::setprecision(2) << sweptUs << " us/frame (median)\n";
    }
}

} // namespace

void writeCsv(const std::string& path, const std::vector<AlgorithmRun>& runs) {
    std::ofstream out = openOut(path);
    std::vector<std::string> stages;
    for (const auto& r : runs)
        for (const auto& s : stageNames(r))
            if (std::find(stages.begin(), stages.end(), s) == stages.end()) stages.push_back(s);
    std::vector<Counter> counters = counterUnion(runs);
    out << "algorithm,frame,t";
    for (const auto& s : stages) out << "," << s << "_ms";
    for (Counter c : counters) out << "," << toString(c);
    out << ",contact_pairs,hash,first_contact_t,first_contact_features,start_overlaps\n";
    for (const auto& r : runs)
        for (const auto& f : r.frames) {
            out << quoted(r.spec.label()) << "," << f.frame << "," << f.t;
            for (const auto& s : stages) {
                double ms = 0;
                for (const auto& [n, v] : f.stageMs)
                    if (n == s) ms = v;
                out << "," << ms;
            }
            for (Counter c : counters) out << "," << f.counters.get(c);
            out << "," << f.contactPairs << "," << hex(f.hash) << ",";
            if (f.firstContact >= 0) out << std::setprecision(17) << f.firstContact << std::setprecision(6);
            out << ",";
            if (!f.firstContactFeatures.empty()) out << quoted(f.firstContactFeatures);
            out << ",";
            if (f.startOverlaps >= 0) out << f.startOverlaps;
            out << "\n";
        }
}

void writeJson(const std::string& path, const BenchContext& ctx, const std::vector<AlgorithmRun>& runs) {
    using json = nlohmann::json;
    json doc;
    doc["configuration"] = {{"build", buildType()},         {"compiler", buildCompiler()},
                            {"cpu", cpuDescription()},      {"commit", buildCommit()},
                            {"peers", peerVersions()},      {"scene", ctx.scenePath},
                            {"frames", ctx.frames},         {"repeat", ctx.options.repeat},
                            {"warmup", ctx.options.warmup}, {"triangles", ctx.scene->triangleCount()}};
    double base = runs.empty() ? 0 : frameStats(runs.front()).median;
    for (const auto& r : runs) {
        json a;
        a["label"] = r.spec.label();
        a["parameters"] = r.description;
        a["prepare_ms"] = r.prepare.stages.get("build");
        a["memory_bytes"] = r.prepare.memoryBytes;
        a["notes"] = r.prepare.notes;
        SampleSummary fs = frameStats(r);
        a["frame_ms"] = {{"median", fs.median}, {"min", fs.min}, {"max", fs.max}};
        a["first_frame_ms"] = r.firstFrameMs;
        for (const auto& s : stageNames(r)) {
            SampleSummary st = stageStats(r, s);
            a["stages_ms"][s] = {{"median", st.median}, {"min", st.min}, {"max", st.max}};
        }
        Counters total = totalCounters(r);
        for (const auto& [n, v] : total.items()) a["counters"][toString(n)] = v;
        a["hash"] = hex(r.runHash);
        a["ratio_to_first"] = base > 0 ? fs.median / base : 0;
        doc["algorithms"].push_back(a);
    }
    openOut(path) << doc.dump(2) << "\n";
}

} // namespace cdlab
