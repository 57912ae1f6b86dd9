#include "BmConesCommand.h"

#include "BenchReport.h"
#include "CommonOptions.h"
#include "ProgressBar.h"
#include "core/ParallelFor.h"
#include "core/Stats.h"
#include "culling/BmConeTree.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <iomanip>
#include <memory>
#include <ostream>

namespace cdlab {

int runBmCones(const BmConesOptions& o, std::ostream& out) {
    // The paper builds cones on a MinMax hierarchy (sec. 4.1); leaves hold one triangle.
    // Cones of a 100K-triangle mesh take seconds per build (top-down longer): the bar says where it is.
    ProgressBar bar(o.progress);
    std::string label;
    ImportReport imported;
    TriangleMesh mesh = meshFromArgs(
        o.mesh, label, [&](double f) { bar.update(f, "importing " + o.mesh.file); }, &imported);
    Bvh bvh;
    bvh.build(mesh, {BvType::Obb, SplitRule::MinMax, SplitPosition::Median, 1},
              [&](double f) { bar.update(f, "OBB tree"); });
    out << configurationLine() << "\n"
        << importComment(o.mesh, imported) << "# mesh " << label << ": " << mesh.triangleCount()
        << " triangles; OBB tree (MinMax/median, leaf 1): " << bvh.stats().nodes << " nodes, "
        << bvh.stats().memoryBytes / 1024 << " KiB; r_max " << o.rMax << "; median of " << o.repeat
        << " builds; "
        << (o.threads == 0 ? std::to_string(threadCount(0)) + " threads (all)"
                           : std::to_string(o.threads) + (o.threads == 1 ? " thread" : " threads"))
        << "\n";
    out << std::left << std::setw(12) << "mode" << std::right << std::setw(12) << "build_ms" << std::setw(12)
        << "mem_KiB" << std::setw(16) << "nodes_w_cone" << std::setw(14) << "projections"
        << "\n";
    for (BmBuildMode mode : {BmBuildMode::TopDown, BmBuildMode::BottomUp}) {
        std::vector<double> ms;
        BmConeTree tree;
        BmConeOptions options;
        options.rMax = o.rMax;
        options.threads = o.threads;
        for (int r = 0; r < o.repeat; ++r) {
            std::string what = std::string(toString(mode)) + " build " + std::to_string(r + 1) + "/" +
                               std::to_string(o.repeat);
            tree.build(bvh, mesh, mode, options, [&](double f) { bar.update(f, what); });
            ms.push_back(tree.stats().buildSeconds * 1000);
        }
        bar.finish();
        const BmConeTreeStats& st = tree.stats();
        out << std::left << std::setw(12) << toString(mode) << std::right << std::fixed
            << std::setprecision(1) << std::setw(12) << median(ms) << std::setw(12) << st.memoryBytes / 1024.0
            << std::setw(16) << (std::to_string(st.nodesWithCone) + "/" + std::to_string(bvh.stats().nodes))
            << std::setw(14) << st.projections << "\n";
        out.unsetf(std::ios::fixed);
    }
    return 0;
}

BenchCommand declareBmConesCommand(CLI::App& app) {
    auto o = std::make_shared<BmConesOptions>();
    auto* cmd =
        app.add_subcommand("bm-cones", "BM-cone hierarchy build time and memory (redon2002), both orders");
    cmd->add_option("-g,--generator", o->mesh.generator, "Procedural mesh generator (default: panel)");
    cmd->add_option("--params", o->mesh.params, "Generator parameters as a JSON object");
    cmd->add_option("-t,--triangles", o->mesh.triangles, "Target triangle count for the generator");
    cmd->add_option("-m,--mesh", o->mesh.file, "Mesh file instead of a generator");
    cmd->add_option("--rmax", o->rMax, "Maximum BM-cone size r_max")->check(CLI::Range(3, 32));
    CommonOptions::repeat(*cmd, o->repeat, "Builds per mode (median)");
    cmd->add_option("--threads", o->threads, "Build threads (0: every hardware thread, the default)")
        ->check(CLI::Range(0, 256));
    CommonOptions::progress(*cmd, o->progress);
    return {cmd, [o](std::ostream& out) { return runBmCones(*o, out); }};
}

} // namespace cdlab
