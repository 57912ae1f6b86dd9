// ViewerSettings: what the viewer remembers between runs (window size, last scene, render mode, camera link,
// UI scale, overlay toggles, the screenshot folder, and where the last shot of the user's state is kept for
// "reopen where you left off"), as a small JSON file: $CDLAB_SETTINGS, else
// $XDG_CONFIG_HOME/cdlab/viewer.json, else
// ~/.config/cdlab/viewer.json. A missing file means defaults; a malformed one is reported (naming the field),
// moved aside to viewer.json.bad so the settings written at exit do not destroy it, and the defaults are
// used.
#pragma once

#include "DrawList.h"

#include <string>

namespace cdlab {

/// The UI scales offered (View > UI scale) and accepted (--ui-scale, the settings file).
inline constexpr float kMinUiScale = 0.75f, kMaxUiScale = 3.0f;

struct ViewerSettings {
    int width = 1280, height = 720;
    std::string lastScene;
    int renderMode = 0; ///< RenderMode
    bool linkCameras = true;
    /// The UI scale (View > UI scale, --ui-scale): fonts, panels, overlay lines and labels, for a projector.
    float uiScale = 1;
    OverlaySettings overlays;
    /// Reopen where you left off: the shot the viewer keeps of the user's current state (written when it
    /// changes); empty: none yet.
    std::string lastShot;
    /// Screenshots (F12): the folder (empty: the working directory) and whether the panels are in them.
    std::string screenshotFolder;
    bool screenshotPanels = true;
    std::string problem;   ///< set by load() when the file was malformed: what, where, what happened to it
    bool keepFile = false; ///< the malformed file could not be moved aside: save() leaves it alone

    static std::string defaultPath();
    static ViewerSettings load(const std::string& path);
    void save(const std::string& path) const;
};

} // namespace cdlab
