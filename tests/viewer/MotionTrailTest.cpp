// The motion trail (issue 43): its ghosts are the scene's own poses at the frame's start, end and evenly
// between, only for continuous views with the row on, and only for what moves in the frame.
#include "MotionTrail.h"
#include "TestPaths.h"
#include "pipeline/AlgorithmRegistry.h"
#include "scene/SceneLoader.h"

#include <gtest/gtest.h>

using namespace cdlab;

TEST(MotionTrail, GhostsAreTheScenesPosesOverTheFrame) {
    const Scene scene = loadScene(CDLAB_SOURCE_DIR + "/scenes/bullets.json");
    SceneObjects objects(scene);
    OverlaySettings s;
    s.set(MotionTrail::row(), true);
    MotionTrail trail(&s);
    const double t0 = scene.frameTime(2, scene.frames), t1 = scene.frameTime(3, scene.frames);
    trail.update(objects, true, t0, t1, 2, -1);
    ASSERT_EQ(trail.counts().objects, 1); // the ball; the box stands still
    ASSERT_EQ(trail.counts().poses, 4);
    const auto& ghosts = trail.drawing().meshes;
    ASSERT_EQ(ghosts.size(), 4u);
    std::vector<Pose> want;
    for (int k = 0; k < 4; ++k) {
        objects.poses(t0 + (t1 - t0) * k / 3, want);
        EXPECT_EQ(ghosts[std::size_t(k)].pose, want[1]) << k;
        EXPECT_LT(k ? ghosts[std::size_t(k) - 1].color.a : 0.0f,
                  ghosts[std::size_t(k)].color.a); // start faint
    }
    EXPECT_EQ(trail.drawing().lines.size(), 2u * 9 * 16); // 9 points' paths, 16 segments each
    // The row off, a discrete view, the start instant, a selected object that stands still: nothing.
    trail.update(objects, false, t0, t1, 2, -1);
    EXPECT_FALSE(trail.drawn());
    trail.update(objects, true, t0, t0, 2, -1);
    EXPECT_FALSE(trail.drawn());
    trail.update(objects, true, t0, t1, 2, 0);
    EXPECT_FALSE(trail.drawn());
    s.set(MotionTrail::row(), false);
    trail.update(objects, true, t0, t1, 2, 1);
    EXPECT_FALSE(trail.drawn());
}

TEST(MotionTrail, AppliesToTheContinuousAlgorithms) {
    int continuous = 0;
    for (const AlgorithmInfo& a : AlgorithmRegistry::instance().list()) {
        EXPECT_EQ(MotionTrail::appliesTo(a), a.kind == AlgorithmKind::Continuous) << a.name;
        EXPECT_EQ(overlayApplies(overlayRow(MotionTrail::row()), a), MotionTrail::appliesTo(a)) << a.name;
        continuous += MotionTrail::appliesTo(a);
    }
    EXPECT_GE(continuous, 3); // rigid-ccd, rigid-ccd-bm, catch at least
    EXPECT_NE(AlgorithmRegistry::instance().find("bvh"), nullptr);
    EXPECT_FALSE(MotionTrail::appliesTo(*AlgorithmRegistry::instance().find("bvh")));
}
