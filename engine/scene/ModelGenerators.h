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

/// What a generator's `create` reads its parameters through: typed access that throws InputError naming
/// the scene file and `<jsonPath>.params.<name>` on a wrong type, a value out of range or an unknown name.
class ModelParams {
public:
    ModelParams(const nlohmann::json& params, std::string file, std::string jsonPath,
                const std::vector<ParamSpec>& known);
    double number(const std::string& name, double min, double max) const;
    int integer(const std::string& name, int min, int max) const;
    std::string choice(const std::string& name, const std::vector<std::string>& choices) const;
    bool boolean(const std::string& name) const;
    /// The raw value (the default when the scene gives none), for structured parameters.
    const nlohmann::json& value(const std::string& name) const;
    [[noreturn]] void fail(const std::string& name, const std::string& what) const;
    const std::string& file() const { return m_file; }

private:
    nlohmann::json m_values; // defaults overridden by the scene's values
    std::string m_file, m_path;
};

struct ModelGeneratorInfo {
    std::string name;
    std::string description;
    std::vector<ParamSpec> params; ///< typed defaults (core/Params.h), read through their JSON binding
    /// Builds the model (links in parent-before-child order, meshes, joint motion); the scene sets its name
    /// and base.
    std::function<ArticulatedModel(const ModelParams&)> create;
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
