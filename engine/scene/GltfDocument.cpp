#include "scene/GltfDocument.h"

#include "core/InputError.h"

#include <algorithm>
#include <cctype>
#include <climits>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

namespace cdlab {

namespace {

using json = nlohmann::json;

std::uint32_t readU32(const std::string& bytes, std::size_t at) {
    std::uint32_t v = 0; // GLB is little-endian, as every machine we build for
    std::memcpy(&v, bytes.data() + at, 4);
    return v;
}

/// %XX escapes in a buffer uri ("my%20arm.bin").
std::string decodeUri(const std::string& uri) {
    std::string out;
    for (std::size_t i = 0; i < uri.size(); ++i) {
        if (uri[i] == '%' && i + 2 < uri.size() && std::isxdigit(uri[i + 1]) && std::isxdigit(uri[i + 2])) {
            out += char(std::stoi(uri.substr(i + 1, 2), nullptr, 16));
            i += 2;
        } else {
            out += uri[i];
        }
    }
    return out;
}

/// The index `object[key]` (`fallback` when absent). An index that is no integer or does not fit an int is
/// bad input naming `where.key`: json's get<int> of 1e300 is undefined behaviour, of 2.5 a silent truncation.
int indexField(const json& object, const char* key, int fallback, const std::string& file,
               const std::string& where) {
    if (!object.is_object())
        throw InputError(file, where, std::string("expected an object, got ") + object.type_name());
    auto it = object.find(key);
    if (it == object.end()) return fallback;
    std::string field = where.empty() ? key : where + "." + key;
    if (!it->is_number_integer() || it->get<long long>() < INT_MIN || it->get<long long>() > INT_MAX)
        throw InputError(file, field, "expected an integer index, got " + it->dump());
    return int(it->get<long long>());
}

} // namespace

GltfDocument::GltfDocument(const std::string& path) : m_path(path) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) throw InputError(path, "", "file not found");
    if (std::filesystem::is_directory(path, ec)) throw InputError(path, "", "is a directory, expected glTF");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path, "", "cannot open file");
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::string notGltf = "not a glTF 2.0 file (expected a .glb container or .gltf JSON)";
    std::string text = bytes;
    if (bytes.size() >= 4 && bytes.compare(0, 4, "glTF") == 0) {
        // GLB: 12-byte header (magic, version, length), then the JSON chunk (length, type "JSON", data).
        m_binary = true;
        if (bytes.size() < 20) throw InputError(path, "", "truncated GLB header");
        if (readU32(bytes, 4) != 2)
            throw InputError(path, "", "GLB version " + std::to_string(readU32(bytes, 4)) + ", expected 2");
        std::uint32_t length = readU32(bytes, 12);
        if (readU32(bytes, 16) != 0x4E4F534Au || 20 + std::size_t(length) > bytes.size())
            throw InputError(path, "", "GLB without a complete JSON chunk");
        text = bytes.substr(20, length);
    }
    try {
        m_doc = json::parse(text);
    } catch (const json::exception&) {
        throw InputError(path, "", m_binary ? "GLB JSON chunk is not valid JSON" : notGltf);
    }
    if (!m_doc.is_object() || !m_doc.contains("asset") || !m_doc["asset"].is_object())
        throw InputError(path, "", notGltf + ": no 'asset'");
    const json& version = m_doc["asset"]["version"];
    if (!version.is_string() || version.get<std::string>().rfind("2.", 0) != 0)
        throw InputError(path, "asset.version", notGltf + ": version " + version.dump());
    try { // a field of the wrong type (json's type_error) is bad input too
        checkNodeTree();
        checkBuffers();
        checkDeformingMeshes();
    } catch (const json::exception& e) {
        throw InputError(path, "", std::string("malformed glTF JSON: ") + e.what());
    }
}

std::string GltfDocument::nodeLabel(int node) const {
    const json& n = m_doc["nodes"][node];
    if (n.contains("name") && n["name"].is_string() && !n["name"].get<std::string>().empty())
        return "node '" + n["name"].get<std::string>() + "'";
    return "nodes[" + std::to_string(node) + "]";
}

void GltfDocument::checkNodeTree() const {
    const json nodes = m_doc.value("nodes", json::array());
    if (!nodes.is_array() || nodes.empty()) throw InputError(m_path, "nodes", "the file has no nodes");
    const int n = int(nodes.size());
    // Each node may be the child of one node only; a node that no root reaches sits on a cycle of children.
    std::vector<int> parent(n, -1);
    for (int i = 0; i < n; ++i) {
        if (!nodes[i].contains("children")) continue;
        for (const json& c : nodes[i]["children"]) {
            std::string where = "nodes[" + std::to_string(i) + "].children";
            if (!c.is_number_integer() || c.get<long long>() < 0 || c.get<long long>() >= n)
                throw InputError(m_path, where,
                                 nodeLabel(i) + " names a child that does not exist: " + c.dump());
            int child = c.get<int>();
            if (child == i) throw InputError(m_path, where, nodeLabel(i) + " is its own child");
            if (parent[child] >= 0)
                throw InputError(m_path, where,
                                 nodeLabel(child) + " is a child of both " + nodeLabel(parent[child]) +
                                     " and " + nodeLabel(i) + " (a node tree gives each node one parent)");
            parent[child] = i;
        }
    }
    for (int i = 0; i < n; ++i) {
        int steps = 0; // walking up from i reaches a root within n steps unless i's ancestors form a cycle
        for (int a = i; a >= 0 && steps <= n; a = parent[a]) ++steps;
        if (steps > n)
            throw InputError(m_path, "nodes[" + std::to_string(i) + "]",
                             nodeLabel(i) + " is its own ancestor: the node tree has a cycle of children");
    }
    if (m_doc.contains("scenes")) {
        int scene = indexField(m_doc, "scene", 0, m_path, "");
        const json& scenes = m_doc["scenes"];
        if (!scenes.is_array() || scene < 0 || scene >= int(scenes.size()))
            throw InputError(m_path, "scene", "no scene " + std::to_string(scene));
        const json& roots = scenes[scene].value("nodes", json::array());
        if (!roots.is_array() || roots.empty())
            throw InputError(m_path, "scenes[" + std::to_string(scene) + "]", "the scene has no nodes");
    }
}

