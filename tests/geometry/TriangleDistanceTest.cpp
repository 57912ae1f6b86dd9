// Triangle–triangle and point–triangle distance (geometry/TriangleDistance.h): the degenerate cases with
// known answers and features, and random pairs (slivers, collapsed triangles, near-parallel ones) against an
// independent reference that samples both triangles densely (the true distance lies between the sampled
// minimum and that minimum less both grids' spacing).
#include "geometry/TriangleDistance.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <gtest/gtest.h>
#include <random>

using namespace cdlab;

namespace {

using Tri = std::array<Vec3, 3>;
using F = TriangleFeature;

TriangleDistance dist(const Tri& a, const Tri& b) {
    return triangleDistance(a[0], a[1], a[2], b[0], b[1], b[2]);
}

/// Points of the triangle on a barycentric grid of n steps per side.
std::vector<Vec3> samples(const Tri& t, int n) {
    std::vector<Vec3> out;
    for (int i = 0; i <= n; ++i)
        for (int j = 0; i + j <= n; ++j) {
            double u = double(i) / n, v = double(j) / n;
            out.push_back(t[0] * (1 - u - v) + t[1] * u + t[2] * v);
        }
    return out;
}

/// Largest distance from a point of the triangle to the nearest grid point: at most the longest edge / n.
double spacing(const Tri& t, int n) {
    return std::max({length(t[1] - t[0]), length(t[2] - t[1]), length(t[0] - t[2])}) / n;
}

double sampledDistance(const Tri& a, const Tri& b, int n) {
    double best = INFINITY;
    auto sa = samples(a, n), sb = samples(b, n);
    for (const Vec3& p : sa)
        for (const Vec3& q : sb) best = std::min(best, lengthSquared(p - q));
    return std::sqrt(best);
}

double pointSegmentDistance(const Vec3& p, const Vec3& a, const Vec3& b) {
    Vec3 ab = b - a;
    double l2 = lengthSquared(ab), s = l2 > 0 ? std::clamp(dot(p - a, ab) / l2, 0.0, 1.0) : 0.0;
    return length(p - (a + ab * s));
}

/// The reported point lies on the reported feature of t (within `tol`).
void expectOnFeature(const Vec3& p, const Tri& t, F f, double tol) {
    int k = static_cast<int>(f);
    if (k < 3) {
        EXPECT_EQ(p, t[k]) << "vertex " << k;
    } else if (k < 6) {
        EXPECT_LE(pointSegmentDistance(p, t[k - 3], t[(k - 2) % 3]), tol) << "edge " << k - 3;
    } else {
        Vec3 n = normalize(cross(t[1] - t[0], t[2] - t[0]));
        EXPECT_LE(std::fabs(dot(p - t[0], n)), tol) << "face plane";
        PointTriangleDistance r = pointTriangleDistance(p, t[0], t[1], t[2]);
        EXPECT_LE(r.distance, tol) << "inside the face";
    }
}

} // namespace

TEST(TriangleDistance, PointTriangleRegions) {
    Vec3 a{0, 0, 0}, b{4, 0, 0}, c{0, 4, 0};
    auto r = pointTriangleDistance({1, 1, 3}, a, b, c);
    EXPECT_EQ(r.feature, F::Face);
    EXPECT_EQ(r.distance, 3);
    EXPECT_EQ(r.point, (Vec3{1, 1, 0}));
    r = pointTriangleDistance({-1, -1, 0}, a, b, c);
    EXPECT_EQ(r.feature, F::Vertex0);
    EXPECT_EQ(r.point, a);
    r = pointTriangleDistance({5, -1, 0}, a, b, c);
    EXPECT_EQ(r.feature, F::Vertex1);
    r = pointTriangleDistance({-1, 5, 2}, a, b, c);
    EXPECT_EQ(r.feature, F::Vertex2);
    r = pointTriangleDistance({2, -3, 0}, a, b, c);
    EXPECT_EQ(r.feature, F::Edge0);
    EXPECT_EQ(r.distance, 3);
    r = pointTriangleDistance({3, 3, 0}, a, b, c);
    EXPECT_EQ(r.feature, F::Edge1);
    EXPECT_NEAR(r.distance, std::sqrt(2.0), 1e-15);
    r = pointTriangleDistance({-2, 1, 0}, a, b, c);
    EXPECT_EQ(r.feature, F::Edge2);
    EXPECT_EQ(r.distance, 2);
}

