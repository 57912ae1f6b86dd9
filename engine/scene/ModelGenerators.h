// Registry of procedural articulated models by name (the mannequin, the trains, the excavator, ...): links,
// joints, meshes and keyframed joint motion from typed, documented parameters. Scenes refer to them as
// {"articulated": [{"name": "walker", "generator": "mannequin", "params": {...}}]}. Like the algorithms, each
// generator registers itself from its own file (engine/models), so this layer names none of them.
#pragma once

#include "core/Params.h"
#include "mesh/MeshGenerators.h"
#include "scene/Scene.h"

#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace cdlab {

struct ModelGeneratorInfo {
    std::string name;
    std::string description;
    /// Default, range and choices of each (core/Params.h); `create` reads them through their JSON binding
    /// (JsonParams), which names the scene file and `<jsonPath>.params.<name>` on a bad value.
    std::vector<ParamSpec> params;
    /// Builds the model (links in parent-before-child order, meshes, joint motion); the scene sets its name
    /// and base.
    std::function<ArticulatedModel(const JsonParams&)> create;
};

/// Adds a generator (replacing one of the same name) and returns true, for
/// `static const bool registered = registerModelGenerator({...});` in the generator's own file.
bool registerModelGenerator(ModelGeneratorInfo info);
/// All registered generators, sorted by name.
const std::vector<ModelGeneratorInfo>& modelGenerators();

/// Builds the named model. `params` must be a JSON object (or null for defaults). Errors (unknown generator,
/// unknown parameter, wrong type, out of range) throw InputError naming `file` and `<jsonPath>.generator` or
/// `<jsonPath>.params.<name>`.
ArticulatedModel generateModel(const std::string& generator, const nlohmann::json& params,
                               const std::string& file, const std::string& jsonPath);

} // namespace cdlab
