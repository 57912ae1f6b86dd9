// Mesh import through Assimp: every format Assimp reads (OBJ, PLY, STL, glTF/GLB, ...). All meshes of the
// file are merged into one TriangleMesh with node transforms applied; points and lines are skipped.
#pragma once

#include "mesh/TriangleMesh.h"

#include <functional>
#include <string>

namespace cdlab {

/// Progress of an import in [0, 1] (Assimp reports it while it reads the file and after each post-processing
/// step). It may throw to abort: the import stops at Assimp's next report and the exception comes out of
/// importMesh (the viewer's Cancel button does that).
using ImportProgress = std::function<void(double fraction)>;

/// Loads and validates a mesh file. Throws InputError naming the file on a missing/unreadable/truncated file,
/// a file without triangles, non-finite coordinates or out-of-range indices.
TriangleMesh importMesh(const std::string& path, const ImportProgress& progress = {});

} // namespace cdlab
