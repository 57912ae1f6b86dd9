// ViewerSettings: what the viewer remembers between runs (window size, last scene, render mode, camera link,
// overlay toggles), as a small JSON file: $CDLAB_SETTINGS, else $XDG_CONFIG_HOME/cdlab/viewer.json, else
// ~/.config/cdlab/viewer.json. A missing file means defaults; a malformed one is reported and ignored.
#pragma once

#include "DrawList.h"

#include <string>

namespace cdlab {

struct ViewerSettings {
    int width = 1280, height = 720;
    std::string lastScene;
    int renderMode = 0; ///< RenderMode
    bool linkCameras = true;
    OverlaySettings overlays;

    static std::string defaultPath();
    static ViewerSettings load(const std::string& path);
    void save(const std::string& path) const;
};

} // namespace cdlab
