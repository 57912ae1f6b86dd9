// Distance on hull trees (distance/HullTreeDistance.h) against the brute-force reference: 6,000 fixed-seed
// placements of non-convex meshes, a convex one, mannequin-like links and polygon soups (slivers and
// collapsed triangles included), half pushed to within 1 % of touching or into contact, with a guard that
// 30-70 % end up within 1 % of touching; the distance agrees to 1e-9 relative, the closest points are on the
// surfaces and as far apart as the distance. Each placement is asked twice more after a small motion through
// a warm cache, which must not change the answer. The options (stopBelow, upperBound, relativeError) as
// meshDistance's.
#include "distance/HullTreeDistance.h"

#include "geometry/Quat.h"
#include "mesh/ProceduralMeshes.h"
#include "mesh/Superellipsoid.h"

#include "RandomShapes.h"

#include <gtest/gtest.h>
#include <random>

using namespace cdlab;

namespace {

using test::radius;
using test::randomRotation;
using test::randomSoup;

void expectSame(const TriangleMesh& ma, const Pose& pa, const TriangleMesh& mb, const Pose& pb,
                const MeshDistanceResult& got, const MeshDistanceResult& brute, const std::string& what) {
    ASSERT_EQ(got.found(), brute.found()) << what;
    if (!brute.found()) return;
    ASSERT_NEAR(got.distance, brute.distance, 1e-9 * brute.distance + 1e-15) << what;
    ASSERT_EQ(got.lowerBound, got.distance) << what;
    // The triangles named are that far apart, and the points that far apart.
    ASSERT_NEAR(length(got.pointA - got.pointB), got.distance, 1e-12 * (1 + got.distance)) << what;
    Vec3 a0, a1, a2, b0, b1, b2;
    ma.corners(got.triA, a0, a1, a2);
    mb.corners(got.triB, b0, b1, b2);
    TriangleDistance t =
        triangleDistance(pa.apply(a0), pa.apply(a1), pa.apply(a2), pb.apply(b0), pb.apply(b1), pb.apply(b2));
    ASSERT_NEAR(t.distance, got.distance, 1e-12 * (1 + got.distance)) << what;
}

} // namespace

