#include "bvh/Bvh.h"
#include "TestUtil.h"
#include "mesh/ProceduralMeshes.h"

#include <gtest/gtest.h>

using namespace cdlab;

namespace {

/// Every vertex of every triangle under a node lies inside the node's box (exactly: no tolerance).
void expectContainment(const Bvh& bvh, const TriangleMesh& mesh) {
    const auto& nodes = bvh.nodes();
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        Obb box = bvh.nodeBox(i);
        for (std::uint32_t k = nodes[i].firstTri; k < nodes[i].firstTri + nodes[i].triCount; ++k)
            for (std::uint32_t v : mesh.triangles[bvh.triIndex()[k]]) {
                Vec3 d = mesh.vertices[v] - box.center;
                for (int a = 0; a < 3; ++a)
                    ASSERT_LE(std::fabs(dot(box.axes.r[a], d)), box.halfSize[a])
                        << "node " << i << " axis " << a;
            }
    }
}

void expectStructure(const Bvh& bvh, const TriangleMesh& mesh, int maxLeaf) {
    const auto& nodes = bvh.nodes();
    ASSERT_FALSE(nodes.empty());
    EXPECT_EQ(nodes[0].triCount, mesh.triangleCount());
    std::vector<int> seen(mesh.triangleCount(), 0);
    std::size_t leaves = 0;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const BvhNode& n = nodes[i];
        if (n.isLeaf()) {
            ++leaves;
            EXPECT_LE(n.triCount, static_cast<std::uint32_t>(maxLeaf));
            EXPECT_GE(n.triCount, 1u);
            for (std::uint32_t k = n.firstTri; k < n.firstTri + n.triCount; ++k) seen[bvh.triIndex()[k]]++;
            continue;
        }
        const BvhNode &l = nodes[n.firstChild], &r = nodes[n.firstChild + 1];
        EXPECT_GT(n.firstChild, i); // children after parents: reverse order is bottom-up
        EXPECT_EQ(l.depth, n.depth + 1);
        EXPECT_EQ(r.depth, n.depth + 1);
        EXPECT_EQ(l.firstTri, n.firstTri);
        EXPECT_EQ(r.firstTri, l.firstTri + l.triCount);
        EXPECT_EQ(l.triCount + r.triCount, n.triCount);
        EXPECT_GT(l.triCount, 0u);
        EXPECT_GT(r.triCount, 0u);
    }
    for (int s : seen) ASSERT_EQ(s, 1); // every triangle in exactly one leaf
    EXPECT_EQ(leaves, bvh.stats().leaves);
    EXPECT_GT(bvh.stats().memoryBytes, 0u);
}

} // namespace

TEST(Bvh, AllBuildOptionsGiveValidTrees) {
    TriangleMesh mesh = makeTorusKnot(2, 3, 1, 0.2, 2000);
    for (BvType bv : {BvType::Aabb, BvType::Obb})
        for (SplitRule rule :
             {SplitRule::LongestSide, SplitRule::MinMax, SplitRule::MinSum, SplitRule::Splatter})
            for (SplitPosition pos : {SplitPosition::Mean, SplitPosition::Median})
                for (int leaf : {1, 4}) {
                    SCOPED_TRACE(std::string(toString(bv)) + "/" + toString(rule) + "/" + toString(pos) +
                                 "/" + std::to_string(leaf));
                    Bvh bvh;
                    bvh.build(mesh, {bv, rule, pos, leaf});
                    expectStructure(bvh, mesh, leaf);
                    expectContainment(bvh, mesh);
                    if (pos == SplitPosition::Median) { // balanced: depth close to log2(leaves)
                        EXPECT_LE(bvh.stats().maxDepth, 2 + std::ceil(std::log2(double(bvh.stats().leaves))));
                    }
                }
}

