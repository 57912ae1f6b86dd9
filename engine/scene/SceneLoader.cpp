#include "scene/SceneLoader.h"

#include "core/InputError.h"
#include "mesh/MeshGenerators.h"
#include "mesh/MeshImporter.h"
#include "scene/GltfModel.h"
#include "scene/ModelGenerators.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <map>
#include <numbers>
#include <optional>
#include <set>
#include <sstream>

namespace cdlab {

namespace {

using json = nlohmann::json;

/// Typed access to JSON values with the JSON path carried along for error messages.
class Reader {
public:
    explicit Reader(const std::string& file, const SceneLoadProgress& progress = {})
        : m_file(file), m_progress(progress) {}

    const std::string& file() const { return m_file; }
    void progress(double fraction, const std::string& what) const {
        if (m_progress) m_progress(fraction, what);
    }
    [[noreturn]] void fail(const std::string& path, const std::string& what) const {
        throw InputError(m_file, path, what);
    }

    const json& require(const json& obj, const std::string& path, const char* key) const {
        if (!obj.contains(key)) fail(path, std::string("missing required field '") + key + "'");
        return obj[key];
    }
    void expectObject(const json& v, const std::string& path) const {
        if (!v.is_object()) fail(path, std::string("expected an object, got ") + v.type_name());
    }
    void expectArray(const json& v, const std::string& path) const {
        if (!v.is_array()) fail(path, std::string("expected an array, got ") + v.type_name());
    }
    /// Rejects keys other than `allowed`: typos should not be silently ignored.
    void onlyKeys(const json& obj, const std::string& path,
                  std::initializer_list<const char*> allowed) const {
        for (auto it = obj.begin(); it != obj.end(); ++it) {
            bool ok = false;
            for (const char* k : allowed) ok = ok || it.key() == k;
            if (!ok) {
                std::string list;
                for (const char* k : allowed) list += (list.empty() ? "" : ", ") + std::string(k);
                fail(path + "." + it.key(), "unknown field (expected one of: " + list + ")");
            }
        }
    }
    double number(const json& v, const std::string& path) const {
        if (!v.is_number()) fail(path, std::string("expected a number, got ") + v.type_name());
        double x = v.get<double>();
        if (!std::isfinite(x)) fail(path, "number is not finite");
        return x;
    }
    std::string string(const json& v, const std::string& path) const {
        if (!v.is_string()) fail(path, std::string("expected a string, got ") + v.type_name());
        return v.get<std::string>();
    }
    bool boolean(const json& v, const std::string& path) const {
        if (!v.is_boolean()) fail(path, std::string("expected true or false, got ") + v.type_name());
        return v.get<bool>();
    }
    std::vector<double> numbers(const json& v, const std::string& path, std::size_t n) const {
        if (!v.is_array() || v.size() != n)
            fail(path,
                 "expected an array of " + std::to_string(n) + " numbers, got " +
                     (v.is_array() ? "an array of " + std::to_string(v.size()) : std::string(v.type_name())));
        std::vector<double> out;
        for (std::size_t i = 0; i < n; ++i) out.push_back(number(v[i], path + "[" + std::to_string(i) + "]"));
        return out;
    }
    Vec3 vec3(const json& v, const std::string& path) const {
        auto a = numbers(v, path, 3);
        return {a[0], a[1], a[2]};
    }
    Quat rotation(const json& v, const std::string& path) const {
        expectObject(v, path);
        constexpr double deg = std::numbers::pi / 180;
        if (v.contains("quaternion")) {
            onlyKeys(v, path, {"quaternion"});
            auto q = numbers(v["quaternion"], path + ".quaternion", 4);
            double n = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
            if (n < 1e-12) fail(path + ".quaternion", "quaternion has zero length");
            return Quat{q[0], q[1], q[2], q[3]}.normalized();
        }
        if (v.contains("axis")) {
            onlyKeys(v, path, {"axis", "angle"});
            Vec3 axis = vec3(v["axis"], path + ".axis");
            if (length(axis) < 1e-12) fail(path + ".axis", "rotation axis has zero length");
            return Quat::fromAxisAngle(axis, number(require(v, path, "angle"), path + ".angle") * deg);
        }
        if (v.contains("euler")) {
            onlyKeys(v, path, {"euler"});
            Vec3 e = vec3(v["euler"], path + ".euler");
            return Quat::fromAxisAngle({0, 0, 1}, e.z * deg) * Quat::fromAxisAngle({0, 1, 0}, e.y * deg) *
                   Quat::fromAxisAngle({1, 0, 0}, e.x * deg);
        }
        fail(path, "expected a rotation: {\"axis\": [x,y,z], \"angle\": deg}, {\"quaternion\": [w,x,y,z]} or "
                   "{\"euler\": [x,y,z]}");
    }
    Pose pose(const json& v, const std::string& path) const {
        expectObject(v, path);
        onlyKeys(v, path, {"position", "rotation"});
        Pose p;
        if (v.contains("position")) p.t = vec3(v["position"], path + ".position");
        if (v.contains("rotation")) p.R = rotation(v["rotation"], path + ".rotation").toMat3();
        return p;
    }
    Keyframe keyframe(const json& v, const std::string& path) const {
        expectObject(v, path);
        onlyKeys(v, path, {"t", "position", "rotation"});
        Keyframe k;
        k.time = number(require(v, path, "t"), path + ".t");
        if (v.contains("position")) k.position = vec3(v["position"], path + ".position");
        if (v.contains("rotation")) k.rotation = rotation(v["rotation"], path + ".rotation");
        return k;
    }
    /// A static "pose" or a "keyframes" array (exactly one of the two may be present; neither = identity).
    PoseTrack motion(const json& obj, const std::string& path) const {
        if (obj.contains("pose") && obj.contains("keyframes"))
            fail(path, "give either 'pose' or 'keyframes', not both");
        if (obj.contains("keyframes")) {
            const json& ks = obj["keyframes"];
            std::string kp = path + ".keyframes";
            expectArray(ks, kp);
            if (ks.empty()) fail(kp, "expected at least one keyframe");
            std::vector<Keyframe> keys;
            for (std::size_t i = 0; i < ks.size(); ++i) {
                std::string ip = kp + "[" + std::to_string(i) + "]";
                keys.push_back(keyframe(ks[i], ip));
                if (i > 0 && !(keys[i].time > keys[i - 1].time))
                    fail(ip + ".t", "keyframe times must be strictly increasing (" +
                                        json(keys[i].time).dump() + " after " +
                                        json(keys[i - 1].time).dump() + ")");
            }
            return PoseTrack(std::move(keys));
        }
        Keyframe k;
        if (obj.contains("pose")) {
            const json& p = obj["pose"];
            expectObject(p, path + ".pose");
            onlyKeys(p, path + ".pose", {"position", "rotation"});
            if (p.contains("position")) k.position = vec3(p["position"], path + ".pose.position");
            if (p.contains("rotation")) k.rotation = rotation(p["rotation"], path + ".pose.rotation");
        }
        return PoseTrack({k});
    }

