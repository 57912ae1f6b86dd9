// `cdlab-bench list`: the bundled scenes (with their sizes, or why one is invalid), the algorithms with
// their parameters, and the mesh and model generators.
#pragma once

#include "BenchCommand.h"

namespace cdlab {

BenchCommand declareListCommand(CLI::App& app);

} // namespace cdlab
