// FrameWindows: where a frame is cut so that the continuous rigid pipelines follow the keyed paths. Keys
// strictly inside a frame cut it (a body's own, a link's chain's); keys on the frame grid up to rounding, and
// keys of a resting track, do not.
#include "scene/FrameWindows.h"
#include "TestUtil.h"
#include "mesh/ProceduralMeshes.h"

#include <cmath>
#include <gtest/gtest.h>
#include <memory>
#include <vector>

using namespace cdlab;

namespace {

Body body(const char* name, std::vector<Keyframe> keys) {
    Body b;
    b.name = name;
    b.mesh = std::make_shared<TriangleMesh>(makeBox({0.1, 0.1, 0.1}, 12));
    b.motion = PoseTrack(std::move(keys));
    return b;
}

Keyframe at(double t, double x) {
    return Keyframe{t, {x, 0, 0}, Quat{}};
}

/// The pair's window boundaries as times.
std::vector<double> windowTimes(const FrameWindows& f, std::uint32_t a, std::uint32_t b) {
    std::vector<std::uint32_t> w;
    f.pairWindows(a, b, w);
    std::vector<double> out;
    for (std::uint32_t k : w) out.push_back(f.times()[k]);
    return out;
}

} // namespace

TEST(FrameWindows, KeysOnTheFrameGridUpToRoundingDoNotCut) {
    // Keys at 0.1 * k (0.30000000000000004 for k = 3) and the scene's frame times (0.29999999999999999 for
    // frame 3 of 11 over [0, 1]): one window per frame. The same over a range far from 0, where a time's unit
    // in the last place is a thousand times coarser, and with keys accumulated by repeated addition.
    for (double start : {0.0, 1000.0}) {
        std::vector<Keyframe> product, sum;
        double t = start;
        for (int k = 0; k <= 10; ++k) {
            product.push_back(at(start + 0.1 * k, k % 2 ? 1.0 : -1.0));
            sum.push_back(at(t, k % 3 ? 0.5 : -0.5));
            t += 0.1;
        }
        Scene scene;
        scene.bodies = {body("product", product), body("sum", sum)};
        scene.startTime = start, scene.endTime = start + 1;
        SceneObjects objects(scene);
        FrameWindows frames(scene, objects);
        ASSERT_EQ(frames.corners(0).size(), 11u);
        int split = 0;
        for (int n : {11, 21, 101}) // frames of 0.1, 0.05 and 0.01
            for (int i = 0; i + 1 < n; ++i) {
                frames.setFrame(scene.frameTime(i, n), scene.frameTime(i + 1, n));
                split += frames.times().size() != 2;
            }
        EXPECT_EQ(split, 0) << "start " << start;
        // Frames of 0.1 shifted by a third: every frame holds one key of each body, strictly inside; the two
        // bodies' keys differ by rounding only, so they are one cut.
        for (int i = 0; i < 9; ++i) {
            double t0 = start + 0.1 * i + 0.1 / 3;
            frames.setFrame(t0, t0 + 0.1);
            EXPECT_EQ(frames.times().size(), 3u) << "start " << start << " frame " << i;
        }
    }
}

TEST(FrameWindows, ToleranceIsRelativeToTheFrame) {
    const double len = 0.25;
    for (auto [offset, cuts] : {std::pair{1e-6, true}, {1e-8, true}, {1e-10, false}, {0.0, false}}) {
        Scene scene;
        const double key = 2 + offset * len;
        scene.bodies = {body("a", {at(0, 0), at(key, 1), at(4, 0)}), body("b", {at(0, 3)})};
        SceneObjects objects(scene);
        FrameWindows frames(scene, objects);
        frames.setFrame(2, 2 + len);
        EXPECT_EQ(frames.times().size(), cuts ? 3u : 2u) << offset;
        frames.setFrame(2 - len, 2); // the key at the frame's end: the same rule from the other side
        EXPECT_EQ(frames.times().size(), 2u) << offset;
    }
    EXPECT_EQ(FrameWindows::tolerance(0, 1), 1e-9);
    EXPECT_GT(FrameWindows::tolerance(1e6, 1e6 + 1e-3), 1e-9 * 1e-3); // coarse times far from 0
}

