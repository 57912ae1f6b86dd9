// `cdlab-bench mesh-export (-g G | -m F) --out F`: a procedural or imported mesh written in the format the
// output's extension names (OBJ, PLY, STL, glTF, GLB), then read back and compared (exit 1 if it differs).
#pragma once

#include "BenchCommand.h"

namespace cdlab {

BenchCommand declareMeshExportCommand(CLI::App& app);

} // namespace cdlab
