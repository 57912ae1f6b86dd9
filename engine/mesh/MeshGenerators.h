// Registry of procedural mesh generators by name, with typed, documented parameters. Scenes refer to
// generators by name ({"generator": "torus_knot", "params": {...}}); the viewer and the bench list them here.
#pragma once

#include "core/Params.h"
#include "mesh/TriangleMesh.h"

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

namespace cdlab {

struct GeneratorInfo {
    std::string name;
    std::string description;
    std::vector<ParamSpec> params; ///< default, range and choices of each (core/Params.h)
};

/// All generators, sorted by name.
const std::vector<GeneratorInfo>& meshGenerators();

/// Builds the named generator's mesh. `params` must be a JSON object (or null for defaults). Errors (unknown
/// generator, unknown parameter, wrong type, out of range) throw InputError naming `file` and the field under
/// `jsonPath` (the mesh object: `<jsonPath>.generator`, `<jsonPath>.params.<name>`).
TriangleMesh generateMesh(const std::string& generator, const nlohmann::json& params, const std::string& file,
                          const std::string& jsonPath);

} // namespace cdlab
