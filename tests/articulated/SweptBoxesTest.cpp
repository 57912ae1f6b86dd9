// Swept link boxes (zhang2007 sec. 5.2): on fixed-seed random chains of 1-20 links with random keyframes
// (large rotations included, keys inside frames), every vertex of every link stays inside its box at 1,000
// sampled times of the frame, for both bounds and every Taylor order; and Taylor boxes are the tighter ones
// down long chains (Fig. 5).
#include "articulated/SweptBoxes.h"
#include "ArticulatedTestUtil.h"

#include <gtest/gtest.h>

using namespace cdlab;
using test::randomModel;

namespace {

Obb randomObb(test::Rng& rng) {
    return {rng.vec(-0.3, 0.3),
            rng.rotation(),
            {rng.uniform(0.01, 0.5), rng.uniform(0.01, 0.5), rng.uniform(0.01, 0.5)}};
}

bool inside(const Aabb& b, const Vec3& p) {
    return b.lo.x <= p.x && p.x <= b.hi.x && b.lo.y <= p.y && p.y <= b.hi.y && b.lo.z <= p.z && p.z <= b.hi.z;
}

double volume(const Aabb& b) {
    Vec3 e = b.extent();
    return e.x * e.y * e.z;
}

/// Runs `chains` random chains under `options`, checking containment at `samples` times per frame.
void checkContainment(std::uint64_t seed, int chains, int samples, const SweptBoxOptions& options) {
    test::Rng rng(seed);
    for (int c = 0; c < chains; ++c) {
        int n = rng.integer(1, 20);
        ArticulatedModel m = randomModel(rng, n, rng.uniform() < 0.5 ? 0.6 : 3.1);
        std::vector<Obb> obbs;
        for (int i = 0; i < n; ++i) obbs.push_back(randomObb(rng));
        double t0 = rng.uniform(-0.1, 0.8), t1 = t0 + rng.uniform(0.01, 0.6);
        std::vector<Aabb> boxes;
        sweptBoxes(m.base, chainOf(m), obbs, t0, t1, options, boxes);
        ASSERT_EQ(boxes.size(), std::size_t(n));
        for (int s = 0; s < samples; ++s) {
            double t = t0 + (t1 - t0) * s / (samples - 1);
            std::vector<Pose> poses = m.linkPoses(t);
            for (int i = 0; i < n; ++i)
                for (int k = 0; k < 8; ++k) {
                    Vec3 p = poses[i].apply(obbs[i].corner(k));
                    ASSERT_TRUE(inside(boxes[i], p)) << toString(options.bounds) << " order " << options.order
                                                     << " chain " << c << " link " << i << " corner " << k
                                                     << " at t " << t << " in [" << t0 << ", " << t1 << "]";
                }
        }
    }
}

} // namespace

// 2,000 chains in all: 1,000 for intervals and 200 for each of the five orders, 1,000 times each, in Release;
// the sanitizer build runs the first 20 of each (SweptBoxes.ContainEveryVertexShort).
class SweptBoxesDeep : public testing::TestWithParam<int> {};

TEST_P(SweptBoxesDeep, ContainEveryVertex) {
    int order = GetParam();
    SweptBoxOptions o{order == 0 ? SweptBounds::Interval : SweptBounds::Taylor, std::max(order, 1)};
    checkContainment(4000 + order, order == 0 ? 1000 : 200, 1000, o);
}
INSTANTIATE_TEST_SUITE_P(Shards, SweptBoxesDeep, testing::Values(0, 1, 2, 3, 4, 5));

TEST(SweptBoxes, ContainEveryVertexShort) {
    for (int order = 0; order <= 5; ++order)
        checkContainment(4000 + order, 20, 200,
                         {order == 0 ? SweptBounds::Interval : SweptBounds::Taylor, std::max(order, 1)});
}

