// `cdlab-bench bvh-build (--generator G | --mesh F)`: BVH build time and memory for one mesh, ours and the
// peers' (BvhBuildBench.h); --series: a series of sizes with close and deep query times.
#pragma once

#include "BenchCommand.h"

namespace cdlab {

BenchCommand declareBvhBuildCommand(CLI::App& app);

} // namespace cdlab