    /// A body's "deform" block (scene/Deformation.h documents the fields and their defaults).
    Deformation deformation(const json& v, const std::string& path) const {
        expectObject(v, path);
        onlyKeys(v, path, {"type", "amplitude", "wavelength", "speed", "axis", "along"});
        Deformation d;
        std::string type = string(require(v, path, "type"), path + ".type");
        if (type != "sine") fail(path + ".type", "unknown deformation type '" + type + "' (expected: sine)");
        d.type = Deformation::Type::Sine;
        if (v.contains("amplitude")) d.amplitude = number(v["amplitude"], path + ".amplitude");
        if (v.contains("wavelength")) {
            d.wavelength = number(v["wavelength"], path + ".wavelength");
            if (!(d.wavelength > 0)) fail(path + ".wavelength", "expected a length > 0");
        }
        if (v.contains("speed")) d.speed = number(v["speed"], path + ".speed");
        // Directions: any non-zero length, normalised here (scaled first, so that huge components do not
        // overflow the length).
        auto direction = [&](const char* key, Vec3& out) {
            if (!v.contains(key)) return;
            std::string p = path + "." + key;
            Vec3 a = vec3(v[key], p);
            double scale = maxComponent(vabs(a));
            if (!(scale > 0)) fail(p, "direction has zero length");
            out = normalize(a / scale);
        };
        direction("axis", d.axis);
        direction("along", d.along);
        return d;
    }