TEST(HullTreeDistance, EqualsBruteForceOnSixThousandPlacements) {
    std::mt19937_64 rng(20070801);
    std::vector<TriangleMesh> meshes;
    meshes.push_back(makeTorusKnot(2, 3, 0.5, 0.12, 600));
    meshes.push_back(makeSphere(0.5, 200));
    meshes.push_back(makeBox({0.6, 0.3, 0.9}, 60));
    meshes.push_back(
        makeSuperellipsoid(Superellipsoid{{0.15, 0.15, 0.45}, 0.6, 0.9}, 600)); // a mannequin-like limb
    meshes.back().name = "limb";
    for (int i = 0; i < 3; ++i) meshes.push_back(randomSoup(rng, 30 + 15 * i));
    std::vector<HullTree> trees;
    for (std::size_t i = 0; i < meshes.size(); ++i) trees.emplace_back(meshes[i], i % 2 ? 8 : 64);
    std::uniform_real_distribution<double> u(0, 1);
    std::uniform_int_distribution<std::size_t> pick(0, meshes.size() - 1);
    const int placements = 6000;
    int near = 0;
    HullDistanceStats stats;
    for (int k = 0; k < placements; ++k) {
        std::size_t i = pick(rng), j = pick(rng);
        const double size = radius(meshes[i]) + radius(meshes[j]);
        Pose pa{randomRotation(rng), Vec3{u(rng), u(rng), u(rng)} * 0.2};
        Vec3 dir = randomRotation(rng) * Vec3{1, 0, 0};
        Pose pb{randomRotation(rng), pa.t + dir * (size * (0.7 + 0.8 * u(rng)))};
        if (k % 2 == 0) { // near touching: close the gap along the closest points' direction
            MeshDistanceResult d = bruteForceDistance(meshes[i], pa, meshes[j], pb);
            if (d.distance > 0) {
                Vec3 toward = (d.pointA - d.pointB) / d.distance;
                pb.t += toward * (d.distance - u(rng) * 0.01 * size * (k % 10 == 0 ? 0 : 1));
            }
        }
        const std::string what =
            "placement " + std::to_string(k) + " meshes " + meshes[i].name + ", " + meshes[j].name;
        MeshDistanceResult brute = bruteForceDistance(meshes[i], pa, meshes[j], pb);
        HullPairCache cache;
        MeshDistanceResult got = hullTreeDistance(trees[i], pa, trees[j], pb, {}, &stats, &cache);
        expectSame(meshes[i], pa, meshes[j], pb, got, brute, what);
        if (::testing::Test::HasFatalFailure()) return;
        // Coherence: a small motion, then the same query through the warm cache.
        pb.t += randomRotation(rng) * Vec3{1, 0, 0} * (0.002 * size);
        pb.R = pb.R * rotationFromQuaternion(0.9999, 0.01, 0, 0);
        brute = bruteForceDistance(meshes[i], pa, meshes[j], pb);
        got = hullTreeDistance(trees[i], pa, trees[j], pb, {}, &stats, &cache);
        expectSame(meshes[i], pa, meshes[j], pb, got, brute, what + " (warm)");
        if (::testing::Test::HasFatalFailure()) return;
        near += brute.distance < 0.01 * size;
    }
    double fraction = double(near) / placements;
    EXPECT_GE(fraction, 0.3);
    EXPECT_LE(fraction, 0.7);
    std::printf("hull trees: %.1f node pairs, %.1f GJK runs (%.1f iterations), %.1f triangle pairs a query\n",
                double(stats.nodePairs) / (2 * placements), double(stats.gjkCalls) / (2 * placements),
                double(stats.gjkIterations) / (2 * placements), double(stats.triTests) / (2 * placements));
}

TEST(HullTreeDistance, OptionsAsMeshDistance) {
    TriangleMesh knot = makeTorusKnot(2, 3, 0.5, 0.12, 600), sphere = makeSphere(0.3, 200);
    HullTree ta(knot), tb(sphere);
    Pose pa{}, pb{Mat3{}, Vec3{1.2, 0.1, 0.05}};
    MeshDistanceResult exact = bruteForceDistance(knot, pa, sphere, pb);
    ASSERT_TRUE(exact.found());
    // upperBound below the distance: nothing found, the lower bound is the upper bound.
    DistanceOptions o;
    o.upperBound = exact.distance * 0.5;
    MeshDistanceResult r = hullTreeDistance(ta, pa, tb, pb, o);
    EXPECT_FALSE(r.found());
    EXPECT_EQ(r.lowerBound, o.upperBound);
    // stopBelow above the distance: some pair under it, lower bound 0.
    o = {};
    o.stopBelow = exact.distance * 2;
    r = hullTreeDistance(ta, pa, tb, pb, o);
    ASSERT_TRUE(r.found());
    EXPECT_LT(r.distance, o.stopBelow);
    EXPECT_EQ(r.lowerBound, 0);
    // relativeError: lower bound <= true distance <= distance <= (1 + err) lower bound.
    o = {};
    o.relativeError = 0.1;
    r = hullTreeDistance(ta, pa, tb, pb, o);
    ASSERT_TRUE(r.found());
    EXPECT_LE(r.lowerBound, exact.distance * (1 + 1e-12));
    EXPECT_GE(r.distance, exact.distance * (1 - 1e-12));
    EXPECT_LE(r.distance, (1 + o.relativeError) * r.lowerBound * (1 + 1e-12));
    // Empty trees find nothing.
    TriangleMesh empty;
    HullTree te(empty);
    EXPECT_FALSE(hullTreeDistance(te, pa, tb, pb).found());
}
