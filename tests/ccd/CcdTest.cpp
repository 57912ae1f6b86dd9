// Elementary CCD tests (vertex/face, edge/edge): exact references, zero false negatives.
#include "TestPaths.h"
#include "TestUtil.h"
#include "ccd/CcdQueryFile.h"
#include "ccd/DoubleDouble.h"
#include "ccd/IntegerPoly.h"
#include "core/InputError.h"

#include <algorithm>
#include <gtest/gtest.h>

using namespace cdlab;

namespace {

using Q = Rational;
using P = RationalVec3;

P add(const P& a, const P& b) {
    return {a.x + b.x, a.y + b.y, a.z + b.z};
}
P sub(const P& a, const P& b) {
    return {a.x - b.x, a.y - b.y, a.z - b.z};
}
P mul(const P& a, const Q& s) {
    return {a.x * s, a.y * s, a.z * s};
}

/// n / d in lowest terms (GMP's rational arithmetic expects them; the two-argument constructor does not
/// reduce).
Q frac(long n, long d) {
    Q q(n, d);
    q.canonicalize();
    return q;
}

/// Small random rationals (denominator 8) so exact touching configurations are common.
Q rq(test::Rng& rng, int range) {
    return frac(rng.integer(-range * 8, range * 8), 8);
}
P rp(test::Rng& rng, int range) {
    return {rq(rng, range), rq(rng, range), rq(rng, range)};
}

// ---- exact vector algebra on rationals (independent of the CCD code) ----
P crossQ(const P& a, const P& b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
Q dotQ(const P& a, const P& b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

std::string data(const std::string& name) {
    return std::string(CDLAB_TEST_DATA) + "/" + name;
}

} // namespace

TEST(Ccd, QueryFilesMatchTheirTruth) {
    for (const char* type : {"vf", "ee"}) {
        auto queries = readCcdQueries(data(std::string("ccd_") + type + ".csv"));
        ASSERT_GT(queries.size(), 20u);
        for (const CcdQuery& q : queries) {
            CcdQueryStats st;
            bool hit =
                std::string(type) == "vf" ? vertexFaceCcd(q.points, {}, &st) : edgeEdgeCcd(q.points, {}, &st);
            if (q.truth) {
                EXPECT_TRUE(hit) << type << " line " << q.line << ": false negative";
            } else if (!st.depthLimited) { // only an answer at the depth limit may be a false positive
                EXPECT_FALSE(hit) << type << " line " << q.line;
            }
        }
    }
}

TEST(Ccd, VertexFaceWithKnownContactTime) {
    // Triangle and vertex translate (no rotation): the relative motion is linear, so the vertex reaches the
    // triangle's plane exactly once, at a chosen rational time t*, at chosen barycentric coordinates — the
    // exact truth is "all coordinates >= 0". Coordinates on a 1/8 grid make edge and vertex hits frequent.
    test::Rng rng(11);
    int hits = 0, n = 3000, depthLimited = 0;
    for (int i = 0; i < n; ++i) {
        P a = rp(rng, 2), b = rp(rng, 2), c = rp(rng, 2);
        if (sgn(dotQ(crossQ(sub(b, a), sub(c, a)), crossQ(sub(b, a), sub(c, a)))) == 0) continue;
        Q ts = frac(rng.integer(0, 8), 8);
        Q u = frac(rng.integer(-2, 8), 8), v = frac(rng.integer(-2, 8), 8);
        Q w = 1 - u - v;
        bool truth = sgn(u) >= 0 && sgn(v) >= 0 && sgn(w) >= 0;
        P velTri = rp(rng, 1), velRel = rp(rng, 1);
        P n3 = crossQ(sub(b, a), sub(c, a));
        if (sgn(dotQ(velRel, n3)) == 0) continue; // would stay in the plane: not the case built here
        // Triangle at t: x + t velTri. Contact point at t*: a(t*) u-weighted; the vertex moves with velTri +
        // velRel.
        P contact = add(add(mul(a, w), add(mul(b, u), mul(c, v))), mul(velTri, ts));
        P v0 = sub(contact, mul(add(velTri, velRel), ts));
        P v1 = add(v0, add(velTri, velRel));
        std::array<P, 8> pts{v0, a, b, c, v1, add(a, velTri), add(b, velTri), add(c, velTri)};
        CcdQueryStats st;
        CcdOptions earliest;
        earliest.earliest = true;
        bool hit = vertexFaceCcd(pts, earliest, &st);
        depthLimited += st.depthLimited;
        if (truth) {
            ASSERT_TRUE(hit) << "case " << i;
            // The plane is crossed once, at t*: the bound is below it and within the requested resolution.
            ASSERT_LE(st.toc, ts.get_d()) << "case " << i;
            ASSERT_GE(st.toc, ts.get_d() - std::ldexp(1.0, -earliest.tocDepth + 1)) << "case " << i;
        } else if (!st.depthLimited) {
            ASSERT_FALSE(hit) << "case " << i;
        }
        // A window of the frame (CcdOptions::from / until, as the pipelines pass them): one holding t* (t*
        // at its start, end or inside) gives the same answer; one after t* sees no contact.
        double t = ts.get_d(), from = std::clamp(t - 0.125 * double(rng.integer(0, 1)), 0.0, 0.875);
        CcdOptions window = earliest;
        window.from = from, window.until = from + 0.125;
        CcdQueryStats stw;
        bool hitw = vertexFaceCcd(pts, window, &stw);
        if (!st.depthLimited && !stw.depthLimited) {
            ASSERT_EQ(hitw, hit) << "case " << i;
            if (hit) {
                ASSERT_EQ(stw.toc, st.toc) << "case " << i;
            }
        }
        if (t <= 0.75) {
            window.from = t + 0.125, window.until = 1;
            bool later = vertexFaceCcd(pts, window, &stw);
            if (!stw.depthLimited) {
                ASSERT_FALSE(later) << "case " << i;
            }
        }
        hits += truth;
    }
    EXPECT_GT(hits, n * 0.3);
    EXPECT_LT(hits, n * 0.7);
    EXPECT_LT(depthLimited, n / 5); // most answers are exact, not conservative
}

TEST(Ccd, EdgeEdgeWithKnownContactTime) {
    test::Rng rng(12);
    int hits = 0, n = 3000, depthLimited = 0;
    for (int i = 0; i < n; ++i) {
        // Contact at t* between the point a0 + s (a1 - a0) and b0 + r (b1 - b0); edges translate.
        P a0 = rp(rng, 2), da = rp(rng, 1), db = rp(rng, 1);
        if (sgn(dotQ(crossQ(da, db), crossQ(da, db))) == 0) continue;
        Q ts = frac(rng.integer(0, 8), 8), s = frac(rng.integer(-2, 10), 8), r = frac(rng.integer(-2, 10), 8);
        bool truth = sgn(s) >= 0 && s <= 1 && sgn(r) >= 0 && r <= 1;
        P meet = add(a0, mul(da, s)); // at t*, edge a is at rest frame; edge b passes through `meet`
        P velA = rp(rng, 1), velRel = rp(rng, 1);
        if (sgn(dotQ(velRel, crossQ(da, db))) == 0) continue;
        P b0star = sub(meet, mul(db, r)); // b0 at t* relative to a's frame
        P a0t0 = sub(a0, mul(velA, ts));
        P b0t0 = sub(b0star, mul(add(velA, velRel), ts));
        std::array<P, 8> pts{a0t0,
                             add(a0t0, da),
                             b0t0,
                             add(b0t0, db),
                             add(a0t0, velA),
                             add(add(a0t0, da), velA),
                             add(b0t0, add(velA, velRel)),
                             add(add(b0t0, db), add(velA, velRel))};
        CcdQueryStats st;
        CcdOptions earliest;
        earliest.earliest = true;
        bool hit = edgeEdgeCcd(pts, earliest, &st);
        depthLimited += st.depthLimited;
        if (truth) {
            ASSERT_TRUE(hit) << "case " << i;
            // Both edges translate, so their directions (and the normal da x db) are constant and the
            // coplanarity condition n . (b0(t) - a0(t)) is linear in t with its single root at t*: the bound
            // is below t* and within the requested resolution (a lower bound of the contact time, 2^-tocDepth
            // cells; one cell more for the rounding of the cell's start).
            ASSERT_LE(st.toc, ts.get_d()) << "case " << i;
            ASSERT_GE(st.toc, ts.get_d() - std::ldexp(1.0, -earliest.tocDepth + 1)) << "case " << i;
        } else if (!st.depthLimited) {
            ASSERT_FALSE(hit) << "case " << i;
        }
        // Windows of the frame, as for vertex/face: one holding t* gives the same answer and time, one after
        // t* sees no contact.
        double t = ts.get_d(), from = std::clamp(t - 0.125 * double(rng.integer(0, 1)), 0.0, 0.875);
        CcdOptions window = earliest;
        window.from = from, window.until = from + 0.125;
        CcdQueryStats stw;
        bool hitw = edgeEdgeCcd(pts, window, &stw);
        if (!st.depthLimited && !stw.depthLimited) {
            ASSERT_EQ(hitw, hit) << "case " << i;
            if (hit) {
                ASSERT_EQ(stw.toc, st.toc) << "case " << i;
            }
        }
        if (t <= 0.75) {
            window.from = t + 0.125, window.until = 1;
            bool later = edgeEdgeCcd(pts, window, &stw);
            if (!stw.depthLimited) {
                ASSERT_FALSE(later) << "case " << i;
            }
        }
        hits += truth;
    }
    EXPECT_GT(hits, n * 0.3);
    EXPECT_LT(hits, n * 0.7);
    EXPECT_LT(depthLimited, n / 5); // most answers are exact, not conservative
}

// Dense time sampling against the CCD, both ways (no miss, and no contact where the features are proven
// apart): CcdSamplingTest.cpp.

TEST(Ccd, FileErrorsNameFileAndLine) {
    test::TempDir dir;
    auto expectError = [](const std::string& path, const std::string& part) {
        try {
            readCcdQueries(path);
            FAIL() << "no error for " << path;
        } catch (const InputError& e) {
            std::string msg = e.what();
            EXPECT_NE(msg.find(path), std::string::npos) << msg;
            EXPECT_NE(msg.find(part), std::string::npos) << msg;
        }
    };
    std::string good = "1,1,0,1,0,1,0\n";
    std::string seven;
    for (int i = 0; i < 7; ++i) seven += good;
    expectError(dir.path("none.csv"), "file not found");
    expectError(dir.write("short.csv", seven), "file ends inside a query: 7 of 8 rows");
    expectError(dir.write("cols.csv", "1,1,0,1,0,1\n"), "line 1: expected 7 comma-separated fields");
    expectError(dir.write("zero.csv", "1,0,0,1,0,1,0\n"), "line 1, x_den: denominator is zero");
    expectError(dir.write("text.csv", "1,1,abc,1,0,1,0\n"), "line 1, y_num: expected an integer");
    expectError(dir.write("truth.csv", "1,1,0,1,0,1,2\n"), "line 1, truth: expected 0 or 1");
    expectError(dir.write("mixed.csv", good + good + "1,1,0,1,0,1,1\n"), "line 3, truth: differs");
    expectError(dir.write("empty.csv", "\n"), "no queries");
    // Numbers beyond 64 bits are read exactly.
    std::string big = "123456789012345678901234567890,3,-98765432109876543210987654321,7,1,1,1\n", bigq;
    for (int i = 0; i < 8; ++i) bigq += big;
    auto q = readCcdQueries(dir.write("big.csv", bigq));
    ASSERT_EQ(q.size(), 1u);
    Q expected(mpz_class("123456789012345678901234567890"), 3);
    expected.canonicalize();
    EXPECT_EQ(q[0].points[0].x, expected);
    EXPECT_TRUE(q[0].truth);
}

TEST(Ccd, DoubleDoubleArithmeticIsWithinItsBound) {
    // The middle tier's arithmetic against exact rationals: sums and products of random double-doubles
    // (values spread over 40 orders, signs mixed, cancellations forced) stay within 2^-100 of the operands'
    // magnitudes — FloatPoly's slack for double-double (1e-26 ~ 2^-86) assumes far less precision.
    test::Rng rng(17);
    auto random = [&] {
        double hi = std::ldexp(rng.uniform(-1, 1), int(rng.integer(-60, 60)));
        double lo = std::ldexp(hi, -53) * rng.uniform(-0.5, 0.5);
        DoubleDouble v;
        dd::quickTwoSum(hi, lo, v.hi, v.lo);
        return v;
    };
    auto exact = [](const DoubleDouble& v) -> Q { return Q(v.hi) + Q(v.lo); };
    auto mag = [](const DoubleDouble& v) -> Q { return Q(magnitude(v)); };
    const Q bound = Q(1) / Q(mpz_class(1) << 100);
    for (int i = 0; i < 20000; ++i) {
        DoubleDouble x = random(), y = random();
        if (i % 4 == 1) y = -x + DoubleDouble(std::ldexp(x.hi, -70)); // near cancellation
        Q sum = exact(x + y) - (exact(x) + exact(y)), prod = exact(x * y) - exact(x) * exact(y);
        ASSERT_LE(abs(sum), bound * (mag(x) + mag(y))) << i;
        ASSERT_LE(abs(prod), bound * mag(x) * mag(y)) << i;
        // Signs against zero are exact.
        Q v = exact(x + y);
        ASSERT_EQ((x + y) > 0.0, sgn(v) > 0) << i;
        ASSERT_EQ((x + y) < 0.0, sgn(v) < 0) << i;
    }
}

TEST(Ccd, IntegerPolyHasTheRationalSigns) {
    // The exact search evaluates in integers at dyadic times: random polynomials (degree <= 8, rational
    // coefficients of mixed signs and sizes, zeros and exact roots at dyadic times forced) must give the
    // signs of RationalPoly's evaluation and interval enclosure at every dyadic time and interval.
    test::Rng rng(23);
    int zerosSeen = 0;
    for (int i = 0; i < 3000; ++i) {
        int depth = rng.integer(0, 60), k = rng.integer(0, 1 << std::min(depth, 20));
        Q lo = Q(k) / Q(mpz_class(1) << depth), hi = Q(k + 1) / Q(mpz_class(1) << depth);
        if (hi > 1) hi = 1;
        RationalPoly p;
        int degree = rng.integer(0, 8);
        for (int d = 0; d <= degree; ++d) {
            Q c = frac(rng.integer(-1000, 1000), rng.integer(1, 97));
            if (rng.integer(0, 4) == 0) c = 0;
            RationalPoly term(c);
            for (int e = 0; e < d; ++e) term = term * RationalPoly::linear(0, 1);
            p = p + term;
        }
        if (i % 3 == 0) p = p * RationalPoly::linear(-lo, 1); // a root at lo
        Dyadic dLo = Dyadic::fromDouble(lo.get_d()), dHi = Dyadic::fromDouble(hi.get_d());
        ASSERT_EQ(compare(dLo, dHi), lo < hi ? -1 : (lo == hi ? 0 : 1)) << i;
        ASSERT_EQ(compare(dHi, dLo), lo < hi ? 1 : (lo == hi ? 0 : -1)) << i;
        IntegerPoly ip(p);
        ASSERT_EQ(ip.isZero(), p.isZero()) << i;
        ASSERT_EQ(ip.signAt(dLo), p.signAt(lo)) << i;
        ASSERT_EQ(ip.signAt(dHi), p.signAt(hi)) << i;
        Dyadic dMid = dLo.midpoint(dHi);
        Q mid = (lo + hi) / 2;
        ASSERT_EQ(ip.signAt(dMid), p.signAt(mid)) << i;
        ASSERT_EQ(dMid.toDouble(), mid.get_d()) << i;
        Q rLo, rHi;
        p.range(lo, hi, rLo, rHi);
        int sLo = 2, sHi = 2;
        ip.rangeSigns(dLo, dHi, sLo, sHi);
        ASSERT_EQ(sLo, sgn(rLo)) << i;
        ASSERT_EQ(sHi, sgn(rHi)) << i;
        zerosSeen += p.signAt(lo) == 0;
    }
    EXPECT_GT(zerosSeen, 500); // roots at the interval's end were exercised
    for (double t : {0.0, 1.0, 0.5, 0x1p-60, 0.1, 1e-300, 3.0})
        EXPECT_EQ(Dyadic::fromDouble(t).toDouble(), t);
}

TEST(Ccd, IntegerArithmeticIsAPositiveMultipleOfTheRational) {
    // The exact conditions are built in integers from trajectories scaled to integers: sums, differences and
    // products of scaled polynomials (one positive scale for the four trajectories of a query) must be the
    // rational results times a positive integer, cancellations to zero included.
    test::Rng rng(29);
    auto randomPoly = [&rng](int maxDegree) {
        std::vector<Q> c(std::size_t(rng.integer(0, maxDegree + 1)));
        for (Q& q : c) {
            q = rng.integer(0, 3) == 0 ? Q(0) : frac(rng.integer(-1000, 1000), rng.integer(1, 1 << 20));
        }
        RationalPoly p;
        for (std::size_t d = c.size(); d-- > 0;) p = p * RationalPoly::linear(0, 1) + RationalPoly(c[d]);
        return p;
    };
    // q = s r with s > 0 (exactly: cross-multiplied against the leading coefficients).
    auto positiveMultiple = [](const IntegerPoly& q, const RationalPoly& r) {
        const auto& qc = q.coefficients();
        const auto& rc = r.coefficients();
        if (qc.size() != rc.size()) return false;
        if (qc.empty()) return true;
        if (sgn(qc.back()) != sgn(rc.back())) return false;
        for (std::size_t i = 0; i < qc.size(); ++i)
            if (Q(qc[i]) * rc.back() != rc[i] * Q(qc.back())) return false;
        return true;
    };
    int cancelled = 0;
    for (int i = 0; i < 2000; ++i) {
        std::array<PolyVec3, 4> tr;
        for (PolyVec3& v : tr) v = {randomPoly(3), randomPoly(3), randomPoly(3)};
        if (i % 4 == 0) tr[1] = tr[0]; // a degenerate edge: differences cancel to zero
        std::array<IntegerPolyVec3, 4> it = toIntegers(tr);
        for (int k = 0; k < 4; ++k) {
            ASSERT_TRUE(positiveMultiple(it[k].x, tr[k].x)) << i;
            ASSERT_TRUE(positiveMultiple(it[k].y, tr[k].y)) << i;
            ASSERT_TRUE(positiveMultiple(it[k].z, tr[k].z)) << i;
        }
        // One scale for all: a sum across points is a multiple of the rational sum.
        ASSERT_TRUE(positiveMultiple(it[0].x + it[1].y, tr[0].x + tr[1].y)) << i;
        ASSERT_TRUE(positiveMultiple(it[2].y - it[3].z, tr[2].y - tr[3].z)) << i;
        RationalPoly plane = dot(cross(tr[1] - tr[0], tr[2] - tr[0]), tr[3] - tr[0]);
        IntegerPoly iplane = dot(cross(it[1] - it[0], it[2] - it[0]), it[3] - it[0]);
        ASSERT_TRUE(positiveMultiple(iplane, plane)) << i;
        ASSERT_EQ(iplane.isZero(), plane.isZero()) << i;
        cancelled += plane.isZero();
    }
    EXPECT_GT(cancelled, 400); // the degenerate cases were exercised
}
