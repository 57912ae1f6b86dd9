// The viewer's timeline (app/viewer/Timeline): the scene's frame grid, single steps, playing and looping,
// the automated runs' scripted frames, the contact marks under the slider and the Next-contact search.
#include "Timeline.h"

#include <gtest/gtest.h>

#include <limits>

using namespace cdlab;

TEST(Timeline, FrameGridAsTheScene) {
    Timeline t;
    t.setRange(1, 3, 5);
    EXPECT_TRUE(t.hasRange());
    EXPECT_DOUBLE_EQ(t.time(), 1);
    EXPECT_DOUBLE_EQ(t.frameLength(), 0.5);
    EXPECT_DOUBLE_EQ(t.frameTime(0, 5), 1);
    EXPECT_DOUBLE_EQ(t.frameTime(2, 5), 2);
    EXPECT_DOUBLE_EQ(t.frameTime(4, 5), 3);
    EXPECT_DOUBLE_EQ(t.frameTime(3, 1), 1); // one frame: the start
    t.setRange(0, 2, 1);                    // a single frame spans the whole range
    EXPECT_DOUBLE_EQ(t.frameLength(), 2);
}

TEST(Timeline, SingleStepsPauseAndMoveOneFrameEachWithinTheRange) {
    Timeline t;
    EXPECT_DOUBLE_EQ(t.takeSteps(0.3), 0.3); // no scene: nothing to step
    t.singleStep();
    EXPECT_DOUBLE_EQ(t.takeSteps(0.3), 0.3);
    EXPECT_EQ(t.stepsTaken(), 0);
    t.setRange(0, 1, 11);
    t.togglePlaying(); // the step above paused
    EXPECT_TRUE(t.playing());
    t.singleStep(), t.singleStep();
    EXPECT_FALSE(t.playing());
    EXPECT_NEAR(t.takeSteps(0.3), 0.5, 1e-12);
    EXPECT_EQ(t.stepsTaken(), 2);
    EXPECT_DOUBLE_EQ(t.takeSteps(0.3), 0.3); // taken: none left
    for (int k = 0; k < 30; ++k) t.singleStep();
    EXPECT_DOUBLE_EQ(t.takeSteps(0.9), 1); // clamped to the end
    EXPECT_EQ(t.stepsTaken(), 32);
}

TEST(Timeline, PlayingMovesByWallTimeTimesSpeedAndLoops) {
    Timeline t;
    t.setRange(0, 1, 11);
    t.setSpeed(2);
    EXPECT_DOUBLE_EQ(t.advance(0.1), 0); // the frame starts where the last ended
    EXPECT_DOUBLE_EQ(t.time(), 0.2);
    EXPECT_DOUBLE_EQ(t.advance(0.1), 0.2);
    EXPECT_DOUBLE_EQ(t.time(), 0.4);
    t.advance(0.4); // past the end: back to the start
    EXPECT_DOUBLE_EQ(t.time(), 0);
    t.loop() = false;
    t.advance(0.6);
    EXPECT_DOUBLE_EQ(t.time(), 1); // stays at the end
    t.setRange(2, 2, 60);          // a static scene: no span to loop over
    t.loop() = true;
    t.advance(1);
    EXPECT_DOUBLE_EQ(t.time(), 2);
}

TEST(Timeline, PausedOrScrubbedFramesEndAtTheTime) {
    Timeline t;
    t.setRange(0, 1, 11);
    t.scrub(0.55);
    EXPECT_FALSE(t.playing());
    EXPECT_NEAR(t.advance(5), 0.45, 1e-12); // the scene frame that ends at 0.55; paused, nothing moves
    EXPECT_DOUBLE_EQ(t.time(), 0.55);
    t.scrub(0.05);
    EXPECT_DOUBLE_EQ(t.advance(1), 0); // not before the start
    t.singleStep();
    EXPECT_NEAR(t.advance(1), 0.05, 1e-12);
    EXPECT_NEAR(t.time(), 0.15, 1e-12);
    t.togglePlaying();
    EXPECT_TRUE(t.playing());
    t.restart();
    EXPECT_DOUBLE_EQ(t.time(), 0);
}

TEST(Timeline, ScriptedFramesSpreadOverTheRangeOrEndAtAt) {
    Timeline t;
    t.setRange(0, 2, 21); // frames of 0.1
    for (int f = 0; f < 5; ++f) {
        double before = t.time();
        EXPECT_DOUBLE_EQ(t.scripted(f, 5, nullptr), before);
        EXPECT_DOUBLE_EQ(t.time(), 0.5 * f);
    }
    Timeline a;
    a.setRange(0, 2, 21);
    const double at = 1.0;
    EXPECT_NEAR(a.scripted(0, 4, &at), 0.7, 1e-12); // frame 0: nothing moves before it
    EXPECT_NEAR(a.time(), 0.7, 1e-12);
    EXPECT_NEAR(a.scripted(1, 4, &at), 0.7, 1e-12);
    EXPECT_NEAR(a.time(), 0.8, 1e-12);
    a.scripted(2, 4, &at);
    EXPECT_NEAR(a.scripted(3, 4, &at), 0.9, 1e-12);
    EXPECT_DOUBLE_EQ(a.time(), 1.0); // the last frame ends at `at`
    const double early = 0.05;       // earlier frames stay at the start
    Timeline b;
    b.setRange(0, 2, 21);
    b.scripted(0, 4, &early);
    EXPECT_DOUBLE_EQ(b.time(), 0);
}

