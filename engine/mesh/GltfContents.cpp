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
std::optional<std::string> jsonText(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (data.compare(0, 4, "glTF") != 0) return data;
    if (data.size() < 20 || data.compare(16, 4, "JSON") != 0) return std::nullopt;
    std::uint32_t length = 0;
    std::memcpy(&length, data.data() + 12, 4);
    if (std::uint64_t(length) > data.size() - 20) return std::nullopt;
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
    nlohmann::json doc = nlohmann::json::parse(*text, nullptr, false);
    if (!doc.is_object()) return std::nullopt;
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