TEST(TriangleDistance, PointTriangleOnRandomPointsAgainstEdgesAndFace) {
    // pointTriangleDistance alone (the pair distance takes the minimum with the edge-edge candidates, which
    // hides a wrong point on an edge): random points around random triangles against the nearest of the
    // three edges and, when the projection falls inside, the face; the point lies on the reported feature.
    std::mt19937 rng(83);
    std::uniform_real_distribution<double> u1(-1, 1);
    auto vec = [&](double scale) { return Vec3{u1(rng), u1(rng), u1(rng)} * scale; };
    int regions[3] = {0, 0, 0};
    for (int i = 0; i < 20000; ++i) {
        const Tri t{vec(1), vec(1), vec(1)};
        const Vec3 p = vec(2);
        const PointTriangleDistance r = pointTriangleDistance(p, t[0], t[1], t[2]);
        double want = std::min({pointSegmentDistance(p, t[0], t[1]), pointSegmentDistance(p, t[1], t[2]),
                                pointSegmentDistance(p, t[2], t[0])});
        const Vec3 n = cross(t[1] - t[0], t[2] - t[0]);
        if (lengthSquared(n) > 1e-12) {
            const Vec3 u = normalize(n), q = p - u * dot(p - t[0], u);
            bool inside = true;
            for (int k = 0; k < 3; ++k)
                inside = inside && dot(cross(t[(k + 1) % 3] - t[k], q - t[k]), n) >= 0;
            if (inside) want = std::min(want, std::fabs(dot(p - t[0], u)));
        }
        ASSERT_NEAR(r.distance, want, 1e-9 * (1 + want)) << i;
        ASSERT_NEAR(length(p - r.point), r.distance, 1e-12) << i;
        expectOnFeature(r.point, t, r.feature, 1e-9);
        ++regions[featureDimension(r.feature)];
    }
    for (int d = 0; d < 3; ++d)
        EXPECT_GT(regions[d], 500) << "dimension " << d; // every kind of region is reached
}

TEST(TriangleDistance, PointToCollapsedTriangles) {
    // Collinear corners: the triangle is its longest segment.
    auto r = pointTriangleDistance({1, 1, 0}, {0, 0, 0}, {2, 0, 0}, {4, 0, 0});
    EXPECT_EQ(r.distance, 1);
    EXPECT_EQ(r.point, (Vec3{1, 0, 0}));
    EXPECT_NE(featureDimension(r.feature), 2);
    // All three corners at one point: a vertex.
    r = pointTriangleDistance({0, 3, 4}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0});
    EXPECT_EQ(r.distance, 5);
    EXPECT_EQ(r.feature, F::Vertex0);
    // Two coincident corners: the segment, and its end at the collapsed pair is a vertex.
    r = pointTriangleDistance({-1, 0, 0}, {0, 0, 0}, {0, 0, 0}, {1, 0, 0});
    EXPECT_EQ(r.distance, 1);
    EXPECT_EQ(featureDimension(r.feature), 0);
}

TEST(TriangleDistance, ParallelFacesGiveAVertexOverTheFace) {
    Tri b{Vec3{0, 0, 0}, {4, 0, 0}, {0, 4, 0}};
    Tri a{Vec3{1, 1, 2}, {1, 8, 2}, {8, 1, 2}}; // overlapping in xy, 2 above
    TriangleDistance d = dist(a, b);
    EXPECT_EQ(d.distance, 2);
    EXPECT_EQ(featureDimension(d.featureA) + featureDimension(d.featureB), 2);
    EXPECT_EQ(d.featureA, F::Vertex0);
    EXPECT_EQ(d.featureB, F::Face);
    EXPECT_EQ(d.pointB, (Vec3{1, 1, 0}));
}

TEST(TriangleDistance, SkewEdges) {
    Tri a{Vec3{-1, 0, 1}, {1, 0, 1}, {0, 0, 5}};    // edge 0 along x at z = 1
    Tri b{Vec3{0, -1, -1}, {0, 1, -1}, {0, 0, -5}}; // edge 0 along y at z = -1
    TriangleDistance d = dist(a, b);
    EXPECT_EQ(d.distance, 2);
    EXPECT_EQ(d.featureA, F::Edge0);
    EXPECT_EQ(d.featureB, F::Edge0);
    EXPECT_EQ(d.pointA, (Vec3{0, 0, 1}));
    EXPECT_EQ(d.pointB, (Vec3{0, 0, -1}));
}

