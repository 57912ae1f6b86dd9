// `cdlab-bench mesh-check`: is each mesh of a scene (or one mesh file or generator) a closed, outward
// 2-manifold? Back-face culling needs closed, outward surfaces, exact booleans (the CGAL intersection
// volume) closed 2-manifolds: this says per mesh which it is and, if not, how many edges are wrong.
#pragma once

#include "BenchCommand.h"
#include "MeshArgs.h"

#include <iosfwd>
#include <string>

namespace cdlab {

struct MeshCheckOptions {
    std::string input; ///< a scene (.json) or a mesh file; empty: the generator in `mesh`
    MeshArgs mesh;     ///< a generator (with parameters) when no input is given
};

/// Prints one line per body (and articulated link): its name, mesh, triangle count and
/// SurfaceCheck::describe(). Returns 0 (a mesh that is not closed is a finding, not an error).
int runMeshCheck(const MeshCheckOptions& options, std::ostream& out);

/// Declares the command (its subcommand and options) for the command table in main.cpp.
BenchCommand declareMeshCheckCommand(CLI::App& app);

} // namespace cdlab
