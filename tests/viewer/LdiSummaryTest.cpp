// LdiSummary: the viewer's LDI panel text and teaching-view data, from what the ldi algorithms report. The
// text says what the record holds and is loud exactly when the answer cannot be trusted; the teaching view
// spans the row's pixels with fragments and its hover text lists a pixel's fragments and overlap.
#include "families/ldi/LdiSummary.h"
#include "TestUtil.h"
#include "scene/SceneObjects.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

using namespace cdlab;

namespace {

LdiDetail& ldiDetail(FrameResult& r) {
    return r.details.get<LdiDetail>();
}

/// A 4 x 2 window over depths [0, 1], row 1 kept: pixel 1's ray enters A, then B, leaves A, then B; pixel 2's
/// starts inside A (a fragment in front of Q), enters B, leaves A, then B; pixels 0 and 3 miss both.
LdiPairRecord record() {
    LdiPairRecord p;
    p.objectA = 0, p.objectB = 1;
    LdiResult& r = p.ldi;
    r.ok = true;
    r.frame.width = 4, r.frame.height = 2, r.frame.pixel = 0.5, r.frame.z0 = 0, r.frame.z1 = 1;
    r.collision = true;
    r.volume = 0.1, r.footprint = 0.5, r.maxDepth = 0.2;
    r.volumeGradient = -0.5, r.direction = {0, 0, -1};
    r.pixels = 8, r.overlapPixels = 2;
    r.layersUsed = 4, r.fragments = 7, r.capacity = 64;
    r.row = 1;
    r.rowFragments = {{},
                      {{0.2f, 0, true}, {0.4f, 1, true}, {0.6f, 0, false}, {0.8f, 1, false}},
                      {{0.3f, 1, true}, {0.5f, 0, false}, {0.7f, 1, false}},
                      {}};
    r.rowStart = {{0, 0}, {0, 0}, {1, 0}, {0, 0}};
    return p;
}

std::string text(const std::vector<LdiLine>& lines, bool loud) {
    std::string out;
    for (const LdiLine& l : lines)
        if (l.loud == loud) out += l.text + "\n";
    return out;
}

Scene twoBodies() {
    Scene scene;
    for (const char* name : {"left", "right"}) {
        Body b;
        b.name = name;
        b.mesh = std::make_shared<TriangleMesh>();
        b.motion = PoseTrack({test::keyframe(0, Pose{})});
        scene.bodies.push_back(b);
    }
    return scene;
}

} // namespace

TEST(LdiSummary, PairLinesSayWhatTheRecordHolds) {
    const std::vector<LdiLine> lines = ldiPairLines(record());
    EXPECT_EQ(text(lines, false), "volume     0.1\n"
                                  "footprint  0.5 (2 px)\n"
                                  "max depth  0.2\n"
                                  "direction  (0, 0, -1)\n"
                                  "-dV/ds     0.5\n"
                                  "layers     4\n"
                                  "fragments  7 / 64\n"
                                  "window     4 x 2 px of 0.5\n"
                                  "invalid    0 px, truncated 0\n");
    // A clean answer is quiet, its invalid and truncated counts included.
    EXPECT_EQ(text(lines, true), "");
    EXPECT_EQ(lines.back().text, "invalid    0 px, truncated 0");
}

TEST(LdiSummary, UntrustworthyAnswersAreLoud) {
    LdiPairRecord p = record();
    p.ldi.overflowed = true, p.ldi.capacity = 5, p.ldi.attempts = 2;
    p.ldi.invalidPixels = 3;
    p.unreliable = "B is open: 296 boundary edges";
    EXPECT_EQ(text(ldiPairLines(p), true), "invalid    3 px, truncated 0\n"
                                           "OVERFLOW: the pool held 5 of 7 fragments, the rest were lost\n"
                                           "unreliable: B is open: 296 boundary edges\n");
    EXPECT_NE(text(ldiPairLines(p), false).find("fragments  7 / 5 (grown)"), std::string::npos);
    LdiPairRecord failed;
    failed.ldi.error = "no GPU: EGL has no OpenGL 4.5 device";
    const auto lines = ldiPairLines(failed);
    ASSERT_EQ(lines.size(), 1u); // no numbers from a query that did not run
    EXPECT_TRUE(lines[0].loud);
    EXPECT_EQ(lines[0].text, "query failed: no GPU: EGL has no OpenGL 4.5 device");
    LdiPairRecord still = record();
    still.ldi.direction = {0, 0, 0};
    EXPECT_NE(text(ldiPairLines(still), false).find("direction  none (no overlap)"), std::string::npos);
}

