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
