#include "mesh/GltfContents.h"

#include "core/InputError.h"

#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>

namespace cdlab {

namespace {

std::string plural(std::size_t n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

/// The JSON text: the whole .gltf, or a GLB's first chunk (12-byte header, then length, type "JSON", data).
/// A GLB whose first chunk is not a whole JSON chunk is refused: Assimp would read past it.
std::optional<std::string> jsonText(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (data.compare(0, 4, "glTF") != 0) return data;
    if (data.size() < 20 || data.compare(16, 4, "JSON") != 0)
        throw InputError(path, "GLB header",
                         "the first chunk is not a JSON chunk (or the file ends before it)");
    std::uint32_t length = 0;
    std::memcpy(&length, data.data() + 12, 4);
    if (std::uint64_t(length) > data.size() - 20)
        throw InputError(path, "GLB JSON chunk",
                         "declares " + std::to_string(length) + " bytes, the file has " +
                             std::to_string(data.size() - 20) + " after the chunk header (truncated)");
    return data.substr(20, length);
}

} // namespace

std::string GltfContents::ignored() const {
    std::string s;
    auto add = [&](std::size_t n, const char* one, const char* many) {
        if (n > 0) s += (s.empty() ? "" : ", ") + plural(n, one, many);
    };
    add(skins, "skin", "skins");
    add(animations, "animation", "animations");
    add(morphTargets, "morph target", "morph targets");
    return s.empty() ? s : "ignored: " + s + " (the mesh is the geometry at rest)";
}

std::optional<GltfContents> readGltfContents(const std::string& path) {
    std::optional<std::string> text = jsonText(path);
    if (!text) return std::nullopt;
    // glTF's JSON must be UTF-8 (glTF 2.0 sec. 3.1): what nlohmann refuses is refused here, not handed to
    // Assimp, whose parser accepts more and then crashes on some of it (fuzz-mesh found a skinned glTF with
    // one byte of an attribute name mangled).
    nlohmann::json doc;
    try {
        doc = nlohmann::json::parse(*text);
    } catch (const nlohmann::json::exception& e) {
        std::string msg = e.what();
        auto colon = msg.find("parse error");
        throw InputError(path, "",
                         "not valid glTF JSON (UTF-8 JSON required): " +
                             (colon == std::string::npos ? msg : msg.substr(colon)));
    }
    if (!doc.is_object()) throw InputError(path, "$", "a glTF's JSON must be an object");
    if (!doc.contains("asset") || !doc["asset"].is_object())
        throw InputError(path, "asset", "missing: every glTF names its asset (glTF 2.0 sec. 5.2)");
    GltfContents c;
    auto array = [&](const char* key) -> const nlohmann::json* {
        auto it = doc.find(key);
        return it != doc.end() && it->is_array() ? &*it : nullptr;
    };
    if (const auto* skins = array("skins")) {
        c.skins = skins->size();
        for (std::size_t k = 0; k < skins->size(); ++k)
            if ((*skins)[k].is_object() && !(*skins)[k].contains("inverseBindMatrices"))
                throw InputError(
                    path, "skins[" + std::to_string(k) + "]",
                    "a skin without inverseBindMatrices: Assimp 5.2 crashes reading it (give the "
                    "matrices, identity ones, or remove the skin)");
    }
    if (const auto* animations = array("animations")) c.animations = animations->size();
    if (const auto* meshes = array("meshes"))
        for (const auto& m : *meshes) {
            if (!m.is_object() || !m.contains("primitives") || !m["primitives"].is_array()) continue;
            for (const auto& p : m["primitives"])
                if (p.is_object() && p.contains("targets") && p["targets"].is_array())
                    c.morphTargets += p["targets"].size();
        }
    return c;
}

} // namespace cdlab
