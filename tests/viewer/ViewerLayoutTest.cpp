// The viewer's layout (app/viewer/ViewerLayout): computed panels never overlap, stay inside the window and
// each view's panel inside its view, at every window size and viewport count; and the check that the viewer's
// --print-layout runs on the panels as drawn finds each kind of problem.
#include "ViewerLayout.h"

#include <gtest/gtest.h>

using namespace cdlab;

namespace {

/// The panels where the layout puts them (view panels expanded to their full height).
std::vector<PlacedPanel> placed(const ViewerLayout& l) {
    std::vector<PlacedPanel> out{{"Scene", l.scene}, {"Timeline", l.timeline}};
    if (l.compare.w > 0) out.push_back({"Compare", l.compare});
    for (std::size_t v = 0; v < l.viewPanels.size(); ++v)
        out.push_back({"View " + std::to_string(v + 1), l.viewPanels[v], int(v)});
    return out;
}

} // namespace

TEST(ViewerLayout, HoldsAtEverySizeAndViewportCount) {
    int checked = 0;
    for (int w : {320, 640, 800, 1024, 1280, 1920, 3840})
        for (int h : {240, 480, 600, 720, 1080, 2160})
            for (int n = 1; n <= 4; ++n) {
                ViewerLayout l = ViewerLayout::compute(w, h, n, 19);
                ASSERT_EQ(l.viewports.size(), std::size_t(n));
                auto problems = layoutProblems(l.window, l.viewports, placed(l));
                EXPECT_TRUE(problems.empty()) << w << "x" << h << ", " << n << " views: " << problems.front();
                // The views tile the space the docked panels leave: side by side, equal, nothing between
                // them.
                for (int v = 1; v < n; ++v) {
                    EXPECT_FLOAT_EQ(l.viewports[v].x, l.viewports[v - 1].right());
                    EXPECT_FLOAT_EQ(l.viewports[v].w, l.viewports[0].w);
                }
                EXPECT_FLOAT_EQ(l.viewports[0].x, l.scene.right());
                EXPECT_FLOAT_EQ(l.viewports[0].bottom(), l.timeline.y);
                EXPECT_FLOAT_EQ(l.viewports.back().right(), float(w));
                EXPECT_EQ(l.compare.w > 0, n > 1); // Compare only with two or more views
                ++checked;
            }
    EXPECT_EQ(checked, 7 * 6 * 4);
}

TEST(ViewerLayout, ViewportAtFindsTheViewUnderAPixel) {
    ViewerLayout l = ViewerLayout::compute(1280, 720, 2, 19);
    EXPECT_EQ(l.viewportAt(l.viewports[0].x + 1, 300), 0);
    EXPECT_EQ(l.viewportAt(l.viewports[1].x + 1, 300), 1);
    EXPECT_EQ(l.viewportAt(10, 300), -1);  // the Scene panel's column
    EXPECT_EQ(l.viewportAt(640, 715), -1); // the timeline
}

TEST(ViewerLayout, ProblemsNameEachKindOfBrokenLayout) {
    ViewerLayout l = ViewerLayout::compute(800, 600, 2, 19);
    auto panels = placed(l);
    ASSERT_TRUE(layoutProblems(l.window, l.viewports, panels).empty());

    auto moved = panels;
    moved[0].rect.x = 700; // the Scene panel dragged half out of the window
    auto p = layoutProblems(l.window, l.viewports, moved);
    ASSERT_FALSE(p.empty());
    EXPECT_NE(p[0].find("Scene (700, 19, 240 x"), std::string::npos) << p[0];
    EXPECT_NE(p[0].find("leaves the window"), std::string::npos) << p[0];

    moved = panels;
    moved[3].rect = l.viewPanels[1]; // View 1's panel on top of View 2's: outside its view, overlapping
    p = layoutProblems(l.window, l.viewports, moved);
    ASSERT_EQ(p.size(), 2u);
    EXPECT_NE(p[0].find("View 1 ("), std::string::npos) << p[0];
    EXPECT_NE(p[0].find("leaves its viewport"), std::string::npos) << p[0];
    EXPECT_NE(p[1].find("overlaps View 2"), std::string::npos) << p[1];
}

TEST(ViewerLayout, AViewPanelThatWouldCoverItsViewHidesItself) {
    // Three views at 1280x720 (issue 43): each about 320 px wide, an opened panel left ~8 px of its
    // picture. It closes again once the mouse leaves it; one view of 1600x900 keeps its panel open.
    ViewerLayout three = ViewerLayout::compute(1280, 720, 3, 19);
    ASSERT_EQ(three.viewPanelAutoHides.size(), 3u);
    for (std::size_t v = 0; v < 3; ++v) {
        EXPECT_GT(three.viewPanels[v].w, 0.9f * three.viewports[v].w);
        EXPECT_TRUE(three.viewPanelAutoHides[v]) << v;
    }
    ViewerLayout one = ViewerLayout::compute(1600, 900, 1, 19);
    ASSERT_EQ(one.viewPanelAutoHides.size(), 1u);
    EXPECT_FALSE(one.viewPanelAutoHides[0]);
    EXPECT_LE(one.viewPanels[0].w, 0.5f * one.viewports[0].w);
    // One view at 800x600 keeps its panel open beside 240 px of picture (the catch layout test reads it).
    EXPECT_FALSE(ViewerLayout::compute(800, 600, 1, 19).viewPanelAutoHides[0]);
}

TEST(ViewerLayout, PresentationModeGivesTheWholeWindowToTheViews) {
    // Below the caption line the views split the window; no panel is docked.
    ViewerLayout l = ViewerLayout::compute(1280, 720, 3, 24, 1, true);
    ASSERT_EQ(l.viewports.size(), 3u);
    float x = 0;
    for (const LayoutRect& r : l.viewports) {
        EXPECT_FLOAT_EQ(r.x, x);
        EXPECT_FLOAT_EQ(r.y, 24);
        EXPECT_FLOAT_EQ(r.bottom(), 720);
        x = r.right();
    }
    EXPECT_FLOAT_EQ(x, 1280);
    EXPECT_EQ(l.scene.w, 0);
    EXPECT_EQ(l.timeline.h, 0);
    EXPECT_EQ(l.compare.w, 0);
}

TEST(ViewerLayout, TheUiScaleWidensTheDockedPanels) {
    // For a projector: the Scene column, the timeline and the view panels grow with the fonts.
    ViewerLayout one = ViewerLayout::compute(1920, 1080, 1, 19, 1),
                 two = ViewerLayout::compute(1920, 1080, 1, 38, 2);
    EXPECT_GT(two.scene.w, one.scene.w);
    EXPECT_GT(two.timeline.h, one.timeline.h);
    EXPECT_GT(two.viewPanels[0].w, one.viewPanels[0].w);
    EXPECT_FLOAT_EQ(two.viewPanels[0].w, 640);
}
