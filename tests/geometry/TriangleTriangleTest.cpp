#include "geometry/TriangleTriangle.h"
#include "TestUtil.h"

#include <array>
#include <gtest/gtest.h>
#include <vector>

using namespace cdlab;
using test::QVec;

namespace {

/// Independent exact reference: two closed triangles (possibly degenerate) are disjoint iff some axis
/// strictly separates their projections. For disjoint compact convex sets the direction between the closest
/// points separates; the closest points lie on vertex/edge/face features, so the candidate directions are:
/// vertex differences, vertex-to-edge-line perpendiculars, edge cross products and the face normals. Exact
/// rationals.
bool referenceIntersect(const std::array<Vec3, 3>& t1, const std::array<Vec3, 3>& t2) {
    std::vector<QVec> a, b, axes;
    for (const auto& v : t1) a.emplace_back(v);
    for (const auto& v : t2) b.emplace_back(v);
    std::vector<QVec> ea, eb;
    for (int i = 0; i < 3; ++i) ea.push_back(a[(i + 1) % 3] - a[i]), eb.push_back(b[(i + 1) % 3] - b[i]);
    axes.push_back(qcross(ea[0], ea[1]));
    axes.push_back(qcross(eb[0], eb[1]));
    for (auto& e : ea)
        for (auto& f : eb) axes.push_back(qcross(e, f));
    for (auto& p : a)
        for (auto& q : b) {
            QVec d = p - q;
            axes.push_back(d);
            for (auto& e : ea) axes.push_back(qcross(qcross(e, d), e));
            for (auto& f : eb) axes.push_back(qcross(qcross(f, d), f));
        }
    for (const QVec& ax : axes) {
        if (qzero(ax)) continue;
        mpq_class amin = qdot(ax, a[0]), amax = amin, bmin = qdot(ax, b[0]), bmax = bmin;
        for (int i = 1; i < 3; ++i) {
            mpq_class pa = qdot(ax, a[i]), pb = qdot(ax, b[i]);
            if (pa < amin) amin = pa;
            if (pa > amax) amax = pa;
            if (pb < bmin) bmin = pb;
            if (pb > bmax) bmax = pb;
        }
        if (amax < bmin || bmax < amin) return false;
    }
    return true;
}

bool tt(const std::array<Vec3, 3>& a, const std::array<Vec3, 3>& b) {
    return trianglesIntersect(a[0], a[1], a[2], b[0], b[1], b[2]);
}

/// The answer must not depend on vertex order or on which triangle comes first.
void expectSymmetric(const std::array<Vec3, 3>& a, const std::array<Vec3, 3>& b, bool expected) {
    static constexpr int kPerm[6][3] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {0, 2, 1}, {2, 1, 0}, {1, 0, 2}};
    for (const auto& pa : kPerm)
        for (const auto& pb : kPerm) {
            std::array<Vec3, 3> x{a[pa[0]], a[pa[1]], a[pa[2]]}, y{b[pb[0]], b[pb[1]], b[pb[2]]};
            ASSERT_EQ(tt(x, y), expected);
            ASSERT_EQ(tt(y, x), expected);
        }
}

} // namespace

