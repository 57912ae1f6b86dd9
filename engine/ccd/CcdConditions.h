// The conditions of an elementary CCD query (vertex/face, edge/edge) and their checks on a time interval:
// exactly in integers over dyadic intervals, and in floating point as a rigorous filter (ranges of FloatPoly
// enclose the exact polynomials, so Fails and Holds are certain). ElementaryCcd.cpp searches with them; kept
// apart so that each file reads in one sitting. Internal to the ccd layer.
#pragma once

#include "ccd/DoublePoly.h"
#include "ccd/ElementaryCcd.h"
#include "ccd/IntegerPoly.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace cdlab::ccd_detail {

/// One condition on t. Zero: a(t) = 0. NonNeg: a(t) >= 0. Straddle: a(t) and b(t) are not both strictly of
/// one sign. AnyNonNeg: at least one of polys >= 0. Built once in floating point (the filter) and, when the
/// filter cannot refute, exactly (in integers, see Conditions).
enum class Kind { Zero, NonNeg, Straddle, AnyNonNeg };

template <class Poly> struct ConditionT {
    Kind kind;
    std::vector<Poly> polys;
    /// A necessary condition that the others imply at a contact (the bounding-box overlaps): it refutes
    /// intervals, but a proof needs only the others (see searchApprox).
    bool refuteOnly = false;
};
using Condition = ConditionT<IntegerPoly>; // exact, for the search over dyadic times

enum class Verdict { Fails, Holds, Unknown };

inline Verdict check(const Condition& c, const Dyadic& lo, const Dyadic& hi) {
    struct Signs {
        int lo, hi;
    };
    Signs r[16];
    std::size_t n = std::min<std::size_t>(c.polys.size(), 16);
    for (std::size_t i = 0; i < n; ++i) c.polys[i].rangeSigns(lo, hi, r[i].lo, r[i].hi);
    switch (c.kind) {
    case Kind::Zero: {
        if (r[0].lo > 0 || r[0].hi < 0) return Verdict::Fails;
        // A sign change (or a zero) at the endpoints proves a root inside (intermediate value theorem).
        return c.polys[0].signAt(lo) * c.polys[0].signAt(hi) <= 0 ? Verdict::Holds : Verdict::Unknown;
    }
    case Kind::NonNeg:
        if (r[0].hi < 0) return Verdict::Fails;
        return r[0].lo >= 0 ? Verdict::Holds : Verdict::Unknown;
    case Kind::Straddle: {
        const Signs &a = r[0], &b = r[1];
        if ((a.lo > 0 && b.lo > 0) || (a.hi < 0 && b.hi < 0)) return Verdict::Fails;
        if ((a.hi <= 0 && b.lo >= 0) || (a.lo >= 0 && b.hi <= 0)) return Verdict::Holds;
        return Verdict::Unknown;
    }
    case Kind::AnyNonNeg: {
        if (c.polys.size() > n) return Verdict::Unknown;
        bool allNegative = true;
        for (std::size_t i = 0; i < n; ++i) {
            if (r[i].lo >= 0) return Verdict::Holds;
            allNegative = allNegative && r[i].hi < 0;
        }
        return allNegative ? Verdict::Fails : Verdict::Unknown;
    }
    }
    return Verdict::Unknown;
}

