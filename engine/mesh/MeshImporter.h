// Mesh import through Assimp: every format Assimp reads (OBJ, PLY, STL, glTF/GLB, ...). All meshes of the
// file are merged into one TriangleMesh with node transforms applied; points and lines are skipped.
#pragma once

#include "mesh/TriangleMesh.h"

#include <string>

namespace cdlab {

/// Loads and validates a mesh file. Throws InputError naming the file on a missing/unreadable/truncated file,
/// a file without triangles, non-finite coordinates or out-of-range indices.
TriangleMesh importMesh(const std::string& path);

} // namespace cdlab
