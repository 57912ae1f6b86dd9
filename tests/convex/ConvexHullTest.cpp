// Convex hulls (engine/convex/ConvexHull): every input point inside, faces outward, a closed surface, the
// support mapping against a scan of the input (both the scan and the hill climb), and the degenerate inputs
// (empty, NaN, one point, duplicates, collinear, coplanar) that must give a lower-dimensional hull or a
// clear error, never a crash, a hang or a Qhull message on the console.
#include "convex/ConvexHull.h"

#include "TestUtil.h"
#include "core/InputError.h"
#include "mesh/MeshGenerators.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>

using namespace cdlab;
using cdlab::test::Rng;

namespace {

double extentOf(const std::vector<Vec3>& points) {
    Aabb box;
    for (const Vec3& p : points) box.grow(p);
    return length(box.extent());
}

/// Every point lies on or behind every face (outward faces of a hull that contains them).
void expectContains(const ConvexHull& h, const std::vector<Vec3>& points, double tolerance) {
    for (const Triangle& f : h.faces()) {
        const Vec3 a = h.vertices()[f[0]];
        const Vec3 n = normalize(cross(h.vertices()[f[1]] - a, h.vertices()[f[2]] - a));
        ASSERT_GT(length(n), 0.5) << "degenerate face";
        for (const Vec3& p : points) ASSERT_LE(dot(n, p - a), tolerance);
    }
}

/// support(d) reaches as far along d as the farthest input point.
void expectSupportMatchesScan(const ConvexHull& h, const std::vector<Vec3>& points, Rng& rng,
                              int directions) {
    const double tolerance = 1e-12 * extentOf(points);
    for (int k = 0; k < directions; ++k) {
        Vec3 d = rng.unit();
        double best = -std::numeric_limits<double>::infinity();
        for (const Vec3& p : points) best = std::max(best, dot(p, d));
        ASSERT_NEAR(dot(h.support(d), d), best, tolerance);
        // From any start vertex the climb ends at the maximum.
        std::int64_t hint = rng.integer(0, int(h.vertices().size()) - 1);
        ASSERT_NEAR(dot(h.vertices()[h.supportIndex(d, hint)], d), best, tolerance);
    }
}

std::vector<Vec3> randomCloud(Rng& rng, int n, double radius) {
    std::vector<Vec3> p;
    for (int i = 0; i < n; ++i) p.push_back(rng.vec(-radius, radius));
    return p;
}

} // namespace

TEST(ConvexHull, RandomCloudsAreContainedClosedAndOutward) {
    Rng rng(20261126);
    for (int trial = 0; trial < 40; ++trial) {
        std::vector<Vec3> points = randomCloud(rng, rng.integer(4, 300), rng.uniform(0.01, 100));
        const Vec3 offset = rng.vec(-1000, 1000);
        for (Vec3& p : points) p += offset;
        ConvexHull h = ConvexHull::of(points, "cloud");
        ASSERT_EQ(h.dimension(), ConvexHull::Dimension::Solid);
        expectContains(h, points, 1e-11 * extentOf(points) + 1e-13 * length(offset));
        // Every hull vertex is an input point.
        for (const Vec3& v : h.vertices())
            ASSERT_NE(std::find(points.begin(), points.end(), v), points.end());
        // A closed triangulated sphere: every edge in two faces, V - E + F = 2.
        const auto edges = h.edges();
        EXPECT_EQ(2 * edges.size(), 3 * h.faces().size());
        EXPECT_EQ(std::int64_t(h.vertices().size()) - std::int64_t(edges.size()) +
                      std::int64_t(h.faces().size()),
                  2);
        expectSupportMatchesScan(h, points, rng, 50);
    }
}

TEST(ConvexHull, LargeHullsClimbToTheSameSupportAsAScan) {
    // Points on a sphere: every one is a vertex, so support() climbs (above kScanLimit vertices).
    Rng rng(7);
    std::vector<Vec3> points;
    for (int i = 0; i < 3000; ++i) points.push_back(rng.unit() * 2.5 + Vec3{1, -2, 3});
    ConvexHull h = ConvexHull::of(points, "sphere points");
    ASSERT_GT(h.vertices().size(), ConvexHull::kScanLimit);
    EXPECT_EQ(h.vertices().size(), points.size());
    expectSupportMatchesScan(h, points, rng, 2000);
    // Axis directions hit the extremes exactly, ties included.
    for (Vec3 d : {Vec3{1, 0, 0}, Vec3{0, -1, 0}, Vec3{0, 0, 1}}) {
        double best = -1e300;
        for (const Vec3& p : points) best = std::max(best, dot(p, d));
        EXPECT_EQ(dot(h.support(d), d), best);
    }
}

TEST(ConvexHull, OfAMeshUsesItsVertices) {
    TriangleMesh sphere = generateMesh("sphere", nlohmann::json::object(), "test", "params");
    ConvexHull h = ConvexHull::of(sphere);
    EXPECT_EQ(h.dimension(), ConvexHull::Dimension::Solid);
    EXPECT_LE(h.vertices().size(), sphere.vertices.size());
    expectContains(h, sphere.vertices, 1e-12 * extentOf(sphere.vertices));
    // Meshes with many coplanar and collinear vertices (a subdivided box, a cylinder's caps): Qhull merges
    // their facets and triangulates them back; no face comes out degenerate.
    TriangleMesh box = generateMesh("box", nlohmann::json{{"triangles", 1200}}, "test", "params");
    ConvexHull boxHull = ConvexHull::of(box);
    EXPECT_EQ(boxHull.vertices().size(), 8u);
    EXPECT_EQ(boxHull.faces().size(), 12u);
    expectContains(boxHull, box.vertices, 1e-12 * extentOf(box.vertices));
    TriangleMesh cylinder = generateMesh("cylinder", nlohmann::json{{"triangles", 3000}}, "test", "params");
    expectContains(ConvexHull::of(cylinder), cylinder.vertices, 1e-12 * extentOf(cylinder.vertices));
    TriangleMesh empty;
    empty.name = "door";
    try {
        ConvexHull::of(empty);
        FAIL() << "no error";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("<mesh door>"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("no points"), std::string::npos) << e.what();
    }
}

