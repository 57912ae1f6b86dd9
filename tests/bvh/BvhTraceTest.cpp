// The traversal trace (bvh/BvhTrace.h) against the traversal's own counters: on the bundled scenes, the
// steps the trace holds add up to what each algorithm counts (BV tests, node pairs kept, leaf tests and
// their hits, BM tests and culls), frame by frame; recording changes no answer or counter; the recorded
// front is the traversal's (every descent pushes two pairs, each popped once).
#include "bvh/BvhTrace.h"
#include "BundledScenes.h"
#include "TestPaths.h"
#include "TestUtil.h"
#include "ccd/CcdCounters.h"
#include "collision/CollisionTypes.h"
#include "core/InputError.h"
#include "culling/BmCounters.h"
#include "pipeline/AlgorithmRegistry.h"
#include "scene/MeshDataCache.h"
#include "scene/SceneObjects.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <filesystem>
#include <map>
#include <memory>

using namespace cdlab;

namespace {

struct TraceTotals {
    std::uint64_t bvTests = 0, kept = 0, leafTests = 0, leafHits = 0, bmTests = 0, bmCulled = 0;
    std::uint64_t culledSteps = 0;
};

TraceTotals totals(const BvhTrace& trace) {
    TraceTotals t;
    for (const BvhTraceStep& s : trace.steps()) {
        t.bvTests += s.bvTest();
        t.kept += s.outcome == BvhTraceOutcome::Overlap || s.outcome == BvhTraceOutcome::Leaf;
        t.leafTests += s.leafTests, t.leafHits += s.leafHits;
        t.bmTests += std::popcount(unsigned(s.bm & (BvhTraceStep::BmTestedA | BvhTraceStep::BmTestedB)));
        t.bmCulled += std::popcount(unsigned(s.bm & (BvhTraceStep::BmCulledA | BvhTraceStep::BmCulledB)));
        t.culledSteps += s.outcome == BvhTraceOutcome::BmCulled;
    }
    return t;
}

/// The trace's structure: segments tile the steps; inside a traversal a step's parent is an earlier
/// descending step of the same segment, each descent is the parent of at most two steps (two unless the
/// traversal stopped early) and a step is one level below its parent.
void expectWellFormed(const BvhTrace& trace, const std::string& where) {
    std::uint32_t next = 0;
    std::vector<int> children(trace.steps().size(), 0);
    for (const BvhTraceSegment& seg : trace.segments()) {
        ASSERT_EQ(seg.first, next) << where;
        next += seg.count;
        ASSERT_NE(seg.bvhA, nullptr);
        ASSERT_NE(seg.bvhB, nullptr);
        for (std::uint32_t k = seg.first; k < seg.first + seg.count; ++k) {
            const BvhTraceStep& s = trace.steps()[k];
            ASSERT_LT(s.nodeA, seg.bvhA->nodes().size()) << where;
            ASSERT_LT(s.nodeB, seg.bvhB->nodes().size()) << where;
            if (k == seg.first) {
                EXPECT_EQ(s.parent, -1) << where;
                EXPECT_EQ(s.nodeA, 0u) << where;
                EXPECT_EQ(s.nodeB, 0u) << where;
                continue;
            }
            ASSERT_GE(s.parent, std::int32_t(seg.first)) << where << " step " << k;
            ASSERT_LT(s.parent, std::int32_t(k)) << where;
            const BvhTraceStep& p = trace.steps()[std::size_t(s.parent)];
            EXPECT_EQ(p.outcome, BvhTraceOutcome::Overlap) << where << " step " << k;
            EXPECT_EQ(s.depth, p.depth + 1) << where;
            // The child pair is one node of the parent pair with the other's child.
            const bool childOfA = s.nodeB == p.nodeB && seg.bvhA->nodes()[p.nodeA].firstChild != 0 &&
                                  (s.nodeA == seg.bvhA->nodes()[p.nodeA].firstChild ||
                                   s.nodeA == seg.bvhA->nodes()[p.nodeA].firstChild + 1);
            const bool childOfB = s.nodeA == p.nodeA && seg.bvhB->nodes()[p.nodeB].firstChild != 0 &&
                                  (s.nodeB == seg.bvhB->nodes()[p.nodeB].firstChild ||
                                   s.nodeB == seg.bvhB->nodes()[p.nodeB].firstChild + 1);
            EXPECT_TRUE(childOfA || childOfB) << where << " step " << k;
            ++children[std::size_t(s.parent)];
        }
    }
    EXPECT_EQ(next, trace.steps().size()) << where;
    for (int c : children) EXPECT_LE(c, 2) << where;
}

struct Traced {
    std::string label, name;
    std::map<std::string, std::string> params;
};

const std::vector<Traced>& traced() {
    static const std::vector<Traced> algos{{"bvh", "bvh", {}},
                                           {"bvh:bv=aabb", "bvh", {{"bv", "aabb"}}},
                                           {"rigid-ccd", "rigid-ccd", {}},
                                           {"rigid-ccd-bm", "rigid-ccd-bm", {}}};
    return algos;
}

/// Every bundled scene x traced algorithm it accepts (the articulated ones only with `articulated`: their
/// link trees take most of the time): frame by frame (every `stride`-th frame of the grid, always the first
/// and the last), the trace's totals against the frame's counters.
/// `scenes` empty: every bundled scene. The guards against a vacuous check apply to the whole set only.
void checkBundledScenes(int maxFramesPerScene, bool articulated, std::vector<std::string> scenes = {}) {
    const bool all = scenes.empty();
    if (all) scenes = test::bundledSceneNames();
    ASSERT_GE(scenes.size(), all ? 9u : 1u);
    int checkedFrames = 0, framesWithTests = 0, framesWithCulls = 0;
    for (const auto& sceneName : scenes) {
        Scene scene = test::bundled(sceneName);
        if (!articulated && !scene.models.empty()) continue;
        auto cache = std::make_shared<MeshDataCache>(scene); // the algorithms' trees, built once per scene
        // The frames checked: every `stride`-th and the last, less an inner frame whose poses at its start
        // and end are those of the frame checked before it (a scene at rest: assembly_rest's 31 identical
        // frames took 400 s of CI; the traversals are functions of the two poses).
        const SceneObjects objects(scene);
        const int stride = std::max(1, (scene.frames + maxFramesPerScene - 1) / maxFramesPerScene);
        std::vector<int> sampled;
        std::vector<Pose> lastStart, lastEnd, start, end;
        for (int f = 0; f < scene.frames; f += stride) {
            const double t = scene.frameTime(f, scene.frames);
            objects.poses(t - scene.frameLength(), start), objects.poses(t, end);
            if (!sampled.empty() && start == lastStart && end == lastEnd) continue;
            sampled.push_back(f), lastStart = start, lastEnd = end;
        }
        if (sampled.back() != scene.frames - 1) sampled.push_back(scene.frames - 1);
        for (const Traced& spec : traced()) {
            auto algo = AlgorithmRegistry::instance().create(spec.name, spec.params);
            algo->shareMeshData(cache);
            try {
                algo->prepare(scene);
            } catch (const InputError&) {
                continue; // the algorithm refuses the scene (deforming bodies, articulated motion)
            }
            auto* recorder = dynamic_cast<BvhTraceRecorder*>(algo.get());
            ASSERT_NE(recorder, nullptr) << spec.label;
            BvhTrace trace;
            recorder->setTrace(&trace);
            for (const int f : sampled) {
                const double t = scene.frameTime(f, scene.frames);
                const FrameResult r = algo->step(t - scene.frameLength(), t);
                const std::string where = sceneName + " " + spec.label + " frame " + std::to_string(f);
                ASSERT_FALSE(trace.truncated()) << where;
                const TraceTotals got = totals(trace);
                EXPECT_EQ(got.bvTests, r.counters.get(counter::BvTests)) << where;
                if (spec.name == "bvh") {
                    EXPECT_EQ(got.kept, r.counters.get(counter::NodesVisited)) << where;
                    EXPECT_EQ(got.leafTests, r.counters.get(counter::TriTests)) << where;
                    EXPECT_EQ(got.leafHits, r.counters.get(counter::Pairs)) << where;
                } else {
                    EXPECT_EQ(got.leafTests, r.counters.get(counter::VfTests) +
                                                 r.counters.get(counter::FvTests) +
                                                 r.counters.get(counter::EeTests))
                        << where;
                    EXPECT_EQ(got.leafHits, r.counters.get(counter::ContactTests)) << where;
                    EXPECT_EQ(got.bmTests, r.counters.get(counter::BmTests)) << where;
                    EXPECT_EQ(got.bmCulled, r.counters.get(counter::BmCulled)) << where;
                    EXPECT_EQ(got.culledSteps, got.bmCulled) << where; // a step culls one node at most
                }
                expectWellFormed(trace, where);
                ++checkedFrames;
                framesWithTests += got.bvTests > 0;
                framesWithCulls += got.bmCulled > 0;
            }
        }
    }
    if (!all) {
        EXPECT_GT(checkedFrames, 0);
        return;
    }
    // Not vacuous: frames with BV tests, and frames where BM-culling culled.
    EXPECT_GT(checkedFrames, 50);
    EXPECT_GT(framesWithTests, checkedFrames / 2);
    EXPECT_GT(framesWithCulls, 5);
}

} // namespace

