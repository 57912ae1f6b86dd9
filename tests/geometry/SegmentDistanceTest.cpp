// Closest points of segments against a dense sampling of both parameters.
#include "geometry/SegmentDistance.h"

#include <gtest/gtest.h>

#include <random>

using namespace cdlab;

namespace {

double bruteDistance(const Vec3& p, const Vec3& q, const Vec3& r, const Vec3& s) {
    const int n = 400;
    double best = 1e300;
    for (int i = 0; i <= n; ++i)
        for (int j = 0; j <= n; ++j) {
            Vec3 a = p + (q - p) * (double(i) / n), b = r + (s - r) * (double(j) / n);
            best = std::min(best, length(a - b));
        }
    return best;
}

void expectOnSegment(const Vec3& x, const Vec3& p, const Vec3& q) {
    Vec3 d = q - p;
    double t = dot(d, d) > 0 ? dot(x - p, d) / dot(d, d) : 0;
    EXPECT_GE(t, -1e-12);
    EXPECT_LE(t, 1 + 1e-12);
    EXPECT_NEAR(length(p + d * t - x), 0, 1e-12);
}

} // namespace

TEST(SegmentDistance, ClosedFormCases) {
    Vec3 a, b;
    // Crossing skew segments: closest points at the crossing, 1 apart.
    closestPointsOnSegments({-1, 0, 0}, {1, 0, 0}, {0, -1, 1}, {0, 1, 1}, a, b);
    EXPECT_NEAR(length(a - Vec3{0, 0, 0}), 0, 1e-15);
    EXPECT_NEAR(length(b - Vec3{0, 0, 1}), 0, 1e-15);
    // Parallel overlapping segments: any pair at distance 2.
    closestPointsOnSegments({0, 0, 0}, {1, 0, 0}, {0.5, 2, 0}, {3, 2, 0}, a, b);
    EXPECT_NEAR(length(a - b), 2, 1e-15);
    // A point (zero-length segment) against a segment, and two points.
    closestPointsOnSegments({0.25, 1, 0}, {0.25, 1, 0}, {0, 0, 0}, {1, 0, 0}, a, b);
    EXPECT_NEAR(length(b - Vec3{0.25, 0, 0}), 0, 1e-15);
    closestPointsOnSegments({0, 0, 0}, {1, 0, 0}, {2, 1, 0}, {2, 1, 0}, a, b);
    EXPECT_NEAR(length(a - Vec3{1, 0, 0}), 0, 1e-15);
    closestPointsOnSegments({0, 0, 0}, {0, 0, 0}, {0, 3, 4}, {0, 3, 4}, a, b);
    EXPECT_NEAR(length(a - b), 5, 1e-15);
}

TEST(SegmentDistance, MatchesDenseSamplingOnRandomSegments) {
    std::mt19937 rng(20261124);
    std::uniform_real_distribution<double> u(-1, 1);
    auto point = [&] { return Vec3{u(rng), u(rng), u(rng)}; };
    for (int k = 0; k < 300; ++k) {
        Vec3 p = point(), q = point(), r = point(), s = point();
        if (k % 5 == 0) s = r + (q - p) * u(rng); // parallel
        if (k % 7 == 0) q = p;                    // a point
        Vec3 a, b;
        closestPointsOnSegments(p, q, r, s, a, b);
        expectOnSegment(a, p, q);
        expectOnSegment(b, r, s);
        // The sampled minimum is at most the true one plus the grid's step; ours may not exceed it.
        double brute = bruteDistance(p, q, r, s);
        EXPECT_LE(length(a - b), brute + 1e-12) << "case " << k;
        EXPECT_GE(length(a - b), brute - 2 * (length(q - p) + length(s - r)) / 400 - 1e-12) << "case " << k;
    }
}
