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

TriangleMesh meshFromArgs(const MeshArgs& args, std::string& label, const ImportProgress& progress,
                          ImportReport* report) {
    if (!args.file.empty()) {
        label = args.file;
        ImportReport ignored;
        return importMesh(args.file, report ? *report : ignored, progress);
    }
    nlohmann::json params = parseJsonObject(args.params, "--params");
    if (args.triangles > 0 && !params.contains("triangles")) params["triangles"] = args.triangles;
    label = args.generator + " " + params.dump();
    return generateMesh(args.generator, params, "--generator " + args.generator, "mesh");
}

std::string importComment(const MeshArgs& args, const ImportReport& report) {
    if (args.file.empty() || report.format.empty()) return "";
    std::string s = "# import " + args.file + ": " + report.summary() + "\n";
    for (const std::string& w : report.warnings) s += "# warning: " + args.file + ": " + w + "\n";
    return s;
}

} // namespace cdlab
