// ScenePanel: the Scene panel — the frame's timing, the render mode, the scene's description and imports, and
// one row per object (visibility, colour, closedness; a model's links as a tree) whose selection focuses the
// overlays on it; beside the selection, the camera's follow toggle and "frame" button, and the motion
// trails' pose count. It edits the loaded scene's object views and selection and the render mode.
#pragma once

#include "Renderer.h"
#include "ViewerLayout.h"

#include <functional>

namespace cdlab {

class LoadedScene;
class PanelPlacement;
struct FrameTimes;

/// The camera actions and trail setting the Scene panel offers next to the selection.
struct SceneCameraControls {
    std::function<void(int)> follow;      ///< the cameras follow an object (-1: stop)
    std::function<void()> frameSelection; ///< fit the selected object into the views
    int* trailBetween = nullptr;          ///< the motion trails' poses between a frame's start and end
};

class ScenePanel {
public:
    /// `select(object)` selects an object (-1: none) as the link tree does, the views' overlays following.
    ScenePanel(PanelPlacement& placement, LoadedScene& loaded, RenderMode& renderMode,
               const FrameTimes& times, std::function<void(int)> select, SceneCameraControls camera)
        : m_placement(placement), m_loaded(loaded), m_renderMode(renderMode), m_times(times),
          m_select(std::move(select)), m_camera(std::move(camera)) {}
    void draw(const LayoutRect& rect);

private:
    /// Under the object rows: the selection, "follow" and "frame" for it, what the cameras follow, and the
    /// trails' pose count.
    void cameraRows();
    /// "follow" and "frame" for the selected object, under its row (and again under the selection line).
    void selectionButtons(int object);

    PanelPlacement& m_placement;
    LoadedScene& m_loaded;
    RenderMode& m_renderMode;
    const FrameTimes& m_times;
    std::function<void(int)> m_select;
    SceneCameraControls m_camera;
};

} // namespace cdlab
