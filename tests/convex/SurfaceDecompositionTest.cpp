// Surface convex decomposition (convex/SurfaceDecomposition.h) and the hull tree over it (convex/HullTree.h):
// every face in exactly one piece, every piece convex (each face on its hull's boundary: every vertex of the
// piece on or behind each of its face planes, within the stated tolerance), pieces connected and within the
// face cap; degenerate input (one triangle, collapsed triangles, a flat sheet, a polygon soup) decomposes
// without error; the bundled articulated scenes' meshes (their piece counts are printed for
// docs/BENCHMARKS.md); every hull-tree node's hull holds the vertices below it.
#include "convex/SurfaceDecomposition.h"
#include "convex/HullTree.h"

#include "TestUtil.h"
#include "mesh/ProceduralMeshes.h"
#include "scene/SceneObjects.h"

#include "RandomShapes.h"

#include <gtest/gtest.h>
#include <random>
#include <set>

using namespace cdlab;

namespace {

void expectValid(const TriangleMesh& mesh, const SurfaceDecomposition& d, std::size_t maxFaces,
                 const std::string& what) {
    std::vector<int> seen(mesh.triangleCount(), 0);
    std::vector<std::uint32_t> offsets, adjacency;
    SurfaceDecomposition::faceAdjacency(mesh, offsets, adjacency);
    for (std::size_t p = 0; p < d.pieces().size(); ++p) {
        const auto& piece = d.pieces()[p];
        ASSERT_FALSE(piece.empty()) << what << " piece " << p;
        ASSERT_LE(piece.size(), maxFaces) << what << " piece " << p;
        for (std::uint32_t t : piece) {
            ASSERT_LT(t, mesh.triangleCount()) << what;
            ++seen[t];
            ASSERT_EQ(d.pieceOf()[t], p) << what << " triangle " << t;
        }
        ASSERT_TRUE(SurfaceDecomposition::isConvexPatch(mesh, piece, d.tolerance()))
            << what << " piece " << p;
        ASSERT_TRUE(SurfaceDecomposition::isConnected(piece, offsets, adjacency)) << what << " piece " << p;
    }
    for (std::size_t t = 0; t < seen.size(); ++t) ASSERT_EQ(seen[t], 1) << what << " triangle " << t;
}

/// Every vertex of every piece below each node is inside the node's hull (on or behind its faces).
void expectHullsContain(const HullTree& tree, const std::string& what) {
    const TriangleMesh& mesh = *tree.mesh();
    const auto& nodes = tree.nodes();
    ASSERT_EQ(nodes.size(), 2 * tree.pieceCount() - 1) << what;
    auto below = [&](auto&& self, std::uint32_t n, std::vector<Vec3>& out) -> void {
        if (nodes[n].isLeaf()) {
            for (std::uint32_t t : tree.trianglesOf(n))
                for (std::uint32_t v : mesh.triangles[t]) out.push_back(mesh.vertices[v]);
            return;
        }
        self(self, nodes[n].firstChild, out);
        self(self, nodes[n].firstChild + 1, out);
    };
    const Aabb box = mesh.bounds();
    const double tol = 1e-9 * length(box.hi - box.lo);
    for (std::uint32_t n = 0; n < nodes.size(); ++n) {
        std::vector<Vec3> points;
        below(below, n, points);
        const ConvexHull& h = nodes[n].hull;
        for (const Vec3& p : points) {
            ASSERT_LE(length(p - nodes[n].center), nodes[n].radius + tol) << what << " node " << n;
            if (h.dimension() != ConvexHull::Dimension::Solid) continue;
            for (const Triangle& f : h.faces()) {
                const Vec3 &a = h.vertices()[f[0]], &b = h.vertices()[f[1]], &c = h.vertices()[f[2]];
                Vec3 normal = cross(b - a, c - a);
                ASSERT_LE(dot(normal, p - a), tol * length(normal)) << what << " node " << n;
            }
        }
    }
}

/// A flat n x n grid of squares (two triangles each) in the plane z = 0.
TriangleMesh flatSheet(int n) {
    TriangleMesh m;
    m.name = "sheet";
    for (int j = 0; j <= n; ++j)
        for (int i = 0; i <= n; ++i) m.vertices.push_back({double(i), double(j), 0});
    auto id = [&](int i, int j) { return std::uint32_t(j * (n + 1) + i); };
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) {
            m.triangles.push_back({id(i, j), id(i + 1, j), id(i + 1, j + 1)});
            m.triangles.push_back({id(i, j), id(i + 1, j + 1), id(i, j + 1)});
        }
    m.computeFaceNormals();
    return m;
}

} // namespace

TEST(SurfaceDecomposition, ConvexMeshesAreFewPiecesAndConcaveOnesMore) {
    TriangleMesh box = makeBox({1, 2, 3}, 12);
    SurfaceDecomposition d(box, 1000);
    expectValid(box, d, 1000, "box");
    EXPECT_EQ(d.pieces().size(), 1u); // a convex surface is one piece
    TriangleMesh sphere = makeSphere(1, 800);
    SurfaceDecomposition ds(sphere, 100000);
    expectValid(sphere, ds, 100000, "sphere");
    EXPECT_EQ(ds.pieces().size(), 1u);
    // The cap splits it.
    SurfaceDecomposition capped(sphere, 16);
    expectValid(sphere, capped, 16, "sphere capped");
    EXPECT_GE(capped.pieces().size(), sphere.triangleCount() / 16);
    TriangleMesh knot = makeTorusKnot(2, 3, 0.5, 0.12, 2000);
    SurfaceDecomposition dk(knot);
    expectValid(knot, dk, SurfaceDecomposition::kMaxFaces, "knot");
    EXPECT_GT(dk.pieces().size(), 1u);
}

