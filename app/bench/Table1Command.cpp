#include "Table1Command.h"

#include "BenchReport.h"
#include "BenchRun.h"
#include "scene/SceneLoader.h"

#include <iomanip>
#include <ostream>

namespace cdlab {

namespace {

double totalSeconds(const AlgorithmRun& run) {
    double ms = 0;
    for (const auto& f : run.frames)
        for (const auto& [stage, t] : f.stageMs) ms += t;
    return ms / 1000;
}

std::uint64_t total(const AlgorithmRun& run, const std::string& counter) {
    std::uint64_t n = 0;
    for (const auto& f : run.frames) n += f.counters.get(counter);
    return n;
}

} // namespace

int runTable1(const Table1Options& o, std::ostream& out) {
    Scene scene = loadScene(o.scene);
    BenchOptions bench;
    bench.frames = o.frames;
    bench.repeat = o.repeat;
    bench.warmup = 1;
    bench.forceProgress = o.progress;
    AlgorithmSpec plain{"rigid-ccd", {}};
    AlgorithmSpec culled{"rigid-ccd-bm", {{"build", o.build}, {"rmax", std::to_string(o.rMax)}}};
    auto runs = runBench(scene, {plain, culled}, bench);
    const AlgorithmRun &a = runs[0], &b = runs[1];
    int frames = int(a.frames.size());

    out << configurationLine() << "\n";
    out << "# Table 1 (redon2002) on " << o.scene << ": " << scene.triangleCount() << " triangles, " << frames
        << " frames, per-frame median of " << o.repeat
        << " repeats; counts and times summed over all frames\n";
    out << std::left << std::setw(16) << "" << std::right << std::setw(20) << "without BM-culling"
        << std::setw(18) << "with BM-culling" << std::setw(12) << "reduction" << std::setw(10) << "paper"
        << "\n";
    auto row = [&](const char* name, const char* counter, const char* paper) {
        std::uint64_t x = total(a, counter), y = total(b, counter);
        double red = x ? 100.0 * (double(y) - double(x)) / double(x) : 0;
        out << std::left << std::setw(16) << name << std::right << std::setw(20) << x << std::setw(18) << y
            << std::setw(10) << std::fixed << std::setprecision(1) << red << " %" << std::setw(10) << paper
            << "\n";
        out.unsetf(std::ios::fixed);
    };
    row("BV/BV tests", "bv_tests", "-27 %");
    row("E/E tests", "ee_tests", "-55 %");
    row("V/F tests", "vf_tests", "-55 %");
    row("F/V tests", "fv_tests", "-55 %");
    double ta = totalSeconds(a), tb = totalSeconds(b);
    out << std::left << std::setw(16) << "total time (s)" << std::right << std::fixed << std::setprecision(4)
        << std::setw(20) << ta << std::setw(18) << tb << std::setw(10) << std::setprecision(2)
        << (tb > 0 ? ta / tb : 0) << " x" << std::setw(10) << "1.30 x"
        << "\n";
    out.unsetf(std::ios::fixed);
    out << "# BM-culling: " << total(b, "bm_tests") << " BM tests, " << total(b, "bm_culled")
        << " nodes culled; " << b.prepare.notes << ", prepare " << std::fixed << std::setprecision(1)
        << b.prepare.stages.get("build") << " ms (without culling " << a.prepare.stages.get("build")
        << " ms), " << b.prepare.memoryBytes / 1024 << " KiB (without " << a.prepare.memoryBytes / 1024
        << " KiB)\n";
    out.unsetf(std::ios::fixed);

    // First contacts must agree on every frame that starts contact-free (culling assumes such a start).
    auto discrete = AlgorithmRegistry::instance().create("bvh", {});
    discrete->prepare(scene);
    int same = 0, differStartInContact = 0, differSeparated = 0, withContact = 0;
    double dt = frames <= 1 ? 0 : (scene.endTime - scene.startTime) / (frames - 1);
    for (int f = 0; f < frames; ++f) {
        withContact += a.frames[f].contactPairs > 0;
        if (a.frames[f].hash == b.frames[f].hash) {
            ++same;
            continue;
        }
        double start = a.frames[f].t - dt;
        bool startsInContact = discrete->step(start, start).contactPairCount() > 0;
        (startsInContact ? differStartInContact : differSeparated)++;
    }
    out << "# first contacts: " << withContact << " frames with a contact; identical on " << same << " of "
        << frames << " frames";
    if (differStartInContact) out << "; the " << differStartInContact << " others start interpenetrated";
    out << "\n";
    if (differSeparated) {
        out << "# ERROR: " << differSeparated
            << " frames that start separated report different first contacts\n";
        return 1;
    }
    return 0;
}

} // namespace cdlab
