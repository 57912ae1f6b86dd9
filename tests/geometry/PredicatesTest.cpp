#include "geometry/Predicates.h"
#include "TestUtil.h"

#include <gmpxx.h>
#include <gtest/gtest.h>

using namespace cdlab;

TEST(Predicates, Orient3dSigns) {
    Vec3 a{0, 0, 0}, b{1, 0, 0}, c{0, 1, 0};
    EXPECT_EQ(orient3d(a, b, c, {0, 0, 1}), -1); // d above the ccw triangle
    EXPECT_EQ(orient3d(a, b, c, {0, 0, -1}), 1);
    EXPECT_EQ(orient3d(a, b, c, {5, 7, 0}), 0);
}

TEST(Predicates, Orient3dExactOnNearlyCoplanarPoints) {
    // Points on the plane x + y + z = 1 given as inexact decimals: the floating-point determinant is rounding
    // noise, the predicate must still return the exact sign for these doubles, also one ulp off the plane.
    Vec3 a{0.1, 0.2, 0.7}, b{0.3, 0.3, 0.4}, c{0.6, 0.1, 0.3};
    Vec3 d{0.25, 0.35, 0.4};
    for (int k = 0; k < 40; ++k) {
        Vec3 dd = d;
        for (int s = 0; s < k / 2; ++s) dd.z = std::nextafter(dd.z, k % 2 ? 1.0 : 0.0);
        EXPECT_EQ(orient3d(a, b, c, dd), test::exactOrient3d(a, b, c, dd)) << k;
    }
}

TEST(Predicates, RandomAgreesWithExactArithmetic) {
    test::Rng rng(7);
    std::uint64_t before = exactFallbackCount();
    for (int i = 0; i < 20000; ++i) {
        // Small integer grids make exact zeros and near-zeros common.
        auto p = [&] {
            return Vec3{double(rng.integer(-3, 3)), double(rng.integer(-3, 3)), double(rng.integer(-3, 3))} *
                   0.1;
        };
        Vec3 a = p(), b = p(), c = p(), d = p();
        auto q = [](double v) { return mpq_class(v); };
        ASSERT_EQ(orient3d(a, b, c, d), test::exactOrient3d(a, b, c, d)) << i;
        mpq_class det2 = (q(a.x) - q(c.x)) * (q(b.y) - q(c.y)) - (q(a.y) - q(c.y)) * (q(b.x) - q(c.x));
        ASSERT_EQ(orient2d(a, b, c, 0, 1), sgn(det2)) << i;
    }
    EXPECT_GT(exactFallbackCount(), before); // the exact path was exercised
}