TEST(ConvexHull, NonFinitePointsAreRefusedByIndex) {
    for (double bad : {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity()}) {
        std::vector<Vec3> points{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, bad}};
        try {
            ConvexHull::of(points, "points.obj");
            FAIL() << "no error";
        } catch (const InputError& e) {
            EXPECT_EQ(e.file(), "points.obj");
            EXPECT_EQ(e.where(), "point 3");
        }
    }
}

TEST(ConvexHull, DegenerateInputsGiveLowerDimensionalHulls) {
    using D = ConvexHull::Dimension;
    Rng rng(3);
    // One point, and one point many times (-0 and +0 are one point).
    ConvexHull one = ConvexHull::of({{1, 2, 3}}, "one");
    EXPECT_EQ(one.dimension(), D::Point);
    EXPECT_EQ(one.support({-1, 5, 0}), (Vec3{1, 2, 3}));
    ConvexHull same = ConvexHull::of({{0, 0, 0}, {-0.0, 0, 0}, {0, 0, 0}}, "same");
    EXPECT_EQ(same.dimension(), D::Point);
    EXPECT_EQ(same.vertices().size(), 1u);
    EXPECT_TRUE(same.faces().empty());

    // Two points, and collinear points (with duplicates): the segment between the extremes.
    ConvexHull two = ConvexHull::of({{0, 0, 0}, {1, 1, 1}}, "two");
    EXPECT_EQ(two.dimension(), D::Segment);
    EXPECT_EQ(two.edges().size(), 1u);
    std::vector<Vec3> line;
    for (int i = 0; i < 50; ++i) line.push_back(Vec3{1, 2, -1} * rng.uniform(-3, 3) + Vec3{5, 5, 5});
    line.push_back(line[7]);
    ConvexHull seg = ConvexHull::of(line, "line");
    EXPECT_EQ(seg.dimension(), D::Segment);
    EXPECT_EQ(seg.vertices().size(), 2u);
    expectSupportMatchesScan(seg, line, rng, 50);

    // Coplanar points in a tilted plane (Qhull refuses these): the flat polygon, both sides as faces.
    const Mat3 tilt = rng.rotation();
    std::vector<Vec3> grid;
    for (int i = 0; i <= 6; ++i)
        for (int j = 0; j <= 6; ++j) grid.push_back(tilt * Vec3{i * 0.5, j * 0.25, 0} + Vec3{3, 1, 2});
    grid.push_back(grid[10]);
    ConvexHull flat = ConvexHull::of(grid, "grid");
    EXPECT_EQ(flat.dimension(), D::Polygon);
    EXPECT_EQ(flat.vertices().size(), 4u); // the corners only: edge points are not vertices
    EXPECT_EQ(flat.faces().size(), 4u);    // two triangles per side
    expectContains(flat, grid, 1e-12);
    expectSupportMatchesScan(flat, grid, rng, 100);
    // A many-sided polygon (every point a vertex): the support climbs the polygon's edges.
    std::vector<Vec3> ring;
    for (int i = 0; i < 200; ++i)
        ring.push_back(Vec3{std::cos(i * 0.0314159), std::sin(i * 0.0314159), 0.0} * 4.0);
    ConvexHull disc = ConvexHull::of(ring, "disc");
    EXPECT_EQ(disc.dimension(), D::Polygon);
    EXPECT_EQ(disc.vertices().size(), ring.size());
    expectSupportMatchesScan(disc, ring, rng, 300);

    // A cube's corners, each repeated, with points inside: 8 vertices, 12 faces.
    std::vector<Vec3> cube;
    for (int rep = 0; rep < 3; ++rep)
        for (int k = 0; k < 8; ++k)
            cube.push_back({k & 1 ? 1.0 : -1.0, k & 2 ? 1.0 : -1.0, k & 4 ? 1.0 : -1.0});
    for (int i = 0; i < 20; ++i) cube.push_back(rng.vec(-0.9, 0.9));
    ConvexHull box = ConvexHull::of(cube, "cube");
    EXPECT_EQ(box.dimension(), D::Solid);
    EXPECT_EQ(box.vertices().size(), 8u);
    EXPECT_EQ(box.faces().size(), 12u);
    expectContains(box, cube, 1e-12);
}

TEST(ConvexHull, QhullWritesNothingToTheConsole) {
    // Nearly flat input (off the plane by 1e-14 of its size, above the flat tolerance only for the first
    // case) and ordinary input: Qhull's messages, where it has any, stay inside.
    Rng rng(11);
    std::vector<std::vector<Vec3>> inputs;
    for (double off : {1e-11, 1e-14, 0.0}) {
        std::vector<Vec3> p;
        for (int i = 0; i < 40; ++i)
            p.push_back({rng.uniform(-1, 1), rng.uniform(-1, 1), off * rng.uniform(-1, 1)});
        inputs.push_back(p);
    }
    inputs.push_back(randomCloud(rng, 100, 1));
    testing::internal::CaptureStdout();
    testing::internal::CaptureStderr();
    for (const auto& p : inputs) {
        ConvexHull h = ConvexHull::of(p, "quiet");
        expectContains(h, p, 1e-10);
    }
    EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
    EXPECT_EQ(testing::internal::GetCapturedStdout(), "");
}
