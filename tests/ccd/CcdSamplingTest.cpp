// The elementary CCD tests (vertex/face, edge/edge) against dense time sampling, both ways: every contact
// the samples show is reported, no later than the samples show it; and no contact is reported (none earlier
// than it can be) where the samples and a bound on the features' speed prove the features apart.
//
// The proof of separation: every point of a triangle or segment is a fixed convex combination of corners
// that move linearly, so over a time step it moves no farther than the fastest corner. The distance between
// two such features is therefore L-Lipschitz in t, L = (fastest corner of one) + (fastest corner of the
// other), and a sample at t_k with distance d_k > 0 proves the features apart over (t_k - d_k / L, t_k + d_k
// / L). Where these intervals chain from t = 0 the features are apart; where they cover the frame no contact
// may be reported.
//
// The reference is independent of the CCD code: coordinates on a 1/16 grid and sample times k/64 put every
// sampled position on a 1/1024 grid, so the sampled predicates (orientations, barycentric signs) are exact
// in 64-bit integers, and the distances are floating point, taken with a margin far above their rounding.
// A contact is certain when the features touch exactly at a sample, or when the coplanarity polynomial
// changes sign between two samples and, on a bracket of its root found by exact bisection (GMP), the inside
// conditions provably hold: positive barycentric coordinates at both samples do not suffice (with seed
// 1301 a vertex crosses the plane between two such samples just outside the triangle).
#include "TestUtil.h"
#include "ccd/ElementaryCcd.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <gtest/gtest.h>
#include <numbers>
#include <optional>
#include <vector>

using namespace cdlab;

