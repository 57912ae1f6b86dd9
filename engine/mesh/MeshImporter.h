// Mesh import through Assimp: every format Assimp reads (OBJ, PLY, STL, glTF/GLB, ...). All meshes of the
// file are merged into one TriangleMesh with node transforms applied; points and lines are skipped. Around
// Assimp: the content is sniffed first (a file with the wrong extension is named for what it looks like),
// what the file declares is read beside it (OBJ statements, the PLY header, the STL triangle count) and
// compared with what came out, PLY triangle strips are read here (Assimp 5.2.5 misreads them), and vertices
// at one position are welded (Assimp's JoinIdenticalVertices compares normals too, so STL stays unwelded).
#pragma once

#include "mesh/ImportReport.h"
#include "mesh/TriangleMesh.h"

#include <functional>
#include <string>

namespace cdlab {

/// Progress of an import in [0, 1] (Assimp reports it while it reads the file and after each post-processing
/// step). It may throw to abort: the import stops at Assimp's next report and the exception comes out of
/// importMesh (the viewer's Cancel button does that).
using ImportProgress = std::function<void(double fraction)>;

/// Loads and validates a mesh file. Throws InputError naming the file on a missing/unreadable/truncated file,
/// content of another format than the extension names, a file without triangles, non-finite coordinates,
/// out-of-range indices, or a mesh that does not have what the file declares (vertex, face, triangle counts).
TriangleMesh importMesh(const std::string& path, const ImportProgress& progress = {});

/// The same, filling `report` (the import summary and its warnings: what the file holds that was ignored).
TriangleMesh importMesh(const std::string& path, ImportReport& report, const ImportProgress& progress = {});

} // namespace cdlab
