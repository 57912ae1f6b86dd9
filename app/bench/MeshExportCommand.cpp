#include "MeshExportCommand.h"

#include "MeshArgs.h"
#include "ProgressBar.h"
#include "core/InputError.h"
#include "mesh/MeshExport.h"
#include "mesh/MeshImporter.h"

#include <CLI/CLI.hpp>
#include <iomanip>
#include <iostream>
#include <memory>

namespace cdlab {

namespace {

struct MeshExportOptions {
    MeshArgs mesh;
    std::string out;
    bool noCheck = false;
};

int runMeshExport(const MeshExportOptions& o, std::ostream& out) {
    // The extension is checked before a long generation or import.
    meshExportFormatFor(o.out);
    if (o.mesh.file.empty() && o.mesh.generator.empty())
        throw InputError("mesh-export", "", "give a mesh: --generator G (see `list`) or --mesh FILE");
    std::string label;
    TriangleMesh mesh;
    ImportReport imported;
    {
        ProgressBar bar;
        mesh = meshFromArgs(
            o.mesh, label, [&](double f) { bar.update(f, "importing " + o.mesh.file); }, &imported);
    }
    out << importComment(o.mesh, imported);
    const MeshExportFormat& format = exportMesh(mesh, o.out);
    out << "wrote " << o.out << ": " << mesh.vertices.size() << " vertices, " << mesh.triangleCount()
        << " triangles (" << format.description << ")\n";
    if (o.noCheck) return 0;
    // Read back with the importer every command uses, then compare triangle by triangle.
    MeshRoundTrip back = compareRoundTrip(mesh, importMesh(o.out), format);
    out << "read back " << o.out << ": " << back.vertices << " vertices"
        << (!format.indexed ? " (welded: the file stores three corners per triangle)"
            : back.singlePrecisionPositions < mesh.vertices.size()
                ? " (" + std::to_string(mesh.vertices.size() - back.singlePrecisionPositions) +
                      " share their single-precision position with another vertex)"
                : std::string())
        << ", " << back.triangles << " triangles"
        << (back.collapsedTriangles > 0 ? " (" + std::to_string(back.collapsedTriangles) +
                                              " have two corners at one single-precision position: dropped)"
                                        : std::string())
        << ", largest position difference " << std::setprecision(2) << back.maxRelativeError
        << " of the largest coordinate\n";
    if (!back.ok) { // a verification that failed: exit 1, as --verify
        std::cerr << "error: " << o.out << ": read back differs from the mesh written: ";
        if (!back.sameTriangleCount)
            std::cerr << back.triangles << " triangles, wrote " << mesh.triangleCount() << " ("
                      << back.collapsedTriangles << " collapsed in single precision)\n";
        else if (!back.sameVertexCount && format.indexed)
            std::cerr << back.vertices << " vertices, wrote " << back.singlePrecisionPositions
                      << " distinct positions in single precision\n";
        else
            std::cerr << "positions differ by more than " << kMeshExportTolerance << "\n";
        return 1;
    }
    return 0;
}

} // namespace

BenchCommand declareMeshExportCommand(CLI::App& app) {
    auto o = std::make_shared<MeshExportOptions>();
    auto* cmd = app.add_subcommand(
        "mesh-export", "Write a procedural or imported mesh in the format the output extension names (" +
                           meshExportExtensions() + "), then read it back and compare");
    auto* generator = cmd->add_option("-g,--generator", o->mesh.generator, "Generator (see `list`)");
    cmd->add_option("--params", o->mesh.params, "Generator parameters as a JSON object");
    cmd->add_option("-t,--triangles", o->mesh.triangles, "Target triangle count for the generator");
    cmd->add_option("-m,--mesh", o->mesh.file, "Mesh file to convert instead of a generator")
        ->excludes(generator);
    cmd->add_option("-o,--out", o->out,
                    "Output path; its extension names the format: .obj (double precision), .ply and .stl "
                    "(binary), .gltf (with a .bin beside it), .glb")
        ->required();
    cmd->add_flag("--no-check", o->noCheck,
                  "Do not read the file back (by default it is imported again and compared: counts, "
                  "and positions within 1e-6 of the largest coordinate; exit 1 if they differ)");
    return {cmd, [o](std::ostream& out) { return runMeshExport(*o, out); }};
}

} // namespace cdlab
