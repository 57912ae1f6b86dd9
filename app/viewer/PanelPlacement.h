// PanelPlacement: where the viewer's docked panels go each frame — at their layout rectangles when the layout
// changed (window resized, views added or removed, Reset layout), otherwise where the user left them — and
// where they were drawn, for --print-layout and its check.
#pragma once

#include "ViewerLayout.h"

#include <string>
#include <vector>

namespace cdlab {

class PanelPlacement {
public:
    /// A new frame in a window of width x height (ImGui's units); `generation` is the layout's: when it
    /// changed since the last frame every panel goes back to its layout rectangle.
    void beginFrame(int generation, int width, int height);
    /// Places the next panel at its layout rectangle when the layout changed; otherwise where the user left
    /// it.
    void place(const LayoutRect& r);
    /// After Begin: keeps the panel inside the window (a resize may have left it outside) and records where
    /// it is for --print-layout.
    void settle(const std::string& name, int viewport = -1);
    /// The panels as drawn this frame (title and rectangle), for --print-layout and its check.
    const std::vector<PlacedPanel>& placed() const { return m_placed; }

private:
    std::vector<PlacedPanel> m_placed;
    int m_placedGeneration = -1; ///< the layout generation the panels were last placed for
    bool m_relayout = false;     ///< this frame places every panel at its layout rectangle
    int m_width = 0, m_height = 0;
};

} // namespace cdlab