TEST(TriangleDistance, CoplanarSeparatedAndOverlapping) {
    Tri a{Vec3{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    Tri b{Vec3{3, 0, 0}, {4, 0, 0}, {3, 1, 0}};
    TriangleDistance d = dist(a, b);
    EXPECT_EQ(d.distance, 2);
    EXPECT_EQ(d.featureA, F::Vertex1);
    EXPECT_EQ(d.featureB, F::Vertex0);
    Tri c{Vec3{0.25, 0.25, 0}, {2, 0.25, 0}, {0.25, 2, 0}}; // overlaps a
    d = dist(a, c);
    EXPECT_EQ(d.distance, 0);
    EXPECT_EQ(d.pointA, d.pointB);
}

TEST(TriangleDistance, TouchingAndCrossingAreZeroWithACommonPoint) {
    Tri b{Vec3{0, 0, 0}, {4, 0, 0}, {0, 4, 0}};
    // A vertex exactly on b's face.
    Tri a{Vec3{1, 1, 0}, {1, 1, 3}, {2, 1, 3}};
    TriangleDistance d = dist(a, b);
    EXPECT_EQ(d.distance, 0);
    EXPECT_EQ(d.featureA, F::Vertex0);
    EXPECT_EQ(d.featureB, F::Face);
    EXPECT_EQ(d.pointA, (Vec3{1, 1, 0}));
    // An edge piercing b's face: the common point is the piercing point, on a's edge and b's face.
    Tri p{Vec3{1, 1, -1}, {1, 1, 2}, {1, 3, 2}};
    d = dist(p, b);
    EXPECT_EQ(d.distance, 0);
    EXPECT_EQ(d.featureA, F::Edge0);
    EXPECT_EQ(d.featureB, F::Face);
    EXPECT_EQ(d.pointA, d.pointB);
    EXPECT_NEAR(length(d.pointA - Vec3{1, 1, 0}), 0, 1e-15);
    // Identical triangles.
    d = dist(b, b);
    EXPECT_EQ(d.distance, 0);
    EXPECT_EQ(featureDimension(d.featureA) + featureDimension(d.featureB), 0);
}

TEST(TriangleDistance, CollapsedTrianglesAreSegmentsOrPoints) {
    Tri face{Vec3{0, 0, 0}, {4, 0, 0}, {0, 4, 0}};
    Tri segment{Vec3{1, 1, 1}, {2, 1, 1}, {3, 1, 1}}; // collinear, 1 above the face
    TriangleDistance d = dist(segment, face);
    EXPECT_EQ(d.distance, 1);
    EXPECT_EQ(featureDimension(d.featureA), 0); // a corner of the segment (all at the same height)
    Tri point{Vec3{1, 1, -2}, {1, 1, -2}, {1, 1, -2}};
    d = dist(face, point);
    EXPECT_EQ(d.distance, 2);
    EXPECT_EQ(d.featureA, F::Face);
    EXPECT_EQ(d.featureB, F::Vertex0);
    Tri point2{Vec3{1, 4, -2}, {1, 4, -2}, {1, 4, -2}};
    d = dist(point, point2);
    EXPECT_EQ(d.distance, 3);
    EXPECT_EQ(d.featureA, F::Vertex0);
    EXPECT_EQ(d.featureB, F::Vertex0);
    // A segment crossing a segment (two collapsed triangles): 0.
    Tri s1{Vec3{-1, 0, 0}, {1, 0, 0}, {1, 0, 0}}, s2{Vec3{0, -1, 0}, {0, 1, 0}, {0, 1, 0}};
    d = dist(s1, s2);
    EXPECT_EQ(d.distance, 0);
    EXPECT_EQ(d.pointA, (Vec3{0, 0, 0}));
}

TEST(TriangleDistance, RandomPairsAgainstDenseSampling) {
    std::mt19937_64 rng(20261126);
    std::uniform_real_distribution<double> u(-1, 1);
    auto rv = [&] { return Vec3{u(rng), u(rng), u(rng)}; };
    const int n = 40;
    int zeros = 0, kinds[3] = {0, 0, 0};
    for (int c = 0; c < 300; ++c) {
        Tri a{rv(), rv(), rv()}, b{rv(), rv(), rv()};
        Vec3 shift = rv() * (c % 3 == 0 ? 0.2 : 1.5);
        for (auto& v : b) v += shift;
        switch (c % 6) { // degenerate shapes mixed in
        case 1:
            a[2] = a[0] + (a[1] - a[0]) * 0.3;
            break; // collinear
        case 2:
            b[1] = b[0];
            break; // two corners one point
        case 3:
            b[1] = b[2] = b[0];
            break; // a point
        case 4:
            a[2] = a[0] + (a[1] - a[0]) * 0.5 + Vec3{1e-9, 0, 0};
            break; // a sliver
        case 5:
            b = {a[0] + Vec3{0, 0, 0.1}, a[1] + Vec3{0, 0, 0.1}, a[2] + Vec3{0, 0, 0.1}};
            break; // parallel
        }
        TriangleDistance d = dist(a, b);
        double sampled = sampledDistance(a, b, n);
        double h = spacing(a, n) + spacing(b, n);
        ASSERT_LE(d.distance, sampled + 1e-12) << "case " << c;
        ASSERT_GE(d.distance, sampled - h - 1e-12) << "case " << c;
        if (d.distance == 0) {
            ++zeros;
            EXPECT_EQ(d.pointA, d.pointB);
        } else {
            EXPECT_NEAR(length(d.pointA - d.pointB), d.distance, 1e-12);
        }
        expectOnFeature(d.pointA, a, d.featureA, 1e-9);
        expectOnFeature(d.pointB, b, d.featureB, 1e-9);
        ++kinds[featureDimension(d.featureA)];
        // Swapping the triangles swaps the answer.
        TriangleDistance e = dist(b, a);
        EXPECT_NEAR(e.distance, d.distance, 1e-12);
    }
    // The mix covers intersecting pairs and every kind of feature.
    EXPECT_GT(zeros, 10);
    EXPECT_GT(kinds[0], 10);
    EXPECT_GT(kinds[1], 10);
    EXPECT_GT(kinds[2], 10);
}