/// Exact test at one dyadic time.
inline bool holdsAt(const Condition& c, const Dyadic& t) {
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

/// p(t) = p0 + t (p1 - p0).
inline PolyVec3 moving(const RationalVec3& p0, const RationalVec3& p1) {
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
        ConditionT<Poly> ab{Kind::AnyNonNeg, {}, true}, ba{Kind::AnyNonNeg, {}, true};
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
    // Coplanarity, then barycentric signs: with v = a + u e1 + s e2, (e1 x w).n = s|n|^2, (w x e2).n = u|n|^2
    // and ((c-b) x (v-b)).n = (1-u-s)|n|^2. First, as they refute most intervals (a check stops at the first
    // refutation).
    conds.push_back({Kind::Zero, {dot(n, w)}});
    conds.push_back({Kind::NonNeg, {dot(cross(e1, w), n)}});
    conds.push_back({Kind::NonNeg, {dot(cross(w, e2), n)}});
    conds.push_back({Kind::NonNeg, {dot(cross(c - b, v - b), n)}});
    addBoxOverlap<Vec, Poly>(conds, {&v},
                             {&a, &b, &c}); // necessary: the vertex is inside the face's box at contact
    return conds;
}

template <class Vec, class Poly = decltype(Vec{}.x)>
std::vector<ConditionT<Poly>> edgeEdgeConditions(const Vec& a0, const Vec& a1, const Vec& b0, const Vec& b1) {
    Vec da = a1 - a0, db = b1 - b0;
    Vec n = cross(da, db);
    std::vector<ConditionT<Poly>> conds;
    // Coplanarity, then each edge's endpoints on opposite sides (or on) the other edge's line in the plane.
    conds.push_back({Kind::Zero, {dot(n, b0 - a0)}});
    conds.push_back({Kind::Straddle, {dot(cross(db, a0 - b0), n), dot(cross(db, a1 - b0), n)}});
    conds.push_back({Kind::Straddle, {dot(cross(da, b0 - a0), n), dot(cross(da, b1 - a0), n)}});
    addBoxOverlap<Vec, Poly>(conds, {&a0, &a1}, {&b0, &b1}); // necessary; rejects separated collinear edges
    return conds;
}

// ---- floating-point filter -------------------------------------------------------------------------------

/// The nearest FloatPoly<T> to an exact polynomial: each coefficient rounded once (to double, or to hi + lo
/// with the remainder rounded again: within 2^-105 for double-double).
template <class T> FloatPoly<T> toFloat(const RationalPoly& p) {
    const auto& c = p.coefficients();
    FloatPoly<T> r;
    for (std::size_t i = 0; i < c.size(); ++i) {
        double hi = c[i].get_d();
        if constexpr (std::is_same_v<T, double>) {
            r.setCoefficient(int(i), hi);
        } else {
            Rational rest = c[i] - Rational(hi);
            DoubleDouble v;
            dd::quickTwoSum(hi, rest.get_d(), v.hi, v.lo);
            r.setCoefficient(int(i), v);
        }
    }
    return r;
}

template <class T> FloatPolyVec3<T> toFloat(const PolyVec3& v) {
    return {toFloat<T>(v.x), toFloat<T>(v.y), toFloat<T>(v.z)};
}

/// The floating-point counterpart of check(): FloatPoly ranges are rigorous enclosures of the exact
/// polynomials, so Fails and Holds are certain; Unknown asks for a narrower interval (or more precision).
template <class T> Verdict checkApprox(const ConditionT<FloatPoly<T>>& c, double lo, double hi) {
    constexpr std::size_t kMax = 16;
    T a[kMax], b[kMax];
    std::size_t n = c.polys.size();
    if (n > kMax) return Verdict::Unknown;
    for (std::size_t i = 0; i < n; ++i) c.polys[i].range(lo, hi, a[i], b[i]);
    switch (c.kind) {
    case Kind::Zero: {
        if (a[0] > 0.0 || b[0] < 0.0) return Verdict::Fails;
        // A certified sign change between the endpoints proves a root inside.
        T l0, l1, h0, h1;
        c.polys[0].range(lo, lo, l0, l1);
        c.polys[0].range(hi, hi, h0, h1);
        return (l0 > 0.0 && h1 < 0.0) || (l1 < 0.0 && h0 > 0.0) ? Verdict::Holds : Verdict::Unknown;
    }
    case Kind::NonNeg:
        if (b[0] < 0.0) return Verdict::Fails;
        return a[0] >= 0.0 ? Verdict::Holds : Verdict::Unknown;
    case Kind::Straddle:
        if ((a[0] > 0.0 && a[1] > 0.0) || (b[0] < 0.0 && b[1] < 0.0)) return Verdict::Fails;
        if ((b[0] <= 0.0 && a[1] >= 0.0) || (a[0] >= 0.0 && b[1] <= 0.0)) return Verdict::Holds;
        return Verdict::Unknown;
    case Kind::AnyNonNeg: {
        bool allNegative = true;
        for (std::size_t i = 0; i < n; ++i) {
            if (a[i] >= 0.0) return Verdict::Holds;
            allNegative = allNegative && b[i] < 0.0;
        }
        return allNegative ? Verdict::Fails : Verdict::Unknown;
    }
    }
    return Verdict::Unknown;
}

/// True when the filter proves there is no contact: every subinterval down to `depth` is refuted by some
/// condition. Gives up (false) after `budget` intervals.
inline bool filterRefutes(const std::vector<ConditionT<DoublePoly>>& conds, double lo, double hi, int depth,
                          int& budget, double from, double until) {
    if (lo > until || hi < from) return true; // irrelevant: outside the times that still matter
    if (--budget < 0) return false;
    for (const auto& c : conds)
        if (checkApprox(c, lo, hi) == Verdict::Fails) return true;
    if (depth == 0) return false;
    double mid = 0.5 * (lo + hi);
    return filterRefutes(conds, lo, mid, depth - 1, budget, from, until) &&
           filterRefutes(conds, mid, hi, depth - 1, budget, from, until);
}

inline bool filtered(const std::vector<ConditionT<DoublePoly>>& conds, const CcdOptions& options) {
    // Floating-point work is cheap next to the search it saves: refine deep before giving up.
    int budget = 2048;
    return filterRefutes(conds, 0.0, 1.0, 30, budget, options.from, options.until);
}

} // namespace cdlab::ccd_detail
