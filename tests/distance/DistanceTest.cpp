// Mesh–mesh distance (distance/MeshDistance.h): the RSS-tree query against the brute-force reference on
// fixed-seed random placements of small meshes and polygon soups (slivers and collapsed triangles included),
// with a guard that 30-70 % of the placements are within 1 % of touching (also with an upper bound just
// above the distance, as CATCH's witness asks); the options (stopBelow, upperBound); empty, one-triangle and
// degenerate meshes.
#include "distance/MeshDistance.h"

#include "TestUtil.h"
#include "core/InputError.h"
#include "distance/DistanceMethodRegistry.h"
#include "geometry/Quat.h"
#include "mesh/ProceduralMeshes.h"
#include "peers/Peers.h"
#include "scene/MeshDataCache.h"

#include "RandomShapes.h"

#include <gtest/gtest.h>
#include <random>

using namespace cdlab;

namespace {

using test::radius;
using test::randomRotation;
using test::randomSoup;

void expectSame(const MeshDistanceResult& tree, const MeshDistanceResult& brute, const std::string& what) {
    ASSERT_EQ(tree.found(), brute.found()) << what;
    if (!brute.found()) return;
    ASSERT_NEAR(tree.distance, brute.distance, 1e-12 * std::max(1.0, brute.distance)) << what;
    ASSERT_EQ(tree.triA, brute.triA) << what;
    ASSERT_EQ(tree.triB, brute.triB) << what;
    ASSERT_EQ(tree.featureA, brute.featureA) << what;
    ASSERT_EQ(tree.featureB, brute.featureB) << what;
    ASSERT_EQ(tree.pointA, brute.pointA) << what;
    ASSERT_EQ(tree.pointB, brute.pointB) << what;
}

/// A fixed set of meshes (sphere, knot, box, soups) and their distance trees.
struct MeshSet {
    explicit MeshSet(std::mt19937_64& rng) {
        meshes.push_back(makeSphere(0.5, 80));
        meshes.push_back(makeTorusKnot(2, 3, 0.5, 0.12, 200));
        meshes.push_back(makeBox({0.6, 0.3, 0.9}, 60));
        for (int i = 0; i < 3; ++i) meshes.push_back(randomSoup(rng, 30 + 15 * i));
        for (const auto& m : meshes) trees.emplace_back(m);
    }
    std::vector<TriangleMesh> meshes;
    std::vector<DistanceTree> trees;
};

/// Placement k: a random pair of the set in random poses; every even one pushed along its closest
/// direction to a gap under 1 % of the size (or into contact). Returns that size.
double placePair(std::mt19937_64& rng, const MeshSet& set, int k, std::size_t& i, std::size_t& j, Pose& pa,
                 Pose& pb) {
    std::uniform_real_distribution<double> u(0, 1);
    std::uniform_int_distribution<std::size_t> pick(0, set.meshes.size() - 1);
    i = pick(rng), j = pick(rng);
    double size = radius(set.meshes[i]) + radius(set.meshes[j]);
    pa = {randomRotation(rng), Vec3{u(rng), u(rng), u(rng)} * 0.2};
    Vec3 dir = randomRotation(rng) * Vec3{1, 0, 0};
    pb = {randomRotation(rng), pa.t + dir * (size * (0.7 + 0.8 * u(rng)))};
    if (k % 2 == 0) { // near touching: close the gap along the closest points' direction
        MeshDistanceResult d = meshDistance(set.trees[i], pa, set.trees[j], pb);
        if (d.distance > 0) {
            Vec3 toward = (d.pointA - d.pointB) / d.distance;
            pb.t += toward * (d.distance - u(rng) * 0.01 * size * (k % 10 == 0 ? 0 : 1));
        }
    }
    return size;
}

/// `placements` random poses of mesh pairs from a fixed set (placePair). Returns the fraction within 1 %
/// of touching.
double compareOnRandomPlacements(std::uint64_t seed, int placements) {
    std::mt19937_64 rng(seed);
    MeshSet set(rng);
    const auto& meshes = set.meshes;
    const auto& trees = set.trees;
    int near = 0;
    for (int k = 0; k < placements; ++k) {
        std::size_t i = 0, j = 0;
        Pose pa, pb;
        double size = placePair(rng, set, k, i, j, pa, pb);
        DistanceStats treeStats, bruteStats;
        MeshDistanceResult tree = meshDistance(trees[i], pa, trees[j], pb, {}, &treeStats);
        MeshDistanceResult brute = bruteForceDistance(meshes[i], pa, meshes[j], pb, {}, &bruteStats);
        expectSame(tree, brute,
                   "placement " + std::to_string(k) + " meshes " + std::to_string(i) + ", " +
                       std::to_string(j));
        if (::testing::Test::HasFatalFailure()) return 0;
        // CATCH's witness query (TimeOfContactSearch): an upper bound just above the distance (as epsilon
        // is at a TOC) gives the same answer to the last bit.
        if (brute.found()) {
            DistanceOptions bounded;
            bounded.upperBound = brute.distance * (1 + 1e-6) + 1e-12;
            expectSame(meshDistance(trees[i], pa, trees[j], pb, bounded), brute,
                       "bounded placement " + std::to_string(k));
        }
        if (::testing::Test::HasFatalFailure()) return 0;
        near += brute.distance < 0.01 * size;
    }
    return double(near) / placements;
}

} // namespace

