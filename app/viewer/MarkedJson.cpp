#include "MarkedJson.h"

#include "core/InputError.h"

#include <filesystem>
#include <fstream>

namespace cdlab {

bool hasJsonMarker(const std::string& path, const std::string& marker) {
    if (std::filesystem::path(path).extension() != ".json") return false;
    std::ifstream in(path);
    if (!in) return false;
    const nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
    return j.is_object() && j.contains("cdlab") && j["cdlab"] == marker;
}

nlohmann::json readJsonFile(const std::string& path, const std::string& what) {
    std::ifstream in(path);
    if (!in) throw InputError(path, "", "cannot open the " + what + " file");
    try {
        return nlohmann::json::parse(in);
    } catch (const nlohmann::json::exception& e) {
        throw InputError(path, "", std::string("invalid JSON (") + e.what() + ")");
    }
}

} // namespace cdlab
