// The SSE2 and AVX2 OBB separating-axis tests (ObbSimd.h, ObbAvx2.h) against the scalar reference
// obbOverlapScalar (Obb.h): the same decision on every box pair, not merely a conservative one.
#include "geometry/ObbSimd.h"
#include "geometry/ObbAvx2.h"
#include "geometry/Quat.h"

#include <cstdlib>
#include <cstring>
#include <gtest/gtest.h>
#include <random>
#include <string>

using namespace cdlab;

namespace {

Mat3 randomRotation(std::mt19937& rng) {
    std::normal_distribution<double> n(0.0, 1.0);
    return Quat{n(rng), n(rng), n(rng), n(rng)}.normalized().toMat3();
}

/// A's axes permuted and negated: every axis of b parallel to one of a's (the edge-edge axes degenerate).
Mat3 parallelTo(const Mat3& axes, std::mt19937& rng) {
    static const int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    const int* p = perms[rng() % 6];
    Mat3 m;
    for (int i = 0; i < 3; ++i) m.r[i] = axes.r[p[i]] * ((rng() & 1) ? 1.0 : -1.0);
    return m;
}

enum class Kind { General, Parallel, Degenerate, Touching, Count };

/// One random pair of the given kind; distances chosen so that about half the pairs overlap.
std::pair<Obb, Obb> randomPair(Kind kind, std::mt19937& rng) {
    std::uniform_real_distribution<double> u(-1.0, 1.0), size(0.05, 1.0);
    Obb a, b;
    a.center = {u(rng), u(rng), u(rng)};
    a.axes = randomRotation(rng);
    a.halfSize = {size(rng), size(rng), size(rng)};
    b.axes = kind == Kind::Parallel || kind == Kind::Touching ? parallelTo(a.axes, rng) : randomRotation(rng);
    b.halfSize = {size(rng), size(rng), size(rng)};
    if (kind == Kind::Degenerate) { // a flat box, a segment or a point: one to three zero extents
        const int zeros = 1 + int(rng() % 3);
        for (int k = 0; k < zeros; ++k) (rng() & 1 ? a : b).halfSize[int(rng() % 3)] = 0.0;
    }
    if (kind == Kind::Touching) {
        // Faces in contact along a's axis k: centre distance exactly a_k + b's extent along it, in a's frame
        // with axis-aligned boxes (a at the origin, identity axes) so the sums are exact.
        a.center = {}, a.axes = Mat3::identity(), b.axes = parallelTo(a.axes, rng);
        const int k = int(rng() % 3);
        Vec3 extentB;
        for (int i = 0; i < 3; ++i)
            for (int j = 0; j < 3; ++j)
                if (b.axes.r[j][i] != 0.0) extentB[i] = b.halfSize[j];
        Vec3 c{u(rng) * 0.5, u(rng) * 0.5, u(rng) * 0.5};
        c[k] = (rng() & 1 ? 1.0 : -1.0) * (a.halfSize[k] + extentB[k]);
        if (rng() & 1) c[k] *= 1.0 + 1e-9; // half of them a hair apart
        b.center = c;
        return {a, b};
    }
    const double reach = kind == Kind::General ? 1.6 : kind == Kind::Parallel ? 1.25 : 0.8;
    b.center = a.center + Vec3{u(rng), u(rng), u(rng)} * reach;
    return {a, b};
}

} // namespace

TEST(ObbSimd, SameDecisionAsTheScalarTestOn120000BoxPairs) {
    std::mt19937 rng(20261129);
    constexpr int kPerKind = 30000;
    const bool avx2 = cpuHasAvx2(); // the AVX2 test runs only where the CPU has it
    const ObbOverlapFn fast = obbOverlapFast();
    for (int k = 0; k < int(Kind::Count); ++k) {
        int overlapping = 0;
        for (int n = 0; n < kPerKind; ++n) {
            const auto [a, b] = randomPair(Kind(k), rng);
            const bool scalar = obbOverlapScalar(a, b);
            ASSERT_EQ(obbOverlapSimd(a, b), scalar) << "kind " << k << ", pair " << n;
            ASSERT_EQ(obbOverlapSimd(b, a), obbOverlapScalar(b, a))
                << "kind " << k << ", pair " << n << " swapped";
            ASSERT_EQ(fast(a, b), scalar) << "kind " << k << ", pair " << n << ", " << obbOverlapFastName();
            if (avx2) {
                ASSERT_EQ(obbOverlapAvx2(a, b), scalar) << "kind " << k << ", pair " << n << ", AVX2";
                ASSERT_EQ(obbOverlapAvx2(b, a), obbOverlapScalar(b, a))
                    << "kind " << k << ", pair " << n << " swapped, AVX2";
            }
            overlapping += scalar;
        }
        // Hit-rate guard: both answers must be common for the comparison to mean anything.
        const double rate = overlapping / double(kPerKind);
        EXPECT_GT(rate, 0.3) << "kind " << k;
        EXPECT_LT(rate, 0.7) << "kind " << k;
    }
}

