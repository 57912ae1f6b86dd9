#include "ccd/LinearCcdFilter.h"

#include "ccd/DoublePoly.h"

#include <algorithm>
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

bool plainDecision(const CcdOptions& o) {
    return !o.earliest && o.from <= 0 && o.until >= 1;
}

} // namespace

LinearCcdFilter::Answer LinearCcdFilter::vertexFace(const std::array<Vec3, 8>& p, const CcdOptions& options,
                                                    std::uint64_t* intervals) {
    if (intervals) *intervals = 0;
    if (!inRange(p)) return Answer::Unknown;
    if (sweptBoxesApart(p, 1)) return Answer::NoContact;
    return bisect(VertexFace::build(p), plainDecision(options), intervals);
}

LinearCcdFilter::Answer LinearCcdFilter::edgeEdge(const std::array<Vec3, 8>& p, const CcdOptions& options,
                                                  std::uint64_t* intervals) {
    if (intervals) *intervals = 0;
    if (!inRange(p)) return Answer::Unknown;
    if (sweptBoxesApart(p, 2)) return Answer::NoContact;
    return bisect(EdgeEdge::build(p), plainDecision(options), intervals);
}

} // namespace cdlab
