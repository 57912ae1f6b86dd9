// `cdlab-bench bvh-build`: BVH build time and memory for one mesh, ours and the peers', in one run.
#pragma once

#include "mesh/TriangleMesh.h"

#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

namespace cdlab {

struct BvhBuildBenchOptions {
    std::vector<std::string> algorithms; ///< algorithm specs whose prepare() builds the structure
    int repeat = 3;
    bool forceProgress = false;
};

void runBvhBuildBench(std::ostream& out, std::shared_ptr<const TriangleMesh> mesh, const std::string& label,
                      const BvhBuildBenchOptions& options);

} // namespace cdlab
