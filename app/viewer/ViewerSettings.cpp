#include "ViewerSettings.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

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

ViewerSettings ViewerSettings::load(const std::string& path) {
    ViewerSettings s;
    std::ifstream in(path);
    if (path.empty() || !in) return s;
    try {
        nlohmann::json j = nlohmann::json::parse(in);
        // value() with defaults: unknown or missing keys keep defaults, wrong types throw and are reported.
        if (j.contains("window")) {
            s.width = std::clamp(j["window"].at(0).get<int>(), 320, 8192);
            s.height = std::clamp(j["window"].at(1).get<int>(), 240, 8192);
        }
        s.lastScene = j.value("lastScene", s.lastScene);
        s.renderMode = std::clamp(j.value("renderMode", s.renderMode), 0, 2);
        s.linkCameras = j.value("linkCameras", s.linkCameras);
        if (j.contains("overlays")) {
            const auto& o = j["overlays"];
            OverlaySettings& d = s.overlays;
            d.bvh = o.value("bvh", d.bvh);
            d.bvhLevel = std::max(0, o.value("bvhLevel", d.bvhLevel));
            d.bvhOnlyOverlapped = o.value("bvhOnlyOverlapped", d.bvhOnlyOverlapped);
            d.bvhCulled = o.value("bvhCulled", d.bvhCulled);
            d.bmCulled = o.value("bmCulled", d.bmCulled);
            d.faceMotion = o.value("faceMotion", d.faceMotion);
            d.colourByDepth = o.value("colourByDepth", d.colourByDepth);
            d.hitTriangles = o.value("hitTriangles", d.hitTriangles);
            d.contacts = o.value("contacts", d.contacts);
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "warning: ignoring settings file %s: %s\n", path.c_str(), e.what());
        return ViewerSettings{};
    }
    return s;
}

void ViewerSettings::save(const std::string& path) const {
    if (path.empty()) return;
    const OverlaySettings& o = overlays;
    nlohmann::json j = {{"window", {width, height}},
                        {"lastScene", lastScene},
                        {"renderMode", renderMode},
                        {"linkCameras", linkCameras},
                        {"overlays",
                         {{"bvh", o.bvh},
                          {"bvhLevel", o.bvhLevel},
                          {"bvhOnlyOverlapped", o.bvhOnlyOverlapped},
                          {"bvhCulled", o.bvhCulled},
                          {"bmCulled", o.bmCulled},
                          {"faceMotion", o.faceMotion},
                          {"colourByDepth", o.colourByDepth},
                          {"hitTriangles", o.hitTriangles},
                          {"contacts", o.contacts}}}};
    std::error_code ec;
    std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
    std::ofstream out(path);
    if (out)
        out << j.dump(2) << "\n";
    else
        std::fprintf(stderr, "warning: cannot write settings file %s\n", path.c_str());
}

} // namespace cdlab
