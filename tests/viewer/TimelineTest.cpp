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

TEST(Timeline, GridTimesFramesAndWhereATimeLands) {
    Timeline t;
    t.setRange(1, 3, 5); // 4 frames of 0.5
    EXPECT_EQ(t.frameCount(), 4);
    EXPECT_DOUBLE_EQ(t.gridTime(0), 1);
    EXPECT_DOUBLE_EQ(t.gridTime(3), 2.5);
    EXPECT_DOUBLE_EQ(t.gridTime(4), 3);
    EXPECT_DOUBLE_EQ(t.gridTime(9), 3); // clamped
    EXPECT_EQ(t.frameAt(1), 0);         // the start: frame 0
    EXPECT_EQ(t.frameAt(1.2), 0);
    EXPECT_EQ(t.frameAt(1.5), 0); // a grid time belongs to the frame that ends there
    EXPECT_EQ(t.frameAt(1.5000001), 1);
    EXPECT_EQ(t.frameAt(3), 3);
    EXPECT_EQ(t.frameAt(-1e300), 0); // clamped, not undefined
    EXPECT_EQ(t.frameAt(1e300), 3);
    EXPECT_EQ(t.gridIndex(1), 0);
    EXPECT_EQ(t.gridIndex(1.01), 1); // between grid times: the one ending the frame containing it
    EXPECT_EQ(t.gridIndex(2), 2);
    EXPECT_EQ(t.gridIndex(2.4), 3);
    t.scrub(2.4);
    EXPECT_EQ(t.position(), 3);
    EXPECT_DOUBLE_EQ(t.time(), 2.5);
    EXPECT_DOUBLE_EQ(t.shownFrom(), 2);
    t.scrubTo(0);
    EXPECT_DOUBLE_EQ(t.shownFrom(), 1); // the start: an instant
    EXPECT_DOUBLE_EQ(t.time(), 1);
    t.setRange(2, 2, 60); // a static scene: every time lands on the start
    EXPECT_EQ(t.gridIndex(2), 0);
    EXPECT_EQ(t.frameAt(5), 0);
    // 33 frames of 1/15 over [0, 2.2]: 0.184 lies in frame 2, shown as the grid time 0.2 that ends it.
    t.setRange(0, 2.2, 34);
    t.scrub(0.184);
    EXPECT_EQ(t.position(), 3);
    EXPECT_NEAR(t.time(), 0.2, 1e-12);
}

TEST(Timeline, PlayingMovesAClockByWallTimeTimesSpeedAndShowsGridFrames) {
    Timeline t;
    t.setRange(0, 1, 11);
    t.setSpeed(2);
    EXPECT_NEAR(t.advance(0.1), 0.1, 1e-12); // the clock at 0.2: the frame ending there, whole
    EXPECT_NEAR(t.time(), 0.2, 1e-12);
    EXPECT_NEAR(t.advance(0.02), 0.2, 1e-12); // the clock at 0.24: the frame 0.2 -> 0.3
    EXPECT_NEAR(t.time(), 0.3, 1e-12);
    EXPECT_NEAR(t.advance(0.03), 0.2, 1e-12); // the clock at 0.3: still that frame
    t.advance(0.4);                           // past the end: back to the start
    EXPECT_DOUBLE_EQ(t.time(), 0);
    t.loop() = false;
    t.advance(0.6);
    EXPECT_DOUBLE_EQ(t.time(), 1); // stays at the end
    t.setRange(2, 2, 60);          // a static scene: no span to loop over
    t.loop() = true;
    t.advance(1);
    EXPECT_DOUBLE_EQ(t.time(), 2);
}

TEST(Timeline, PausedOrScrubbedTheViewsRunTheWholeFrameContainingTheTime) {
    Timeline t;
    t.setRange(0, 1, 11);
    t.scrub(0.55);
    EXPECT_FALSE(t.playing());
    EXPECT_NEAR(t.advance(5), 0.5, 1e-12); // the frame 0.5 -> 0.6 that contains 0.55; paused, nothing moves
    EXPECT_NEAR(t.time(), 0.6, 1e-12);
    t.scrub(0.05);
    EXPECT_DOUBLE_EQ(t.advance(1), 0); // frame 0 -> 0.1
    EXPECT_NEAR(t.time(), 0.1, 1e-12);
    t.singleStep();
    EXPECT_NEAR(t.advance(1), 0.1, 1e-12);
    EXPECT_NEAR(t.time(), 0.2, 1e-12);
    t.togglePlaying();
    EXPECT_TRUE(t.playing());
    t.restart();
    EXPECT_DOUBLE_EQ(t.time(), 0);
    EXPECT_DOUBLE_EQ(t.advance(0), 0); // the start instant
}

