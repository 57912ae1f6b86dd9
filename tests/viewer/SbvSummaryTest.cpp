// SbvSummary: the viewer's SBV panel text and step-through, from what the sbv algorithm reports. The text
// says what the record holds; the step-through offers every round CSBV recorded for the chosen pair, clamps
// the chosen round, and draws that round's region and exactly its kept triangles.
#include "families/sbv/SbvSummary.h"
#include "TestUtil.h"
#include "pipeline/AlgorithmRegistry.h"
#include "scene/SceneObjects.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

using namespace cdlab;

namespace {

SbvDetail& sbvDetail(FrameResult& r) {
    return r.details.get<SbvDetail>();
}

SbvPairRecord record(SbvPairRecord::Outcome outcome, int iterations) {
    SbvPairRecord p;
    p.objectA = 0, p.objectB = 1;
    p.outcome = outcome;
    p.direction = {0, 0, 1};
    p.trianglesA = 300, p.trianglesB = 100, p.keptA = 30, p.keptB = 10;
    p.iterations = iterations;
    return p;
}

bool contains(const std::string& s, const std::string& part) {
    return s.find(part) != std::string::npos;
}

} // namespace

TEST(SbvSummary, PairLinesSayWhatTheRecordHolds) {
    const SbvPairRecord p = record(SbvPairRecord::Outcome::Region, 3);
    EXPECT_DOUBLE_EQ(cullingRatio(p), 0.9);
    const auto lines = sbvPairLines(p);
    ASSERT_EQ(lines.size(), 6u);
    EXPECT_EQ(lines[0], "outcome  overlap region");
    EXPECT_EQ(lines[1], "d*       (0.0000, 0.0000, 1.0000)");
    EXPECT_EQ(lines[2], "kept     40 of 400 triangles");
    EXPECT_EQ(lines[3], "by body  30 of 300, 10 of 100");
    EXPECT_EQ(lines[4], "culled   90.0 %");
    EXPECT_EQ(lines[5], "rounds   3 of shrinking");
    SbvPairRecord tiny = p;
    tiny.direction = {-1.0, -1e-6, 0.0};
    EXPECT_EQ(sbvPairLines(tiny)[1], "d*       (-1.0000, 0.0000, 0.0000)");
    SbvPairRecord none = p;
    none.direction = {0, 0, 0};
    none.trianglesA = none.trianglesB = none.keptA = none.keptB = 0;
    EXPECT_EQ(sbvPairLines(none)[1], "d*       none this frame");
    EXPECT_DOUBLE_EQ(cullingRatio(none), 0.0); // no triangles: nothing culled, no division by zero
}

TEST(SbvSummary, RoundsAreClampedAndTheDefaultPairHasARegion) {
    EXPECT_EQ(clampRound(-3, 4), 0);
    EXPECT_EQ(clampRound(2, 4), 2);
    EXPECT_EQ(clampRound(1000, 4), 3); // past the last: the last, as --sbv-step promises
    EXPECT_EQ(clampRound(5, 0), 0);
    FrameResult r;
    EXPECT_EQ(defaultSbvPair(r), 0);
    sbvDetail(r).pairs = {record(SbvPairRecord::Outcome::Certified, 0),
                          record(SbvPairRecord::Outcome::Shrunk, 2),
                          record(SbvPairRecord::Outcome::Region, 1)};
    EXPECT_EQ(defaultSbvPair(r), 2);
    sbvDetail(r).pairs[2].outcome = SbvPairRecord::Outcome::Shrunk;
    EXPECT_EQ(defaultSbvPair(r), 1); // no region left: the one with the most rounds
    SbvView view(nullptr);
    EXPECT_EQ(chosenSbvPair(r, view), 1);
    view.pair = 7;
    EXPECT_EQ(chosenSbvPair(r, view), 2);
    EXPECT_EQ(chosenSbvPair(FrameResult{}, view), -1);
}

TEST(SbvSummary, RoundsOfAPairInOrder) {
    FrameResult r;
    sbvDetail(r).pairs = {record(SbvPairRecord::Outcome::Region, 2)};
    sbvDetail(r).pairs[0].objectA = 2, sbvDetail(r).pairs[0].objectB = 5;
    for (int it : {1, 0}) sbvDetail(r).steps.push_back({2, 5, it, {}, {}, {}});
    sbvDetail(r).steps.push_back({0, 1, 0, {}, {}, {}}); // another pair's
    const auto rounds = sbvRoundsOf(r, 0);
    ASSERT_EQ(rounds.size(), 2u);
    EXPECT_EQ(sbvDetail(r).steps[rounds[0]].iteration, 0);
    EXPECT_EQ(sbvDetail(r).steps[rounds[1]].iteration, 1);
    EXPECT_TRUE(sbvRoundsOf(r, 1).empty());
    EXPECT_TRUE(sbvRoundsOf(r, -1).empty());
}

