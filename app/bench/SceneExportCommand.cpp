#include "SceneExportCommand.h"

#include "core/InputError.h"
#include "scene/GltfExport.h"
#include "scene/SceneLoader.h"

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

} // namespace cdlab
