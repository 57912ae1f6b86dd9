// The floating-point fast path of the elementary CCD tests (LinearCcdFilter) against the exact search
// without it, on generated generic queries (CcdQueryGenerator) and on edge cases of its error analysis.
// Dense time sampling checks both in CcdSamplingTest.cpp.
#include "ccd/LinearCcdFilter.h"
#include "TestUtil.h"
#include "ccd/CcdQueryGenerator.h"

#include <cmath>
#include <gtest/gtest.h>

using namespace cdlab;

namespace {

std::array<Vec3, 8> toDoubles(const CcdQuery& q) {
    std::array<Vec3, 8> p;
    for (std::size_t i = 0; i < 8; ++i)
        p[i] = {q.points[i].x.get_d(), q.points[i].y.get_d(), q.points[i].z.get_d()};
    return p;
}

/// Generated queries near contact (none moved apart, so about half touch): the filter's every answer is the
/// exact search's, it decides most of them itself, and the public entry points answer the truth.
void expectFilterAgreesWithExact(bool edgeEdge, std::uint64_t seed) {
    CcdGeneratorOptions g;
    g.edgeEdge = edgeEdge;
    g.count = 3000;
    g.seed = seed;
    g.farShare = 0;
    std::size_t limited = 0;
    std::vector<CcdQuery> queries = CcdQueryGenerator::generate(g, &limited);
    EXPECT_EQ(limited, 0u) << "generic queries should not need the depth limit";
    std::size_t truths = 0, contacts = 0, apart = 0;
    for (std::size_t i = 0; i < queries.size(); ++i) {
        const CcdQuery& q = queries[i];
        truths += q.truth;
        std::array<Vec3, 8> p = toDoubles(q);
        // The points are doubles: the rational ones exactly.
        for (std::size_t k = 0; k < 8; ++k) ASSERT_EQ(RationalVec3(p[k]).x, q.points[k].x);
        auto a = edgeEdge ? LinearCcdFilter::edgeEdge(p, {}) : LinearCcdFilter::vertexFace(p, {});
        if (a == LinearCcdFilter::Answer::Contact) {
            ++contacts;
            ASSERT_TRUE(q.truth) << "query " << i << ": contact proven where the exact search finds none";
        } else if (a == LinearCcdFilter::Answer::NoContact) {
            ++apart;
            ASSERT_FALSE(q.truth) << "query " << i << ": contact missed";
        }
        bool viaRationals = edgeEdge ? edgeEdgeCcd(q.points) : vertexFaceCcd(q.points);
        bool viaDoubles = edgeEdge ? edgeEdgeCcd(p) : vertexFaceCcd(p);
        ASSERT_EQ(viaRationals, q.truth) << "query " << i;
        ASSERT_EQ(viaDoubles, q.truth) << "query " << i;
        // With `earliest` or a window the filter may refute, never prove.
        CcdOptions earliest;
        earliest.earliest = true;
        auto e = edgeEdge ? LinearCcdFilter::edgeEdge(p, earliest) : LinearCcdFilter::vertexFace(p, earliest);
        ASSERT_NE(e, LinearCcdFilter::Answer::Contact);
    }
    // Representative: about half the queries touch; the filter settles most of both kinds.
    EXPECT_GT(truths, queries.size() * 3 / 10) << truths;
    EXPECT_LT(truths, queries.size() * 7 / 10) << truths;
    EXPECT_GT(contacts, truths * 8 / 10) << contacts << " of " << truths;
    EXPECT_GT(apart, (queries.size() - truths) * 8 / 10) << apart << " of " << queries.size() - truths;
}

/// A vertex falling through the middle of a triangle in the plane z = 0 (contact at t = 1/2), all scaled.
std::array<Vec3, 8> fallingVertex(double scale) {
    std::array<Vec3, 8> p = {Vec3{0.2, 0.2, 1},  {0, 0, 0}, {1, 0, 0}, {0, 1, 0},
                             Vec3{0.2, 0.2, -1}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    for (Vec3& v : p) v = v * scale;
    return p;
}

} // namespace

TEST(LinearCcdFilter, VertexFaceAgreesWithTheExactSearch) {
    expectFilterAgreesWithExact(false, 11);
}

TEST(LinearCcdFilter, EdgeEdgeAgreesWithTheExactSearch) {
    expectFilterAgreesWithExact(true, 12);
}

TEST(LinearCcdFilter, RoundedRationalsKeepTheAnswers) {
    // Generated queries scaled by a positive rational (a similarity: the same contacts) that no double
    // holds: 1/3 (one-limb numerators and denominators rounded), and one of 100-bit terms (leading limbs).
    mpz_class big = (mpz_class(1) << 100) + 12345;
    for (const Rational& scale : {Rational(1, 3), Rational(big, big - 98765)}) {
        for (bool edgeEdge : {false, true}) {
            CcdGeneratorOptions g;
            g.edgeEdge = edgeEdge;
            g.count = 500;
            g.seed = 21;
            for (const CcdQuery& q : CcdQueryGenerator::generate(g)) {
                std::array<RationalVec3, 8> p;
                for (std::size_t k = 0; k < 8; ++k) {
                    p[k] = {q.points[k].x * scale, q.points[k].y * scale, q.points[k].z * scale};
                    p[k].x.canonicalize(), p[k].y.canonicalize(), p[k].z.canonicalize();
                }
                ASSERT_EQ(edgeEdge ? edgeEdgeCcd(p) : vertexFaceCcd(p), q.truth);
            }
        }
    }
}

TEST(LinearCcdFilter, ProvesACleanCrossingAndRefutesAMiss) {
    EXPECT_EQ(LinearCcdFilter::vertexFace(fallingVertex(1), {}), LinearCcdFilter::Answer::Contact);
    std::array<Vec3, 8> miss = fallingVertex(1);
    miss[0].x = miss[4].x = 0.9; // beside the hypotenuse x + y = 1
    EXPECT_EQ(LinearCcdFilter::vertexFace(miss, {}), LinearCcdFilter::Answer::NoContact);
    std::array<Vec3, 8> away = fallingVertex(1);
    away[0].x = away[4].x = 1.5; // beside the triangle's box
    std::uint64_t intervals = 7;
    EXPECT_EQ(LinearCcdFilter::vertexFace(away, {}, &intervals), LinearCcdFilter::Answer::NoContact);
    EXPECT_EQ(intervals, 0u); // the swept boxes alone
}

TEST(LinearCcdFilter, LeavesExactTouchingToTheExactSearch) {
    // The vertex grazes the face's edge y = 0 exactly (a contact only exact arithmetic can prove), or passes
    // a rounding error beside it: the filter must not refute the first nor prove the second.
    std::array<Vec3, 8> graze = fallingVertex(1);
    graze[0].y = graze[4].y = 0;
    EXPECT_NE(LinearCcdFilter::vertexFace(graze, {}), LinearCcdFilter::Answer::NoContact);
    EXPECT_TRUE(vertexFaceCcd(graze));
    std::array<Vec3, 8> beside = graze;
    beside[0].y = beside[4].y = -1e-14;
    EXPECT_NE(LinearCcdFilter::vertexFace(beside, {}), LinearCcdFilter::Answer::Contact);
    EXPECT_FALSE(vertexFaceCcd(beside));
    // Edges crossing exactly at an end of the frame.
    std::array<Vec3, 8> ee = {Vec3{-1, 0, 1}, {1, 0, 1}, {0, -1, 0}, {0, 1, 0},
                              Vec3{-1, 0, 0}, {1, 0, 0}, {0, -1, 0}, {0, 1, 0}};
    EXPECT_NE(LinearCcdFilter::edgeEdge(ee, {}), LinearCcdFilter::Answer::NoContact);
    EXPECT_TRUE(edgeEdgeCcd(ee));
}

TEST(LinearCcdFilter, ProvesGridContactsAtDyadicTimesExactly) {
    // On a binary grid the conditions at t = 0, 1/2, 1 are exact in integers: the vertex grazing the edge
    // y = 0 at t = 1/2 and edges meeting at t = 1 are proven here, not left to the exact search.
    std::array<Vec3, 8> graze = fallingVertex(0.25);
    graze[0].y = graze[4].y = 0;
    EXPECT_EQ(LinearCcdFilter::vertexFace(graze, {}), LinearCcdFilter::Answer::Contact);
    std::array<Vec3, 8> ee = {Vec3{-1, 0, 1}, {1, 0, 1}, {0, -1, 0}, {0, 1, 0},
                              Vec3{-1, 0, 0}, {1, 0, 0}, {0, -1, 0}, {0, 1, 0}};
    EXPECT_EQ(LinearCcdFilter::edgeEdge(ee, {}), LinearCcdFilter::Answer::Contact);
    // Not off the grid's reach (a 30-bit coordinate), nor when only the boxes fail: parallel edges that end
    // collinear but apart at t = 1 (coplanar, both straddles zero) are no contact there.
    std::array<Vec3, 8> fine = ee;
    fine[0].x = fine[4].x = -1 - 0x1p-30;
    EXPECT_NE(LinearCcdFilter::edgeEdge(fine, {}), LinearCcdFilter::Answer::Contact);
    std::array<Vec3, 8> apart = {Vec3{0, 0, 0}, {1, 0, 0}, {0, 0, 1}, {1, 0, 1},
                                 Vec3{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {3, 0, 0}};
    EXPECT_NE(LinearCcdFilter::edgeEdge(apart, {}), LinearCcdFilter::Answer::Contact);
}

TEST(LinearCcdFilter, GivesUpOutsideItsErrorAnalysis) {
    // Coordinates that would underflow (or overflow) the products: the exact search answers.
    for (double scale : {1e-35, 1e35}) {
        std::array<Vec3, 8> p = fallingVertex(scale);
        EXPECT_EQ(LinearCcdFilter::vertexFace(p, {}), LinearCcdFilter::Answer::Unknown) << scale;
        EXPECT_TRUE(vertexFaceCcd(p)) << scale;
    }
    // Rationals too small for a double are not rounded to zero.
    std::array<RationalVec3, 8> q;
    for (std::size_t i = 0; i < 8; ++i) q[i] = RationalVec3(fallingVertex(1)[i]);
    Rational tiny(1);
    tiny /= Rational(mpz_class(1) << 1200);
    for (RationalVec3& v : q) v.x *= tiny, v.y *= tiny, v.z *= tiny;
    EXPECT_TRUE(vertexFaceCcd(q));
    q[0].x += Rational(1); // the vertex far beside (in units the doubles cannot see)
    q[4].x += Rational(1);
    EXPECT_FALSE(vertexFaceCcd(q));
}

TEST(LinearCcdFilter, DegenerateFeaturesGoToTheExactSearch) {
    // A triangle collapsed to a segment (its inside conditions vanish identically): never proven here.
    std::array<Vec3, 8> p = fallingVertex(1);
    p[3] = p[7] = {0.5, 0, 0};
    EXPECT_NE(LinearCcdFilter::vertexFace(p, {}), LinearCcdFilter::Answer::Contact);
    // Parallel edges sliding over each other in one plane.
    std::array<Vec3, 8> ee = {Vec3{0, 0, 0}, {1, 0, 0}, {0.5, 0, 0.5},  {1.5, 0, 0.5},
                              Vec3{0, 0, 0}, {1, 0, 0}, {0.5, 0, -0.5}, {1.5, 0, -0.5}};
    EXPECT_NE(LinearCcdFilter::edgeEdge(ee, {}), LinearCcdFilter::Answer::NoContact);
    EXPECT_TRUE(edgeEdgeCcd(ee));
}
