#include "ccd/LinearCcdFilter.h"

#include "ccd/DoublePoly.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace cdlab {

namespace {

using Answer = LinearCcdFilter::Answer;

/// The same rounding slack as the filter's FloatPoly<double> (DoublePoly.h): 1e-11 of the magnitudes.
constexpr double kSlack = FloatSlack<double>::value;

/// A polynomial of N coefficients in t (c[i] of t^i) with, per coefficient, the sum of the magnitudes of the
/// terms that produced it (m[i]): the exact coefficient is within kSlack * m[i] of c[i].
template <int N> struct Poly { std::array<double, N> c{}, m{}; };

template <int N> Poly<N> operator-(const Poly<N>& a, const Poly<N>& b) {
    Poly<N> r;
    for (int i = 0; i < N; ++i) r.c[i] = a.c[i] - b.c[i], r.m[i] = a.m[i] + b.m[i];
    return r;
}

template <int N> Poly<N> operator+(const Poly<N>& a, const Poly<N>& b) {
    Poly<N> r;
    for (int i = 0; i < N; ++i) r.c[i] = a.c[i] + b.c[i], r.m[i] = a.m[i] + b.m[i];
    return r;
}

template <int A, int B> Poly<A + B - 1> operator*(const Poly<A>& a, const Poly<B>& b) {
    Poly<A + B - 1> r;
    for (int i = 0; i < A; ++i)
        for (int j = 0; j < B; ++j) r.c[i + j] += a.c[i] * b.c[j], r.m[i + j] += a.m[i] * b.m[j];
    return r;
}

template <int N> struct PVec {
    Poly<N> x, y, z;
    PVec operator-(const PVec& o) const { return {x - o.x, y - o.y, z - o.z}; }
};

template <int A, int B> PVec<A + B - 1> cross(const PVec<A>& a, const PVec<B>& b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

template <int A, int B> Poly<A + B - 1> dot(const PVec<A>& a, const PVec<B>& b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

/// A finished polynomial: coefficients and the slack that makes its ranges rigorous on [0, 1].
template <int N> struct Bounded {
    std::array<double, N> c{};
    double slack = 0;

    explicit Bounded(const Poly<N>& p) : c(p.c) {
        double mag = 0;
        for (double m : p.m) mag += m;
        slack = kSlack * mag;
    }
    /// Interval Horner on [lo, hi] within [0, 1], widened by the slack (as FloatPoly::range).
    void range(double lo, double hi, double& outLo, double& outHi) const {
        double a = c[N - 1], b = a;
        for (int i = N - 1; i-- > 0;) {
            double na, nb;
            if (a >= 0)
                na = a * lo, nb = b * hi;
            else if (b <= 0)
                na = a * hi, nb = b * lo;
            else
                na = a * hi, nb = b * hi;
            a = na + c[i], b = nb + c[i];
        }
        outLo = a - slack, outHi = b + slack;
    }
};

/// p(t) = p0 + t (p1 - p0), each coordinate off by less than 1e-15 of itself (covered by the slack).
PVec<2> linear(const Vec3& p0, const Vec3& p1) {
    auto lin = [](double a, double b) {
        Poly<2> r;
        r.c = {a, b - a};
        r.m = {std::abs(a), std::abs(a) + std::abs(b)};
        return r;
    };
    return {lin(p0.x, p1.x), lin(p0.y, p1.y), lin(p0.z, p1.z)};
}

/// Coordinates for which the forward error analysis holds: no overflow, no underflow down to degree 5.
bool inRange(const std::array<Vec3, 8>& p) {
    for (const Vec3& v : p)
        for (int k = 0; k < 3; ++k) {
            double a = std::abs(v[k]);
            if (a != 0 && !(a >= 1e-30 && a <= 1e30)) return false; // also NaN and infinities
        }
    return true;
}

/// True when the boxes of points [0, split) and [split, 4) over both ends are apart on some axis by more than
/// the inputs' rounding (within 1e-15 of the coordinates, see LinearCcdFilter.h).
bool sweptBoxesApart(const std::array<Vec3, 8>& p, int split) {
    constexpr double kInputError = 2e-15;   // twice the inputs' error: the sums below round too
    auto apart = [](double lo, double hi) { // lo < hi for the exact values of both
        return lo + kInputError * std::abs(lo) < hi - kInputError * std::abs(hi);
    };
    for (int k = 0; k < 3; ++k) {
        double aLo = INFINITY, aHi = -INFINITY, bLo = INFINITY, bHi = -INFINITY;
        for (int i = 0; i < 4; ++i)
            for (int end = 0; end < 8; end += 4) {
                double x = p[std::size_t(i + end)][k];
                if (i < split)
                    aLo = std::min(aLo, x), aHi = std::max(aHi, x);
                else
                    bLo = std::min(bLo, x), bHi = std::max(bHi, x);
            }
        if (apart(aHi, bLo) || apart(bHi, aLo)) return true;
    }
    return false;
}

enum class Check { Fails, Proven, Open };

/// Coplanarity f = 0 on [lo, hi]: Fails if f's range excludes 0; `sign change` if certified at the ends.
bool zeroMayHold(const Bounded<4>& f, double lo, double hi) {
    double a, b;
    f.range(lo, hi, a, b);
    return a <= 0 && b >= 0;
}
bool signChanges(const Bounded<4>& f, double lo, double hi) {
    double l0, l1, h0, h1;
    f.range(lo, lo, l0, l1);
    f.range(hi, hi, h0, h1);
    return (l0 > 0 && h1 < 0) || (l1 < 0 && h0 > 0);
}

/// Vertex/face: coplanarity, then the three barycentric signs (vertexFaceConditions without the boxes).
struct VertexFace {
    Bounded<4> f;
    std::array<Bounded<5>, 3> g;

    static VertexFace build(const std::array<Vec3, 8>& p) {
        PVec<2> v = linear(p[0], p[4]), a = linear(p[1], p[5]), b = linear(p[2], p[6]),
                c = linear(p[3], p[7]);
        PVec<2> e1 = b - a, e2 = c - a, w = v - a;
        PVec<3> n = cross(e1, e2);
        return {Bounded<4>(dot(n, w)),
                {Bounded<5>(dot(cross(e1, w), n)), Bounded<5>(dot(cross(w, e2), n)),
                 Bounded<5>(dot(cross(c - b, v - b), n))}};
    }
    Check check(double lo, double hi) const {
        if (!zeroMayHold(f, lo, hi)) return Check::Fails;
        bool inside = true;
        for (const auto& q : g) {
            double a, b;
            q.range(lo, hi, a, b);
            if (b < 0) return Check::Fails;
            inside = inside && a >= 0;
        }
        return inside && signChanges(f, lo, hi) ? Check::Proven : Check::Open;
    }
};

/// Edge/edge: coplanarity, then each edge's ends on both sides of the other's line (edgeEdgeConditions
/// without the boxes).
struct EdgeEdge {
    Bounded<4> f;
    std::array<std::array<Bounded<5>, 2>, 2> s;

    static EdgeEdge build(const std::array<Vec3, 8>& p) {
        PVec<2> a0 = linear(p[0], p[4]), a1 = linear(p[1], p[5]), b0 = linear(p[2], p[6]),
                b1 = linear(p[3], p[7]);
        PVec<2> da = a1 - a0, db = b1 - b0;
        PVec<3> n = cross(da, db);
        return {Bounded<4>(dot(n, b0 - a0)),
                {{{Bounded<5>(dot(cross(db, a0 - b0), n)), Bounded<5>(dot(cross(db, a1 - b0), n))},
                  {Bounded<5>(dot(cross(da, b0 - a0), n)), Bounded<5>(dot(cross(da, b1 - a0), n))}}}};
    }
    Check check(double lo, double hi) const {
        if (!zeroMayHold(f, lo, hi)) return Check::Fails;
        bool straddle = true;
        for (const auto& pair : s) {
            double a0, b0, a1, b1;
            pair[0].range(lo, hi, a0, b0);
            pair[1].range(lo, hi, a1, b1);
            if ((a0 > 0 && a1 > 0) || (b0 < 0 && b1 < 0)) return Check::Fails;
            straddle = straddle && ((b0 <= 0 && a1 >= 0) || (a0 >= 0 && b1 <= 0));
        }
        return straddle && signChanges(f, lo, hi) ? Check::Proven : Check::Open;
    }
};

/// Depth-first bisection of [0, 1] (the whole frame whatever the options' window: a refutation must hold for
/// every time, so that the exact search would refute too).
template <class Conditions> Answer bisect(const Conditions& conds, bool mayProve, std::uint64_t* intervals) {
    struct Item {
        double lo, hi;
        int depth;
    };
    Item stack[LinearCcdFilter::kMaxDepth + 2];
    int top = 0, examined = 0;
    stack[top++] = {0.0, 1.0, 0};
    Answer answer = Answer::NoContact;
    while (top > 0) {
        Item it = stack[--top];
        if (++examined > LinearCcdFilter::kBudget) {
            answer = Answer::Unknown;
            break;
        }
        Check c = conds.check(it.lo, it.hi);
        if (c == Check::Fails) continue;
        if (c == Check::Proven && mayProve) {
            answer = Answer::Contact;
            break;
        }
        if (it.depth >= LinearCcdFilter::kMaxDepth) {
            answer = Answer::Unknown;
            break;
        }
        double mid = 0.5 * (it.lo + it.hi);
        stack[top++] = {mid, it.hi, it.depth + 1};
        stack[top++] = {it.lo, mid, it.depth + 1};
    }
    if (intervals) *intervals = std::uint64_t(std::min(examined, LinearCcdFilter::kBudget));
    return answer;
}

// ---- exact touching at t = 0, 1/2, 1 ----
// Configurations that touch exactly (a vertex meeting an edge, features arriving at t = 1) leave the
// bisection open: a sign is zero there, which no rounded range certifies. When the coordinates lie on a small
// binary grid (integers, halves, ...), the conditions at the dyadic times where such contacts sit in
// handcrafted and grid-aligned scenes are exact in 128-bit integers; if all hold at one of them (the box
// conditions too, as in the exact search's own check at single times) the contact is certain.

__extension__ typedef __int128 I128; // GCC and Clang; -Wpedantic knows no 128-bit type
struct IVec {
    I128 x, y, z;
    IVec operator-(const IVec& o) const { return {x - o.x, y - o.y, z - o.z}; }
    I128 operator[](int k) const { return k == 0 ? x : (k == 1 ? y : z); }
};
IVec icross(const IVec& a, const IVec& b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
I128 idot(const IVec& a, const IVec& b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}
int isign(I128 v) {
    return (v > 0) - (v < 0);
}

/// The points times 2^s as integers of at most 20 bits (the smallest s that makes every coordinate an
/// integer); false if there is none. Positions at t = k/2 times 2^(s+1) then have 22 bits, and the quartic
/// conditions below stay under 2^95.
bool onGrid(const std::array<Vec3, 8>& p, std::array<IVec, 8>& out) {
    // Each coordinate as +-m 2^e with m odd, from its bits (normal doubles: inRange holds).
    std::uint64_t m[24];
    int e[24], s = -1100;
    for (std::size_t i = 0; i < 24; ++i) {
        auto bits = std::bit_cast<std::uint64_t>(p[i / 3][int(i % 3)]);
        std::uint64_t mant = bits & ((std::uint64_t(1) << 52) - 1), biased = (bits >> 52) & 0x7ff;
        if (biased == 0) { // zero (inRange leaves no subnormal)
            m[i] = 0, e[i] = 0;
            continue;
        }
        mant |= std::uint64_t(1) << 52;
        int tz = __builtin_ctzll(mant);
        m[i] = mant >> tz, e[i] = int(biased) - 1075 + tz;
        s = std::max(s, -e[i]);
    }
    for (std::size_t i = 0; i < 24; ++i) {
        I128 v = 0;
        if (m[i] != 0) {
            int shift = e[i] + s; // >= 0
            if (64 - __builtin_clzll(m[i]) + shift > 20) return false;
            v = I128(m[i] << shift);
            if (std::signbit(p[i / 3][int(i % 3)])) v = -v;
        }
        (i % 3 == 0 ? out[i / 3].x : (i % 3 == 1 ? out[i / 3].y : out[i / 3].z)) = v;
    }
    return true;
}

/// The four points at t = k/2 (k = 0, 1, 2), times 2^(s+1).
std::array<IVec, 4> at(const std::array<IVec, 8>& g, int k) {
    std::array<IVec, 4> q;
    for (std::size_t i = 0; i < 4; ++i) {
        const IVec &a = g[i], &b = g[i + 4];
        q[i] = {(2 - k) * a.x + k * b.x, (2 - k) * a.y + k * b.y, (2 - k) * a.z + k * b.z};
    }
    return q;
}

/// Per axis, the boxes of points [0, split) and [split, 4) overlap (addBoxOverlap's conditions).
bool boxesMeet(const std::array<IVec, 4>& q, std::size_t split) {
    for (int k = 0; k < 3; ++k) {
        I128 aLo = q[0][k], aHi = aLo, bLo = q[split][k], bHi = bLo;
        for (std::size_t i = 0; i < 4; ++i) {
            I128 x = q[i][k];
            if (i < split)
                aLo = std::min(aLo, x), aHi = std::max(aHi, x);
            else
                bLo = std::min(bLo, x), bHi = std::max(bHi, x);
        }
        if (aHi < bLo || bHi < aLo) return false;
    }
    return true;
}

bool vertexFaceTouches(const std::array<IVec, 4>& q) {
    const IVec &v = q[0], &a = q[1], &b = q[2], &c = q[3];
    IVec e1 = b - a, e2 = c - a, w = v - a, n = icross(e1, e2);
    return idot(n, w) == 0 && idot(icross(e1, w), n) >= 0 && idot(icross(w, e2), n) >= 0 &&
           idot(icross(c - b, v - b), n) >= 0 && boxesMeet(q, 1);
}

bool edgeEdgeTouches(const std::array<IVec, 4>& q) {
    const IVec &a0 = q[0], &a1 = q[1], &b0 = q[2], &b1 = q[3];
    IVec da = a1 - a0, db = b1 - b0, n = icross(da, db);
    return idot(n, b0 - a0) == 0 &&
           isign(idot(icross(db, a0 - b0), n)) * isign(idot(icross(db, a1 - b0), n)) <= 0 &&
           isign(idot(icross(da, b0 - a0), n)) * isign(idot(icross(da, b1 - a0), n)) <= 0 && boxesMeet(q, 2);
}

/// Bit k set: coplanarity may hold at t = k/2 (rounded ranges cannot exclude it), worth the exact check.
unsigned mayVanishAtDyadicTimes(const Bounded<4>& f) {
    unsigned times = 0;
    for (int k = 0; k <= 2; ++k)
        if (zeroMayHold(f, 0.5 * k, 0.5 * k)) times |= 1u << k;
    return times;
}

/// A contact certain at t = k/2 for a k in `times`, for points on a small grid.
template <class Touches>
bool touchesAtDyadicTime(const std::array<Vec3, 8>& p, unsigned times, Touches touches) {
    std::array<IVec, 8> g;
    if (times == 0 || !onGrid(p, g)) return false;
    for (int k = 0; k <= 2; ++k)
        if ((times >> k & 1) && touches(at(g, k))) return true;
    return false;
}

bool plainDecision(const CcdOptions& o) {
    return !o.earliest && o.from <= 0 && o.until >= 1;
}

} // namespace

LinearCcdFilter::Answer LinearCcdFilter::vertexFace(const std::array<Vec3, 8>& p, const CcdOptions& options,
                                                    std::uint64_t* intervals, bool rounded) {
    if (intervals) *intervals = 0;
    if (!inRange(p)) return Answer::Unknown;
    if (sweptBoxesApart(p, 1)) return Answer::NoContact;
    const VertexFace conds = VertexFace::build(p);
    if (!rounded && plainDecision(options) &&
        touchesAtDyadicTime(p, mayVanishAtDyadicTimes(conds.f), vertexFaceTouches))
        return Answer::Contact;
    return bisect(conds, plainDecision(options), intervals);
}

LinearCcdFilter::Answer LinearCcdFilter::edgeEdge(const std::array<Vec3, 8>& p, const CcdOptions& options,
                                                  std::uint64_t* intervals, bool rounded) {
    if (intervals) *intervals = 0;
    if (!inRange(p)) return Answer::Unknown;
    if (sweptBoxesApart(p, 2)) return Answer::NoContact;
    const EdgeEdge conds = EdgeEdge::build(p);
    if (!rounded && plainDecision(options) &&
        touchesAtDyadicTime(p, mayVanishAtDyadicTimes(conds.f), edgeEdgeTouches))
        return Answer::Contact;
    return bisect(conds, plainDecision(options), intervals);
}

} // namespace cdlab
