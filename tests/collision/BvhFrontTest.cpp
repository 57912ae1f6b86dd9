// The coherent traversal (BvhFront.h, generalised front tracking) against the plain one: the same contact
// pairs on every frame of every bundled rigid scene and on thousands of random motions. Only the work
// counters may differ (bv_tests, nodes_visited, tri_tests: BvhFront.h says why); pairs never.
#include "BundledScenes.h"
#include "TestPaths.h"
#include "TestUtil.h"
#include "collision/BvhCollider.h"
#include "mesh/ProceduralMeshes.h"
#include "pipeline/AlgorithmRegistry.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

using namespace cdlab;

namespace {

std::vector<TrianglePair> sorted(std::vector<TrianglePair> p) {
    std::sort(p.begin(), p.end());
    return p;
}

/// Random motions of a torus knot against a teapot: each trajectory a random start and a small random
/// velocity (a few percent of the bodies' size per step, turning a few degrees), so the front is reused from
/// step to step, descends where the bodies come together and rises where they part.
void expectSameContactsOnRandomMotions(BvType bv, int leaf) {
    const TriangleMesh knot = makeTorusKnot(2, 3, 1.0, 0.3, 1500);
    const TriangleMesh pot = makeTeapot(1.0, 1500);
    BvhBuildOptions o;
    o.bvType = bv;
    o.maxLeafTriangles = leaf;
    Bvh bk, bp;
    bk.build(knot, o), bp.build(pot, o);
    const BvhParents parentsK = bvhParents(bk), parentsP = bvhParents(bp);
    test::Rng rng(46); // the same motions for every tree type
    BvhCollider plain, coherent;
    constexpr int kTrajectories = 50, kSteps = 50; // 2,500 queries
    int colliding = 0, raisedOrLowered = 0;
    for (int tr = 0; tr < kTrajectories; ++tr) {
        BvhFront front;
        Pose pose{rng.rotation(), rng.vec(-1.2, 1.2)};
        const Vec3 velocity = rng.vec(-0.06, 0.06), axis = rng.unit();
        const double spin = rng.uniform(-0.06, 0.06);
        const Mat3 turn = Quat::fromAxisAngle(axis, spin).toMat3();
        for (int s = 0; s < kSteps; ++s) {
            pose = {turn * pose.R, pose.t + velocity};
            const CollisionBody a{&knot, &bk, Pose{}}, b{&pot, &bp, pose};
            CollisionResult want, got;
            plain.collide(a, b, ContactMode::AllPairs, want);
            const std::size_t before = front.entries().size();
            coherent.collideCoherent(a, b, parentsK, parentsP, front, got);
            raisedOrLowered += front.entries().size() != before;
            ASSERT_EQ(sorted(got.pairs), sorted(want.pairs)) << "trajectory " << tr << ", step " << s;
            EXPECT_EQ(got.counters.pairsFound, want.counters.pairsFound);
            // A leaf pair is tested by the front whenever the plain traversal reaches it (never fewer).
            EXPECT_GE(got.counters.triTests, want.counters.triTests);
            colliding += !want.pairs.empty();
        }
    }
    // Hit-rate guard, and the front must actually move (else the test compares two root traversals).
    const double rate = colliding / double(kTrajectories * kSteps);
    EXPECT_GT(rate, 0.3);
    EXPECT_LT(rate, 0.7);
    EXPECT_GT(raisedOrLowered, kTrajectories * kSteps / 4);
}

} // namespace

TEST(BvhFront, CoherentTraversalFindsThePlainContactsOnRandomMotionsObb) {
    expectSameContactsOnRandomMotions(BvType::Obb, 1);
}

TEST(BvhFront, CoherentTraversalFindsThePlainContactsOnRandomMotionsAabbLeaf4) {
    expectSameContactsOnRandomMotions(BvType::Aabb, 4);
}

TEST(BvhFront, FrontBvhEqualsBvhOnEveryFrameOfEveryBundledRigidScene) {
    const std::vector<std::string> scenes = test::bundledSceneNames();
    ASSERT_GE(scenes.size(), 9u);
    int compared = 0;
    for (const auto& name : scenes) {
        Scene scene = test::bundled(name);
        if (!scene.models.empty()) continue; // articulated scenes: the discrete collider is not pinned there
        auto plain = AlgorithmRegistry::instance().create("bvh", {});
        auto coherent = AlgorithmRegistry::instance().create("bvh", {{"front", "true"}});
        plain->prepare(scene), coherent->prepare(scene);
        std::uint64_t bvPlain = 0, bvFront = 0;
        for (int f = 0; f < scene.frames; ++f) {
            const double t = scene.frameTime(f, scene.frames);
            FrameResult want = plain->step(t - scene.frameLength(), t);
            FrameResult got = coherent->step(t - scene.frameLength(), t);
            ASSERT_EQ(got.contacts.size(), want.contacts.size()) << name << " frame " << f;
            for (std::size_t i = 0; i < want.contacts.size(); ++i) {
                ASSERT_EQ(got.contacts[i].objectA, want.contacts[i].objectA) << name << " frame " << f;
                ASSERT_EQ(got.contacts[i].objectB, want.contacts[i].objectB) << name << " frame " << f;
                ASSERT_EQ(got.contacts[i].pairs, want.contacts[i].pairs) << name << " frame " << f;
            }
            ASSERT_EQ(got.hash(), want.hash()) << name << " frame " << f;
            bvPlain += want.counters.get(counter::BvTests), bvFront += got.counters.get(counter::BvTests);
        }
        ++compared;
        RecordProperty(name, std::to_string(bvFront) + " of " + std::to_string(bvPlain) + " BV tests");
    }
    EXPECT_GE(compared, 8);
}
