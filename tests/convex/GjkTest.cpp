// GJK distance (engine/convex/Gjk) against a brute-force polytope distance on fixed-seed random hull pairs
// with a hit-rate guard, and the cases with known answers: touching, nested, separated boxes, point against
// box, segment against segment, flat polygons, a support function that is no hull.
#include "convex/Gjk.h"

#include "TestUtil.h"
#include "geometry/SegmentDistance.h"

#include <gtest/gtest.h>
#include <limits>

using namespace cdlab;
using cdlab::test::Rng;

namespace {

constexpr double kEps = 0x1p-53; // unit roundoff

/// A hull's vertices and outward faces in world coordinates.
struct WorldHull {
    std::vector<Vec3> v;
    std::vector<Triangle> f;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> e;
};

WorldHull place(const ConvexHull& h, const Pose& p) {
    WorldHull w{{}, h.faces(), h.edges()};
    for (const Vec3& v : h.vertices()) w.v.push_back(p.apply(v));
    return w;
}

/// The distance from p to segment ab.
double pointSegment(const Vec3& p, const Vec3& a, const Vec3& b) {
    const Vec3 ab = b - a;
    const double len2 = dot(ab, ab);
    const double t = len2 > 0 ? std::clamp(dot(p - a, ab) / len2, 0.0, 1.0) : 0.0;
    return length(a + ab * t - p);
}

/// The distance from p to triangle abc: to its plane when p projects inside (all three edge tests agree
/// with the normal), else to the nearest edge.
double pointTriangle(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c) {
    const Vec3 n = cross(b - a, c - a);
    const double n2 = dot(n, n);
    if (n2 > 0 && dot(cross(b - a, p - a), n) >= 0 && dot(cross(c - b, p - b), n) >= 0 &&
        dot(cross(a - c, p - c), n) >= 0)
        return std::fabs(dot(p - a, n)) / std::sqrt(n2);
    return std::min({pointSegment(p, a, b), pointSegment(p, b, c), pointSegment(p, c, a)});
}

bool inside(const WorldHull& h, const Vec3& p) {
    for (const Triangle& f : h.f)
        if (dot(cross(h.v[f[1]] - h.v[f[0]], h.v[f[2]] - h.v[f[0]]), p - h.v[f[0]]) > 0) return false;
    return true;
}

/// Whether segment pq meets triangle abc (crosses or touches its plane inside it).
bool segmentMeetsTriangle(const Vec3& p, const Vec3& q, const Vec3& a, const Vec3& b, const Vec3& c) {
    const Vec3 n = cross(b - a, c - a);
    const double sp = dot(p - a, n), sq = dot(q - a, n);
    if ((sp > 0 && sq > 0) || (sp < 0 && sq < 0) || sp == sq) return false;
    const Vec3 x = p + (q - p) * (sp / (sp - sq));
    return dot(cross(b - a, x - a), n) >= 0 && dot(cross(c - b, x - b), n) >= 0 &&
           dot(cross(a - c, x - c), n) >= 0;
}

/// Two solid polytopes: 0 when they intersect (a vertex of one inside the other, or an edge of one
/// through a face of the other), else the least vertex-face and edge-edge distance.
double bruteDistance(const WorldHull& A, const WorldHull& B) {
    for (const Vec3& p : A.v)
        if (inside(B, p)) return 0;
    for (const Vec3& p : B.v)
        if (inside(A, p)) return 0;
    for (int pass = 0; pass < 2; ++pass) {
        const WorldHull &X = pass ? B : A, &Y = pass ? A : B;
        for (const auto& [i, j] : X.e)
            for (const Triangle& f : Y.f)
                if (segmentMeetsTriangle(X.v[i], X.v[j], Y.v[f[0]], Y.v[f[1]], Y.v[f[2]])) return 0;
    }
    double d = std::numeric_limits<double>::infinity();
    for (int pass = 0; pass < 2; ++pass) {
        const WorldHull &X = pass ? B : A, &Y = pass ? A : B;
        for (const Vec3& p : X.v)
            for (const Triangle& f : Y.f) d = std::min(d, pointTriangle(p, Y.v[f[0]], Y.v[f[1]], Y.v[f[2]]));
    }
    for (const auto& [i, j] : A.e)
        for (const auto& [k, l] : B.e) {
            Vec3 a, b;
            closestPointsOnSegments(A.v[i], A.v[j], B.v[k], B.v[l], a, b);
            d = std::min(d, length(a - b));
        }
    return d;
}

double largestCoordinate(const WorldHull& h) {
    double s = 0;
    for (const Vec3& v : h.v) s = std::max(s, length(v));
    return s;
}

ConvexHull box(double hx, double hy, double hz) {
    std::vector<Vec3> p;
    for (int k = 0; k < 8; ++k) p.push_back({k & 1 ? hx : -hx, k & 2 ? hy : -hy, k & 4 ? hz : -hz});
    return ConvexHull::of(p, "box");
}

Pose at(const Vec3& t, const Mat3& R = Mat3{}) {
    return {R, t};
}

struct RandomRun {
    int pairs = 0, hits = 0, notConverged = 0, maxIterations = 0;
};

/// `count` random pairs of solid hulls (minPoints-maxPoints points, sizes 0.5-1.5) under random poses about a
/// common offset of up to 50 (rounding of large coordinates), at centre distances that make about half of
/// them intersect or nearly touch; each GJK answer checked against bruteDistance.
RandomRun randomPairs(std::uint64_t seed, int count, int minPoints, int maxPoints) {
    Rng rng(seed);
    RandomRun run;
    for (int k = 0; k < count; ++k) {
        auto cloud = [&] {
            const double r = rng.uniform(0.5, 1.5);
            std::vector<Vec3> p;
            for (int i = rng.integer(minPoints, maxPoints); i > 0; --i)
                p.push_back(rng.unit() * (r * rng.uniform(0.3, 1.0)));
            return ConvexHull::of(p, "cloud");
        };
        const ConvexHull a = cloud(), b = cloud();
        if (a.dimension() != ConvexHull::Dimension::Solid || b.dimension() != ConvexHull::Dimension::Solid) {
            --k;
            continue;
        }
        const Vec3 offset = rng.vec(-50, 50);
        const Pose pa = at(offset + rng.vec(-0.1, 0.1), rng.rotation());
        const Pose pb = at(pa.t + rng.unit() * rng.uniform(0.0, 2.4), rng.rotation());
        const WorldHull A = place(a, pa), B = place(b, pb);
        const double truth = bruteDistance(A, B);
        const double S = std::max(largestCoordinate(A), largestCoordinate(B));
        const double rounding = 32 * kEps * S; // the rounding the header allows (the brute force's is less)
        const GjkResult r = gjkDistance(a, pa, b, pb);
        ++run.pairs;
        run.hits += truth <= 0.01;
        run.notConverged += !r.converged;
        run.maxIterations = std::max(run.maxIterations, r.iterations);
        // The lower bound conservative advancement relies on; the distance within the relative tolerance.
        EXPECT_LE(r.lowerBound, truth + rounding) << "pair " << k;
        EXPECT_LE(r.lowerBound, r.distance) << "pair " << k;
        EXPECT_GE(r.distance, truth - rounding) << "pair " << k;
        EXPECT_LE(r.distance, truth * (1 + 1e-9) + rounding) << "pair " << k << " truth " << truth;
        if (r.intersecting) {
            EXPECT_LE(truth, 1e-12 * S) << "pair " << k;
        }
        if (truth == 0) {
            EXPECT_LE(r.distance, 1e-12 * S) << "pair " << k;
        }
        // The witnesses lie on their hulls and are the distance apart.
        const double onHull = 1e-12 * S;
        for (const Triangle& f : A.f)
            EXPECT_LE(
                dot(normalize(cross(A.v[f[1]] - A.v[f[0]], A.v[f[2]] - A.v[f[0]])), r.pointA - A.v[f[0]]),
                onHull);
        for (const Triangle& f : B.f)
            EXPECT_LE(
                dot(normalize(cross(B.v[f[1]] - B.v[f[0]], B.v[f[2]] - B.v[f[0]])), r.pointB - B.v[f[0]]),
                onHull);
        EXPECT_NEAR(length(r.pointA - r.pointB), r.distance, 1e-12 * S);
        if (testing::Test::HasFailure()) break;
    }
    return run;
}

} // namespace

