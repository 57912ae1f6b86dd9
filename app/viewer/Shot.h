// Shot: everything needed to show one picture of the viewer again (issue 44) — the scene, each view's
// algorithm, overlays, BVH body and level and camera, the time, the selection and the followed object, the
// families' step-through indices, the open sections, the UI scale, presentation and render mode, the window
// size and a caption
// — as one small JSON file (docs/FORMATS.md, "Shots"). File > Save shot / Open shot, `cdlab SHOT.json`, the
// offscreen run (`--screenshot` at any `--size`) and the viewer's "reopen where you left off" read and write
// it. Plain data and JSON here (no GL, no ImGui, tested in cdlab-tests); ViewerApp captures and applies it.
#pragma once

#include "DrawList.h"
#include "MotionTrail.h"
#include "OrbitCamera.h"

#include <nlohmann/json_fwd.hpp>

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace cdlab {

/// One view of a shot.
struct ShotView {
    std::string algorithm = "bvh"; ///< "name[:key=value,...]", as --algo takes it
    OverlaySettings overlays;      ///< every toggle and the BVH level (bvhObject: see bvhBody)
    std::string bvhBody;           ///< the object whose BVH the overlays show, by name (empty: the default)
    OrbitCamera camera;
    bool operator==(const ShotView& o) const;
};

struct Shot {
    /// The top-level marker that tells a shot from a scene: {"cdlab": "shot", "version": 1, ...}.
    static constexpr const char* kMarker = "shot";
    static constexpr int kVersion = 1;

    std::string scene; ///< as written: relative to the shot file's folder, or absolute
    std::vector<ShotView> views{ShotView{}};
    bool linkCameras = true;
    double time = 0;      ///< the scene time shown (a grid time: the frame ending there)
    std::string selected; ///< the selected object's name ("model/link"); empty: none
    std::string followed; ///< the object the cameras follow; empty: none
    /// The families' step-through indices, as --step NAME=K takes them.
    std::vector<std::pair<std::string, int>> steps;
    float uiScale = 1;
    bool presenting = false;
    int renderMode = 0;                            ///< RenderMode: 0 shaded, 1 wireframe, 2 shaded + wire
    int trailPoses = MotionTrail::kDefaultBetween; ///< the motion trails' poses between a frame's ends
    int width = 1280, height = 720;
    std::string caption;
    /// The open sections (PanelSections.h): each panel section's and View panel's open state by key
    /// ("view0/Overlays", "view1"), and the tab each tab bar shows ("view0/tabs": "counters").
    std::map<std::string, bool> sections;
    std::map<std::string, std::string> tabs;

    bool operator==(const Shot& o) const;

    /// Whether `path` is a JSON file with the shot marker (a scene, a mesh or an unreadable file: false).
    static bool isShotFile(const std::string& path);
    /// Reads and checks a shot: InputError naming `path` and the field on a missing or malformed field, an
    /// unknown overlay, an out-of-range level or size, or a scene file that does not exist. Algorithm
    /// names and step families are checked when the viewer applies the shot (they need its registries).
    static Shot load(const std::string& path);
    static Shot fromJson(const nlohmann::json& j, const std::string& path);
    nlohmann::json toJson() const;
    /// Writes the shot as indented JSON; false when the file cannot be written.
    bool save(const std::string& path) const;
    /// The scene's path as the viewer opens it: `scene` taken relative to `shotPath`'s folder.
    std::string scenePath(const std::string& shotPath) const;
};

/// The file a screenshot goes to in `folder`: "<scene stem>-<algorithm>-f<frame, 4 digits>.png", or with
/// "-2", "-3", ... before ".png" when that exists (never overwrites a file).
std::string screenshotPath(const std::string& folder, const std::string& sceneStem,
                           const std::string& algorithm, int frame);

} // namespace cdlab
