#include "scene/SceneWriter.h"

#include "core/Assert.h"
#include "core/InputError.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>

namespace cdlab {

namespace {

using json = nlohmann::ordered_json; // the fields in the reader's documented order
namespace fs = std::filesystem;

/// `+ 0.0` writes -0 as 0 (the same number to the reader, and a cleaner file).
json vec3(const Vec3& v) {
    return json::array({v.x + 0.0, v.y + 0.0, v.z + 0.0});
}

/// A rotation as the reader's {"quaternion": [w, x, y, z]}: the unit quaternion as it is, where an axis and
/// an angle in degrees would not come back to the same bits.
json rotation(const Quat& q) {
    return {{"quaternion", json::array({q.w, q.x, q.y, q.z})}};
}

json keyframe(const Keyframe& k) {
    return {{"t", k.time}, {"position", vec3(k.position)}, {"rotation", rotation(k.rotation)}};
}

/// `file` relative to `folder` when both lie on one root, with '/' (the scene reads on every system).
std::string relativePath(const std::string& file, const fs::path& folder) {
    std::error_code ec;
    const fs::path abs = fs::absolute(file, ec);
    if (ec) return file;
    fs::path rel = abs.lexically_normal().lexically_relative(fs::absolute(folder, ec).lexically_normal());
    return rel.empty() ? abs.generic_string() : rel.generic_string();
}

std::string label(const Scene& scene) {
    return scene.file.empty() ? "scene '" + scene.name + "'" : scene.file;
}

} // namespace

std::string sceneWriteRefusal(const Scene& scene) {
    if (!scene.models.empty())
        return "articulated model '" + scene.models.front().name +
               "': only rigid bodies can be saved (a generated or glTF model keeps no record of its "
               "generator or file, so its links would not load back as the same model)";
    std::set<std::string> names;
    for (const Body& b : scene.bodies) {
        if (b.source.file.empty() && b.source.generator.empty())
            return "body '" + b.name + "': its mesh was made in code, with no file or generator to name";
        if (!names.insert(b.name).second)
            return "two bodies are called '" + b.name + "' (a scene's body names must differ)";
        if (b.motion.empty()) return "body '" + b.name + "' has no pose";
    }
    if (scene.bodies.empty()) return "the scene has no bodies";
    return {};
}

nlohmann::ordered_json sceneToJson(const Scene& scene, const std::string& path) {
    if (std::string why = sceneWriteRefusal(scene); !why.empty())
        throw InputError(label(scene), "", "cannot be saved as a scene file: " + why);
    const fs::path folder =
        fs::path(path).parent_path().empty() ? fs::path(".") : fs::path(path).parent_path();
    json doc = json::object();
    doc["name"] = scene.name;
    if (!scene.description.empty()) doc["description"] = scene.description;
    doc["frames"] = scene.frames;
    if (length(scene.viewFrom) > 0) doc["view"] = {{"from", vec3(scene.viewFrom)}};
    json bodies = json::array();
    for (const Body& b : scene.bodies) {
        json body = json::object();
        body["name"] = b.name;
        json mesh = json::object();
        if (!b.source.file.empty()) {
            mesh["file"] = relativePath(b.source.file, folder);
            // The reader keeps a file's "scale" in the source's params (SceneLoader.cpp).
            if (b.source.params.is_object() && b.source.params.contains("scale"))
                mesh["scale"] = b.source.params["scale"];
        } else {
            mesh["generator"] = b.source.generator;
            if (!b.source.params.is_null()) mesh["params"] = b.source.params;
        }
        body["mesh"] = mesh;
        if (b.environment) body["environment"] = true;
        const auto& keys = b.motion.keys();
        if (keys.size() == 1 && keys.front().time == 0) {
            body["pose"] = {{"position", vec3(keys.front().position)},
                            {"rotation", rotation(keys.front().rotation)}};
        } else {
            json ks = json::array();
            for (const Keyframe& k : keys) ks.push_back(keyframe(k));
            body["keyframes"] = ks;
        }
        if (b.deform.active()) {
            CDLAB_ASSERT(b.deform.type == Deformation::Type::Sine, "the reader knows one deformation type");
            body["deform"] = {{"type", "sine"},
                              {"amplitude", b.deform.amplitude},
                              {"wavelength", b.deform.wavelength},
                              {"speed", b.deform.speed},
                              {"axis", vec3(b.deform.axis)},
                              {"along", vec3(b.deform.along)}};
        }
        bodies.push_back(body);
    }
    doc["bodies"] = bodies;
    return doc;
}

void saveScene(const Scene& scene, const std::string& path) {
    const json doc = sceneToJson(scene, path); // refused before the file is touched
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out) throw InputError(path, "", std::string("cannot write the scene file: ") + std::strerror(errno));
    out << doc.dump(2) << "\n";
    out.flush();
    if (!out) throw InputError(path, "", "cannot write the scene file (disk full?)");
}

} // namespace cdlab
