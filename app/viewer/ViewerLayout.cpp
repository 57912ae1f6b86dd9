#include "ViewerLayout.h"

#include <algorithm>
#include <cstdio>

namespace cdlab {

namespace {
std::string describe(const LayoutRect& r) {
    char s[96];
    std::snprintf(s, sizeof s, "(%.0f, %.0f, %.0f x %.0f)", r.x, r.y, r.w, r.h);
    return s;
}
} // namespace

ViewerLayout ViewerLayout::compute(int width, int height, int viewports, float menuHeight, float uiScale,
                                   bool presenting) {
    ViewerLayout l;
    const float W = float(std::max(width, 1)), H = float(std::max(height, 1));
    const int n = std::max(viewports, 1);
    const float gap = 4, s = std::clamp(uiScale, 0.5f, 4.0f);
    l.window = {0, 0, W, H};
    if (presenting) {
        // The views side by side below the caption, nothing docked (ViewerUi draws no panel).
        const float top = std::min(menuHeight, H), viewW = W / float(n);
        for (int v = 0; v < n; ++v) {
            l.viewports.push_back({viewW * float(v), top, viewW, H - top});
            l.viewPanels.push_back({l.viewports.back().x, top, 0, 0});
            l.viewPanelAutoHides.push_back(false);
        }
        l.timeline = {0, H, W, 0};
        l.scene = {0, top, 0, 0};
        return l;
    }
    // The timeline: two rows of controls and its title bar, full width at the bottom.
    const float timelineH = std::min(96.0f * s, std::max(0.0f, H - menuHeight) * 0.3f);
    l.timeline = {0, H - timelineH, W, timelineH};
    const float top = std::min(menuHeight, H), bottom = l.timeline.y;
    const float middle = std::max(0.0f, bottom - top);
    // The left column: a quarter of the width, within 240 and 340 pixels (never more than half the window).
    const float columnW = std::min(std::clamp(W * 0.25f, 240.0f * s, 340.0f * s), W * 0.5f);
    if (n > 1) {
        // Scene above, Compare below: the Scene panel keeps enough height for its timing lines and a few
        // bodies; Compare gets the rest (its plots and table scroll).
        const float sceneH = std::min(middle, std::max(middle * 0.45f, std::min(middle, 230.0f * s)));
        l.scene = {0, top, columnW, sceneH};
        l.compare = {0, top + sceneH, columnW, middle - sceneH};
    } else {
        l.scene = {0, top, columnW, middle};
    }
    const float viewW = (W - columnW) / float(n);
    for (int v = 0; v < n; ++v) {
        LayoutRect vp{columnW + viewW * float(v), top, viewW, middle};
        l.viewports.push_back(vp);
        const float panelW = std::max(0.0f, std::min(320.0f * s, vp.w - 2 * gap));
        l.viewPanels.push_back(
            {vp.right() - gap - panelW, vp.y + gap, panelW, std::max(0.0f, vp.h - 2 * gap)});
        // Opened, it would leave less than 40 % of the view's width (three views at 1280x720: 8 px of 320;
        // one at 800x600 keeps 43 %): it hides once the mouse leaves it.
        l.viewPanelAutoHides.push_back(panelW > 0.6f * vp.w);
    }
    return l;
}

int ViewerLayout::viewportAt(float x, float y) const {
    for (std::size_t v = 0; v < viewports.size(); ++v) {
        const LayoutRect& r = viewports[v];
        if (x >= r.x && x < r.right() && y >= r.y && y < r.bottom()) return int(v);
    }
    return -1;
}

std::vector<std::string> layoutProblems(const LayoutRect& window, const std::vector<LayoutRect>& viewports,
                                        const std::vector<PlacedPanel>& panels) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < panels.size(); ++i) {
        const PlacedPanel& p = panels[i];
        if (!window.contains(p.rect))
            out.push_back(p.name + " " + describe(p.rect) + " leaves the window " + describe(window));
        if (p.viewport >= 0 && (std::size_t(p.viewport) >= viewports.size() ||
                                !viewports[std::size_t(p.viewport)].contains(p.rect)))
            out.push_back(p.name + " " + describe(p.rect) + " leaves its viewport " +
                          (std::size_t(p.viewport) < viewports.size()
                               ? describe(viewports[std::size_t(p.viewport)])
                               : std::string("(none)")));
        for (std::size_t j = i + 1; j < panels.size(); ++j)
            if (p.rect.overlaps(panels[j].rect))
                out.push_back(p.name + " " + describe(p.rect) + " overlaps " + panels[j].name + " " +
                              describe(panels[j].rect));
    }
    return out;
}

} // namespace cdlab