TEST(Distance, TreeEqualsBruteForceOnRandomPlacements) {
    double nearFraction = compareOnRandomPlacements(7, 1000);
    EXPECT_GE(nearFraction, 0.3);
    EXPECT_LE(nearFraction, 0.7);
}

// The 10,000-placement version (slow label: tens of seconds under the sanitizers).
TEST(Distance, TreeEqualsBruteForceOnTenThousandPlacements) {
    double nearFraction = compareOnRandomPlacements(2026, 10000);
    EXPECT_GE(nearFraction, 0.3);
    EXPECT_LE(nearFraction, 0.7);
}

// Interpenetrating meshes, where many triangle pairs intersect (distance 0) and the tie rule picks the
// smallest (triA, triB): the exact query skips node pairs at the tie distance whose smallest triangle
// indices cannot win (DistanceNode::minTri) and visits equal lower bounds in index order; the brute-force
// reference tests every pair in index order. Guard: 30-70 % of the placements intersect. (Mutations checked
// by hand: a prune that skips every tie fails here once the order is not by index; with the index order,
// the first touching leaf is the winner and the prune is what skips the rest.)
TEST(Distance, TreeEqualsBruteForceOnInterpenetratingPlacements) {
    std::mt19937_64 rng(42);
    MeshSet set(rng);
    std::uniform_real_distribution<double> u(0, 1);
    const int placements = 2000;
    int intersecting = 0;
    for (int k = 0; k < placements; ++k) {
        std::size_t i = 0, j = 0;
        Pose pa, pb;
        const double size = placePair(rng, set, 1, i, j, pa, pb); // apart, then pushed in below
        MeshDistanceResult d = meshDistance(set.trees[i], pa, set.trees[j], pb);
        if (d.found() && d.distance > 0) {
            const Vec3 toward = (d.pointA - d.pointB) / d.distance;
            pb.t += toward * (d.distance + (u(rng) - 0.2) * 0.3 * size); // up to 24 % of the size deep
        }
        MeshDistanceResult tree = meshDistance(set.trees[i], pa, set.trees[j], pb);
        MeshDistanceResult brute = bruteForceDistance(set.meshes[i], pa, set.meshes[j], pb);
        expectSame(tree, brute, "placement " + std::to_string(k));
        if (HasFatalFailure()) return;
        // CATCH's witness query: an upper bound just above 0 (a TOC's pair within epsilon) keeps the tie
        // rule.
        DistanceOptions bounded;
        bounded.upperBound = 1e-9;
        if (brute.distance == 0)
            expectSame(meshDistance(set.trees[i], pa, set.trees[j], pb, bounded), brute,
                       "bounded placement " + std::to_string(k));
        if (HasFatalFailure()) return;
        intersecting += brute.distance == 0;
    }
    EXPECT_GE(intersecting, placements * 3 / 10);
    EXPECT_LE(intersecting, placements * 7 / 10);
}

