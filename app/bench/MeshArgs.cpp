#include "MeshArgs.h"

#include "core/InputError.h"
#include "mesh/MeshGenerators.h"
#include "mesh/MeshImporter.h"

namespace cdlab {

nlohmann::json parseJsonObject(const std::string& text, const std::string& flag) {
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        throw InputError(flag, "", std::string("invalid JSON: ") + e.what());
    }
    if (!j.is_object()) throw InputError(flag, "", "expected a JSON object");
    return j;
}

TriangleMesh meshFromArgs(const MeshArgs& args, std::string& label, const ImportProgress& progress) {
    if (!args.file.empty()) {
        label = args.file;
        return importMesh(args.file, progress);
    }
    nlohmann::json params = parseJsonObject(args.params, "--params");
    if (args.triangles > 0 && !params.contains("triangles")) params["triangles"] = args.triangles;
    label = args.generator + " " + params.dump();
    return generateMesh(args.generator, params, "--generator " + args.generator, "mesh");
}

} // namespace cdlab