TEST(Timeline, SingleStepsMoveTheScriptedFramesThatFollow) {
    Timeline t;
    t.setRange(0, 1, 11);
    t.scripted(0, 11, nullptr);
    t.singleStep(), t.singleStep(); // --tap O*2 in frame 1
    t.scripted(1, 11, nullptr);
    EXPECT_NEAR(t.time(), 0.3, 1e-12);
    t.scripted(2, 11, nullptr);
    EXPECT_NEAR(t.time(), 0.4, 1e-12); // the offset stays
    t.scripted(10, 11, nullptr);
    EXPECT_DOUBLE_EQ(t.time(), 1); // within the range
}

TEST(Timeline, ContactMarksOnTheSceneGrid) {
    Timeline t;
    t.markContact(0, 1); // no scene: nothing
    EXPECT_TRUE(t.contactFrames().empty());
    t.setRange(0, 1, 11); // grid frames of 0.1
    // A step ending (starting) on a grid time, up to rounding, does not reach the next (previous) frame.
    t.markContact(0.2, 0.1 * 3);
    std::vector<char> expected(10, 0);
    expected[2] = 1;
    EXPECT_EQ(t.contactFrames(), expected);
    t.markContact(0.55, 0.75);
    expected[5] = expected[6] = expected[7] = 1;
    EXPECT_EQ(t.contactFrames(), expected);
    t.markContact(0.55, 0.75); // again: nothing twice
    EXPECT_EQ(t.contactFrames(), expected);
    t.markContact(-5, 1e300); // far outside: clamped, not undefined
    EXPECT_EQ(t.contactFrames(), std::vector<char>(10, 1));
    t.clearContacts();
    EXPECT_TRUE(t.contactFrames().empty());
    t.setRange(3, 3, 4); // a static scene is one instant: every frame shows the contact
    t.markContact(3, 3);
    EXPECT_EQ(t.contactFrames(), std::vector<char>(3, 1));
    t.setRange(0, 1, 1); // one frame: no grid to mark
    t.clearContacts();
    t.markContact(0, 1);
    EXPECT_TRUE(t.contactFrames().empty());
}

TEST(Timeline, NextContactStepsFramesUntilAViewReportsOne) {
    Timeline t;
    t.setRange(0, 1, 11);
    std::vector<std::pair<double, double>> steps;
    auto contactFromHalf = [&](double t0, double t1) {
        steps.push_back({t0, t1});
        return t1 >= 0.5 - 1e-12 ? 1 : -1; // view 2 reports a contact in the frame ending at 0.5
    };
    std::string status;
    EXPECT_FALSE(t.seek(1e9, contactFromHalf, status)); // not started
    EXPECT_TRUE(steps.empty());
    t.scrub(0.1);
    t.togglePlaying();
    t.startSeek();
    EXPECT_TRUE(t.seeking());
    EXPECT_FALSE(t.playing());
    EXPECT_TRUE(t.seek(0, contactFromHalf, status)); // a budget of 0: one frame per call
    ASSERT_EQ(steps.size(), 1u);
    EXPECT_DOUBLE_EQ(steps[0].first, 0.1);
    EXPECT_NEAR(steps[0].second, 0.2, 1e-12);
    while (t.seek(0, contactFromHalf, status)) {
    }
    EXPECT_EQ(steps.size(), 4u);
    EXPECT_NEAR(t.time(), 0.5, 1e-12);
    EXPECT_FALSE(t.seeking());
    EXPECT_EQ(status, "contact in view 2 in the frame ending at t 0.5");
    EXPECT_EQ(t.stopSeek(), ""); // over: nothing to stop

    t.scrub(0.6);
    t.startSeek();
    EXPECT_FALSE(t.seek(
        1e9, [](double, double) { return -1; }, status));
    EXPECT_DOUBLE_EQ(t.time(), 1);
    EXPECT_EQ(status, "no contact from there to the end of the scene");

    t.scrub(0.2);
    t.startSeek();
    EXPECT_TRUE(t.seek(
        0, [](double, double) { return -1; }, status));
    EXPECT_EQ(t.stopSeek(), "no contact up to t 0.3 (search stopped)");
    EXPECT_FALSE(t.seeking());
}