namespace {

using std::int64_t;

constexpr int kGrid = 16;    ///< coordinates are multiples of 1/kGrid
constexpr int kSamples = 64; ///< sample times k / kSamples, k = 0..kSamples

/// An integer 3-vector: a position in units of 1 / (kGrid kSamples) at a sample, or a corner in units of
/// 1 / kGrid. With coordinates in [-2, 2] every product below stays under 2^53 (so also exact in double).
struct I3 {
    int64_t x = 0, y = 0, z = 0;
    I3 operator+(const I3& o) const { return {x + o.x, y + o.y, z + o.z}; }
    I3 operator-(const I3& o) const { return {x - o.x, y - o.y, z - o.z}; }
    I3 operator*(int64_t s) const { return {x * s, y * s, z * s}; }
    Vec3 toVec3() const { return {double(x), double(y), double(z)}; }
};
int64_t idot(const I3& a, const I3& b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}
I3 icross(const I3& a, const I3& b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
int sign(int64_t v) {
    return (v > 0) - (v < 0);
}

I3 randomPoint(test::Rng& rng, int xy, int zLo, int zHi) {
    int x = rng.integer(-xy, xy), y = rng.integer(-xy, xy);
    return {x, y, rng.integer(zLo, zHi)};
}

/// A point at a random distance in [0.5, 1] from the z axis in direction `angle` (radians), height in
/// [zLo, zHi] / kGrid, on the grid.
I3 aroundAxis(test::Rng& rng, double angle, int zLo, int zHi) {
    double r = rng.uniform(0.5, 1) * kGrid;
    return {std::lround(r * std::cos(angle)), std::lround(r * std::sin(angle)), rng.integer(zLo, zHi)};
}

/// Four points moving linearly from p[k] (t = 0) to p[k + 4] (t = 1), in units of 1 / kGrid.
using Motion = std::array<I3, 8>;

/// Point k at sample `step`, in units of 1 / (kGrid kSamples).
I3 at(const Motion& m, int k, int step) {
    return m[k] * kSamples + (m[k + 4] - m[k]) * step;
}

std::array<RationalVec3, 8> toRational(const Motion& m) {
    std::array<RationalVec3, 8> q;
    for (int k = 0; k < 8; ++k) {
        auto c = [](int64_t v) {
            Rational r(long(v), kGrid);
            r.canonicalize();
            return r;
        };
        q[k] = RationalVec3(c(m[k].x), c(m[k].y), c(m[k].z));
    }
    return q;
}

/// Speed of point k per sample step (units of 1 / (kGrid kSamples)), rounded up.
double speed(const Motion& m, int k) {
    return std::sqrt(double(idot(m[k + 4] - m[k], m[k + 4] - m[k]))) * (1 + 1e-12);
}

/// Distance from p to segment ab (floating point on exact inputs).
double pointSegmentDistance(const I3& p, const I3& a, const I3& b) {
    I3 ab = b - a;
    int64_t len2 = idot(ab, ab);
    double t = len2 == 0 ? 0.0 : std::clamp(double(idot(p - a, ab)) / double(len2), 0.0, 1.0);
    return length(p.toVec3() - (a.toVec3() + ab.toVec3() * t));
}

/// Distance from p to triangle abc: to its plane when p projects inside it (decided exactly), else to its
/// nearest edge — the closest point of a triangle is inside it or on its boundary.
double pointTriangleDistance(const I3& p, const I3& a, const I3& b, const I3& c) {
    I3 n = icross(b - a, c - a);
    if (idot(n, n) != 0 && idot(icross(b - a, p - a), n) >= 0 && idot(icross(c - b, p - b), n) >= 0 &&
        idot(icross(a - c, p - c), n) >= 0)
        return std::fabs(double(idot(n, p - a))) / std::sqrt(double(idot(n, n)));
    return std::min(
        {pointSegmentDistance(p, a, b), pointSegmentDistance(p, b, c), pointSegmentDistance(p, c, a)});
}

/// Distance between segments a0a1 and b0b1: between their lines when the closest points of the lines lie
/// inside both segments (decided exactly), else from an endpoint to the other segment.
double segmentDistance(const I3& a0, const I3& a1, const I3& b0, const I3& b1) {
    I3 da = a1 - a0, db = b1 - b0, r = a0 - b0;
    int64_t a = idot(da, da), b = idot(da, db), c = idot(db, db), d = idot(da, r), e = idot(db, r);
    int64_t den = a * c - b * b; // > 0 unless parallel (or a point)
    int64_t sNum = b * e - c * d, uNum = a * e - b * d;
    if (den > 0 && sNum > 0 && sNum < den && uNum > 0 && uNum < den) {
        I3 n = icross(da, db);
        return std::fabs(double(idot(n, r))) / std::sqrt(double(idot(n, n)));
    }
    return std::min({pointSegmentDistance(a0, b0, b1), pointSegmentDistance(a1, b0, b1),
                     pointSegmentDistance(b0, a0, a1), pointSegmentDistance(b1, a0, a1)});
}

// ---- exact polynomials in t, for certifying a crossing between two samples ----------------------------

using Q = Rational;
using QPoly = std::vector<Q>; // c[i] is the coefficient of t^i

QPoly operator+(QPoly a, const QPoly& b) {
    a.resize(std::max(a.size(), b.size()));
    for (std::size_t i = 0; i < b.size(); ++i) a[i] += b[i];
    return a;
}
QPoly operator-(QPoly a, const QPoly& b) {
    a.resize(std::max(a.size(), b.size()));
    for (std::size_t i = 0; i < b.size(); ++i) a[i] -= b[i];
    return a;
}
QPoly operator*(const QPoly& a, const QPoly& b) {
    if (a.empty() || b.empty()) return {};
    QPoly r(a.size() + b.size() - 1);
    for (std::size_t i = 0; i < a.size(); ++i)
        for (std::size_t j = 0; j < b.size(); ++j) r[i + j] += a[i] * b[j];
    return r;
}
Q evalAt(const QPoly& p, const Q& t) {
    Q r = 0;
    for (std::size_t i = p.size(); i-- > 0;) r = r * t + p[i];
    return r;
}
/// How far p can move between two times s, t of [0, 1], per unit of |t - s|: the sum of j |c_j| (as
/// |t^j - s^j| <= j |t - s| there).
Q slope(const QPoly& p) {
    Q m = 0;
    for (std::size_t j = 1; j < p.size(); ++j) m += abs(p[j]) * Q(long(j));
    return m;
}

struct QPolyVec {
    QPoly x, y, z;
    QPolyVec operator-(const QPolyVec& o) const { return {x - o.x, y - o.y, z - o.z}; }
};
QPolyVec pcross(const QPolyVec& a, const QPolyVec& b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
QPoly pdot(const QPolyVec& a, const QPolyVec& b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}
/// Point k's trajectory (units of 1 / kGrid).
QPolyVec trajectory(const Motion& m, int k) {
    auto lin = [](int64_t p0, int64_t p1) { return QPoly{Q(long(p0)), Q(long(p1 - p0))}; };
    return {lin(m[k].x, m[k + 4].x), lin(m[k].y, m[k + 4].y), lin(m[k].z, m[k + 4].z)};
}

/// A contact condition: the coplanarity polynomial f has a root where each group of `inside` has the signs
/// it needs — all positive (vertex/face: the barycentric coordinates), or a strictly opposite pair
/// (`straddle`, edge/edge: each edge's ends on either side of the other's line).
struct ContactPolys {
    QPoly f;
    std::vector<std::vector<QPoly>> inside;
    bool straddle = false;
};

/// Where f changes sign strictly between samples lo and hi: bisects to a bracket [r0, r1] of 2^-50 of the
/// frame around a root, and certifies that the inside conditions hold over all of it (their values at r0
/// exceed what they can change across the bracket). Returns r1 (rounded up), a time by which a contact
/// certainly happened, or -1 when that cannot be certified.
double certifyCrossing(const ContactPolys& c, int lo, int hi) {
    Q r0(lo, kSamples), r1(hi, kSamples);
    r0.canonicalize(), r1.canonicalize();
    const int s0 = sgn(evalAt(c.f, r0));
    for (int step = 0; step < 44; ++step) { // 2^-6 down to 2^-50
        Q mid = (r0 + r1) / 2;
        int sm = sgn(evalAt(c.f, mid));
        if (sm == 0) {
            r0 = r1 = mid;
            break;
        }
        (sm == s0 ? r0 : r1) = mid;
    }
    const Q width = r1 - r0;
    for (const auto& group : c.inside) {
        int first = 0;
        for (std::size_t i = 0; i < group.size(); ++i) {
            Q v = evalAt(group[i], r0);
            int s = abs(v) > slope(group[i]) * width ? sgn(v) : 0; // its sign throughout, or 0: not certain
            if (s == 0 || (!c.straddle && s < 0) || (c.straddle && i > 0 && s == first)) return -1;
            if (i == 0) first = s;
        }
    }
    return std::nextafter(r1.get_d(), 2.0);
}

ContactPolys vertexFacePolys(const Motion& m) {
    QPolyVec v = trajectory(m, 0), a = trajectory(m, 1), b = trajectory(m, 2), c = trajectory(m, 3);
    QPolyVec n = pcross(b - a, c - a);
    return {pdot(n, v - a),
            {{pdot(pcross(b - a, v - a), n), pdot(pcross(c - b, v - b), n), pdot(pcross(a - c, v - c), n)}}};
}

ContactPolys edgeEdgePolys(const Motion& m) {
    QPolyVec a0 = trajectory(m, 0), a1 = trajectory(m, 1), b0 = trajectory(m, 2), b1 = trajectory(m, 3);
    QPolyVec da = a1 - a0, db = b1 - b0, n = pcross(da, db);
    return {pdot(n, b0 - a0),
            {{pdot(pcross(db, a0 - b0), n), pdot(pcross(db, a1 - b0), n)},
             {pdot(pcross(da, b0 - a0), n), pdot(pcross(da, b1 - a0), n)}},
            true};
}

/// What the samples say about one motion.
struct Sampled {
    double contactBy = -1; ///< a time by which a contact certainly happened, -1 when none is certain
    /// The features are proven apart over [0, apartUntil] (in sample steps; kSamples: the whole frame).
    double apartUntil = 0;
    bool gap = false; ///< the proof stopped at a sample it could not cover

    /// A sample at step k at distance d, the features' distance changing by at most `lipschitz` per step:
    /// apart over [k - r, k + r] for r = d / lipschitz (less a margin far above the distance's rounding),
    /// which extends the proof from 0 while it reaches back to where the proof got.
    void apartAt(int k, double d, double lipschitz) {
        double r = (d - 1e-6) / lipschitz;
        if (gap || !(r > 0) || k - r > apartUntil) {
            gap = true;
            return;
        }
        apartUntil = std::min(double(kSamples), std::max(apartUntil, k + r));
    }
    bool apartThroughout() const { return apartUntil >= kSamples; }
    /// Sample k: touching exactly there, or the plane crossed since sample k - 1 (`certify` says by when a
    /// contact certainly happened, or -1).
    void contactAt(int k, bool touching, bool crossed, const std::function<double()>& certify) {
        if (contactBy >= 0) return;
        if (touching)
            contactBy = double(k) / kSamples;
        else if (crossed)
            contactBy = certify();
    }
};

/// Vertex/face (points: vertex, a, b, c). A contact: the vertex exactly in the triangle at a sample, or its
/// signed distance to the plane changing sign between two samples, at a root where it certainly projects
/// inside the triangle.
Sampled sampleVertexFace(const Motion& m) {
    Sampled out;
    const double lipschitz = speed(m, 0) + std::max({speed(m, 1), speed(m, 2), speed(m, 3)});
    std::optional<ContactPolys> polys; // built at the first crossing
    int prevSide = 0;
    for (int k = 0; k <= kSamples; ++k) {
        I3 v = at(m, 0, k), a = at(m, 1, k), b = at(m, 2, k), c = at(m, 3, k);
        I3 n = icross(b - a, c - a);
        int side = sign(idot(n, v - a));
        bool touching = side == 0 && idot(n, n) != 0 && idot(icross(b - a, v - a), n) >= 0 &&
                        idot(icross(c - b, v - b), n) >= 0 && idot(icross(a - c, v - c), n) >= 0;
        out.contactAt(k, touching, k > 0 && side * prevSide < 0, [&] {
            if (!polys) polys = vertexFacePolys(m);
            return certifyCrossing(*polys, k - 1, k);
        });
        prevSide = side;
        out.apartAt(k, pointTriangleDistance(v, a, b, c), lipschitz);
    }
    return out;
}

/// Edge/edge (points: a0, a1, b0, b1). A contact: the segments meet exactly at a sample, or their
/// coplanarity changes sign between two samples, at a root where each certainly straddles the other's line
/// (seen along the common normal).
Sampled sampleEdgeEdge(const Motion& m) {
    Sampled out;
    const double lipschitz = std::max(speed(m, 0), speed(m, 1)) + std::max(speed(m, 2), speed(m, 3));
    std::optional<ContactPolys> polys;
    int prevSide = 0;
    for (int k = 0; k <= kSamples; ++k) {
        I3 a0 = at(m, 0, k), a1 = at(m, 1, k), b0 = at(m, 2, k), b1 = at(m, 3, k);
        I3 da = a1 - a0, db = b1 - b0, n = icross(da, db);
        int side = sign(idot(n, b0 - a0));
        int sa = sign(idot(icross(db, a0 - b0), n)) * sign(idot(icross(db, a1 - b0), n));
        int sb = sign(idot(icross(da, b0 - a0), n)) * sign(idot(icross(da, b1 - a0), n));
        bool touching = side == 0 && idot(n, n) != 0 && sa <= 0 && sb <= 0;
        out.contactAt(k, touching, k > 0 && side * prevSide < 0, [&] {
            if (!polys) polys = edgeEdgePolys(m);
            return certifyCrossing(*polys, k - 1, k);
        });
        prevSide = side;
        out.apartAt(k, segmentDistance(a0, a1, b0, b1), lipschitz);
    }
    return out;
}

/// Runs `n` motions from `draw` through `ccd` and the sampling reference `sample`.
template <class Draw, class Sample, class Ccd>
void expectTwoSidedAgreement(int n, Draw draw, Sample sample, Ccd ccd) {
    int ccdHits = 0, sampledHits = 0, provenApart = 0, undecided = 0;
    CcdOptions earliest;
    earliest.earliest = true;
    CcdOptions exactOnly;
    exactOnly.linearFilter = false;
    const double cell = std::ldexp(1.0, -earliest.tocDepth);
    for (int i = 0; i < n; ++i) {
        Motion m = draw();
        Sampled ref = sample(m);
        CcdQueryStats st;
        bool hit = ccd(toRational(m), earliest, &st);
        ccdHits += hit;
        if (ref.contactBy >= 0) {
            ++sampledHits;
            // No miss, and no later than the samples show the contact.
            ASSERT_TRUE(hit) << "case " << i << ": the contact by " << ref.contactBy << " is missed";
            ASSERT_LE(st.toc, ref.contactBy) << "case " << i;
        }
        if (ref.apartThroughout()) {
            ++provenApart;
            // No contact where the features are proven apart over the whole frame.
            ASSERT_FALSE(hit) << "case " << i << ": contact reported at " << st.toc
                              << " though the features stay apart";
        } else if (hit) {
            // Nor earlier than the samples prove the features apart, less one cell of the time bound's grid.
            double apartUntil = ref.apartUntil / kSamples;
            ASSERT_GE(st.toc, apartUntil - cell) << "case " << i << " proven apart until " << apartUntil;
        }
        undecided += ref.contactBy < 0 && !ref.apartThroughout();
        // A plain decision, where the floating-point filter may also prove contacts (LinearCcdFilter.h):
        // the exact search's answer without the filter, and the samples' where they decide.
        CcdQueryStats exactStats;
        bool plain = ccd(toRational(m), CcdOptions{}, nullptr);
        bool exact = ccd(toRational(m), exactOnly, &exactStats);
        if (!exactStats.depthLimited) {
            ASSERT_EQ(plain, exact) << "case " << i;
        }
        if (ref.contactBy >= 0) {
            ASSERT_TRUE(plain) << "case " << i;
        }
        if (ref.apartThroughout()) {
            ASSERT_FALSE(plain) << "case " << i;
        }
    }
    // Representative: about half the motions touch; nearly every motion is decided by the reference one way
    // or the other (the rest pass close without a sampled contact).
    EXPECT_GT(ccdHits, n * 0.3) << ccdHits;
    EXPECT_LT(ccdHits, n * 0.7) << ccdHits;
    EXPECT_GT(sampledHits, ccdHits * 0.8) << sampledHits << " of " << ccdHits;
    EXPECT_LT(undecided, n / 4) << "sampled contacts " << sampledHits << ", proven apart " << provenApart;
    EXPECT_GT(provenApart, n / 5) << provenApart;
}

} // namespace

TEST(CcdSampling, VertexFaceReportsExactlyWhatDenseSamplingProves) {
    // A roughly horizontal triangle whose corners move independently (a cubic coplanarity condition), and a
    // vertex going from above it to below or beside it: it passes through the triangle about half the time.
    test::Rng rng(1301);
    auto draw = [&rng] {
        Motion m;
        m[0] = randomPoint(rng, 6, 4, 16), m[4] = randomPoint(rng, 6, -16, 4);
        for (int end = 0; end < 8; end += 4) { // corners around the z axis, each in its third of the turn
            double turn = rng.uniform(0, 2 * std::numbers::pi);
            for (int k = 1; k < 4; ++k)
                m[end + k] =
                    aroundAxis(rng, turn + 2 * std::numbers::pi * k / 3 + rng.uniform(-0.4, 0.4), -4, 4);
        }
        return m;
    };
    expectTwoSidedAgreement(5000, draw, sampleVertexFace,
                            [](const std::array<RationalVec3, 8>& p, const CcdOptions& o, CcdQueryStats* st) {
                                return vertexFaceCcd(p, o, st);
                            });
}

TEST(CcdSampling, EdgeEdgeReportsExactlyWhatDenseSamplingProves) {
    // A roughly horizontal edge, and an edge going from above it to below: their projections cross about
    // half the time, and every corner moves independently (a cubic coplanarity condition).
    test::Rng rng(1303);
    auto draw = [&rng] {
        Motion m;
        for (int end = 0; end < 8; end += 4) // each edge's ends on either side of the z axis
            for (int k = 0; k < 4; k += 2) {
                double angle = rng.uniform(0, 2 * std::numbers::pi);
                int zLo = k == 0 ? -4 : end == 0 ? 4 : -16, zHi = k == 0 ? 4 : end == 0 ? 16 : 4;
                m[end + k] = aroundAxis(rng, angle, zLo, zHi);
                m[end + k + 1] = aroundAxis(rng, angle + std::numbers::pi + rng.uniform(-1, 1), zLo, zHi);
            }
        return m;
    };
    expectTwoSidedAgreement(5000, draw, sampleEdgeEdge,
                            [](const std::array<RationalVec3, 8>& p, const CcdOptions& o, CcdQueryStats* st) {
                                return edgeEdgeCcd(p, o, st);
                            });
}
