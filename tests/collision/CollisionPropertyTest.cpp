// Property tests: the BVH collider must report exactly the brute-force set of colliding triangle pairs.
#include "TestUtil.h"
#include "collision/BruteForceCollider.h"
#include "collision/BvhCollider.h"
#include "mesh/ProceduralMeshes.h"

#include <algorithm>
#include <gtest/gtest.h>

using namespace cdlab;

namespace {

struct Shape {
    TriangleMesh mesh;
    double radius; // bounding radius about the origin
};

std::vector<Shape> shapes() {
    std::vector<Shape> s;
    s.push_back({makeSphere(0.5, 300), 0.5});
    s.push_back({makeTorusKnot(2, 3, 0.6, 0.12, 600), 0.75});
    s.push_back({makeBox({0.8, 0.5, 0.3}, 200), 0.5});
    s.push_back({makeCylinder(0.25, 0.9, 250), 0.5});
    s.push_back({makeTeapot(0.15, 400), 0.55});
    return s;
}

/// Random relative placements around the touching distance; every fourth case is snapped to axis-aligned
/// rotations and a coarse grid so coplanar faces and exactly touching boxes occur.
Pose randomPose(test::Rng& rng, double reach, bool snapped) {
    Pose p;
    if (snapped) {
        static const Vec3 axes[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
        p.R = rotationAxisAngle(axes[rng.integer(0, 2)], 1.5707963267948966 * rng.integer(0, 3));
        p.t =
            Vec3{double(rng.integer(-4, 4)), double(rng.integer(-4, 4)), double(rng.integer(-4, 4))} * 0.125;
        return p;
    }
    p.R = rng.rotation();
    p.t = rng.unit() * (reach * rng.uniform(0.3, 1.05));
    return p;
}

void runProperty(BvType bv, std::uint64_t seed) {
    auto all = shapes();
    test::Rng rng(seed);
    BvhCollider fast;
    BruteForceCollider reference;
    const SplitRule rules[] = {SplitRule::LongestSide, SplitRule::MinMax, SplitRule::MinSum,
                               SplitRule::Splatter};
    // One BVH per shape and build option set.
    std::vector<std::vector<Bvh>> bvhs(all.size());
    std::vector<BvhBuildOptions> options;
    for (SplitRule r : rules)
        for (SplitPosition p : {SplitPosition::Mean, SplitPosition::Median})
            options.push_back({bv, r, p, r == SplitRule::MinSum ? 3 : 1});
    for (std::size_t s = 0; s < all.size(); ++s)
        for (const auto& o : options) {
            bvhs[s].emplace_back();
            bvhs[s].back().build(all[s].mesh, o);
        }
    int n = 10000, hits = 0;
    for (int i = 0; i < n; ++i) {
        std::size_t sa = rng.integer(0, int(all.size()) - 1), sb = rng.integer(0, int(all.size()) - 1);
        std::size_t oa = rng.integer(0, int(options.size()) - 1);
        bool snapped = i % 4 == 0;
        Pose pa;
        pa.R = rng.rotation();
        pa.t = rng.vec(-2, 2);
        if (snapped) pa = Pose{};
        Pose rel = randomPose(rng, all[sa].radius + all[sb].radius, snapped);
        Pose pb = pa * rel;
        CollisionBody a{&all[sa].mesh, &bvhs[sa][oa], pa}, b{&all[sb].mesh, &bvhs[sb][oa], pb};
        CollisionResult rf, rr;
        fast.collide(a, b, ContactMode::AllPairs, rf);
        reference.collide(a, b, ContactMode::AllPairs, rr);
        std::sort(rf.pairs.begin(), rf.pairs.end());
        std::sort(rr.pairs.begin(), rr.pairs.end());
        ASSERT_EQ(rf.pairs, rr.pairs) << "case " << i << " shapes " << sa << "," << sb << " option " << oa;
        ASSERT_EQ(rf.counters.pairsFound, rf.pairs.size());
        // First-contact mode agrees on whether there is a contact and reports a real pair.
        CollisionResult first;
        fast.collide(a, b, ContactMode::FirstContact, first);
        ASSERT_EQ(first.colliding(), rr.colliding()) << "case " << i;
        if (first.colliding()) {
            ASSERT_EQ(first.pairs.size(), 1u);
            ASSERT_TRUE(std::binary_search(rr.pairs.begin(), rr.pairs.end(), first.pairs[0]));
        }
        hits += rr.colliding();
    }
    double rate = double(hits) / n;
    EXPECT_GT(rate, 0.3) << "hit rate " << rate;
    EXPECT_LT(rate, 0.7) << "hit rate " << rate;
}

} // namespace

TEST(CollisionProperty, ObbTreeMatchesBruteForce) {
    runProperty(BvType::Obb, 1001);
}
TEST(CollisionProperty, AabbTreeMatchesBruteForce) {
    runProperty(BvType::Aabb, 2002);
}

TEST(CollisionProperty, CountersAreDeterministic) {
    TriangleMesh a = makeTorusKnot(2, 3, 1, 0.2, 3000), b = makeSphere(0.6, 2000);
    Bvh ba, bb;
    ba.build(a, {}), bb.build(b, {});
    Pose pb;
    pb.t = {0.9, 0.1, 0.0};
    BvhCollider c1, c2;
    CollisionResult r1, r2;
    c1.collide({&a, &ba, {}}, {&b, &bb, pb}, ContactMode::AllPairs, r1);
    c2.collide({&a, &ba, {}}, {&b, &bb, pb}, ContactMode::AllPairs, r2);
    CollisionResult r3; // a reused collider (warm caches) must count the same
    c1.collide({&a, &ba, {}}, {&b, &bb, pb}, ContactMode::AllPairs, r3);
    EXPECT_GT(r1.counters.pairsFound, 0u);
    for (const auto* r : {&r2, &r3}) {
        EXPECT_EQ(r1.counters.bvTests, r->counters.bvTests);
        EXPECT_EQ(r1.counters.triTests, r->counters.triTests);
        EXPECT_EQ(r1.counters.nodesVisited, r->counters.nodesVisited);
        EXPECT_EQ(r1.pairs, r->pairs);
    }
}
