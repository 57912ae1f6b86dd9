#include "Shot.h"

#include "MarkedJson.h"
#include "OverlayTable.h"
#include "ViewerSettings.h"
#include "core/InputError.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

namespace cdlab {

namespace {

using nlohmann::json;
namespace fs = std::filesystem;

bool sameOverlays(const OverlaySettings& a, const OverlaySettings& b) {
    for (OverlayId row = 0; row < overlayCount(); ++row)
        if (a.get(row) != b.get(row)) return false;
    return a.bvhLevel == b.bvhLevel;
}

bool sameCamera(const OrbitCamera& a, const OrbitCamera& b) {
    return a.target == b.target && a.yaw == b.yaw && a.pitch == b.pitch && a.distance == b.distance &&
           a.fovY == b.fovY;
}

/// Reads the fields of one JSON object, naming `path` and the field's JSON path in every error.
class Reader {
public:
    Reader(const json& object, std::string path, std::string where)
        : m_o(object), m_path(std::move(path)), m_where(std::move(where)) {
        if (!m_o.is_object()) fail("", "expected an object");
    }
    std::string field(const std::string& key) const { return m_where.empty() ? key : m_where + "." + key; }
    [[noreturn]] void fail(const std::string& key, const std::string& what) const {
        throw InputError(m_path, key.empty() ? m_where : field(key), what);
    }
    bool has(const char* key) const { return m_o.contains(key); }
    const json& at(const char* key) const { return m_o.at(key); }
    std::string string(const char* key, std::string def) const {
        if (!has(key)) return def;
        if (!at(key).is_string()) fail(key, "expected a string");
        return at(key).get<std::string>();
    }
    bool boolean(const char* key, bool def) const {
        if (!has(key)) return def;
        if (!at(key).is_boolean()) fail(key, "expected true or false");
        return at(key).get<bool>();
    }
    double number(const char* key, double def, double lo, double hi) const {
        if (!has(key)) return def;
        if (!at(key).is_number()) fail(key, "expected a number");
        const double v = at(key).get<double>();
        if (!(v >= lo && v <= hi)) fail(key, outside(v, lo, hi));
        return v;
    }
    int integer(const char* key, int def, int lo, int hi) const {
        if (!has(key)) return def;
        if (!at(key).is_number_integer()) fail(key, "expected an integer");
        const auto v = at(key).get<long long>();
        if (v < lo || v > hi) fail(key, outside(double(v), lo, hi));
        return int(v);
    }

private:
    static std::string outside(double v, double lo, double hi) {
        char buf[160];
        std::snprintf(buf, sizeof buf, "%g is outside [%g, %g]", v, lo, hi);
        return buf;
    }
    const json& m_o;
    std::string m_path, m_where;
};

json cameraJson(const OrbitCamera& c) {
    return {{"target", {c.target.x, c.target.y, c.target.z}},
            {"yaw", c.yaw},
            {"pitch", c.pitch},
            {"distance", c.distance},
            {"fovY", c.fovY}};
}

OrbitCamera readCamera(const Reader& r) {
    OrbitCamera c;
    if (r.has("target")) {
        const json& t = r.at("target");
        if (!t.is_array() || t.size() != 3 || !t[0].is_number() || !t[1].is_number() || !t[2].is_number())
            r.fail("target", "expected [x, y, z]");
        c.target = {t[0].get<float>(), t[1].get<float>(), t[2].get<float>()};
        if (!std::isfinite(c.target.x) || !std::isfinite(c.target.y) || !std::isfinite(c.target.z))
            r.fail("target", "expected finite coordinates");
    }
    c.yaw = float(r.number("yaw", c.yaw, -1e6, 1e6));
    c.pitch = float(r.number("pitch", c.pitch, -OrbitCamera::kMaxPitch, OrbitCamera::kMaxPitch));
    c.distance = float(r.number("distance", c.distance, 1e-9, 1e12));
    c.fovY = float(r.number("fovY", c.fovY, 0.01, 3.0));
    return c;
}

ShotView readView(const json& j, const std::string& path, const std::string& where) {
    Reader r(j, path, where);
    ShotView v;
    if (!r.has("algorithm")) r.fail("algorithm", "missing (\"name[:key=value,...]\", as --algo takes it)");
    v.algorithm = r.string("algorithm", v.algorithm);
    if (v.algorithm.empty()) r.fail("algorithm", "empty");
    v.bvhBody = r.string("bvhBody", "");
    v.overlays.bvhLevel = r.integer("bvhLevel", v.overlays.bvhLevel, 0, 64);
    if (r.has("overlays")) {
        Reader o(r.at("overlays"), path, r.field("overlays"));
        for (const auto& [key, value] : r.at("overlays").items()) {
            const OverlayInfo* row = findOverlay(key);
            if (!row) {
                std::string known;
                for (const OverlayInfo& info : overlayTable())
                    known += (known.empty() ? "" : ", ") + std::string(info.key);
                o.fail(key, "no such overlay (known: " + known + ")");
            }
            v.overlays.set(row->id, o.boolean(row->key, false));
        }
    }
    if (r.has("camera")) v.camera = readCamera(Reader(r.at("camera"), path, r.field("camera")));
    return v;
}

} // namespace

bool ShotView::operator==(const ShotView& o) const {
    return algorithm == o.algorithm && bvhBody == o.bvhBody && sameOverlays(overlays, o.overlays) &&
           sameCamera(camera, o.camera);
}

bool Shot::operator==(const Shot& o) const {
    return scene == o.scene && views == o.views && linkCameras == o.linkCameras && time == o.time &&
           selected == o.selected && followed == o.followed && steps == o.steps && uiScale == o.uiScale &&
           presenting == o.presenting && renderMode == o.renderMode && trailPoses == o.trailPoses &&
           width == o.width && height == o.height && caption == o.caption && sections == o.sections &&
           tabs == o.tabs;
}

bool Shot::isShotFile(const std::string& path) {
    return hasJsonMarker(path, kMarker);
}

Shot Shot::load(const std::string& path) {
    const json j = readJsonFile(path, "shot");
    Shot s = fromJson(j, path);
    const std::string scene = s.scenePath(path);
    if (!fs::is_regular_file(scene))
        throw InputError(path, "scene",
                         "no such file " + scene + " ('" + s.scene + "', relative to the shot's folder)");
    return s;
}

Shot Shot::fromJson(const json& j, const std::string& path) {
    Reader r(j, path, "");
    if (!r.has("cdlab") || r.at("cdlab") != kMarker) r.fail("cdlab", "expected \"shot\" (this is no shot)");
    const int version = r.integer("version", kVersion, 0, 1 << 20);
    if (version != kVersion)
        r.fail("version", std::to_string(version) + " is not supported (this build reads version " +
                              std::to_string(kVersion) + ")");
    Shot s;
    if (!r.has("scene")) r.fail("scene", "missing (the scene file, relative to the shot's folder)");
    s.scene = r.string("scene", "");
    if (s.scene.empty()) r.fail("scene", "empty");
    if (!r.has("views")) r.fail("views", "missing (one object per view)");
    const json& views = r.at("views");
    if (!views.is_array() || views.empty() || views.size() > 16)
        r.fail("views", "expected an array of 1 to 16 views");
    s.views.clear();
    for (std::size_t k = 0; k < views.size(); ++k)
        s.views.push_back(readView(views[k], path, "views[" + std::to_string(k) + "]"));
    s.linkCameras = r.boolean("linkCameras", s.linkCameras);
    s.time = r.number("time", s.time, -1e12, 1e12);
    s.selected = r.string("selected", "");
    s.followed = r.string("followed", "");
    if (r.has("steps")) {
        Reader st(r.at("steps"), path, "steps");
        for (const auto& [name, value] : r.at("steps").items())
            s.steps.emplace_back(name, st.integer(name.c_str(), 0, -1000000, 1000000));
    }
    s.uiScale = float(r.number("uiScale", s.uiScale, kMinUiScale, kMaxUiScale));
    s.presenting = r.boolean("presenting", s.presenting);
    s.renderMode = r.integer("renderMode", s.renderMode, 0, 2);
    s.trailPoses = r.integer("trailPoses", s.trailPoses, 0, MotionTrail::kMaxBetween);
    if (r.has("window")) {
        const json& w = r.at("window");
        if (!w.is_array() || w.size() != 2 || !w[0].is_number_integer() || !w[1].is_number_integer())
            r.fail("window", "expected [width, height] in pixels");
        s.width = w[0].get<int>(), s.height = w[1].get<int>();
        if (s.width < 64 || s.width > 8192 || s.height < 64 || s.height > 8192)
            r.fail("window", "each side must lie in [64, 8192] pixels");
    }
    s.caption = r.string("caption", "");
    if (r.has("sections")) {
        Reader sr(r.at("sections"), path, "sections");
        for (const auto& [key, value] : r.at("sections").items())
            s.sections[key] = sr.boolean(key.c_str(), true);
    }
    if (r.has("tabs")) {
        Reader tr(r.at("tabs"), path, "tabs");
        for (const auto& [key, value] : r.at("tabs").items()) {
            s.tabs[key] = tr.string(key.c_str(), "");
            if (s.tabs[key].empty()) tr.fail(key, "expected a tab's name, e.g. \"counters\"");
        }
    }
    return s;
}

json Shot::toJson() const {
    json j = {{"cdlab", kMarker}, {"version", kVersion}, {"caption", caption}, {"scene", scene}};
    j["views"] = json::array();
    for (const ShotView& v : views) {
        json o = json::object();
        for (const OverlayInfo& row : overlayTable()) o[row.key] = v.overlays.get(row.id);
        json view = {{"algorithm", v.algorithm},
                     {"bvhLevel", v.overlays.bvhLevel},
                     {"overlays", o},
                     {"camera", cameraJson(v.camera)}};
        if (!v.bvhBody.empty()) view["bvhBody"] = v.bvhBody;
        j["views"].push_back(view);
    }
    j["linkCameras"] = linkCameras;
    j["time"] = time;
    if (!selected.empty()) j["selected"] = selected;
    if (!followed.empty()) j["followed"] = followed;
    if (!steps.empty()) {
        j["steps"] = json::object();
        for (const auto& [name, k] : steps) j["steps"][name] = k;
    }
    j["uiScale"] = uiScale;
    j["presenting"] = presenting;
    j["renderMode"] = renderMode;
    j["trailPoses"] = trailPoses;
    j["window"] = {width, height};
    if (!sections.empty()) j["sections"] = sections;
    if (!tabs.empty()) j["tabs"] = tabs;
    return j;
}

bool Shot::save(const std::string& path) const {
    std::error_code ec;
    const fs::path parent = fs::path(path).parent_path();
    if (!parent.empty()) fs::create_directories(parent, ec);
    // Written aside and renamed, so that a shot read while it is written (the viewer's last shot, saved
    // while the user works) is never half a file.
    const std::string temp = path + ".part";
    {
        std::ofstream out(temp);
        if (!out) return false;
        out << toJson().dump(2) << "\n";
        if (!out) return false;
    }
    fs::rename(temp, path, ec);
    return !ec;
}

std::string Shot::scenePath(const std::string& shotPath) const {
    const fs::path p(scene);
    if (p.is_absolute()) return scene;
    return (fs::path(shotPath).parent_path() / p).lexically_normal().string();
}

std::string screenshotPath(const std::string& folder, const std::string& sceneStem,
                           const std::string& algorithm, int frame) {
    char number[16];
    std::snprintf(number, sizeof number, "%04d", frame);
    // The algorithm's name only (no parameters: ':' and ',' do not belong in file names).
    const std::string algo = algorithm.substr(0, algorithm.find(':'));
    const std::string stem =
        (sceneStem.empty() ? std::string("cdlab") : sceneStem) + "-" + algo + "-f" + number;
    const fs::path dir = folder.empty() ? fs::path(".") : fs::path(folder);
    fs::path candidate = dir / (stem + ".png");
    for (int k = 2; fs::exists(candidate); ++k) candidate = dir / (stem + "-" + std::to_string(k) + ".png");
    return candidate.string();
}

} // namespace cdlab
