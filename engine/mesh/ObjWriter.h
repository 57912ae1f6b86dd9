// Writes a TriangleMesh as Wavefront OBJ (positions and faces, full double precision), e.g. to hand the
// procedural stand-ins to other tools or to bundle them as assets.
#pragma once

#include "mesh/TriangleMesh.h"

#include <string>

namespace cdlab {

/// Throws InputError naming `path` when the file cannot be written.
void writeObj(const TriangleMesh& mesh, const std::string& path);

} // namespace cdlab