TEST(Gjk, RandomHullPairsAgainstBruteForcePolytopeDistance) {
    const RandomRun run = randomPairs(20070614, 5000, 4, 24); // hulls small enough to scan (kScanLimit)
    ASSERT_EQ(run.pairs, 5000);
    // The mix stays representative: 30-70 % of the pairs intersect or lie within 1 % of touching.
    const double rate = double(run.hits) / run.pairs;
    EXPECT_GE(rate, 0.3) << run.hits;
    EXPECT_LE(rate, 0.7) << run.hits;
    EXPECT_LE(run.notConverged, run.pairs / 1000) << "stalls on rounding (none on this seed)";
    EXPECT_LE(run.maxIterations, 32); // 11 on this seed
}

TEST(Gjk, RandomLargeHullPairsClimbingTheirSupport) {
    // Hulls above kScanLimit vertices: the support climbs from GJK's last answer.
    const RandomRun run = randomPairs(1999, 400, 60, 160);
    const double rate = double(run.hits) / run.pairs;
    EXPECT_GE(rate, 0.3) << run.hits;
    EXPECT_LE(rate, 0.7) << run.hits;
    EXPECT_EQ(run.notConverged, 0);
}

TEST(Gjk, TouchingNestedAndSeparatedBoxes) {
    const ConvexHull unit = box(1, 1, 1), small = box(0.2, 0.3, 0.1);
    // Face to face, exactly touching; then 0.5 apart.
    GjkResult r = gjkDistance(unit, at({0, 0, 0}), unit, at({2, 0.3, -0.4}));
    EXPECT_LE(r.distance, 1e-15);
    EXPECT_EQ(r.lowerBound, std::min(r.lowerBound, r.distance));
    r = gjkDistance(unit, at({0, 0, 0}), unit, at({2.5, 0.3, -0.4}));
    EXPECT_NEAR(r.distance, 0.5, 1e-15);
    EXPECT_NEAR(r.lowerBound, 0.5, 1e-15);
    EXPECT_TRUE(r.converged);
    EXPECT_FALSE(r.intersecting);
    EXPECT_NEAR(r.pointA.x, 1, 1e-15);
    EXPECT_NEAR(r.pointB.x, 1.5, 1e-15);
    // An edge of a box turned 45 degrees about z against a face: touching at distance 1 + sqrt(2).
    const Mat3 turn = Quat::fromAxisAngle({0, 0, 1}, 0.7853981633974483).toMat3();
    r = gjkDistance(unit, at({0, 0, 0}), unit, at({1 + std::sqrt(2.0), 0, 0}, turn));
    EXPECT_LE(r.distance, 1e-14);
    r = gjkDistance(unit, at({0, 0, 0}), unit, at({1.25 + std::sqrt(2.0), 0, 0}, turn));
    EXPECT_NEAR(r.distance, 0.25, 1e-14);
    // Nested: a small box inside the unit box, off centre and turned.
    r = gjkDistance(unit, at({0, 0, 0}), small, at({0.5, -0.4, 0.3}, turn));
    EXPECT_TRUE(r.intersecting);
    EXPECT_EQ(r.distance, 0);
    EXPECT_EQ(r.lowerBound, 0);
    EXPECT_EQ(r.pointA, r.pointB);
    EXPECT_LE(std::max({std::fabs(r.pointA.x), std::fabs(r.pointA.y), std::fabs(r.pointA.z)}), 1 + 1e-15);
}

