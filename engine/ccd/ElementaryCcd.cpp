#include "ccd/ElementaryCcd.h"

#include "ccd/DoublePoly.h"

#include <algorithm>
#include <vector>

namespace cdlab {

namespace {

/// One condition on t. Zero: a(t) = 0. NonNeg: a(t) >= 0. Straddle: a(t) and b(t) are not both strictly of
/// one sign. AnyNonNeg: at least one of polys >= 0. Built once in floating point (the filter) and, when the
/// filter cannot refute, in exact rationals.
enum class Kind { Zero, NonNeg, Straddle, AnyNonNeg };

template <class Poly> struct ConditionT {
    Kind kind;
    std::vector<Poly> polys;
};
using Condition = ConditionT<RationalPoly>;

enum class Verdict { Fails, Holds, Unknown };

struct Range {
    Rational lo, hi;
};

Verdict check(const Condition& c, const Rational& lo, const Rational& hi) {
    std::vector<Range> r(c.polys.size());
    for (std::size_t i = 0; i < c.polys.size(); ++i) c.polys[i].range(lo, hi, r[i].lo, r[i].hi);
    switch (c.kind) {
    case Kind::Zero: {
        if (sgn(r[0].lo) > 0 || sgn(r[0].hi) < 0) return Verdict::Fails;
        // A sign change (or a zero) at the endpoints proves a root inside (intermediate value theorem).
        return c.polys[0].signAt(lo) * c.polys[0].signAt(hi) <= 0 ? Verdict::Holds : Verdict::Unknown;
    }
    case Kind::NonNeg:
        if (sgn(r[0].hi) < 0) return Verdict::Fails;
        return sgn(r[0].lo) >= 0 ? Verdict::Holds : Verdict::Unknown;
    case Kind::Straddle: {
        const Range &a = r[0], &b = r[1];
        if ((sgn(a.lo) > 0 && sgn(b.lo) > 0) || (sgn(a.hi) < 0 && sgn(b.hi) < 0)) return Verdict::Fails;
        if ((sgn(a.hi) <= 0 && sgn(b.lo) >= 0) || (sgn(a.lo) >= 0 && sgn(b.hi) <= 0)) return Verdict::Holds;
        return Verdict::Unknown;
    }
    case Kind::AnyNonNeg: {
        bool allNegative = true;
        for (const Range& x : r) {
            if (sgn(x.lo) >= 0) return Verdict::Holds;
            allNegative = allNegative && sgn(x.hi) < 0;
        }
        return allNegative ? Verdict::Fails : Verdict::Unknown;
    }
    }
    return Verdict::Unknown;
}

/// Exact test at one rational time.
bool holdsAt(const Condition& c, const Rational& t) {
    switch (c.kind) {
    case Kind::Zero:
        return c.polys[0].signAt(t) == 0;
    case Kind::NonNeg:
        return c.polys[0].signAt(t) >= 0;
    case Kind::Straddle:
        return c.polys[0].signAt(t) * c.polys[1].signAt(t) <= 0;
    case Kind::AnyNonNeg:
        for (const auto& p : c.polys)
            if (p.signAt(t) >= 0) return true;
        return false;
    }
    return false;
}

/// Depth-first, earlier half first, so the first interval that cannot be refuted at full depth bounds the
/// earliest contact from below. `proven` records that some interval showed a contact for certain.
enum class Found { No, Possible, Proven };

Found search(const std::vector<Condition>& conds, const Rational& lo, const Rational& hi, int depth,
             const CcdOptions& opt, CcdQueryStats& stats, bool earliest) {
    if (opt.until < 1 && lo > Rational(opt.until)) return Found::No; // beyond the time that still matters
    ++stats.intervals;
    bool allHold = true;
    for (const Condition& c : conds) {
        Verdict v = check(c, lo, hi);
        if (v == Verdict::Fails) return Found::No;
        allHold = allHold && v == Verdict::Holds;
    }
    Rational mid = (lo + hi) / 2;
    bool atMid = !allHold;
    if (atMid)
        for (const Condition& c : conds) atMid = atMid && holdsAt(c, mid);
    bool proven = allHold || atMid;
    if (depth >= opt.maxDepth || (proven && !earliest)) {
        if (earliest) stats.toc = lo.get_d();
        if (!proven) stats.depthLimited = true; // cannot refute within the resolution: report (conservative)
        return proven ? Found::Proven : Found::Possible;
    }
    // Refine toward the earliest time: the left half first; a contact proven in this interval guarantees
    // that one of the halves reports one.
    Found left = search(conds, lo, mid, depth + 1, opt, stats, earliest);
    if (left != Found::No) return proven ? Found::Proven : left;
    Found right = search(conds, mid, hi, depth + 1, opt, stats, earliest);
    if (right == Found::No && proven) { // proven here but both halves refuted: keep this interval's bound
        if (earliest) stats.toc = lo.get_d();
        return Found::Proven;
    }
    return proven && right != Found::No ? Found::Proven : right;
}

/// p(t) = p0 + t (p1 - p0).
PolyVec3 moving(const RationalVec3& p0, const RationalVec3& p1) {
    return {RationalPoly::linear(p0.x, p1.x - p0.x), RationalPoly::linear(p0.y, p1.y - p0.y),
            RationalPoly::linear(p0.z, p1.z - p0.z)};
}

/// Bounding-box overlap of point sets, per axis and side: max(A) >= min(B) <=> some a - b >= 0.
template <class Vec, class Poly>
void addBoxOverlap(std::vector<ConditionT<Poly>>& conds, const std::vector<const Vec*>& a,
                   const std::vector<const Vec*>& b) {
    for (int axis = 0; axis < 3; ++axis) {
        auto comp = [axis](const Vec* v) -> const Poly& {
            return axis == 0 ? v->x : (axis == 1 ? v->y : v->z);
        };
        ConditionT<Poly> ab{Kind::AnyNonNeg, {}}, ba{Kind::AnyNonNeg, {}};
        for (const Vec* p : a)
            for (const Vec* q : b) {
                ab.polys.push_back(comp(p) - comp(q));
                ba.polys.push_back(comp(q) - comp(p));
            }
        conds.push_back(std::move(ab));
        conds.push_back(std::move(ba));
    }
}

template <class Vec, class Poly = decltype(Vec{}.x)>
std::vector<ConditionT<Poly>> vertexFaceConditions(const Vec& v, const Vec& a, const Vec& b, const Vec& c) {
    Vec e1 = b - a, e2 = c - a, w = v - a;
    Vec n = cross(e1, e2);
    std::vector<ConditionT<Poly>> conds;
    addBoxOverlap<Vec, Poly>(conds, {&v},
                             {&a, &b, &c}); // necessary: the vertex is inside the face's box at contact
    // Coplanarity, then barycentric signs: with v = a + u e1 + s e2, (e1 x w).n = s|n|^2, (w x e2).n = u|n|^2
    // and ((c-b) x (v-b)).n = (1-u-s)|n|^2.
    conds.push_back({Kind::Zero, {dot(n, w)}});
    conds.push_back({Kind::NonNeg, {dot(cross(e1, w), n)}});
    conds.push_back({Kind::NonNeg, {dot(cross(w, e2), n)}});
    conds.push_back({Kind::NonNeg, {dot(cross(c - b, v - b), n)}});
    return conds;
}

template <class Vec, class Poly = decltype(Vec{}.x)>
std::vector<ConditionT<Poly>> edgeEdgeConditions(const Vec& a0, const Vec& a1, const Vec& b0, const Vec& b1) {
    Vec da = a1 - a0, db = b1 - b0;
    Vec n = cross(da, db);
    std::vector<ConditionT<Poly>> conds;
    addBoxOverlap<Vec, Poly>(conds, {&a0, &a1}, {&b0, &b1}); // necessary; rejects separated collinear edges
    // Coplanarity, then each edge's endpoints on opposite sides (or on) the other edge's line in the plane.
    conds.push_back({Kind::Zero, {dot(n, b0 - a0)}});
    conds.push_back({Kind::Straddle, {dot(cross(db, a0 - b0), n), dot(cross(db, a1 - b0), n)}});
    conds.push_back({Kind::Straddle, {dot(cross(da, b0 - a0), n), dot(cross(da, b1 - a0), n)}});
    return conds;
}

// ---- floating-point filter -------------------------------------------------------------------------------

DoublePoly toDouble(const RationalPoly& p) {
    const auto& c = p.coefficients();
    DoublePoly r;
    DoublePoly power = DoublePoly::linear(1, 0), t = DoublePoly::linear(0, 1);
    for (std::size_t i = 0; i < c.size(); ++i) {
        r = r + power * DoublePoly::linear(c[i].get_d(), 0);
        power = power * t;
    }
    return r;
}

DoublePolyVec3 toDouble(const PolyVec3& v) {
    return {toDouble(v.x), toDouble(v.y), toDouble(v.z)};
}

bool refutes(const ConditionT<DoublePoly>& c, double lo, double hi) {
    double a[8], b[8];
    std::size_t n = std::min<std::size_t>(c.polys.size(), 8);
    for (std::size_t i = 0; i < n; ++i) c.polys[i].range(lo, hi, a[i], b[i]);
    switch (c.kind) {
    case Kind::Zero:
        return a[0] > 0 || b[0] < 0;
    case Kind::NonNeg:
        return b[0] < 0;
    case Kind::Straddle:
        return (a[0] > 0 && a[1] > 0) || (b[0] < 0 && b[1] < 0);
    case Kind::AnyNonNeg:
        if (c.polys.size() > 8) return false;
        for (std::size_t i = 0; i < n; ++i)
            if (b[i] >= 0) return false;
        return true;
    }
    return false;
}

/// True when the filter proves there is no contact: every subinterval down to `depth` is refuted by some
/// condition. Gives up (false) after `budget` intervals.
bool filterRefutes(const std::vector<ConditionT<DoublePoly>>& conds, double lo, double hi, int depth,
                   int& budget, double until) {
    if (lo > until) return true; // irrelevant: later than the time that still matters
    if (--budget < 0) return false;
    for (const auto& c : conds)
        if (refutes(c, lo, hi)) return true;
    if (depth == 0) return false;
    double mid = 0.5 * (lo + hi);
    return filterRefutes(conds, lo, mid, depth - 1, budget, until) &&
           filterRefutes(conds, mid, hi, depth - 1, budget, until);
}

bool filtered(const std::vector<ConditionT<DoublePoly>>& conds, double until) {
    // Floating-point work is cheap next to the rational search it saves: refine deep before giving up.
    int budget = 2048;
    return filterRefutes(conds, 0.0, 1.0, 30, budget, until);
}

bool run(std::vector<Condition>& conds, const CcdOptions& options, CcdQueryStats* stats) {
    CcdQueryStats local;
    // First decide (stop at the first proof or unrefutable interval), then, when asked, refine the earliest
    // time with a coarser depth: a shallower search refutes less, so it finds the contact again.
    bool hit = search(conds, Rational(0), Rational(1), 0, options, local, false) != Found::No;
    if (hit && options.earliest) {
        CcdOptions coarse = options;
        coarse.maxDepth = std::min(options.tocDepth, options.maxDepth);
        CcdQueryStats toc;
        search(conds, Rational(0), Rational(1), 0, coarse, toc, true);
        local.toc = toc.toc;
        local.intervals += toc.intervals;
    }
    if (stats) *stats = local;
    return hit;
}

} // namespace

PolyVec3 linearTrajectory(const RationalVec3& p0, const RationalVec3& p1) {
    return moving(p0, p1);
}

bool vertexFaceCcd(const std::array<RationalVec3, 8>& p, const CcdOptions& options, CcdQueryStats* stats) {
    return vertexFaceCcd({moving(p[0], p[4]), moving(p[1], p[5]), moving(p[2], p[6]), moving(p[3], p[7])},
                         options, stats);
}

bool edgeEdgeCcd(const std::array<RationalVec3, 8>& p, const CcdOptions& options, CcdQueryStats* stats) {
    return edgeEdgeCcd({moving(p[0], p[4]), moving(p[1], p[5]), moving(p[2], p[6]), moving(p[3], p[7])},
                       options, stats);
}

namespace {

/// The floating-point filter first; the exact search only when it cannot refute. `build` makes the conditions
/// from four trajectories of either kind (vertexFaceConditions or edgeEdgeConditions).
template <class Build>
bool filteredThenExact(const std::array<DoublePolyVec3, 4>& ap, const ExactTrajectories& exact, Build build,
                       const CcdOptions& options, CcdQueryStats* stats) {
    if (filtered(build(ap[0], ap[1], ap[2], ap[3]), options.until)) {
        if (stats) *stats = {};
        return false;
    }
    auto tr = exact();
    auto conds = build(tr[0], tr[1], tr[2], tr[3]);
    return run(conds, options, stats);
}

std::array<DoublePolyVec3, 4> toDouble(const std::array<PolyVec3, 4>& tr) {
    return {toDouble(tr[0]), toDouble(tr[1]), toDouble(tr[2]), toDouble(tr[3])};
}

const auto kVertexFace = [](const auto& a, const auto& b, const auto& c, const auto& d) {
    return vertexFaceConditions(a, b, c, d);
};
const auto kEdgeEdge = [](const auto& a, const auto& b, const auto& c, const auto& d) {
    return edgeEdgeConditions(a, b, c, d);
};

} // namespace

bool vertexFaceCcd(const std::array<PolyVec3, 4>& tr, const CcdOptions& options, CcdQueryStats* stats) {
    return filteredThenExact(
        toDouble(tr), [&] { return tr; }, kVertexFace, options, stats);
}

bool edgeEdgeCcd(const std::array<PolyVec3, 4>& tr, const CcdOptions& options, CcdQueryStats* stats) {
    return filteredThenExact(
        toDouble(tr), [&] { return tr; }, kEdgeEdge, options, stats);
}

bool vertexFaceCcd(const std::array<DoublePolyVec3, 4>& ap, const ExactTrajectories& exact,
                   const CcdOptions& options, CcdQueryStats* stats) {
    return filteredThenExact(ap, exact, kVertexFace, options, stats);
}

bool edgeEdgeCcd(const std::array<DoublePolyVec3, 4>& ap, const ExactTrajectories& exact,
                 const CcdOptions& options, CcdQueryStats* stats) {
    return filteredThenExact(ap, exact, kEdgeEdge, options, stats);
}

} // namespace cdlab