// Four frames of each rigid scene in the suite every build runs; every frame of every scene under "slow".
TEST(BvhTrace, TotalsEqualCountersOnSampledFramesOfEveryRigidBundledScene) {
    checkBundledScenes(4, false);
}

// Every frame of every bundled scene, one test per scene (label slow): each stays well inside ctest's
// timeout, and ctest -j runs them side by side.
class BvhTraceSlow : public ::testing::TestWithParam<std::string> {};
TEST_P(BvhTraceSlow, TotalsEqualCountersOnEveryFrame) {
    checkBundledScenes(1 << 30, true, {GetParam()});
}
INSTANTIATE_TEST_SUITE_P(Scenes, BvhTraceSlow, ::testing::ValuesIn(test::bundledSceneNames()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                             std::string name = info.param.substr(0, info.param.find('.'));
                             return name;
                         });

// Recording changes nothing the algorithm reports, and a trace set to null stops recording.
TEST(BvhTrace, RecordingChangesNoAnswer) {
    Scene scene = test::bundled("doors.json");
    for (const Traced& spec : traced()) {
        auto plain = AlgorithmRegistry::instance().create(spec.name, spec.params);
        auto recorded = AlgorithmRegistry::instance().create(spec.name, spec.params);
        plain->prepare(scene), recorded->prepare(scene);
        BvhTrace trace;
        dynamic_cast<BvhTraceRecorder&>(*recorded).setTrace(&trace);
        for (int f = 100; f < 120; ++f) {
            const double t = scene.frameTime(f, scene.frames);
            const FrameResult a = plain->step(t - scene.frameLength(), t);
            const FrameResult b = recorded->step(t - scene.frameLength(), t);
            EXPECT_EQ(a.hash(), b.hash()) << spec.label << " frame " << f;
            EXPECT_EQ(a.counters.items(), b.counters.items()) << spec.label << " frame " << f;
        }
        EXPECT_FALSE(trace.steps().empty()) << spec.label;
        dynamic_cast<BvhTraceRecorder&>(*recorded).setTrace(nullptr);
        const std::size_t kept = trace.steps().size();
        const double t = scene.frameTime(120, scene.frames);
        recorded->step(t - scene.frameLength(), t);
        EXPECT_EQ(trace.steps().size(), kept) << spec.label;
    }
}

// A bounded trace stops at its bound and says so; the algorithm's answer is the same.
TEST(BvhTrace, BoundedTraceStopsAndSaysSo) {
    Scene scene = test::bundled("doors.json");
    auto algo = AlgorithmRegistry::instance().create("rigid-ccd-bm", {});
    algo->prepare(scene);
    BvhTrace trace(100);
    dynamic_cast<BvhTraceRecorder&>(*algo).setTrace(&trace);
    const double t = scene.frameTime(112, scene.frames);
    const FrameResult r = algo->step(t - scene.frameLength(), t);
    ASSERT_GT(r.counters.get(counter::BvTests), 100u);
    EXPECT_TRUE(trace.truncated());
    EXPECT_EQ(trace.steps().size(), 100u);
}