TEST(Timeline, FromAnyStartTimeTheViewsStepTheSameGridFrames) {
    // Wherever one pauses (scrubs) and steps, plays, or searches, each span handed to the views is a whole
    // frame of the grid, the same doubles as Scene::frameTime's (the bench's).
    Timeline t;
    t.setRange(0, 2.2, 34);
    auto onGrid = [&](double t0, double t1) {
        const int i = t.gridIndex(t1);
        return t1 == t.gridTime(i) && (i == 0 ? t0 == t1 : t0 == t.gridTime(i - 1));
    };
    for (int k = 0; k <= 220; ++k) {
        const double start = 2.2 * k / 220;
        t.scrub(start);
        for (int s = 0; s < 3; ++s) {
            t.singleStep();
            const double t0 = t.advance(0.016);
            EXPECT_TRUE(onGrid(t0, t.time())) << "from " << start << ", step " << s;
        }
        t.scrub(start);
        t.togglePlaying();
        for (int s = 0; s < 5; ++s) {
            const double t0 = t.advance(0.0123 * (s + 1));
            EXPECT_TRUE(onGrid(t0, t.time())) << "playing from " << start;
        }
        t.scrub(start);
        t.startSeek();
        std::string status;
        while (t.seek(
            0,
            [&](double t0, double t1) {
                EXPECT_TRUE(onGrid(t0, t1)) << "searching from " << start;
                return -1;
            },
            status)) {
        }
    }
}

TEST(Timeline, SliderTicksAndContactMarksSitOnTheSlidersGridPositions) {
    // ImGui's integer slider over 0 .. 33 in 400 units: 2 units of padding, a grab of 396 / 34 units
    // (above the 10-unit minimum), its centre moving over 396 - 396 / 34 units.
    const float grab = 396.0f / 34;
    EXPECT_NEAR(sliderValueX(0, 33, 400, 10), 2 + grab / 2, 1e-4);
    EXPECT_NEAR(sliderValueX(33, 33, 400, 10), 398 - grab / 2, 1e-4);
    EXPECT_NEAR(sliderValueX(3, 33, 400, 10) - sliderValueX(2, 33, 400, 10), (396 - grab) / 33, 1e-4);
    EXPECT_NEAR(sliderValueX(40, 33, 400, 10), sliderValueX(33, 33, 400, 10), 1e-6); // clamped
    // Many frames: the grab keeps its minimum size and the positions are 386 / 1000 units apart.
    EXPECT_NEAR(sliderValueX(1, 1000, 400, 10) - sliderValueX(0, 1000, 400, 10), 386.0 / 1000, 1e-4);
    EXPECT_NEAR(sliderValueX(0, 0, 400, 10), 200, 1e-4); // one value: the grab fills the slider
}

TEST(Timeline, ScriptedFramesSpreadOverTheRangeOrEndAtAt) {
    Timeline t;
    t.setRange(0, 2, 21); // frames of 0.1
    for (int f = 0; f < 5; ++f) {
        const double t0 = t.scripted(f, 5, nullptr);
        EXPECT_NEAR(t.time(), 0.5 * f, 1e-12);
        EXPECT_NEAR(t0, f == 0 ? 0 : 0.5 * f - 0.1, 1e-12); // one whole frame, ending at the time
    }
    Timeline a;
    a.setRange(0, 2, 21);
    const double at = 1.0;
    EXPECT_NEAR(a.scripted(0, 4, &at), 0.6, 1e-12);
    EXPECT_NEAR(a.time(), 0.7, 1e-12);
    EXPECT_NEAR(a.scripted(1, 4, &at), 0.7, 1e-12);
    EXPECT_NEAR(a.time(), 0.8, 1e-12);
    a.scripted(2, 4, &at);
    EXPECT_NEAR(a.scripted(3, 4, &at), 0.9, 1e-12);
    EXPECT_DOUBLE_EQ(a.time(), 1.0); // the last frame ends at `at`
    const double between = 0.95;     // between grid times: the frame containing it
    EXPECT_NEAR(a.scripted(3, 4, &between), 0.9, 1e-12);
    EXPECT_NEAR(a.time(), 1.0, 1e-12);
    const double early = 0.05; // earlier frames stay at the start
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
    t.startSeek(); // the frames after the one shown (0 -> 0.1)
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
    EXPECT_EQ(status, "contact in view 2 in frame 5 of 10 (t 0.4 -> 0.5)");
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