TEST(Bvh, HandlesCoincidentCentroidsAndDegenerateTriangles) {
    // Many identical triangles plus slivers: the mean split cannot separate them and must fall back.
    TriangleMesh mesh;
    mesh.vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {2, 2, 2}, {3, 3, 3}};
    for (int i = 0; i < 50; ++i) mesh.triangles.push_back({0, 1, 2});
    for (int i = 0; i < 10; ++i) mesh.triangles.push_back({3, 4, 3});
    mesh.computeFaceNormals();
    for (BvType bv : {BvType::Aabb, BvType::Obb}) {
        Bvh bvh;
        bvh.build(mesh, {bv, SplitRule::MinMax, SplitPosition::Mean, 1});
        expectStructure(bvh, mesh, 1);
        expectContainment(bvh, mesh);
    }
}

TEST(Bvh, RefitFollowsDeformation) {
    TriangleMesh mesh = makeSphere(1, 1500);
    test::Rng rng(3);
    for (BvType bv : {BvType::Aabb, BvType::Obb}) {
        TriangleMesh m = mesh;
        Bvh bvh;
        bvh.build(m, {bv, SplitRule::LongestSide, SplitPosition::Mean, 2});
        // Sine warp plus noise: the old boxes no longer contain the vertices, the refitted ones must.
        for (Vec3& v : m.vertices)
            v = v + Vec3{0.3 * std::sin(3 * v.y), 0.2 * std::cos(2 * v.x), 0} + rng.vec(-0.05, 0.05);
        bvh.refit(m);
        expectStructure(bvh, m, 2);
        expectContainment(bvh, m);
    }
}

TEST(Bvh, ProgressIsReportedAndReachesOne) {
    TriangleMesh mesh = makeSphere(1, 20000);
    std::vector<double> reports;
    Bvh bvh;
    bvh.build(mesh, {}, [&](double f) { reports.push_back(f); });
    ASSERT_GT(reports.size(), 10u);
    EXPECT_DOUBLE_EQ(reports.back(), 1.0);
    for (std::size_t i = 1; i < reports.size(); ++i) EXPECT_GE(reports[i], reports[i - 1]);
}

TEST(Bvh, ObbIsNoLargerThanTheBoxInTheMeshAxes) {
    // A door is built from axis-aligned parts; where a node mixes parts of different sizes the covariance
    // frame tilts and its box grows. Every OBB must be at most the box of the same triangles in the mesh's
    // axes (both are inflated alike), and on the door some nodes must take that box.
    TriangleMesh door = makeDoor(0.9, 2.0, 0.045, 3500); // the Table 1 door
    for (SplitRule rule : {SplitRule::LongestSide, SplitRule::MinMax}) {
        Bvh obb, aabb;
        obb.build(door, {BvType::Obb, rule, SplitPosition::Median, 1});
        aabb.build(door, {BvType::Aabb, rule, SplitPosition::Median, 1}); // for the inflation only
        expectContainment(obb, door);
        std::size_t aligned = 0, tilted = 0;
        const auto& nodes = obb.nodes();
        for (std::size_t i = 0; i < nodes.size(); ++i) {
            Aabb box;
            for (std::uint32_t k = nodes[i].firstTri; k < nodes[i].firstTri + nodes[i].triCount; ++k)
                for (std::uint32_t v : door.triangles[obb.triIndex()[k]]) box.grow(door.vertices[v]);
            Vec3 e = box.extent() * 0.5 + (aabb.nodeBox(0).halfSize - door.bounds().extent() * 0.5);
            Obb b = obb.nodeBox(i);
            double vol = b.halfSize.x * b.halfSize.y * b.halfSize.z, alignedVol = e.x * e.y * e.z;
            ASSERT_LE(vol, alignedVol * (1 + 1e-6)) << "node " << i; // 1e-6: rounding of the two fits
            bool identity = b.axes.r[0] == Vec3{1, 0, 0} && b.axes.r[1] == Vec3{0, 1, 0};
            (identity ? aligned : tilted)++;
        }
        EXPECT_GT(aligned, nodes.size() / 10);
        EXPECT_GT(tilted, 0u);
    }
}
