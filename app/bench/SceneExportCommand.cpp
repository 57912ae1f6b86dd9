#include "SceneExportCommand.h"

#include "CommonOptions.h"
#include "core/InputError.h"
#include "scene/GltfExport.h"
#include "scene/SceneLoader.h"

#include <CLI/CLI.hpp>
#include <memory>
#include <ostream>

namespace cdlab {

int runSceneExport(const SceneExportOptions& o, std::ostream& out) {
    // The extension first: a typo should not wait for a scene to load.
    if (o.out.size() < 5 ||
        (o.out.substr(o.out.size() - 4) != ".glb" && o.out.substr(o.out.size() - 5) != ".gltf"))
        throw InputError(o.out, "", "scene-export writes glTF: give the output the extension .gltf or .glb");
    Scene scene = loadScene(o.scene);
    std::string names;
    for (const ArticulatedModel& m : scene.models) names += (names.empty() ? "" : ", ") + m.name;
    const ArticulatedModel* model = nullptr;
    for (const ArticulatedModel& m : scene.models)
        if (m.name == o.model) model = &m;
    if (!model && o.model.empty() && scene.models.size() == 1) model = &scene.models.front();
    if (!model) {
        std::string what = o.model.empty() ? "give the model to write with --model"
                                           : "no articulated model '" + o.model + "'";
        throw InputError(o.scene, "--model",
                         what + (names.empty() ? " (the scene has no articulated models)"
                                               : " (the scene's models: " + names + ")"));
    }
    GltfExportSummary s = exportGltfModel(*model, o.out);
    out << "wrote " << o.out << ": model '" << model->name << "', " << s.links
        << (s.links == 1 ? " link, " : " links, ") << s.triangles << " triangles, " << s.vertices
        << " vertices, " << s.keys << " keys, " << s.bytes << " bytes (" << s.description << ")\n";
    return 0;
}

BenchCommand declareSceneExportCommand(CLI::App& app) {
    auto o = std::make_shared<SceneExportOptions>();
    auto* cmd = app.add_subcommand(
        "scene-export",
        "Write one articulated model of a scene as glTF 2.0 (.gltf or .glb): a node per link, "
        "one animation with the links' keyframes");
    cmd->add_option("scene", o->scene, "Scene JSON file")->required();
    cmd->add_option("--model", o->model, "Articulated model to write (default: the scene's only one)");
    cmd->add_option("-o,--out", o->out, "Output path: .glb (binary) or .gltf (with a .bin)")->required();
    return {cmd, [o](std::ostream& out) { return runSceneExport(*o, out); }};
}

} // namespace cdlab