TEST(ObbSimd, TouchingBoxesOverlapAndSeparatedOnesDoNot) {
    Obb a{{0, 0, 0}, Mat3::identity(), {1, 1, 1}};
    Obb b{{2, 0.5, 0}, Mat3::identity(), {1, 0.25, 0.5}}; // faces touch at x = 1
    EXPECT_TRUE(obbOverlapScalar(a, b));
    EXPECT_TRUE(obbOverlapSimd(a, b));
    b.center.x = 2.001;
    EXPECT_FALSE(obbOverlapScalar(a, b));
    EXPECT_FALSE(obbOverlapSimd(a, b));
    Obb point{{1, 1, 1}, Mat3::identity(), {0, 0, 0}}; // a's corner
    EXPECT_TRUE(obbOverlapSimd(a, point));
    EXPECT_TRUE(obbOverlapSimd(point, a));
    // Turned, the corner is touching only up to rounding: whatever the scalar test says, the SSE2 one says.
    std::mt19937 rng(7);
    for (int k = 0; k < 100; ++k) {
        point.axes = randomRotation(rng);
        EXPECT_EQ(obbOverlapSimd(a, point), obbOverlapScalar(a, point));
        EXPECT_EQ(obbOverlapSimd(point, a), obbOverlapScalar(point, a));
        if (cpuHasAvx2()) {
            EXPECT_EQ(obbOverlapAvx2(a, point), obbOverlapScalar(a, point));
            EXPECT_EQ(obbOverlapAvx2(point, a), obbOverlapScalar(point, a));
        }
    }
}

TEST(ObbSimd, TheDispatchedTestIsAvx2ExactlyWhereTheCpuHasIt) {
    const char* forced = std::getenv("CDLAB_SIMD");
    const bool baseline = forced && std::string(forced) == "sse2";
#if defined(__SSE2__)
    EXPECT_STREQ(obbOverlapFastName(), cpuHasAvx2() && !baseline ? "avx2" : "sse2");
#else
    EXPECT_STREQ(obbOverlapFastName(), "scalar");
#endif
    EXPECT_EQ(obbOverlapFast() == static_cast<ObbOverlapFn>(&obbOverlapAvx2), cpuHasAvx2() && !baseline);
}

TEST(ObbSimd, ColumnFormTransformIsObbTransformedBitForBit) {
    if (!cpuHasAvx2()) GTEST_SKIP() << "no AVX2 on this CPU";
    std::mt19937 rng(45);
    std::uniform_real_distribution<double> u(-3.0, 3.0), size(0.0, 2.0);
    for (int n = 0; n < 10000; ++n) {
        Obb b{{u(rng), u(rng), u(rng)}, randomRotation(rng), {size(rng), size(rng), size(rng)}};
        const Pose pose{randomRotation(rng), {u(rng), u(rng), u(rng)}};
        ObbColumns got;
        transformToColumns(b, pose, got);
        const ObbColumns want = toColumns(b.transformed(pose));
        // Lanes 0..2 bit for bit (lane 3 is padding the test masks off: 0 or -0).
        for (int c = 0; c < 3; ++c)
            ASSERT_EQ(std::memcmp(got.axis[c], want.axis[c], 3 * sizeof(double)), 0)
                << "box " << n << ", row " << c;
        ASSERT_EQ(std::memcmp(got.center, want.center, 3 * sizeof(double)), 0) << "box " << n;
        ASSERT_EQ(std::memcmp(got.half, want.half, 3 * sizeof(double)), 0) << "box " << n;
    }
}