TEST(FrameWindows, PairsAreCutAtTheirOwnBodiesKeysOnly) {
    Scene scene;
    scene.bodies = {body("a", {at(0, 0), at(0.3, 1), at(1, 0)}), body("b", {at(0, 2), at(0.6, 3), at(1, 2)}),
                    body("c", {at(0, 5), at(0.45, 6), at(1, 5)}),
                    // Resting, with keys: no corner, never a cut.
                    body("still", {at(0, 8), at(0.2, 8), at(0.7, 8)})};
    SceneObjects objects(scene);
    FrameWindows frames(scene, objects);
    EXPECT_TRUE(frames.corners(3).empty());
    frames.setFrame(0, 1);
    EXPECT_EQ(frames.times(), (std::vector<double>{0, 0.3, 0.45, 0.6, 1}));
    EXPECT_EQ(windowTimes(frames, 0, 1), (std::vector<double>{0, 0.3, 0.6, 1}));
    EXPECT_EQ(windowTimes(frames, 0, 3), (std::vector<double>{0, 0.3, 1}));
    EXPECT_EQ(windowTimes(frames, 2, 3), (std::vector<double>{0, 0.45, 1}));
    // The poses at each cut are the scene's.
    for (std::size_t k = 0; k < frames.times().size(); ++k) {
        std::vector<Pose> want;
        objects.poses(frames.times()[k], want);
        EXPECT_EQ(frames.poses(k), want) << k;
    }
    EXPECT_EQ(frames.startPoses(), frames.poses(0));
    EXPECT_EQ(frames.endPoses(), frames.poses(frames.times().size() - 1));
    // A track that starts or stops inside a frame turns a corner there too.
    Scene late;
    late.bodies = {body("starts", {at(0.5, 0), at(2, 1)}), body("stops", {at(-1, 0), at(0.25, 1)})};
    SceneObjects lateObjects(late);
    FrameWindows lateFrames(late, lateObjects);
    lateFrames.setFrame(0, 1);
    EXPECT_EQ(windowTimes(lateFrames, 0, 1), (std::vector<double>{0, 0.25, 0.5, 1}));
    // A zero-length frame is one window.
    lateFrames.setFrame(0.5, 0.5);
    EXPECT_EQ(windowTimes(lateFrames, 0, 1), (std::vector<double>{0.5, 0.5}));
}

TEST(FrameWindows, ALinkIsCutAtItsAncestorsKeys) {
    Scene scene;
    ArticulatedModel model;
    model.name = "arm";
    for (int l = 0; l < 3; ++l) {
        Link link;
        link.name = "l" + std::to_string(l);
        link.parent = l - 1;
        link.mesh = std::make_shared<TriangleMesh>(makeBox({0.1, 0.1, 0.1}, 12));
        link.joint.t = {0.2, 0, 0};
        model.links.push_back(std::move(link));
    }
    model.links[0].motion = PoseTrack({at(0, 0), at(0.4, 1), at(1, 0)});
    model.links[1].motion = PoseTrack({at(0, 0)});
    model.links[2].motion = PoseTrack({at(0, 0), at(0.7, 1), at(1, 1)});
    scene.models.push_back(model);
    scene.bodies = {body("ball", {at(0, 5)})};
    SceneObjects objects(scene);
    FrameWindows frames(scene, objects);
    frames.setFrame(0, 1);
    // Objects: the ball, then arm/l0, arm/l1, arm/l2.
    EXPECT_EQ(windowTimes(frames, 0, 1), (std::vector<double>{0, 0.4, 1}));
    EXPECT_EQ(windowTimes(frames, 0, 2), (std::vector<double>{0, 0.4, 1}));
    EXPECT_EQ(windowTimes(frames, 0, 3), (std::vector<double>{0, 0.4, 0.7, 1}));
}