TEST(Gjk, PointAgainstBox) {
    const ConvexHull unit = box(1, 1, 1), point = ConvexHull::of({{0, 0, 0}}, "point");
    GjkResult r = gjkDistance(point, at({3, 4, 0}), unit, at({0, 0, 0}));
    EXPECT_NEAR(r.distance, std::sqrt(13.0), 1e-15);
    EXPECT_NEAR(length(r.pointB - Vec3{1, 1, 0}), 0, 1e-15);
    EXPECT_EQ(r.pointA, (Vec3{3, 4, 0}));
    // In front of a face, off a corner, inside.
    EXPECT_NEAR(gjkDistance(point, at({0.2, -0.3, 1.75}), unit, at({0, 0, 0})).distance, 0.75, 1e-15);
    EXPECT_NEAR(gjkDistance(point, at({2, 2, 2}), unit, at({0, 0, 0})).distance, std::sqrt(3.0), 1e-15);
    r = gjkDistance(point, at({0.2, -0.3, 0.5}), unit, at({0, 0, 0}));
    EXPECT_TRUE(r.intersecting);
    EXPECT_EQ(r.distance, 0);
    // Two points.
    EXPECT_NEAR(gjkDistance(point, at({1, 2, 3}), point, at({1, 5, 7})).distance, 5, 1e-15);
}