TEST(SweptBoxes, ContainEveryVertexWhereKeysAreNearlyEqual) {
    // Keys under 9e-4 rad apart: PoseTrack normalises a linear blend there instead of slerping (Quat::slerp's
    // 0/0 guard); the boxes' margin covers the difference, on long lever arms (joints 40 apart) too.
    test::Rng rng(91);
    for (int c = 0; c < 300; ++c) {
        int n = rng.integer(2, 12);
        ArticulatedModel m = randomModel(rng, n, 8e-4);
        for (Link& l : m.links) l.joint.t = l.joint.t * 40.0;
        std::vector<Obb> obbs;
        for (int i = 0; i < n; ++i) obbs.push_back(randomObb(rng));
        double t0 = rng.uniform(0, 0.5), t1 = t0 + rng.uniform(0.01, 0.5);
        for (SweptBounds bounds : {SweptBounds::Taylor, SweptBounds::Interval}) {
            std::vector<Aabb> boxes;
            sweptBoxes(m.base, chainOf(m), obbs, t0, t1, {bounds, 3}, boxes);
            for (int s = 0; s < 500; ++s) {
                double t = t0 + (t1 - t0) * s / 499;
                std::vector<Pose> poses = m.linkPoses(t);
                for (int i = 0; i < n; ++i)
                    for (int k = 0; k < 8; ++k)
                        ASSERT_TRUE(inside(boxes[i], poses[i].apply(obbs[i].corner(k))))
                            << toString(bounds) << " chain " << c << " link " << i << " t " << t;
            }
        }
    }
}

TEST(SweptBoxes, StaticChainGivesTheLinkBox) {
    test::Rng rng(3);
    ArticulatedModel m = randomModel(rng, 5, 1);
    for (Link& l : m.links) l.motion = PoseTrack({l.motion.keys().front()});
    std::vector<Obb> obbs(5, Obb{{0, 0, 0}, Mat3{}, {1, 2, 3}});
    std::vector<Aabb> boxes;
    sweptBoxes(m.base, chainOf(m), obbs, 0, 1, {}, boxes);
    std::vector<Pose> poses = m.linkPoses(0.5);
    for (int i = 0; i < 5; ++i) {
        Aabb want;
        for (int k = 0; k < 8; ++k) want.grow(poses[i].apply(obbs[i].corner(k)));
        EXPECT_NEAR(length(boxes[i].lo - want.lo), 0, 1e-9);
        EXPECT_NEAR(length(boxes[i].hi - want.hi), 0, 1e-9);
    }
}

TEST(SweptBoxes, TaylorBoxesStayTightDownAChainWhereIntervalsBlowUp) {
    // A 10-link chain, every joint turning 0.3 rad over the frame (Fig. 5's train): interval boxes grow
    // with depth, Taylor boxes stay near the true sweep.
    ArticulatedModel m;
    for (int i = 0; i < 10; ++i) {
        Link l;
        l.parent = i - 1;
        l.joint = {Mat3{}, {i == 0 ? 0.0 : 2.2, 0, 0}};
        l.motion = PoseTrack({{0, {0, 0, 0}, Quat::fromAxisAngle({0, 0, 1}, 0.0)},
                              {1, {0, 0, 0}, Quat::fromAxisAngle({0, 0, 1}, 0.3)}});
        m.links.push_back(l);
    }
    std::vector<Obb> obbs(10, Obb{{1, 0, 0}, Mat3{}, {1, 0.5, 0.5}});
    std::vector<Aabb> taylor, interval;
    sweptBoxes(m.base, chainOf(m), obbs, 0, 1, {SweptBounds::Taylor, 3}, taylor);
    sweptBoxes(m.base, chainOf(m), obbs, 0, 1, {SweptBounds::Interval, 3}, interval);
    double prev = 0;
    for (int i = 0; i < 10; ++i) {
        double ratio = volume(interval[i]) / volume(taylor[i]);
        EXPECT_GE(ratio, 1 - 1e-9) << i;
        if (i > 0) {
            EXPECT_GT(ratio, prev) << "the interval overestimate grows down the chain, link " << i;
        }
        prev = ratio;
    }
    EXPECT_GT(prev, 3);
}