    /// A mesh file's `scale`: one factor, or one per axis, each finite and > 0 (a file in other units; a
    /// mirror would turn the faces inside out).
    Vec3 meshScale(const json& v, const std::string& path) const {
        auto factor = [&](const json& x, const std::string& p) {
            if (!x.is_number()) fail(p, std::string("expected a number > 0, got ") + x.type_name());
            double f = x.get<double>();
            if (!std::isfinite(f) || !(f > 0)) fail(p, "expected a finite scale > 0, got " + x.dump());
            return f;
        };
        if (v.is_number()) {
            double f = factor(v, path);
            return {f, f, f};
        }
        if (!v.is_array() || v.size() != 3)
            fail(path, std::string("expected a number > 0 or an array of 3 numbers > 0, got ") +
                           (v.is_array() ? "an array of " + std::to_string(v.size()) : v.type_name()));
        return {factor(v[0], path + "[0]"), factor(v[1], path + "[1]"), factor(v[2], path + "[2]")};
    }

    std::shared_ptr<const TriangleMesh> mesh(const json& v, const std::string& path,
                                             const std::string& baseDir, MeshSource& source) {
        expectObject(v, path);
        if (v.contains("file") == v.contains("generator"))
            fail(path, "expected exactly one of 'file' (a mesh path) or 'generator' (a procedural mesh)");
        if (v.contains("file")) {
            onlyKeys(v, path, {"file", "scale"});
            std::string rel = string(v["file"], path + ".file");
            std::filesystem::path p(rel);
            if (p.is_relative()) p = std::filesystem::path(baseDir) / p;
            source.file = p.lexically_normal().string();
            const bool scaled = v.contains("scale");
            const Vec3 scale = scaled ? meshScale(v["scale"], path + ".scale") : Vec3(1, 1, 1);
            // Kept as given, so that the scene writer (scene/SceneWriter.h) writes the same file back.
            if (scaled) source.params = {{"scale", v["scale"]}};
            std::shared_ptr<const TriangleMesh> mesh;
            try {
                mesh = cached(source.file + (scaled ? " scale " + v["scale"].dump() : ""), [&] {
                    ImportProgress progress;
                    std::string name = std::filesystem::path(source.file).filename().string();
                    if (m_progress) progress = [&](double f) { m_progress(f, "importing " + name); };
                    ImportReport report;
                    TriangleMesh m = importMesh(source.file, report, progress);
                    m_imports.push_back(source.file + ": " + report.summary());
                    for (const auto& w : report.warnings)
                        m_imports.push_back(source.file + ": warning: " + w);
                    if (scaled) {
                        for (Vec3& x : m.vertices) x = {x.x * scale.x, x.y * scale.y, x.z * scale.z};
                        if (!isFinite(m.bounds().lo) || !isFinite(m.bounds().hi))
                            fail(path + ".scale", "the scaled coordinates are beyond double's range");
                        m.computeFaceNormals();
                    }
                    return m;
                });
            } catch (const InputError& e) { // name the scene field that referenced the bad mesh too
                if (e.file() == m_file) throw;
                fail(path + ".file", e.what());
            }
            return mesh;
        }
        onlyKeys(v, path, {"generator", "params"});
        source.generator = string(v["generator"], path + ".generator");
        source.params = v.contains("params") ? v["params"] : json();
        return cached(source.generator + source.params.dump(),
                      [&] { return generateMesh(source.generator, source.params, m_file, path); });
    }

private:
    template <class F> std::shared_ptr<const TriangleMesh> cached(const std::string& key, F make) {
        auto it = m_meshes.find(key);
        if (it != m_meshes.end()) return it->second;
        auto m = std::make_shared<TriangleMesh>(make());
        if (m->faceNormals.size() != m->triangles.size()) m->computeFaceNormals();
        return m_meshes[key] = m;
    }
    std::string m_file;
    SceneLoadProgress m_progress;
    std::vector<std::string> m_imports; // Scene::imports, in the order the files were read

public:
    const std::vector<std::string>& imports() const { return m_imports; }

private:
    std::map<std::string, std::shared_ptr<const TriangleMesh>> m_meshes; // shared by bodies using one mesh
};

std::string lineColumn(const std::string& text, std::size_t byte) {
    std::size_t line = 1, col = 1;
    for (std::size_t i = 0; i < byte && i < text.size(); ++i) {
        if (text[i] == '\n')
            ++line, col = 1;
        else
            ++col;
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(col);
}

void parseLinks(Reader& r, const json& v, const std::string& path, const std::string& baseDir,
                ArticulatedModel& model);
void parseSkipPairs(Reader& r, const json& v, const std::string& path, ArticulatedModel& model);

ArticulatedModel parseModel(Reader& r, const json& v, const std::string& path, const std::string& baseDir) {
    r.expectObject(v, path);
    ArticulatedModel model;
    if (v.contains("generator")) { // a procedural model (scene/ModelGenerators.h)
        r.onlyKeys(v, path, {"name", "base", "generator", "params", "skip_pairs"});
        std::string name = r.string(r.require(v, path, "name"), path + ".name");
        std::string generator = r.string(v["generator"], path + ".generator");
        model = generateModel(generator, v.contains("params") ? v["params"] : json(), r.file(), path);
        model.name = name;
    } else if (v.contains("file")) { // a glTF file's node tree and animation (scene/GltfModel.h)
        r.onlyKeys(v, path, {"name", "base", "file", "animation", "skip_pairs"});
        std::string name = r.string(r.require(v, path, "name"), path + ".name");
        std::optional<int> animation;
        if (v.contains("animation")) {
            double a = r.number(v["animation"], path + ".animation");
            if (a < 0 || a != std::floor(a) || a > 1e6)
                r.fail(path + ".animation", "expected an animation index (0, 1, ...)");
            animation = int(a);
        }
        std::filesystem::path p(r.string(v["file"], path + ".file"));
        if (p.is_relative()) p = std::filesystem::path(baseDir) / p;
        std::string file = p.lexically_normal().string();
        r.progress(0, "importing " + p.filename().string());
        try {
            model = importGltfModel(file, animation);
        } catch (const InputError& e) { // name the scene field that referenced the bad file too
            r.fail(path + ".file", e.what());
        }
        model.name = name;
    } else {
        r.onlyKeys(v, path, {"name", "base", "links", "skip_pairs"});
        model.name = r.string(r.require(v, path, "name"), path + ".name");
        parseLinks(r, v, path, baseDir, model);
    }
    if (v.contains("base")) model.base = r.pose(v["base"], path + ".base");
    if (v.contains("skip_pairs")) parseSkipPairs(r, v["skip_pairs"], path + ".skip_pairs", model);
    return model;
}

/// "skip_pairs": [["linkA", "linkB"], ...]: self-collision pairs the scene does not want tested.
void parseSkipPairs(Reader& r, const json& v, const std::string& path, ArticulatedModel& model) {
    r.expectArray(v, path);
    auto index = [&](const json& name, const std::string& p) {
        std::string s = r.string(name, p);
        for (std::size_t i = 0; i < model.links.size(); ++i)
            if (model.links[i].name == s) return int(i);
        r.fail(p, "no link '" + s + "' in model '" + model.name + "'");
    };
    for (std::size_t i = 0; i < v.size(); ++i) {
        std::string p = path + "[" + std::to_string(i) + "]";
        if (!v[i].is_array() || v[i].size() != 2) r.fail(p, "expected a pair of link names [\"a\", \"b\"]");
        int a = index(v[i][0], p + "[0]"), b = index(v[i][1], p + "[1]");
        if (a == b) r.fail(p, "a link cannot be skipped against itself");
        model.skipPairs.emplace_back(a, b);
    }
}

void parseLinks(Reader& r, const json& v, const std::string& path, const std::string& baseDir,
                ArticulatedModel& model) {
    const json& links = r.require(v, path, "links");
    r.expectArray(links, path + ".links");
    if (links.empty()) r.fail(path + ".links", "expected at least one link");
    // Read every link, then order parents before children and reject unknown or cyclic parents.
    std::vector<Link> raw;
    std::vector<std::string> parentNames;
    std::map<std::string, std::size_t> byName;
    for (std::size_t i = 0; i < links.size(); ++i) {
        std::string lp = path + ".links[" + std::to_string(i) + "]";
        const json& lv = links[i];
        r.expectObject(lv, lp);
        r.onlyKeys(lv, lp, {"name", "parent", "joint", "mesh", "keyframes", "pose"});
        Link l;
        l.name = r.string(r.require(lv, lp, "name"), lp + ".name");
        if (byName.count(l.name)) r.fail(lp + ".name", "duplicate link name '" + l.name + "'");
        byName[l.name] = i;
        const json& pv = r.require(lv, lp, "parent");
        parentNames.push_back(pv.is_null() ? "" : r.string(pv, lp + ".parent"));
        if (lv.contains("joint")) l.joint = r.pose(lv["joint"], lp + ".joint");
        l.mesh = r.mesh(r.require(lv, lp, "mesh"), lp + ".mesh", baseDir, l.source);
        l.motion = r.motion(lv, lp);
        raw.push_back(std::move(l));
    }
    std::vector<int> parentIndex(raw.size(), -1);
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (parentNames[i].empty()) continue;
        auto it = byName.find(parentNames[i]);
        std::string lp = path + ".links[" + std::to_string(i) + "].parent";
        if (it == byName.end()) r.fail(lp, "unknown parent link '" + parentNames[i] + "'");
        if (it->second == i) r.fail(lp, "link is its own parent");
        parentIndex[i] = static_cast<int>(it->second);
    }
    // Topological order; a link still unplaced after the sweep sits on a cycle.
    std::vector<int> newIndex(raw.size(), -1);
    bool progress = true;
    while (progress) {
        progress = false;
        for (std::size_t i = 0; i < raw.size(); ++i) {
            if (newIndex[i] >= 0) continue;
            if (parentIndex[i] >= 0 && newIndex[parentIndex[i]] < 0) continue;
            newIndex[i] = static_cast<int>(model.links.size());
            model.links.push_back(raw[i]);
            model.links.back().parent = parentIndex[i] < 0 ? -1 : newIndex[parentIndex[i]];
            progress = true;
        }
    }
    for (std::size_t i = 0; i < raw.size(); ++i)
        if (newIndex[i] < 0)
            r.fail(path + ".links[" + std::to_string(i) + "].parent",
                   "link '" + raw[i].name + "' is part of a parent cycle");
}

} // namespace

Scene parseScene(const std::string& text, const std::string& file, const std::string& baseDir,
                 const SceneLoadProgress& progress) {
    json doc;
    try {
        doc = json::parse(text);
    } catch (const json::parse_error& e) {
        // nlohmann's text is "[json.exception...] parse error at line L, column C: <reason>": keep the
        // reason.
        std::string msg = e.what();
        auto col = msg.find("column ");
        auto colon = col == std::string::npos ? std::string::npos : msg.find(": ", col);
        throw InputError(file, lineColumn(text, e.byte > 0 ? e.byte - 1 : 0),
                         "invalid JSON: " + (colon == std::string::npos ? msg : msg.substr(colon + 2)));
    } catch (const json::out_of_range& e) {
        // A number beyond double ("1e400"): nlohmann names the token but not where it is; find it.
        std::string msg = e.what();
        auto open = msg.find('\'');
        auto close = open == std::string::npos ? std::string::npos : msg.find('\'', open + 1);
        std::string token = close == std::string::npos ? "" : msg.substr(open + 1, close - open - 1);
        auto at = token.empty() ? std::string::npos : text.find(token);
        throw InputError(file, at == std::string::npos ? "" : lineColumn(text, at),
                         "invalid JSON: number " + (token.empty() ? std::string("out of range")
                                                                  : token + " is out of double's range"));
    }
    Reader r(file, progress);
    r.expectObject(doc, "$");
    r.onlyKeys(doc, "$", {"name", "description", "frames", "view", "bodies", "articulated"});
    Scene scene;
    scene.file = file;
    scene.name =
        doc.contains("name") ? r.string(doc["name"], "name") : std::filesystem::path(file).stem().string();
    if (doc.contains("description")) scene.description = r.string(doc["description"], "description");
    if (doc.contains("frames")) {
        double f = r.number(doc["frames"], "frames");
        if (f < 1 || f > 1e7 || f != std::floor(f)) r.fail("frames", "expected a positive integer");
        scene.frames = static_cast<int>(f);
    }
    if (doc.contains("view")) {
        r.expectObject(doc["view"], "view");
        r.onlyKeys(doc["view"], "view", {"from"});
        scene.viewFrom = r.vec3(r.require(doc["view"], "view", "from"), "view.from");
        if (length(scene.viewFrom) < 1e-12) r.fail("view.from", "direction has zero length");
    }
    if (doc.contains("bodies")) {
        const json& bodies = doc["bodies"];
        r.expectArray(bodies, "bodies");
        std::set<std::string> names;
        for (std::size_t i = 0; i < bodies.size(); ++i) {
            std::string bp = "bodies[" + std::to_string(i) + "]";
            const json& bv = bodies[i];
            r.expectObject(bv, bp);
            r.onlyKeys(bv, bp, {"name", "mesh", "environment", "pose", "keyframes", "deform"});
            Body b;
            b.name = bv.contains("name") ? r.string(bv["name"], bp + ".name") : "body" + std::to_string(i);
            if (!names.insert(b.name).second) r.fail(bp + ".name", "duplicate body name '" + b.name + "'");
            b.mesh = r.mesh(r.require(bv, bp, "mesh"), bp + ".mesh", baseDir, b.source);
            if (bv.contains("environment")) b.environment = r.boolean(bv["environment"], bp + ".environment");
            b.motion = r.motion(bv, bp);
            if (bv.contains("deform")) b.deform = r.deformation(bv["deform"], bp + ".deform");
            scene.bodies.push_back(std::move(b));
        }
    }
    if (doc.contains("articulated")) {
        const json& models = doc["articulated"];
        r.expectArray(models, "articulated");
        for (std::size_t i = 0; i < models.size(); ++i)
            scene.models.push_back(
                parseModel(r, models[i], "articulated[" + std::to_string(i) + "]", baseDir));
    }
    if (scene.bodies.empty() && scene.models.empty())
        r.fail("bodies", "scene has no bodies and no articulated models");
    bool any = false;
    auto span = [&](const PoseTrack& m) {
        if (m.empty()) return;
        scene.startTime = any ? std::min(scene.startTime, m.startTime()) : m.startTime();
        scene.endTime = any ? std::max(scene.endTime, m.endTime()) : m.endTime();
        any = true;
    };
    for (const Body& b : scene.bodies) span(b.motion);
    for (const ArticulatedModel& m : scene.models)
        for (const Link& l : m.links) span(l.motion);
    // A wave's phase must stay where sin() still means something over the scene's times (doubles lose whole
    // periods beyond about 1e15 radians): a tiny wavelength or a huge speed would give noise, or NaN.
    for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
        const Deformation& d = scene.bodies[i].deform;
        if (!d.active()) continue;
        Aabb box = scene.bodies[i].mesh->bounds();
        double reach = std::max(maxComponent(vabs(box.lo)), maxComponent(vabs(box.hi)));
        double time = std::max(std::abs(scene.startTime), std::abs(scene.endTime));
        double phase =
            2 * std::numbers::pi * (std::sqrt(3.0) * reach / d.wavelength + std::abs(d.speed) * time);
        if (!(phase < 1e12)) {
            std::ostringstream what;
            what << "the wave's phase reaches " << std::setprecision(3) << phase
                 << " radians over the scene (wavelength too small or speed too large; at most 1e12)";
            r.fail("bodies[" + std::to_string(i) + "].deform", what.str());
        }
    }
    scene.imports = r.imports();
    return scene;
}

Scene loadScene(const std::string& path, const SceneLoadProgress& progress) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) throw InputError(path, "", "scene file not found");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path, "", "cannot open scene file");
    std::stringstream ss;
    ss << in.rdbuf();
    std::string base = std::filesystem::path(path).parent_path().string();
    return parseScene(ss.str(), path, base.empty() ? "." : base, progress);
}

} // namespace cdlab
