#include "MeshCheckCommand.h"

#include "CommonOptions.h"
#include "core/InputError.h"
#include "mesh/SurfaceCheck.h"
#include "scene/SceneLoader.h"

#include <CLI/CLI.hpp>
#include <iomanip>
#include <memory>
#include <ostream>

namespace cdlab {

namespace {

struct Row {
    std::string name, mesh;
    const TriangleMesh* triangles;
};

void print(const std::vector<Row>& rows, std::ostream& out) {
    std::size_t nameWidth = 4, meshWidth = 4;
    for (const Row& r : rows)
        nameWidth = std::max(nameWidth, r.name.size()), meshWidth = std::max(meshWidth, r.mesh.size());
    out << std::left << std::setw(int(nameWidth) + 2) << "body" << std::setw(int(meshWidth) + 2) << "mesh"
        << std::right << std::setw(9) << "triangles"
        << "  surface\n";
    for (const Row& r : rows)
        out << std::left << std::setw(int(nameWidth) + 2) << r.name << std::setw(int(meshWidth) + 2) << r.mesh
            << std::right << std::setw(9) << r.triangles->triangleCount() << "  "
            << SurfaceCheck::of(*r.triangles).describe() << "\n";
}

} // namespace

int runMeshCheck(const MeshCheckOptions& o, std::ostream& out) {
    bool isScene = o.input.size() > 5 && o.input.compare(o.input.size() - 5, 5, ".json") == 0;
    if (!isScene) {
        MeshArgs args = o.mesh;
        if (!o.input.empty()) args.file = o.input;
        if (args.file.empty() && args.generator.empty())
            throw InputError("mesh-check", "", "give a scene (.json) or a mesh file, or --generator");
        std::string label;
        ImportReport imported;
        TriangleMesh mesh = meshFromArgs(args, label, {}, &imported);
        out << importComment(args, imported) << "# mesh " << label << "\n";
        print({{mesh.name.empty() ? "-" : mesh.name, label, &mesh}}, out);
        return 0;
    }
    Scene scene = loadScene(o.input);
    out << "# scene " << o.input << ": " << scene.bodies.size() << " bodies, " << scene.models.size()
        << " articulated models\n";
    std::vector<Row> rows;
    for (const Body& b : scene.bodies) rows.push_back({b.name, b.source.describe(), b.mesh.get()});
    for (const ArticulatedModel& m : scene.models)
        for (const Link& l : m.links)
            rows.push_back({m.name + "/" + l.name, l.source.describe().empty() ? "-" : l.source.describe(),
                            l.mesh.get()});
    print(rows, out);
    return 0;
}

BenchCommand declareMeshCheckCommand(CLI::App& app) {
    auto o = std::make_shared<MeshCheckOptions>();
    auto* cmd = app.add_subcommand(
        "mesh-check",
        "Per mesh of a scene (or one mesh): closed, outward-oriented 2-manifold, or its boundary, "
        "non-manifold and inconsistently oriented edges");
    cmd->add_option("input", o->input, "Scene JSON file or mesh file");
    cmd->add_option("-g,--generator", o->mesh.generator, "Procedural mesh generator instead");
    cmd->add_option("--params", o->mesh.params, "Generator parameters as a JSON object");
    cmd->add_option("-t,--triangles", o->mesh.triangles, "Target triangle count for the generator");
    return {cmd, [o](std::ostream& out) { return runMeshCheck(*o, out); }};
}

} // namespace cdlab
