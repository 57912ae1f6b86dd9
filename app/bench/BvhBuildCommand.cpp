#include "BvhBuildCommand.h"

#include "BenchReport.h"
#include "BenchRun.h"
#include "BvhBuildBench.h"
#include "CommonOptions.h"
#include "MeshArgs.h"
#include "ProgressBar.h"
#include "pipeline/AlgorithmRegistry.h"

#include <CLI/CLI.hpp>
#include <memory>

namespace cdlab {

namespace {

struct BvhBuildCommandOptions {
    MeshArgs mesh{"", "sphere", "{}", 100000};
    BvhBuildBenchOptions bench;
};

int runBvhBuild(BvhBuildCommandOptions& o, std::ostream& out) {
    BvhBuildBenchOptions& buildOpts = o.bench;
    if (!buildOpts.series.empty()) {
        if (buildOpts.algorithms.empty()) {
            buildOpts.algorithms = defaultAlgorithms();
            if (AlgorithmRegistry::instance().find("fcl")) buildOpts.algorithms.push_back("fcl:bv=aabb");
        }
        out << configurationLine() << "\n";
        runBvhBuildSeries(
            out,
            [&](std::size_t triangles, std::string& label) {
                MeshArgs args = o.mesh;
                args.triangles = triangles;
                return std::make_shared<const TriangleMesh>(meshFromArgs(args, label));
            },
            buildOpts);
        return 0;
    }
    std::string label;
    std::shared_ptr<TriangleMesh> mesh;
    ImportReport imported;
    {
        ProgressBar bar(buildOpts.forceProgress);
        mesh = std::make_shared<TriangleMesh>(meshFromArgs(
            o.mesh, label, [&](double f) { bar.update(f, "importing " + o.mesh.file); }, &imported));
    }
    if (buildOpts.algorithms.empty()) buildOpts.algorithms = defaultAlgorithms();
    out << configurationLine() << "\n" << importComment(o.mesh, imported);
    runBvhBuildBench(out, mesh, label, buildOpts);
    return 0;
}

} // namespace

BenchCommand declareBvhBuildCommand(CLI::App& app) {
    auto o = std::make_shared<BvhBuildCommandOptions>();
    auto* build = app.add_subcommand("bvh-build", "BVH build time and memory for one mesh (ours and peers)");
    build->add_option("-g,--generator", o->mesh.generator, "Procedural mesh generator (see `list`)");
    build->add_option("--params", o->mesh.params, "Generator parameters as a JSON object");
    build->add_option("-t,--triangles", o->mesh.triangles, "Target triangle count for the generator");
    auto* meshFile = build->add_option("-m,--mesh", o->mesh.file, "Mesh file instead of a generator");
    build
        ->add_option("-a,--algo", o->bench.algorithms,
                     "Algorithms to build (default: bvh obb, bvh aabb, peers)")
        ->allow_extra_args(false);
    CommonOptions::repeat(*build, o->bench.repeat, "Builds per algorithm (median)");
    CommonOptions::progress(*build, o->bench.forceProgress,
                            "Show progress even when stderr is not a terminal");
    build
        ->add_option("--series", o->bench.series,
                     "Triangle counts of a series (e.g. 10000,100000,1000000): per size, build, memory per "
                     "triangle and close and deep query times, the serial reference build and the peers' "
                     "ratios (default algorithms add fcl:bv=aabb)")
        ->delimiter(',')
        ->check(CLI::Range(std::size_t(1), std::size_t(50000000)))
        ->excludes(meshFile);
    build->add_option("--queries", o->bench.queries, "Timed queries per placement in a series (median)")
        ->check(CLI::Range(1, 1000));
    CommonOptions::svg(*build, o->bench.svg, "With --series: write a plot of build and deep-query times");
    return {build, [o](std::ostream& out) { return runBvhBuild(*o, out); }};
}

} // namespace cdlab