TEST(SurfaceDecomposition, TheConvexityCheckRefusesAConcavePatch) {
    // Two faces folded inwards (a valley): each one's far corner is in front of the other's plane.
    TriangleMesh m;
    m.vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, -1}};
    m.triangles = {{0, 1, 2}, {1, 3, 2}};
    m.computeFaceNormals();
    EXPECT_TRUE(SurfaceDecomposition::isConvexPatch(m, {0, 1}, 1e-9)); // a ridge (normals up): convex
    EXPECT_EQ(SurfaceDecomposition(m).pieces().size(), 1u);
    m.vertices[3] = {1, 1, 1};
    EXPECT_FALSE(SurfaceDecomposition::isConvexPatch(m, {0, 1}, 1e-9)); // a valley
    SurfaceDecomposition d(m);
    EXPECT_EQ(d.pieces().size(), 2u);
    expectValid(m, d, SurfaceDecomposition::kMaxFaces, "valley");
    TriangleMesh apart = m;
    apart.vertices.push_back({5, 5, 5});
    apart.triangles = {{0, 1, 2}, {4, 3, 1}};
    EXPECT_FALSE(SurfaceDecomposition::isConnected(apart, {0, 1})); // sharing only a vertex
}

TEST(SurfaceDecomposition, ASliversHullIsAPolygon) {
    // Three points off a line by 1e-7 of their extent: the rounding of their plane's normal puts them
    // 1e-9 off it, above ConvexHull's flat tolerance; three points are a polygon all the same.
    std::vector<Vec3> sliver{{0.1, 0.2, 0.3}, {0.4, -0.1, 0.2}, Vec3{0.25, 0.05, 0.25} + Vec3{0, 1e-7, 0}};
    ConvexHull h = ConvexHull::of(sliver, "sliver");
    EXPECT_EQ(h.dimension(), ConvexHull::Dimension::Polygon);
    EXPECT_EQ(h.vertices().size(), 3u);
}

TEST(SurfaceDecomposition, DegenerateInputDecomposesWithoutError) {
    TriangleMesh one;
    one.vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    one.triangles = {{0, 1, 2}};
    one.computeFaceNormals();
    SurfaceDecomposition d1(one);
    expectValid(one, d1, SurfaceDecomposition::kMaxFaces, "one triangle");
    EXPECT_EQ(d1.pieces().size(), 1u);

    TriangleMesh collapsed;
    collapsed.vertices = {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {3, 3, 3}, {0, 1, 0}};
    collapsed.triangles = {{0, 1, 2}, {3, 3, 3}, {0, 1, 4}, {1, 1, 0}};
    collapsed.computeFaceNormals();
    SurfaceDecomposition dc(collapsed);
    expectValid(collapsed, dc, SurfaceDecomposition::kMaxFaces, "collapsed");
    HullTree tc(collapsed);
    expectHullsContain(tc, "collapsed");

    TriangleMesh sheet = flatSheet(20);
    SurfaceDecomposition ds(sheet, 100000);
    expectValid(sheet, ds, 100000, "sheet");
    EXPECT_EQ(ds.pieces().size(), 1u); // a flat convex sheet lies on its (flat) hull's boundary
    HullTree ts(sheet);
    expectHullsContain(ts, "sheet");

    std::mt19937_64 rng(42);
    for (int k = 0; k < 20; ++k) {
        TriangleMesh soup = test::randomSoup(rng, 10 + 7 * k);
        SurfaceDecomposition d(soup, 4 + k);
        expectValid(soup, d, 4 + k, "soup " + std::to_string(k));
        HullTree t(soup, 4 + k);
        expectHullsContain(t, "soup " + std::to_string(k));
        if (HasFatalFailure()) return;
    }

    TriangleMesh empty;
    SurfaceDecomposition de(empty);
    EXPECT_TRUE(de.pieces().empty());
    EXPECT_TRUE(HullTree(empty).empty());
}

TEST(SurfaceDecomposition, HullTreeNodesHoldTheirSurface) {
    TriangleMesh knot = makeTorusKnot(2, 3, 0.5, 0.12, 1500);
    HullTree t(knot);
    EXPECT_EQ(t.pieceCount(), t.decomposition().pieces().size());
    expectHullsContain(t, "knot");
    for (std::uint32_t p = 0; p < t.pieceCount(); ++p) EXPECT_EQ(t.nodes()[t.leafOf(p)].piece, p);
}

TEST(SurfaceDecomposition, BundledArticulatedScenesDecompose) {
    for (const char* name : {"walk.json", "exercise.json", "four_trains.json", "falling_train.json",
                             "excavator.json", "tower_crane.json"}) {
        Scene scene = test::bundled(name);
        SceneObjects objects(scene);
        std::set<const TriangleMesh*> seen;
        std::size_t tris = 0, pieces = 0, linkTris = 0, linkPieces = 0;
        for (const SceneObject& o : objects.objects()) {
            if (!seen.insert(o.mesh).second) continue;
            SurfaceDecomposition d(*o.mesh);
            expectValid(*o.mesh, d, SurfaceDecomposition::kMaxFaces, std::string(name) + " " + o.name);
            if (HasFatalFailure()) return;
            tris += o.mesh->triangleCount(), pieces += d.pieces().size();
            if (o.model >= 0) linkTris += o.mesh->triangleCount(), linkPieces += d.pieces().size();
        }
        std::printf("%-18s links %7zu triangles -> %6zu pieces; all meshes %7zu -> %6zu\n", name, linkTris,
                    linkPieces, tris, pieces);
    }
}