TEST(LdiSummary, TheChosenPairDefaultsToOneInCollision) {
    FrameResult r;
    LdiView view;
    EXPECT_EQ(chosenLdiPair(r, view), -1);
    ldiDetail(r).pairs = {record(), record(), record()};
    ldiDetail(r).pairs[0].ldi.collision = false;
    EXPECT_EQ(chosenLdiPair(r, view), 1);
    ldiDetail(r).pairs[1].ldi.collision = ldiDetail(r).pairs[2].ldi.collision = false;
    EXPECT_EQ(chosenLdiPair(r, view), 0);
    view.pair = 7; // a pick from a frame with more pairs: the last
    EXPECT_EQ(chosenLdiPair(r, view), 2);
}

TEST(LdiSummary, RowSpanAndPixelText) {
    LdiResult r = record().ldi;
    EXPECT_EQ(ldiRowSpan(r), std::make_pair(1, 2));
    EXPECT_EQ(ldiPixelText(r, 0), "pixel 0 of row 1: no fragments");
    EXPECT_EQ(ldiPixelText(r, 2), "pixel 2 of row 1\n"
                                  "inside at z0: A 1, B 0\n"
                                  "z 0.3000  B entry\n"
                                  "z 0.5000  A exit\n"
                                  "z 0.7000  B exit\n"
                                  "inside both: 0.3000-0.5000");
    EXPECT_EQ(ldiPixelText(r, 9), "no such pixel");
    // A ray that starts inside a body counts though it has no fragment inside Q.
    r.rowStart[3] = {0, 1};
    EXPECT_EQ(ldiRowSpan(r), std::make_pair(1, 3));
    EXPECT_EQ(ldiPixelText(r, 3), "pixel 3 of row 1\ninside at z0: A 0, B 1\nno penetration along this ray");
    r.row = -1;
    EXPECT_EQ(ldiRowSpan(r), std::make_pair(-1, -1));
}

TEST(LdiSummary, SummaryLinesAreWhatThePanelShowed) {
    const Scene scene = twoBodies();
    const SceneObjects objects(scene);
    FrameResult r;
    LdiView view;
    EXPECT_EQ(describeLdiPairs(r, objects, view), "ldi pairs: section not shown");
    view.pairsShown = 0;
    EXPECT_EQ(describeLdiPairs(r, objects, view), "ldi pairs: none this frame");
    EXPECT_EQ(describeLdiRow(r, objects, view), "ldi row: no pairs this frame");
    ldiDetail(r).pairs = {record()};
    view.pairsShown = 1;
    EXPECT_EQ(
        describeLdiPairs(r, objects, view),
        "ldi pairs: 1 of 1 listed; left / right: volume 0.1, footprint 0.5, max depth 0.2, 4 layers, 7 of "
        "64 fragments, 4 x 2 pixels of 0.5");
    EXPECT_EQ(describeLdiRow(r, objects, view), "ldi row of left / right: no row kept");
    view.rowDrawn = 1;
    EXPECT_EQ(describeLdiRow(r, objects, view),
              "ldi row 1 of left / right: pixels 1-2 with fragments, 2 inside A, 2 inside B, 2 inside both");
    view.tooltip = ldiPixelText(ldiDetail(r).pairs[0].ldi, 0);
    EXPECT_EQ(describeLdiRow(r, objects, view),
              "ldi row 1 of left / right: pixels 1-2 with fragments, 2 inside A, 2 inside B, 2 inside both; "
              "hovered pixel 0 of row 1: no fragments");
}
