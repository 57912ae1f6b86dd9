// Mesh arguments shared by the bench commands: a mesh file, or a generator with JSON parameters and a target
// triangle count.
#pragma once

#include "mesh/MeshImporter.h"
#include "mesh/TriangleMesh.h"

#include <nlohmann/json.hpp>
#include <string>

namespace cdlab {

struct MeshArgs {
    std::string file;      ///< mesh file (wins over the generator)
    std::string generator; ///< procedural generator name
    std::string params = "{}";
    std::size_t triangles = 0; ///< target triangle count (0: the generator's default)
};

/// Parses a JSON object given on the command line; InputError names `flag`.
nlohmann::json parseJsonObject(const std::string& text, const std::string& flag);
/// Imports or generates the mesh; `label` describes it for reports; `progress` follows an import; `report`
/// (optional) gets the import summary (left empty for a generator).
TriangleMesh meshFromArgs(const MeshArgs& args, std::string& label, const ImportProgress& progress = {},
                          ImportReport* report = nullptr);
/// The import summary as comment lines for a command's output, "# import FILE: ..." and one "# warning: ..."
/// per warning; empty when nothing was imported.
std::string importComment(const MeshArgs& args, const ImportReport& report);

} // namespace cdlab