// relativeError's contract, what conservative advancement steps by (zhang2007 sec. 3.4: a step d / mu is
// safe only when d is not above the true distance): lowerBound <= true distance <= distance <= (1 + err) *
// lowerBound, `distance` being the reported triangle pair's; brute force beside it, on the placements of
// TreeEqualsBruteForceOnRandomPlacements (half of them within 1 % of touching).
TEST(Distance, RelativeErrorBoundsTheTrueDistanceFromBelow) {
    std::mt19937_64 rng(4242);
    MeshSet set(rng);
    int near = 0, stoppedEarly = 0, queries = 0;
    for (int k = 0; k < 1500; ++k) {
        std::size_t i = 0, j = 0;
        Pose pa, pb;
        double size = placePair(rng, set, k, i, j, pa, pb);
        MeshDistanceResult truth = bruteForceDistance(set.meshes[i], pa, set.meshes[j], pb);
        ASSERT_TRUE(truth.found());
        near += truth.distance < 0.01 * size;
        for (double err : {0.01, 0.1, 1.0}) {
            DistanceOptions o;
            o.relativeError = err;
            MeshDistanceResult r = meshDistance(set.trees[i], pa, set.trees[j], pb, o);
            std::string what = "placement " + std::to_string(k) + " error " + std::to_string(err);
            ASSERT_TRUE(r.found()) << what;
            ++queries;
            stoppedEarly += r.lowerBound < r.distance;
            const double tol = 1e-12 * std::max(1.0, truth.distance);
            ASSERT_LE(r.lowerBound, truth.distance + tol) << what;
            ASSERT_GE(r.distance, truth.distance - tol) << what;
            ASSERT_LE(r.distance, (1 + err) * r.lowerBound + tol) << what;
            // and `distance` is the reported pair's own
            Vec3 x[3], y[3];
            set.meshes[i].corners(r.triA, x[0], x[1], x[2]);
            set.meshes[j].corners(r.triB, y[0], y[1], y[2]);
            for (auto& v : x) v = pa.apply(v);
            for (auto& v : y) v = pb.apply(v);
            ASSERT_EQ(triangleDistance(x[0], x[1], x[2], y[0], y[1], y[2]).distance, r.distance) << what;
        }
    }
    EXPECT_GE(near, 1500 * 3 / 10);
    EXPECT_LE(near, 1500 * 7 / 10);
    // The early stop happens (else the bounds would be the exact distance and this tested nothing).
    EXPECT_GT(stoppedEarly, queries / 10) << stoppedEarly << " of " << queries;
}

TEST(Distance, OneTriangleMeshesGiveTheTriangleDistance) {
    TriangleMesh a, b;
    a.vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    a.triangles = {{0, 1, 2}};
    b.vertices = {{0.2, 0.2, 1}, {2, 0.2, 1}, {0.2, 2, 1}};
    b.triangles = {{0, 1, 2}};
    Pose id;
    DistanceTree ta(a), tb(b);
    MeshDistanceResult r = meshDistance(ta, id, tb, id);
    ASSERT_TRUE(r.found());
    EXPECT_EQ(r.distance, 1);
    EXPECT_EQ(r.featureA, MeshFeature::face(0));
    EXPECT_EQ(r.featureB, MeshFeature::vertex(0));
    expectSame(r, bruteForceDistance(a, id, b, id), "one triangle");
    // Moved by the poses: 1 further apart.
    Pose up{Mat3::identity(), {0, 0, 1}};
    EXPECT_EQ(meshDistance(ta, id, tb, up).distance, 2);
}

