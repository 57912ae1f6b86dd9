// Mesh export in the format the output file's extension names: .obj through our own writer (ObjWriter: full
// double precision, the format of the bundled assets), .ply, .stl, .gltf and .glb through Assimp's exporter
// (single precision, as Debian's Assimp stores coordinates). compareRoundTrip checks what a file gives back
// when our importer reads it.
#pragma once

#include "mesh/TriangleMesh.h"

#include <string>
#include <vector>

namespace cdlab {

struct MeshExportFormat {
    std::string extension;   ///< lower case with the dot: ".ply"
    std::string assimpId;    ///< Assimp's exporter id ("plyb"); empty for .obj (our own writer)
    std::string description; ///< for messages and --help: "PLY, binary, single precision"
    /// The file keeps shared vertices, so reading it back gives the same vertex count. STL stores each
    /// triangle's three corners; our importer welds them only where their face normals agree too.
    bool indexed = true;
};

/// The formats exportMesh writes, in the order messages list them.
const std::vector<MeshExportFormat>& meshExportFormats();
/// ".obj, .ply, .stl, .gltf, .glb": what a message lists as accepted.
std::string meshExportExtensions();
/// The format `path`'s extension names (case-insensitive). Throws InputError naming `path` and the extensions
/// accepted when it has none or an unknown one.
const MeshExportFormat& meshExportFormatFor(const std::string& path);

/// Writes `mesh` to `path` in the format its extension names and returns that format. A .gltf file keeps its
/// buffer in a .bin file of the same name beside it. Throws InputError naming `path`: an unknown or missing
/// extension, or a file that cannot be written.
const MeshExportFormat& exportMesh(const TriangleMesh& mesh, const std::string& path);

/// How a mesh read back from an exported file compares with the mesh written.
struct MeshRoundTrip {
    std::size_t vertices = 0, triangles = 0; ///< read back
    /// Distinct positions of the mesh written, rounded to single precision: our importer reads coordinates
    /// in single precision (Assimp's) and joins the vertices at one position, so an indexed file gives back
    /// this many vertices. Fewer than the mesh's vertices where two lie closer than single precision tells
    /// apart (the teapot's patch seams: 34 pairs).
    std::size_t singlePrecisionPositions = 0;
    /// Triangles written that single precision turns into ones with two corners at one position: the
    /// importer drops them (the teapot's seams: 32).
    std::size_t collapsedTriangles = 0;
    /// The vertex count read back is singlePrecisionPositions; the triangle count the one written less the
    /// collapsed ones.
    bool sameVertexCount = false, sameTriangleCount = false;
    /// Largest coordinate difference between the corners of corresponding triangles (the i-th triangle of
    /// both that is not collapsed, corner by corner), relative to the largest coordinate magnitude of the
    /// mesh written (1 if that is 0); infinite when the triangle counts differ.
    double maxRelativeError = 0;
    /// Counts equal (vertex counts only where the format is indexed) and positions within `tolerance`.
    bool ok = false;
};

/// Single precision keeps 2^-24 (6e-8) of a coordinate, so 1e-6 leaves room and still catches a format that
/// rounds to fewer digits.
constexpr double kMeshExportTolerance = 1e-6;

MeshRoundTrip compareRoundTrip(const TriangleMesh& written, const TriangleMesh& readBack,
                               const MeshExportFormat& format, double tolerance = kMeshExportTolerance);

} // namespace cdlab