TEST(Gjk, SegmentAgainstSegment) {
    Rng rng(5);
    for (int k = 0; k < 500; ++k) {
        const Vec3 p = rng.vec(-1, 1), q = rng.vec(-1, 1), s = rng.vec(-1, 1), t = rng.vec(-1, 1);
        const ConvexHull a = ConvexHull::of({p, q}, "a"), b = ConvexHull::of({s, t}, "b");
        Vec3 ca, cb;
        closestPointsOnSegments(p, q, s, t, ca, cb);
        const GjkResult r = gjkDistance(a, at({}), b, at({}));
        EXPECT_NEAR(r.distance, length(ca - cb), 1e-14) << k;
        EXPECT_LE(r.lowerBound, length(ca - cb) + 1e-15) << k;
    }
    // Crossing segments touch; parallel ones 2 apart.
    const ConvexHull x = ConvexHull::of({{-1, 0, 0}, {1, 0, 0}}, "x"),
                     y = ConvexHull::of({{0, -1, 0}, {0, 1, 0}}, "y");
    EXPECT_LE(gjkDistance(x, at({}), y, at({})).distance, 1e-15);
    EXPECT_NEAR(gjkDistance(x, at({}), x, at({0.5, 2, 0})).distance, 2, 1e-15);
}

TEST(Gjk, FlatPolygonAgainstBox) {
    std::vector<Vec3> square;
    for (int i = 0; i <= 4; ++i)
        for (int j = 0; j <= 4; ++j) square.push_back({i * 0.5 - 1, j * 0.5 - 1, 0});
    const ConvexHull flat = ConvexHull::of(square, "square");
    ASSERT_EQ(flat.dimension(), ConvexHull::Dimension::Polygon);
    const ConvexHull unit = box(1, 1, 1);
    EXPECT_NEAR(gjkDistance(flat, at({0.3, 0.2, 2}), unit, at({})).distance, 1, 1e-15);
    EXPECT_TRUE(gjkDistance(flat, at({0.3, 0.2, 0.5}), unit, at({})).intersecting);
}

TEST(Gjk, AnySupportFunction) {
    // A ball is no polytope (support(d) = centre + r d / |d|): GJK converges to it, to the tolerance.
    struct Ball : SupportFunction {
        Vec3 centre;
        double radius = 1;
        Vec3 support(const Vec3& d) const override { return centre + normalize(d) * radius; }
    } ball;
    ball.centre = {1, 1, 1};
    const ConvexHull point = ConvexHull::of({{0, 0, 0}}, "point");
    const GjkResult r = gjkDistance(ball, PosedHullSupport(point, at({1, 1, 6})));
    EXPECT_TRUE(r.converged);
    EXPECT_LE(r.lowerBound, 4 + 1e-15);
    EXPECT_GE(r.distance, 4 - 1e-15);
    EXPECT_LE(r.distance - r.lowerBound, 1e-10 * r.distance);
    EXPECT_NEAR(length(r.pointA - Vec3{1, 1, 2}), 0, 1e-4); // the distance is second order in it
    EXPECT_EQ(r.pointB, (Vec3{1, 1, 6}));
}

TEST(Gjk, LooseToleranceKeepsTheLowerBound) {
    // A loose relative tolerance stops early: the distance may be off by that much, the lower bound not.
    Rng rng(9);
    for (int k = 0; k < 200; ++k) {
        std::vector<Vec3> pa, pb;
        for (int i = 0; i < 30; ++i) pa.push_back(rng.unit()), pb.push_back(rng.unit());
        const ConvexHull a = ConvexHull::of(pa, "a"), b = ConvexHull::of(pb, "b");
        const Pose A = at({}, rng.rotation()), B = at(rng.unit() * 3, rng.rotation());
        const double truth = bruteDistance(place(a, A), place(b, B));
        const GjkResult r = gjkDistance(a, A, b, B, {0.1, 256});
        EXPECT_LE(r.lowerBound, truth + 1e-14);
        EXPECT_GE(r.distance, truth - 1e-14);
        EXPECT_LE(r.distance - r.lowerBound, 0.1 * r.distance + 1e-14);
    }
}