TEST(Distance, EmptyMeshesFindNothingAndBadMeshesAreNamed) {
    TriangleMesh empty, one;
    empty.name = "empty";
    one.vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    one.triangles = {{0, 1, 2}};
    DistanceTree te(empty), to(one);
    EXPECT_TRUE(te.empty());
    EXPECT_FALSE(meshDistance(te, {}, to, {}).found());
    EXPECT_FALSE(meshDistance(to, {}, te, {}).found());
    EXPECT_FALSE(bruteForceDistance(empty, {}, one, {}).found());
    TriangleMesh bad = one;
    bad.name = "bad.obj";
    bad.triangles.push_back({0, 1, 7});
    try {
        DistanceTree t(bad);
        FAIL() << "no error";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("bad.obj: triangle 1"), std::string::npos) << e.what();
    }
    EXPECT_THROW(bruteForceDistance(bad, {}, one, {}), InputError);
    bad.triangles.pop_back();
    bad.vertices[0].x = NAN;
    EXPECT_THROW(DistanceTree{bad}, InputError);
}

TEST(Distance, CollapsedMeshesAreSegmentsAndPoints) {
    // Every triangle collapsed (a mesh validate() refuses): the distance is still defined.
    TriangleMesh a, b;
    a.vertices = {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {5, 5, 5}};
    a.triangles = {{0, 1, 2}, {3, 3, 3}};
    b.vertices = {{0.5, 1, -1}, {0.5, 1, 1}, {0.5, 1, 1}};
    b.triangles = {{0, 1, 2}};
    DistanceTree ta(a), tb(b);
    MeshDistanceResult r = meshDistance(ta, {}, tb, {});
    EXPECT_EQ(r.distance, 1);
    EXPECT_EQ(r.triA, 0u);
    expectSame(r, bruteForceDistance(a, {}, b, {}), "collapsed");
}

TEST(Distance, StopBelowAndUpperBound) {
    std::mt19937_64 rng(99);
    TriangleMesh a = makeTorusKnot(2, 3, 0.5, 0.12, 400), b = makeSphere(0.3, 200);
    DistanceTree ta(a), tb(b);
    int stoppedEarly = 0;
    for (int k = 0; k < 200; ++k) {
        Pose pa{randomRotation(rng), {}};
        Pose pb{randomRotation(rng), randomRotation(rng) * Vec3{0.55 + 0.004 * k, 0, 0}};
        MeshDistanceResult full = meshDistance(ta, pa, tb, pb);
        ASSERT_TRUE(full.found());
        // upperBound: the same answer when something is closer, nothing otherwise (at the minimum too).
        for (double ub : {full.distance * 1.5, full.distance, full.distance * 0.5}) {
            DistanceOptions o;
            o.upperBound = ub;
            MeshDistanceResult r = meshDistance(ta, pa, tb, pb, o), rb = bruteForceDistance(a, pa, b, pb, o);
            if (full.distance < ub) {
                expectSame(r, full, "upperBound above");
                expectSame(rb, full, "upperBound above, brute force");
            } else {
                EXPECT_FALSE(r.found());
                EXPECT_FALSE(rb.found());
            }
        }
        // stopBelow: a pair closer than it, a true pair's distance; the minimum when none is closer.
        DistanceOptions o;
        o.stopBelow = full.distance * 1.3 + 1e-3;
        DistanceStats fullStats, stopStats;
        meshDistance(ta, pa, tb, pb, {}, &fullStats);
        MeshDistanceResult r = meshDistance(ta, pa, tb, pb, o, &stopStats);
        ASSERT_LT(r.distance, o.stopBelow);
        ASSERT_GE(r.distance, full.distance);
        Vec3 x[3], y[3];
        a.corners(r.triA, x[0], x[1], x[2]);
        b.corners(r.triB, y[0], y[1], y[2]);
        for (auto& v : x) v = pa.apply(v);
        for (auto& v : y) v = pb.apply(v);
        EXPECT_EQ(triangleDistance(x[0], x[1], x[2], y[0], y[1], y[2]).distance, r.distance);
        stoppedEarly += stopStats.triTests < fullStats.triTests;
        MeshDistanceResult rb = bruteForceDistance(a, pa, b, pb, o);
        EXPECT_LT(rb.distance, o.stopBelow);
        o.stopBelow = full.distance * 0.9;
        expectSame(meshDistance(ta, pa, tb, pb, o), full, "stopBelow below the minimum");
    }
    EXPECT_GT(stoppedEarly, 100); // stopping saves work on most of them
}

