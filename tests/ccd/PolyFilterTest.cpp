// The floating-point filter of the elementary CCD tests (FloatPoly<double> and the double-double tier)
// against exact arithmetic. Its enclosures are meant to be rigorous (DoublePoly.h): a range that excludes
// zero is a sign the exact polynomial has on the whole interval, and certified opposite signs at the ends
// are a root. So every decision it makes must be the exact one, and what it cannot decide it must leave to
// the exact path (an enclosure holding zero) — never a wrong answer. Checked on polynomials built as the CCD
// builds them (products of linear factors, cross and dot products of moving points, from rounded rational
// data) with random and near-degenerate roots: clusters 2^-20 to 2^-60 apart, double roots, roots on the
// dyadic times the search visits, features a rounding error away from coplanar. The truth comes from GMP
// rationals: exact values, and Sturm's theorem for whether a root lies in the interval.
#include "TestUtil.h"
#include "ccd/DoublePoly.h"
#include "ccd/ElementaryCcd.h"
#include "ccd/RationalPoly.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <gtest/gtest.h>
#include <type_traits>
#include <vector>

using namespace cdlab;

namespace {

using Q = Rational;

// ---- exact reference: Sturm sequences over the rationals ----------------------------------------------

using Coeffs = std::vector<Q>; // c[i] is the coefficient of t^i

void trim(Coeffs& c) {
    while (!c.empty() && sgn(c.back()) == 0) c.pop_back();
}

Q eval(const Coeffs& c, const Q& t) {
    Q r = 0;
    for (std::size_t i = c.size(); i-- > 0;) r = r * t + c[i];
    return r;
}

/// The remainder of a divided by b (b not zero).
Coeffs remainder(Coeffs a, const Coeffs& b) {
    trim(a);
    while (a.size() >= b.size() && !a.empty()) {
        Q f = a.back() / b.back();
        std::size_t shift = a.size() - b.size();
        for (std::size_t i = 0; i < b.size(); ++i) a[i + shift] -= f * b[i];
        a.pop_back(); // its coefficient is now exactly zero
        trim(a);
    }
    return a;
}

/// Sturm's theorem: for a polynomial p (square-free or not) and a < b with p(a), p(b) != 0, the number of
/// distinct real roots in (a, b) is V(a) - V(b), V counting the sign changes of p, p', -rem(p, p'), ...
class Sturm {
public:
    explicit Sturm(const RationalPoly& p) : m_p(p.coefficients()) {
        trim(m_p);
        if (m_p.empty()) return;
        m_seq.push_back(m_p);
        Coeffs d;
        for (std::size_t i = 1; i < m_p.size(); ++i) d.push_back(m_p[i] * Q(long(i)));
        trim(d);
        while (!d.empty()) {
            Q lead = abs(d.back()); // a positive scale keeps every sign and the numbers small
            for (Q& c : d) c /= lead;
            m_seq.push_back(d);
            Coeffs r = remainder(m_seq[m_seq.size() - 2], m_seq.back());
            for (Q& c : r) c = -c;
            d = std::move(r);
        }
    }
    Q valueAt(const Q& t) const { return eval(m_p, t); }
    int signAt(const Q& t) const { return sgn(valueAt(t)); }
    /// Does p vanish somewhere in [lo, hi] (lo <= hi)?
    bool hasRoot(const Q& lo, const Q& hi) const {
        if (m_p.empty() || signAt(lo) == 0 || signAt(hi) == 0) return true;
        return changes(lo) > changes(hi);
    }

private:
    int changes(const Q& t) const {
        int n = 0, prev = 0;
        for (const Coeffs& s : m_seq) {
            int v = sgn(eval(s, t));
            if (v == 0) continue;
            n += prev != 0 && v != prev;
            prev = v;
        }
        return n;
    }
    Coeffs m_p;
    std::vector<Coeffs> m_seq;
};

// ---- the filter's numbers as exact rationals -----------------------------------------------------------

Q exact(double v) {
    return Q(v);
}
Q exact(const DoubleDouble& v) {
    return Q(v.hi) + Q(v.lo);
}

/// x rounded to the tier's precision (as the CCD rounds its trajectories): a double (GMP truncates, within
/// one unit in the last place), or hi + lo with the remainder rounded again.
template <class T> T rounded(const Q& x) {
    double hi = x.get_d();
    if constexpr (std::is_same_v<T, double>) {
        return hi;
    } else {
        DoubleDouble v;
        dd::quickTwoSum(hi, Q(x - Q(hi)).get_d(), v.hi, v.lo);
        return v;
    }
}

/// A polynomial in the filter's arithmetic and exactly, built by the same operations.
template <class T> struct Both {
    FloatPoly<T> approx;
    RationalPoly exact;
    Both operator+(const Both& o) const { return {approx + o.approx, exact + o.exact}; }
    Both operator-(const Both& o) const { return {approx - o.approx, exact - o.exact}; }
    Both operator*(const Both& o) const { return {approx * o.approx, exact * o.exact}; }
};
/// a + b t, exact, and rounded to the tier.
template <class T> Both<T> linear(const Q& a, const Q& b) {
    return {FloatPoly<T>::linear(rounded<T>(a), rounded<T>(b)), RationalPoly::linear(a, b)};
}
template <class T> struct BothVec3 {
    Both<T> x, y, z;
    BothVec3 operator-(const BothVec3& o) const { return {x - o.x, y - o.y, z - o.z}; }
};
template <class T> BothVec3<T> cross(const BothVec3<T>& a, const BothVec3<T>& b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
template <class T> Both<T> dot(const BothVec3<T>& a, const BothVec3<T>& b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

struct QVec3 {
    Q x, y, z;
};
QVec3 operator+(const QVec3& a, const QVec3& b) {
    return {a.x + b.x, a.y + b.y, a.z + b.z};
}
QVec3 operator-(const QVec3& a, const QVec3& b) {
    return {a.x - b.x, a.y - b.y, a.z - b.z};
}
QVec3 operator*(const QVec3& a, const Q& s) {
    return {a.x * s, a.y * s, a.z * s};
}
QVec3 qvec(const Vec3& v) {
    return {Q(v.x), Q(v.y), Q(v.z)};
}
QVec3 qcross(const QVec3& a, const QVec3& b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
Q qdot(const QVec3& a, const QVec3& b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

template <class T> Both<T> constant(const Q& a) {
    Both<T> r{FloatPoly<T>(), RationalPoly(a)};
    r.approx.setCoefficient(0, rounded<T>(a));
    return r;
}

/// A point moving linearly from p0 (t = 0) to p1 (t = 1).
template <class T> BothVec3<T> moving(const QVec3& p0, const QVec3& p1) {
    return {linear<T>(p0.x, p1.x - p0.x), linear<T>(p0.y, p1.y - p0.y), linear<T>(p0.z, p1.z - p0.z)};
}

Q pow2(int e) {
    Q r = 1;
    if (e >= 0)
        r = Q(mpz_class(1) << e);
    else
        r = Q(1) / Q(mpz_class(1) << -e);
    return r;
}

/// + or - 2^-e, e uniform in [lo, hi] (the draws in a fixed order).
double signedPow2(test::Rng& rng, int lo, int hi) {
    double v = std::ldexp(1.0, -rng.integer(lo, hi));
    return rng.integer(0, 1) ? v : -v;
}

/// A polynomial under test and the time where it is (nearly) degenerate, for choosing intervals.
template <class T> struct Case {
    Both<T> p;
    double interesting = 0.5;
    bool nearDegenerate = false;
};

/// Products of linear factors with chosen real roots (so the truth is plain to read, though it is checked
/// by Sturm sequences like the rest): random roots in and around [0, 1], clusters 2^-20 to 2^-60 apart,
/// double roots, roots on dyadic times and just outside the frame; times a random scale.
template <class T> Case<T> rootProduct(test::Rng& rng) {
    Case<T> c;
    int degree = rng.integer(1, 6);
    std::vector<double> roots;
    while (int(roots.size()) < degree) {
        int kind = rng.integer(0, 5);
        double r = rng.uniform(-0.2, 1.2);
        if (kind == 1) r = std::ldexp(double(rng.integer(0, 1 << 10)), -10); // a dyadic time
        if (kind == 2)
            r = rng.integer(0, 1), r += signedPow2(rng, 30, 60); // just inside or outside the frame
        roots.push_back(r);
        if (kind >= 3 && int(roots.size()) < degree) { // a cluster, or a double root
            c.nearDegenerate = true;
            roots.push_back(kind == 3 ? r : r + std::ldexp(1.0, -rng.integer(20, 60)));
        }
    }
    c.interesting = roots[std::size_t(rng.integer(0, int(roots.size()) - 1))];
    double scale = rng.uniform(0.5, 1);
    scale = std::ldexp(scale, rng.integer(-30, 30));
    if (rng.integer(0, 1)) scale = -scale;
    c.p = constant<T>(Q(scale));
    for (double r : roots) c.p = c.p * linear<T>(-Q(r), 1);
    return c;
}

/// The conditions of a vertex/face query on four points moving linearly, coplanar at a time t_c up to a
/// perturbation of 2^-e (or exactly): the coplanarity cubic or a barycentric quartic. The trajectories are
/// exact rationals (the end positions that put them in one plane at t_c), rounded for the filter as the CCD
/// rounds them.
template <class T> Case<T> nearlyCoplanar(test::Rng& rng) {
    Case<T> c;
    double tc = rng.integer(0, 3) == 0 ? std::ldexp(double(rng.integer(1, 15)), -4) : rng.uniform(0.05, 1);
    QVec3 o = qvec(rng.vec(-1, 1)), d1 = qvec(rng.vec(-1, 1)), d2 = qvec(rng.vec(-1, 1));
    QVec3 normal = qcross(d1, d2);
    int e = rng.integer(20, 60);
    Q offset = rng.integer(0, 3) == 0 ? Q(0) : pow2(-e) * (rng.integer(0, 1) ? 1 : -1);
    c.nearDegenerate = offset == 0 || e > 35;
    std::array<BothVec3<T>, 4> pts;
    for (int k = 0; k < 4; ++k) {
        double x = rng.uniform(-1, 1), y = rng.uniform(-1, 1);
        QVec3 atTc = o + d1 * Q(x) + d2 * Q(y);
        if (k == 0) atTc = atTc + normal * offset;
        QVec3 p0 = qvec(rng.vec(-1, 1));
        QVec3 p1 = p0 + (atTc - p0) * (Q(1) / Q(tc)); // p(t_c) = atTc
        pts[std::size_t(k)] = moving<T>(p0, p1);
    }
    const auto &v = pts[0], &a = pts[1], &b = pts[2], &cc = pts[3];
    BothVec3<T> n = cross(b - a, cc - a);
    c.p = rng.integer(0, 1) ? dot(n, v - a) : dot(cross(b - a, v - a), n);
    c.interesting = tc;
    return c;
}

/// Cancellation: A (t - r1) - A (t - r2) with r2 = r1 + 2^-e and A a product of linear factors: exactly
/// (r2 - r1) A, but in floating point the difference of two nearly equal products, all rounding error.
template <class T> Case<T> cancellation(test::Rng& rng) {
    Case<T> c = rootProduct<T>(rng);
    double r1 = c.interesting, r2 = r1 + std::ldexp(1.0, -rng.integer(20, 50));
    c.p = c.p * linear<T>(-Q(r1), 1) - c.p * linear<T>(-Q(r2), 1);
    c.nearDegenerate = true;
    return c;
}

struct Tally {
    int intervals = 0, decided = 0, deferred = 0, rootInside = 0;
    int nearIntervals = 0, nearDeferred = 0; ///< of near-degenerate polynomials
};

/// Every decision the tier's enclosures make on [lo, hi] and at its ends, against the exact truth.
template <class T>
void checkInterval(const Case<T>& c, const Sturm& truth, double lo, double hi, Tally& tally, int i) {
    const Q qlo(lo), qhi(hi);
    T a, b;
    c.p.approx.range(lo, hi, a, b);
    const bool root = truth.hasRoot(qlo, qhi);
    // The enclosure holds the exact values (at the ends and the middle: where the search evaluates).
    for (const Q& t : {qlo, qhi, Q((qlo + qhi) / 2)}) {
        Q v = truth.valueAt(t);
        ASSERT_LE(exact(a), v) << "case " << i << " [" << lo << ", " << hi << "] value " << v.get_d();
        ASSERT_GE(exact(b), v) << "case " << i << " [" << lo << ", " << hi << "] value " << v.get_d();
    }
    bool decided = false;
    if (a > 0.0) { // positive throughout: no root, positive at lo
        ASSERT_FALSE(root) << "case " << i << " [" << lo << ", " << hi << "]: claimed positive";
        ASSERT_GT(truth.signAt(qlo), 0) << "case " << i;
        decided = true;
    }
    if (b < 0.0) {
        ASSERT_FALSE(root) << "case " << i << " [" << lo << ", " << hi << "]: claimed negative";
        ASSERT_LT(truth.signAt(qlo), 0) << "case " << i;
        decided = true;
    }
    // A certified sign change between the ends (what proves the coplanarity root in checkApprox).
    T l0, l1, h0, h1;
    c.p.approx.range(lo, lo, l0, l1);
    c.p.approx.range(hi, hi, h0, h1);
    if ((l0 > 0.0 && h1 < 0.0) || (l1 < 0.0 && h0 > 0.0)) {
        ASSERT_LT(truth.signAt(qlo) * truth.signAt(qhi), 0)
            << "case " << i << " [" << lo << ", " << hi << "]";
        ASSERT_TRUE(root) << "case " << i;
        decided = true;
    }
    ++tally.intervals;
    tally.rootInside += root;
    tally.decided += decided;
    tally.deferred += !decided;
    if (c.nearDegenerate) ++tally.nearIntervals, tally.nearDeferred += !decided;
}

/// A dyadic cell of [0, 1] at a random depth: holding `t` (clamped to the frame) or anywhere; sometimes a
/// single time (the ends and middles the search evaluates).
std::pair<double, double> randomCell(test::Rng& rng, double t) {
    int depth = rng.integer(0, 52);
    double w = std::ldexp(1.0, -depth);
    if (rng.integer(0, 2) == 0) t = rng.uniform();
    t = std::clamp(t, 0.0, 1.0);
    double lo = std::min(std::floor(t / w) * w, 1.0 - w), hi = lo + w;
    if (rng.integer(0, 9) == 0) hi = lo;
    return {lo, hi};
}

template <class T> Tally checkTier(std::uint64_t seed, int polys) {
    test::Rng rng(seed);
    Tally tally;
    for (int i = 0; i < polys; ++i) {
        int family = i % 3;
        Case<T> c = family == 0   ? rootProduct<T>(rng)
                    : family == 1 ? nearlyCoplanar<T>(rng)
                                  : cancellation<T>(rng);
        Sturm truth(c.p.exact);
        for (int k = 0; k < 8; ++k) {
            auto [lo, hi] = randomCell(rng, c.interesting);
            checkInterval(c, truth, lo, hi, tally, i);
            if (::testing::Test::HasFatalFailure()) return tally;
        }
    }
    return tally;
}

void expectRepresentative(const Tally& t, const char* tier) {
    SCOPED_TRACE(tier);
    // Half the intervals hold a root (so "no root here" is not trivially right); most intervals of the
    // generic polynomials are decided in floating point (the filter earns its keep), and the near-degenerate
    // ones do go to the exact path some of the time.
    EXPECT_GT(t.rootInside, t.intervals * 0.3) << t.rootInside << " of " << t.intervals;
    EXPECT_LT(t.rootInside, t.intervals * 0.7) << t.rootInside << " of " << t.intervals;
    const int genericIntervals = t.intervals - t.nearIntervals,
              genericDecided = t.decided - (t.nearIntervals - t.nearDeferred);
    EXPECT_GT(genericIntervals, t.intervals / 10);
    EXPECT_GT(genericDecided, genericIntervals / 2) << genericDecided << " of " << genericIntervals;
    EXPECT_GT(t.nearDeferred, t.nearIntervals / 10) << t.nearDeferred << " of " << t.nearIntervals;
}

} // namespace

TEST(PolyFilter, DoubleRangesNeverContradictExactArithmetic) {
    Tally t = checkTier<double>(31, 1500);
    if (HasFatalFailure()) return;
    expectRepresentative(t, "double");
}

TEST(PolyFilter, DoubleDoubleRangesNeverContradictExactArithmetic) {
    Tally dd = checkTier<DoubleDouble>(31, 1500);
    if (HasFatalFailure()) return;
    expectRepresentative(dd, "double-double");
    // The middle tier exists to decide what double cannot: on the same cases it defers less.
    Tally d = checkTier<double>(31, 1500);
    EXPECT_LT(dd.deferred, d.deferred);
}

namespace {

/// Exact trajectories rounded to the filter's doubles coefficient by coefficient (as the CCD rounds them).
DoublePolyVec3 roundedTrajectory(const PolyVec3& p) {
    auto r = [](const RationalPoly& q) {
        DoublePoly d;
        const auto& c = q.coefficients();
        for (std::size_t i = 0; i < c.size(); ++i) d.setCoefficient(int(i), c[i].get_d());
        return d;
    };
    return {r(p.x), r(p.y), r(p.z)};
}

RationalVec3 rv(const QVec3& v) {
    return RationalVec3(v.x, v.y, v.z);
}

/// b + or - 2^-e, e in [30, 60]: a rounding error or less from the boundary b, on either side.
Q nearly(test::Rng& rng, const Q& b) {
    return b + Q(signedPow2(rng, 30, 60));
}

/// One elementary query whose truth is known by construction: the features translate (their relative
/// motion is linear, so coplanarity is linear in t with one root, t*), and at t* the contact point has
/// chosen coordinates — generic, or within 2^-30 to 2^-60 of an edge, a corner or the frame's ends, or with
/// the motion nearly parallel to the plane.
struct KnownQuery {
    std::array<PolyVec3, 4> trajectories;
    Q tstar;
    bool truth = false, nearDegenerate = false;
};

/// Velocities: a random relative one, or (near-degenerate) one in the plane spanned by d1, d2 but for a
/// 2^-e component along their normal.
QVec3 relativeVelocity(test::Rng& rng, const QVec3& d1, const QVec3& d2, bool grazing) {
    if (!grazing) return qvec(rng.vec(-1, 1));
    double x = rng.uniform(-1, 1), y = rng.uniform(-1, 1);
    return d1 * Q(x) + d2 * Q(y) + qcross(d1, d2) * pow2(-rng.integer(30, 60));
}

KnownQuery knownVertexFace(test::Rng& rng) {
    KnownQuery q;
    QVec3 a, b, c;
    do {
        a = qvec(rng.vec(-1, 1)), b = qvec(rng.vec(-1, 1)), c = qvec(rng.vec(-1, 1));
    } while (qdot(qcross(b - a, c - a), qcross(b - a, c - a)) < Q(1, 100));
    int kind = rng.integer(0, 4);
    q.nearDegenerate = kind > 0;
    Q u = Q(rng.uniform(-0.25, 0.75)), v = Q(rng.uniform(-0.25, 0.75));
    q.tstar = Q(rng.uniform());
    if (kind == 1) u = nearly(rng, 0), v = Q(rng.uniform(0.1, 0.8));       // an edge
    if (kind == 2) u = nearly(rng, 0), v = nearly(rng, rng.integer(0, 1)); // a corner
    if (kind == 3) u = Q(rng.uniform(0.1, 0.4)), v = nearly(rng, 1) - u;   // the third edge
    if (kind == 4)
        u = Q(rng.uniform(0.1, 0.4)), v = Q(rng.uniform(0.1, 0.4)), q.tstar = nearly(rng, rng.integer(0, 1));
    q.truth = sgn(u) >= 0 && sgn(v) >= 0 && u + v <= 1 && sgn(q.tstar) >= 0 && q.tstar <= 1;
    QVec3 velTri = qvec(rng.vec(-1, 1));
    QVec3 velRel = relativeVelocity(rng, b - a, c - a, q.nearDegenerate && rng.integer(0, 2) == 0);
    QVec3 contact = a + (b - a) * u + (c - a) * v + velTri * q.tstar;
    QVec3 v0 = contact - (velTri + velRel) * q.tstar, v1 = v0 + velTri + velRel;
    q.trajectories = {linearTrajectory(rv(v0), rv(v1)), linearTrajectory(rv(a), rv(a + velTri)),
                      linearTrajectory(rv(b), rv(b + velTri)), linearTrajectory(rv(c), rv(c + velTri))};
    return q;
}

KnownQuery knownEdgeEdge(test::Rng& rng) {
    KnownQuery q;
    QVec3 a0 = qvec(rng.vec(-1, 1)), da, db;
    do {
        da = qvec(rng.vec(-1, 1)), db = qvec(rng.vec(-1, 1));
    } while (qdot(qcross(da, db), qcross(da, db)) < Q(1, 100));
    int kind = rng.integer(0, 3);
    q.nearDegenerate = kind > 0;
    Q s = Q(rng.uniform(-0.3, 1.3)), r = Q(rng.uniform(-0.3, 1.3));
    q.tstar = Q(rng.uniform());
    if (kind == 1) s = nearly(rng, rng.integer(0, 1)), r = Q(rng.uniform(0.1, 0.9));       // an end of a
    if (kind == 2) s = nearly(rng, rng.integer(0, 1)), r = nearly(rng, rng.integer(0, 1)); // ends of both
    if (kind == 3)
        s = Q(rng.uniform(0.1, 0.9)), r = Q(rng.uniform(0.1, 0.9)), q.tstar = nearly(rng, rng.integer(0, 1));
    q.truth = sgn(s) >= 0 && s <= 1 && sgn(r) >= 0 && r <= 1 && sgn(q.tstar) >= 0 && q.tstar <= 1;
    QVec3 velA = qvec(rng.vec(-1, 1));
    QVec3 velRel = relativeVelocity(rng, da, db, q.nearDegenerate && rng.integer(0, 2) == 0);
    QVec3 meet = a0 + da * s + velA * q.tstar; // where the edges cross at t*
    QVec3 b0 = meet - db * r - (velA + velRel) * q.tstar, a0t0 = a0;
    QVec3 velB = velA + velRel;
    q.trajectories = {
        linearTrajectory(rv(a0t0), rv(a0t0 + velA)), linearTrajectory(rv(a0t0 + da), rv(a0t0 + da + velA)),
        linearTrajectory(rv(b0), rv(b0 + velB)), linearTrajectory(rv(b0 + db), rv(b0 + db + velB))};
    return q;
}

using FilteredCcd = bool (*)(const std::array<DoublePolyVec3, 4>&, const ExactTrajectories&,
                             const CcdOptions&, CcdQueryStats*);

/// The filtered query (rounded trajectories, the exact ones on request) on `n` known queries: the truth
/// every time, its time within the requested resolution; counts how often the filter left the query to
/// exact arithmetic.
template <class Make> void expectFilteredAnswersAreExact(FilteredCcd ccd, Make make, int n) {
    test::Rng rng(37);
    int truths = 0, near = 0, nearDeferred = 0, generic = 0, genericDeferred = 0, depthLimited = 0;
    CcdOptions earliest;
    earliest.earliest = true;
    const Q cell = pow2(-earliest.tocDepth);
    for (int i = 0; i < n; ++i) {
        KnownQuery q = make(rng);
        std::array<DoublePolyVec3, 4> approx;
        for (int k = 0; k < 4; ++k)
            approx[std::size_t(k)] = roundedTrajectory(q.trajectories[std::size_t(k)]);
        int exactCalls = 0;
        CcdQueryStats st;
        bool hit = ccd(
            approx,
            [&] {
                ++exactCalls;
                return q.trajectories;
            },
            earliest, &st);
        if (q.truth) {
            ASSERT_TRUE(hit) << "case " << i << ": contact at t* = " << q.tstar.get_d() << " missed";
            ASSERT_LE(Q(st.toc), q.tstar) << "case " << i;
            ASSERT_GE(Q(st.toc), q.tstar - 2 * cell) << "case " << i;
        } else if (!st.depthLimited) {
            ASSERT_FALSE(hit) << "case " << i << ": contact reported at " << st.toc;
        }
        truths += q.truth;
        depthLimited += st.depthLimited;
        (q.nearDegenerate ? near : generic) += 1;
        (q.nearDegenerate ? nearDeferred : genericDeferred) += exactCalls > 0;
    }
    EXPECT_GT(truths, n * 0.3) << truths;
    EXPECT_LT(truths, n * 0.7) << truths;
    // The near-degenerate queries are the filter's business: some go to exact arithmetic, more than of the
    // generic ones; and at most those a rounding error from touching end at the depth limit.
    EXPECT_GT(nearDeferred, near / 10) << nearDeferred << " of " << near;
    EXPECT_GT(double(nearDeferred) / near, double(genericDeferred) / generic)
        << genericDeferred << " of " << generic;
    EXPECT_LT(depthLimited, n / 4) << depthLimited;
}

} // namespace

TEST(PolyFilter, NearDegenerateVertexFaceQueriesGetTheExactAnswer) {
    expectFilteredAnswersAreExact(&vertexFaceCcd, knownVertexFace, 4000);
}

TEST(PolyFilter, NearDegenerateEdgeEdgeQueriesGetTheExactAnswer) {
    expectFilteredAnswersAreExact(&edgeEdgeCcd, knownEdgeEdge, 4000);
}
