// SceneWriter: Scene -> scene JSON, the reader's own format (scene/SceneLoader.h), so that a scene built or
// edited in the viewer (issue 44, "your own motion": bodies dragged and keyframed) is saved as a file the
// bench runs as it is. What it writes loads back identically: the settings (name, description, frames,
// view), and per body its name, mesh (a file by path relative to the saved file, with its scale, or a
// generator with its parameters), environment flag, keyframes (or a static pose) and deformation.
// Articulated models are not written: a generated or glTF model keeps no trace of where it came from
// (its links would come back as a different model), so a scene with one is refused with a clear message,
// never written half.
#pragma once

#include "scene/Scene.h"

#include <nlohmann/json.hpp>
#include <string>

namespace cdlab {

/// Why `scene` cannot be written ("articulated model 'walker' ...", "body 'x' has a mesh made in code");
/// empty when it can.
std::string sceneWriteRefusal(const Scene& scene);
/// The scene as JSON, its mesh files relative to the folder of `path` (the file it will be saved as).
/// Throws InputError (naming the scene and the body or model) when it cannot be written.
nlohmann::ordered_json sceneToJson(const Scene& scene, const std::string& path);
/// Writes sceneToJson(scene, path) to `path`. Throws InputError naming `path` when it cannot be written
/// (a missing folder, no permission) and, as sceneToJson, when the scene cannot be expressed.
void saveScene(const Scene& scene, const std::string& path);

} // namespace cdlab