TEST(TriangleTriangle, SeparatedAndCrossing) {
    std::array<Vec3, 3> a{Vec3{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    expectSymmetric(a, {Vec3{0, 0, 1}, {1, 0, 1}, {0, 1, 1}}, false);             // parallel planes
    expectSymmetric(a, {Vec3{0.2, 0.2, -1}, {0.2, 0.2, 1}, {0.3, 0.5, 0}}, true); // piercing
    expectSymmetric(a, {Vec3{2, 2, -1}, {2, 2, 1}, {3, 2, 0}}, false);            // crosses the plane outside
}

TEST(TriangleTriangle, TouchingCountsAsIntersecting) {
    std::array<Vec3, 3> a{Vec3{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    expectSymmetric(a, {Vec3{0, 0, 0}, {-1, 0, 1}, {0, -1, 1}}, true);          // shared vertex only
    expectSymmetric(a, {Vec3{0.5, 0, 0}, {0.5, -1, 1}, {0.5, -1, -1}}, true);   // vertex on an edge
    expectSymmetric(a, {Vec3{0.2, 0.2, 0}, {0, 0, 1}, {1, 1, 1}}, true);        // vertex on the face
    expectSymmetric(a, {Vec3{0.5, 0.5, 0}, {1, 1, 1}, {2, 0, 1}}, true);        // hypotenuse midpoint touch
    expectSymmetric(a, {Vec3{0.5000001, 0.5, 0}, {1, 1, 1}, {2, 0, 1}}, false); // just beyond the hypotenuse
    expectSymmetric(a, {Vec3{0, 0, 1e-300}, {1, 0, 1}, {0, 1, 1}}, false);      // tiny but positive gap
}

TEST(TriangleTriangle, Coplanar) {
    std::array<Vec3, 3> a{Vec3{0, 0, 0}, {2, 0, 0}, {0, 2, 0}};
    expectSymmetric(a, {Vec3{0.5, 0.5, 0}, {3, 0.5, 0}, {0.5, 3, 0}}, true);     // overlapping
    expectSymmetric(a, {Vec3{0.2, 0.2, 0}, {0.5, 0.2, 0}, {0.2, 0.5, 0}}, true); // contained
    expectSymmetric(a, {Vec3{2, 0, 0}, {3, 0, 0}, {3, 1, 0}}, true);             // shared vertex
    expectSymmetric(a, {Vec3{1, 1, 0}, {2, 2, 0}, {3, 0, 0}}, true); // touching along the hypotenuse point
    expectSymmetric(a, {Vec3{1.5, 1.5, 0}, {3, 1.5, 0}, {1.5, 3, 0}}, false); // disjoint
}

TEST(TriangleTriangle, DegenerateTriangles) {
    std::array<Vec3, 3> a{Vec3{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    expectSymmetric(a, {Vec3{0.2, 0.2, -1}, {0.2, 0.2, 0}, {0.2, 0.2, 1}},
                    true); // collinear: segment through face
    expectSymmetric(a, {Vec3{0.2, 0.2, 0.5}, {0.2, 0.2, 1}, {0.2, 0.2, 2}}, false); // segment above
    expectSymmetric(a, {Vec3{0.2, 0.2, 0}, {0.2, 0.2, 0}, {0.2, 0.2, 0}}, true);    // a point on the face
    expectSymmetric(a, {Vec3{0.2, 0.2, 1e-9}, {0.2, 0.2, 1e-9}, {0.2, 0.2, 1e-9}}, false);
    expectSymmetric(a, {Vec3{-1, 0.5, 0}, {0, 0.5, 0}, {-0.5, 0.5, 0}},
                    true); // coplanar segment touching an edge
    expectSymmetric(a, {Vec3{-1, 2, 0}, {0.5, 0.5, 0}, {-0.25, 1.25, 0}}, true); // ends on the hypotenuse
    // Both degenerate.
    std::array<Vec3, 3> s1{Vec3{0, 0, 0}, {2, 0, 0}, {1, 0, 0}};
    expectSymmetric(s1, {Vec3{1, -1, 0}, {1, 1, 0}, {1, 0.5, 0}}, true);  // crossing segments
    expectSymmetric(s1, {Vec3{1, -1, 1}, {1, 1, 1}, {1, 0.5, 1}}, false); // skew
    expectSymmetric(s1, {Vec3{2, 0, 0}, {3, 0, 0}, {4, 0, 0}}, true);     // collinear, touching end
    expectSymmetric(s1, {Vec3{2.5, 0, 0}, {3, 0, 0}, {4, 0, 0}}, false);  // collinear, apart
    expectSymmetric(s1, {Vec3{0, 1, 0}, {2, 1, 0}, {1, 1, 0}}, false);    // parallel
    expectSymmetric(s1, {Vec3{1, 0, 0}, {1, 0, 0}, {1, 0, 0}}, true);     // point on segment
}

TEST(TriangleTriangle, RandomAgainstExactSeparatingAxisReference) {
    // Coordinates on a coarse grid so coplanar, touching and degenerate configurations are frequent; a second
    // half uses continuous coordinates. Hit rate must stay representative (30-70 %).
    test::Rng rng(20261122);
    int hits = 0, n = 30000;
    for (int i = 0; i < n; ++i) {
        bool grid = i % 2 == 0;
        auto p = [&] {
            if (grid)
                return Vec3{double(rng.integer(0, 4)), double(rng.integer(0, 4)), double(rng.integer(0, 2))};
            return rng.vec(0, 1.6);
        };
        std::array<Vec3, 3> a{p(), p(), p()}, b{p(), p(), p()};
        bool ref = referenceIntersect(a, b);
        ASSERT_EQ(tt(a, b), ref) << "case " << i;
        ASSERT_EQ(tt(b, a), ref) << "case " << i << " swapped";
        hits += ref;
    }
    double rate = double(hits) / n;
    EXPECT_GT(rate, 0.3);
    EXPECT_LT(rate, 0.7);
}
