// `cdlab-bench scene-export SCENE --model NAME -o FILE.glb`: one articulated model of a scene written as glTF
// 2.0 (engine/scene/GltfExport.h), which a scene can load again as {"articulated": [{"file": ...}]}.
#pragma once

#include "BenchCommand.h"
#include <iosfwd>
#include <string>

namespace cdlab {

struct SceneExportOptions {
    std::string scene;
    std::string model; ///< articulated model to write (may be empty when the scene has only one)
    std::string out;   ///< .gltf or .glb
};

/// Returns the exit code; bad input (unknown model, extension, scene errors) throws InputError (exit 2).
int runSceneExport(const SceneExportOptions& options, std::ostream& out);

/// Declares the command (its subcommand and options) for the command table in main.cpp.
BenchCommand declareSceneExportCommand(CLI::App& app);

} // namespace cdlab
