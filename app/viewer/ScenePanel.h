// ScenePanel: the Scene panel — the frame's timing, the render mode, the scene's description and imports, and
// one row per object (visibility, colour, closedness; a model's links as a tree) whose selection focuses the
// overlays on it. It edits the loaded scene's object views and selection and the render mode.
#pragma once

#include "Renderer.h"
#include "ViewerLayout.h"

#include <functional>

namespace cdlab {

class LoadedScene;
class PanelPlacement;
struct FrameTimes;

class ScenePanel {
public:
    /// `select(object)` selects an object (-1: none) as the link tree does, the views' overlays following.
    ScenePanel(PanelPlacement& placement, LoadedScene& loaded, RenderMode& renderMode,
               const FrameTimes& times, std::function<void(int)> select)
        : m_placement(placement), m_loaded(loaded), m_renderMode(renderMode), m_times(times),
          m_select(std::move(select)) {}
    void draw(const LayoutRect& rect);

private:
    PanelPlacement& m_placement;
    LoadedScene& m_loaded;
    RenderMode& m_renderMode;
    const FrameTimes& m_times;
    std::function<void(int)> m_select;
};

} // namespace cdlab