TEST(SbvSummary, StepThroughDrawsEachRoundOfKnotTeapot) {
    // The algorithm records its rounds when it draws into a sink (the viewer's DrawList); the step-through
    // draws the chosen round's region and exactly its kept triangles, and its last round is the record's.
    const Scene scene = test::bundled("knot_teapot.json");
    const SceneObjects objects(scene);
    auto algo = AlgorithmRegistry::instance().create("sbv", {});
    algo->prepare(scene);
    OverlaySettings settings;
    DrawList sink(&settings);
    FrameResult r;
    for (int f = 0; f + 1 < scene.frames; ++f) {
        sink.clear();
        r = algo->step(scene.frameTime(f, scene.frames), scene.frameTime(f + 1, scene.frames), &sink);
        if (!sbvDetail(r).pairs.empty() &&
            sbvDetail(r).pairs[std::size_t(defaultSbvPair(r))].outcome == SbvPairRecord::Outcome::Region)
            break;
    }
    ASSERT_FALSE(sbvDetail(r).pairs.empty()) << "knot_teapot: no frame where the bodies' boxes overlap";
    const int pair = defaultSbvPair(r);
    const SbvPairRecord& p = sbvDetail(r).pairs[std::size_t(pair)];
    ASSERT_EQ(p.outcome, SbvPairRecord::Outcome::Region);
    const auto rounds = sbvRoundsOf(r, pair);
    ASSERT_GE(rounds.size(), 2u);
    SbvView view(&settings);
    view.sliderRounds = int(rounds.size());
    view.pairsShown = int(sbvDetail(r).pairs.size());
    for (int k = 0; k < int(rounds.size()); ++k) {
        const SbvShrinkStep& s = sbvDetail(r).steps[rounds[std::size_t(k)]];
        EXPECT_EQ(s.iteration, k);
        view.round = k;
        drawSbvRound(r, objects, view);
        EXPECT_EQ(view.draw.highlighted.size(), 3 * (s.keptA.size() + s.keptB.size())) << "round " << k;
        EXPECT_GE(view.regionFaces, 4) << "round " << k;
        EXPECT_FALSE(view.draw.lines.empty());
        if (k > 0) { // shrinking never keeps more
            const SbvShrinkStep& before = sbvDetail(r).steps[rounds[std::size_t(k - 1)]];
            EXPECT_LE(s.keptA.size() + s.keptB.size(), before.keptA.size() + before.keptB.size());
        }
    }
    const SbvShrinkStep& last = sbvDetail(r).steps[rounds.back()];
    EXPECT_EQ(last.keptA.size(), p.keptA);
    EXPECT_EQ(last.keptB.size(), p.keptB);
    view.round = 1000;
    drawSbvRound(r, objects, view);
    EXPECT_EQ(view.round, int(rounds.size()) - 1);
    const std::string step = describeSbvStep(r, objects, view);
    EXPECT_TRUE(
        contains(step, "the slider over rounds 0-" + std::to_string(rounds.size() - 1) + " (all recorded)"))
        << step;
    EXPECT_TRUE(contains(step, "round " + std::to_string(rounds.size() - 1) + ":")) << step;
    const std::string pairs = describeSbvPairs(r, objects, view);
    EXPECT_TRUE(contains(pairs, sbvPairName(objects, p) + ": overlap region, kept ")) << pairs;
    // The overlay off (or the row it refines): nothing drawn.
    settings.set(findOverlay("sbvStep")->id, false);
    drawSbvRound(r, objects, view);
    EXPECT_TRUE(view.draw.lines.empty() && view.draw.highlighted.empty());
    EXPECT_GE(view.regionFaces, 4); // the panel still says what the round's region is
    settings.set(findOverlay("sbvStep")->id, true), settings.set(findOverlay("overlapRegion")->id, false);
    drawSbvRound(r, objects, view);
    EXPECT_TRUE(view.draw.lines.empty() && view.draw.highlighted.empty());
}

TEST(SbvSummary, PairsSummaryNamesTheSvmError) {
    Scene scene;
    for (const char* name : {"cylinder", "ball"}) {
        Body b;
        b.name = name;
        b.mesh = std::make_shared<TriangleMesh>();
        b.motion = PoseTrack({test::keyframe(0, Pose{})});
        scene.bodies.push_back(b);
    }
    const SceneObjects objects(scene);
    FrameResult r;
    sbvDetail(r).pairs = {record(SbvPairRecord::Outcome::Region, 1)};
    sbvDetail(r).pairs[0].oshError = "the SVM did not converge";
    SbvView view(nullptr);
    EXPECT_EQ(describeSbvPairs(r, objects, view), "sbv pairs: section not shown");
    view.pairsShown = 1;
    EXPECT_EQ(describeSbvPairs(r, objects, view),
              "sbv pairs: 1 of 1 listed; cylinder / ball: overlap region, kept 40 of 400 triangles (90.0 % "
              "culled), 1 shrinking round, SVM error: the SVM did not converge");
    EXPECT_EQ(describeSbvStep(r, objects, view), "sbv step-through: section not shown");
    view.sliderRounds = 0;
    EXPECT_EQ(describeSbvStep(r, objects, view), "sbv step-through: cylinder / ball, no rounds recorded");
}

TEST(SbvSummary, LegendLineIsShort) {
    EXPECT_LE(std::string(sbvRoundLegend().meaning).size() + 3, 60u); // as OverlayTable's LegendLinesAreShort
}
