// `cdlab-bench bvh-build`: BVH build time and memory for one mesh, ours and the peers', in one run; with
// --series, a series of mesh sizes with build time, memory per triangle and close and deep query times.
#pragma once

#include "mesh/TriangleMesh.h"

#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

namespace cdlab {

struct BvhBuildBenchOptions {
    std::vector<std::string> algorithms; ///< algorithm specs whose prepare() builds the structure
    int repeat = 3;
    bool forceProgress = false;
    std::vector<std::size_t> series; ///< --series: target triangle counts, one generated mesh each
    int queries = 5;                 ///< --queries: timed queries per placement in a series (median)
    std::string svg;                 ///< --svg: the series' plot
};

void runBvhBuildBench(std::ostream& out, std::shared_ptr<const TriangleMesh> mesh, const std::string& label,
                      const BvhBuildBenchOptions& options);

/// The mesh of a series for a target triangle count, and its label.
using SeriesMesh =
    std::function<std::shared_ptr<const TriangleMesh>(std::size_t triangles, std::string& label)>;

/// For each size: every algorithm's build (median of options.repeat through its prepare()), memory per
/// triangle, and two copies of the mesh queried close (centres 1.98 radii apart: a sphere's copies overlap
/// by 2 % of the radius) and deep (one radius apart); then cdlab's own build rows (the serial reference, the
/// fast build on one thread) and the peers' ratios. Writes options.svg when given.
void runBvhBuildSeries(std::ostream& out, const SeriesMesh& meshOf, const BvhBuildBenchOptions& options);

} // namespace cdlab