TEST(Distance, RegistryRunsEveryMethodByName) {
    registerPeerAlgorithms(AlgorithmRegistry::instance());
    const auto& registry = DistanceMethodRegistry::instance();
    ASSERT_NE(registry.find("rss"), nullptr);
    ASSERT_NE(registry.find("brute-force"), nullptr);
    EXPECT_EQ(registry.find("nope"), nullptr);
    EXPECT_EQ(registry.list().front().name, "rss"); // ours first
#ifdef CDLAB_HAVE_FCL
    ASSERT_NE(registry.find("fcl"), nullptr);
    EXPECT_EQ(registry.list().back().role, Role::Peer);
#endif
    std::mt19937_64 rng(5);
    TriangleMesh a = makeTorusKnot(2, 3, 0.5, 0.12, 600), b = makeSphere(0.3, 300);
    std::vector<DistanceMethod> methods = registry.list();
    std::vector<std::shared_ptr<const DistanceModel>> ma, mb;
    for (const auto& m : methods) ma.push_back(m.prepare(a)), mb.push_back(m.prepare(b));
    for (int k = 0; k < 50; ++k) {
        Pose pa{randomRotation(rng), {}};
        Pose pb{randomRotation(rng), randomRotation(rng) * Vec3{0.6 + 0.01 * k, 0, 0}};
        MeshDistanceResult reference = bruteForceDistance(a, pa, b, pb);
        for (std::size_t i = 0; i < methods.size(); ++i) {
            MeshDistanceResult r = methods[i].query(*ma[i], pa, *mb[i], pb, {}, nullptr);
            ASSERT_TRUE(r.found()) << methods[i].name;
            // Every method finds the minimum: the peer to 1e-9 relative (its own arithmetic), ours exactly.
            if (methods[i].role == Role::Peer)
                EXPECT_NEAR(r.distance, reference.distance, 1e-9 * reference.distance) << methods[i].name;
            else
                expectSame(r, reference, methods[i].name);
        }
    }
}

TEST(Distance, TreesAreSharedThroughTheMeshDataCache) {
    Scene scene = test::bundled("knot_teapot.json");
    MeshDataCache cache(scene);
    const TriangleMesh& knot = *scene.bodies[0].mesh;
    const TriangleMesh& teapot = *scene.bodies[1].mesh;
    int builds = 0;
    auto tree = [&](const TriangleMesh& mesh) {
        return cache.get<DistanceTree>(mesh, DistanceTree::cacheKey(), [&] {
            ++builds;
            return DistanceTree(mesh);
        });
    };
    auto a = tree(knot), b = tree(teapot), again = tree(knot);
    EXPECT_EQ(builds, 2);
    EXPECT_EQ(a.get(), again.get());
    EXPECT_EQ(a->mesh(), &knot); // the cache pins the scene's meshes: the tree's pointer stays valid
    Pose far{Mat3::identity(), {0, 0, 10}};
    MeshDistanceResult r = meshDistance(*a, {}, *b, far);
    expectSame(r, meshDistance(DistanceTree(knot), {}, DistanceTree(teapot), far), "cached trees");
}
