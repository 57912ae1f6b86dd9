#include "ViewerSettings.h"

#include "OverlayTable.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <utility>

namespace cdlab {

std::string ViewerSettings::defaultPath() {
    if (const char* p = std::getenv("CDLAB_SETTINGS")) return p;
    std::string base;
    if (const char* x = std::getenv("XDG_CONFIG_HOME"))
        base = x;
    else if (const char* h = std::getenv("HOME"))
        base = std::string(h) + "/.config";
    else
        return "";
    return base + "/cdlab/viewer.json";
}

namespace {

using nlohmann::json;

// Readers that name the field, so a hand-edited file's mistake is found at once.
struct FieldError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

int readInt(const json& o, const char* key, int def, const std::string& field) {
    if (!o.contains(key)) return def;
    const json& v = o[key];
    if (!v.is_number_integer()) throw FieldError(field + key + ": expected an integer");
    return v.get<int>();
}

bool readBool(const json& o, const char* key, bool def, const std::string& field) {
    if (!o.contains(key)) return def;
    const json& v = o[key];
    if (!v.is_boolean()) throw FieldError(field + key + ": expected true or false");
    return v.get<bool>();
}

} // namespace

ViewerSettings ViewerSettings::load(const std::string& path) {
    ViewerSettings s;
    std::ifstream in(path);
    if (path.empty() || !in) return s;
    try {
        json j;
        try {
            j = json::parse(in);
        } catch (const json::exception& e) {
            throw FieldError(std::string("invalid JSON (") + e.what() + ")");
        }
        if (!j.is_object()) throw FieldError("expected a JSON object");
        // Missing or unknown keys keep the defaults; a wrong type is reported with its field.
        if (j.contains("window")) {
            const json& w = j["window"];
            if (!w.is_array() || w.size() != 2 || !w[0].is_number_integer() || !w[1].is_number_integer())
                throw FieldError("window: expected [width, height] in pixels");
            s.width = std::clamp(w[0].get<int>(), 320, 8192);
            s.height = std::clamp(w[1].get<int>(), 240, 8192);
        }
        if (j.contains("lastScene")) {
            if (!j["lastScene"].is_string()) throw FieldError("lastScene: expected a path");
            s.lastScene = j["lastScene"].get<std::string>();
        }
        for (auto [key, field] :
             {std::pair{"lastShot", &s.lastShot}, {"screenshotFolder", &s.screenshotFolder}})
            if (j.contains(key)) {
                if (!j[key].is_string()) throw FieldError(std::string(key) + ": expected a path");
                *field = j[key].get<std::string>();
            }
        s.screenshotPanels = readBool(j, "screenshotPanels", s.screenshotPanels, "");
        s.renderMode = std::clamp(readInt(j, "renderMode", s.renderMode, ""), 0, 2);
        s.linkCameras = readBool(j, "linkCameras", s.linkCameras, "");
        if (j.contains("uiScale")) {
            if (!j["uiScale"].is_number()) throw FieldError("uiScale: expected a number (1: 100 %)");
            s.uiScale = std::clamp(j["uiScale"].get<float>(), kMinUiScale, kMaxUiScale);
        }
        if (j.contains("overlays")) {
            const json& o = j["overlays"];
            if (!o.is_object()) throw FieldError("overlays: expected an object");
            const std::string f = "overlays.";
            OverlaySettings& d = s.overlays;
            d.bvhLevel = std::max(0, readInt(o, "bvhLevel", d.bvhLevel, f));
            for (const OverlayInfo& row : overlayTable())
                d.set(row.id, readBool(o, row.key, d.get(row.id), f));
        }
    } catch (const FieldError& e) {
        // The viewer writes its settings at exit; move the bad file aside first so that nothing the user
        // wrote is lost. If it cannot be moved, settings are not written this session.
        ViewerSettings d;
        std::error_code ec;
        std::filesystem::rename(path, path + ".bad", ec);
        d.problem = "settings file " + path + ": " + e.what() + "; using the defaults" +
                    (ec ? " (the file is left as it is and not written this session)"
                        : " (the file is kept as " + path + ".bad)");
        d.keepFile = bool(ec);
        std::fprintf(stderr, "error: %s\n", d.problem.c_str());
        return d;
    }
    return s;
}

void ViewerSettings::save(const std::string& path) const {
    if (path.empty() || keepFile) return;
    const OverlaySettings& o = overlays;
    nlohmann::json j = {{"window", {width, height}}, {"lastScene", lastScene},
                        {"renderMode", renderMode},  {"linkCameras", linkCameras},
                        {"uiScale", uiScale},        {"overlays", {{"bvhLevel", o.bvhLevel}}}};
    if (!lastShot.empty()) j["lastShot"] = lastShot;
    j["screenshotFolder"] = screenshotFolder;
    j["screenshotPanels"] = screenshotPanels;
    for (const OverlayInfo& row : overlayTable()) j["overlays"][row.key] = o.get(row.id);
    std::error_code ec;
    std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
    std::ofstream out(path);
    if (out)
        out << j.dump(2) << "\n";
    else
        std::fprintf(stderr, "warning: cannot write settings file %s\n", path.c_str());
}

} // namespace cdlab
