// ViewerLayout: where the viewer's panels and viewports go, computed from the window size and the number of
// viewports (no ImGui, no GL: tests check it directly). The Scene panel and, with two or more viewports, the
// Compare panel are docked in a left column; the Timeline spans the bottom; the viewports split the rest into
// columns, and each viewport's panel is docked at the top right inside its own viewport. Panels never
// overlap by construction; the viewer places them here whenever the window size or the viewport count
// changes (or on View > Reset layout), and keeps a panel a user dragged inside the window.
#pragma once

#include <string>
#include <vector>

namespace cdlab {

/// A rectangle in window pixels, y down (ImGui's convention).
struct LayoutRect {
    float x = 0, y = 0, w = 0, h = 0;
    float right() const { return x + w; }
    float bottom() const { return y + h; }
    bool contains(const LayoutRect& r, float slack = 0.5f) const {
        return r.x >= x - slack && r.y >= y - slack && r.right() <= right() + slack &&
               r.bottom() <= bottom() + slack;
    }
    bool overlaps(const LayoutRect& r, float slack = 0.5f) const {
        return r.x < right() - slack && x < r.right() - slack && r.y < bottom() - slack &&
               y < r.bottom() - slack;
    }
};

class ViewerLayout {
public:
    /// `menuHeight`: the main menu bar's height (the layout starts below it); `uiScale`: the UI scale
    /// (fonts and the panels' sizes grow with it); `presenting`: presentation mode, in which the viewports
    /// fill the window below the caption line (`menuHeight` then) and no panel is docked (all empty).
    static ViewerLayout compute(int width, int height, int viewports, float menuHeight, float uiScale = 1,
                                bool presenting = false);

    LayoutRect window;
    LayoutRect scene, timeline, compare; ///< compare: empty (w = 0) with a single viewport
    std::vector<LayoutRect> viewports;   ///< the 3D views, left to right
    std::vector<LayoutRect> viewPanels;  ///< each inside its viewport (its height when expanded)
    /// Per viewport: its panel, opened, would cover most of it (a narrow view: three side by side at
    /// 1280x720), so it hides again once the mouse leaves it.
    std::vector<bool> viewPanelAutoHides;

    /// The viewport under window pixel (x, y), or -1.
    int viewportAt(float x, float y) const;
};

/// A panel as drawn (the rectangle ImGui reports after placing it), by title; viewport panels name their
/// viewport.
struct PlacedPanel {
    std::string name;
    LayoutRect rect;
    int viewport = -1; ///< the viewport a view panel belongs to; -1 for global panels
};

/// What is wrong with panels as drawn: a panel outside the window, two panels that overlap, a view panel
/// outside its viewport. Empty when the layout holds.
std::vector<std::string> layoutProblems(const LayoutRect& window, const std::vector<LayoutRect>& viewports,
                                        const std::vector<PlacedPanel>& panels);

} // namespace cdlab