void GltfDocument::checkBuffers() const {
    if (!m_doc.contains("buffers") || !m_doc["buffers"].is_array()) return;
    const json& buffers = m_doc["buffers"];
    const std::filesystem::path dir = std::filesystem::path(m_path).parent_path();
    for (std::size_t i = 0; i < buffers.size(); ++i) {
        std::string where = "buffers[" + std::to_string(i) + "]";
        if (!buffers[i].contains("uri")) {
            if (!m_binary)
                throw InputError(m_path, where, "buffer has no uri (only a .glb holds its own data)");
            continue;
        }
        if (!buffers[i]["uri"].is_string()) throw InputError(m_path, where + ".uri", "expected a string");
        std::string uri = buffers[i]["uri"].get<std::string>();
        if (uri.rfind("data:", 0) == 0) continue; // embedded
        std::filesystem::path file = dir / decodeUri(uri);
        std::error_code ec;
        if (!std::filesystem::is_regular_file(file, ec))
            throw InputError(m_path, where,
                             "buffer file '" + uri + "' not found (looked for " + file.string() +
                                 "; a .gltf needs the files its buffers name beside it)");
    }
}

void GltfDocument::checkDeformingMeshes() const {
    const json& nodes = m_doc["nodes"];
    const json meshes = m_doc.value("meshes", json::array());
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        if (!nodes[i].contains("mesh")) continue;
        int mesh = indexField(nodes[i], "mesh", -1, m_path, "nodes[" + std::to_string(i) + "]");
        std::string name =
            mesh >= 0 && mesh < int(meshes.size()) ? meshes[mesh].value("name", std::string()) : "";
        std::string where = (name.empty() ? "meshes[" + std::to_string(mesh) + "]" : "mesh '" + name + "'") +
                            " (" + nodeLabel(int(i)) + ")";
        // Assimp 5.2 crashes on a skin without inverse bind matrices (valid glTF): refused before it reads.
        if (nodes[i].contains("skin"))
            throw InputError(m_path, where,
                             "skinned (skin " + nodes[i]["skin"].dump() +
                                 "): it deforms, it is not a rigid link");
        if (mesh < 0 || mesh >= int(meshes.size())) continue; // Assimp names it
        std::size_t targets = 0;
        for (const json& p : meshes[mesh].value("primitives", json::array()))
            targets = std::max(targets, p.value("targets", json::array()).size());
        if (targets > 0)
            throw InputError(m_path, where,
                             "has " + std::to_string(targets) +
                                 " morph targets: it deforms, it is not a rigid link");
    }
}

int GltfDocument::animationCount() const {
    return m_doc.contains("animations") && m_doc["animations"].is_array() ? int(m_doc["animations"].size())
                                                                          : 0;
}

void GltfDocument::requireLinear(int index) const {
    try {
        checkLinear(index);
    } catch (const json::exception& e) {
        throw InputError(m_path, "animations[" + std::to_string(index) + "]",
                         std::string("malformed glTF JSON: ") + e.what());
    }
}

void GltfDocument::checkLinear(int index) const {
    const json& animation = m_doc["animations"][index];
    const json channels = animation.value("channels", json::array());
    const json samplers = animation.value("samplers", json::array());
    for (std::size_t c = 0; c < channels.size(); ++c) {
        std::string channel = "animations[" + std::to_string(index) + "].channels[" + std::to_string(c) + "]";
        int s = indexField(channels[c], "sampler", -1, m_path, channel);
        if (s < 0 || s >= int(samplers.size())) continue; // Assimp's own check names it
        std::string interpolation = samplers[s].value("interpolation", std::string("LINEAR"));
        if (interpolation == "LINEAR") continue;
        const json& target = channels[c].value("target", json::object());
        int node = indexField(target, "node", -1, m_path, channel + ".target");
        std::string who = node >= 0 && node < int(m_doc["nodes"].size()) ? nodeLabel(node) : "no node";
        throw InputError(m_path,
                         "animations[" + std::to_string(index) + "].channels[" + std::to_string(c) + "] (" +
                             who + ", " + target.value("path", std::string("?")) + ")",
                         interpolation + " interpolation: links move linearly and by slerp between keys (" +
                             (interpolation == "STEP"
                                  ? "a STEP key jumps"
                                  : "CUBICSPLINE tangents, which Assimp drops, bend the path") +
                             "); resample the animation with LINEAR interpolation");
    }
}

} // namespace cdlab
