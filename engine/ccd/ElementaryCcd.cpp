#include "ccd/ElementaryCcd.h"

#include "ccd/CcdConditions.h"
#include "ccd/DoublePoly.h"
#include "ccd/IntegerPoly.h"
#include "ccd/LinearCcdFilter.h"
#include "core/Assert.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <functional>
#include <optional>
#include <stdexcept>
#include <type_traits>
#include <vector>

namespace cdlab {

namespace {

using namespace ccd_detail;

/// Depth-first, earlier half first, so the first interval that cannot be refuted at full depth bounds the
/// earliest contact from below. `proven` records that some interval showed a contact for certain.
enum class Found { No, Possible, Proven };

/// Conditions shown to hold on an interval hold on every part of it (the Zero condition excepted: its
/// Holds is a sign change between the ends), so the bisection below does not check them again: bit i is
/// set once condition i holds on an enclosing interval. Enclosures are rigorous, so this changes no verdict
/// of an exact condition, only the work.
using Held = std::uint32_t;
constexpr Held bit(std::size_t i) {
    CDLAB_ASSERT(i < 32, "a query has at most 32 conditions (one bit each)");
    return Held(1) << i;
}

Found search(const std::vector<Condition>& conds, const Dyadic& lo, const Dyadic& hi, int depth,
             const CcdOptions& opt, CcdQueryStats& stats, bool earliest, Held held) {
    // Bisection of [0, 1]: halves of a non-empty interval (the earliest-first order relies on lo < hi).
    CDLAB_ASSERT(compare(lo, hi) < 0 && depth >= 0, "a non-empty subinterval of the frame");
    // beyond the time that still matters, or before the window being tested
    if (opt.until < 1 && compare(lo, Dyadic::fromDouble(opt.until)) > 0) return Found::No;
    if (opt.from > 0 && compare(hi, Dyadic::fromDouble(opt.from)) < 0) return Found::No;
    if (earliest && depth >= opt.tocDepth) {
        // A cell of the time grid bounding the earliest contact counts only if the full-depth search cannot
        // refute it: the time reported is the start of the first cell holding a contact as the decision
        // sees it, whatever `until` is — not merely a cell too coarse to be refuted at 2^-tocDepth.
        Found f = search(conds, lo, hi, depth, opt, stats, false, held);
        if (f != Found::No) stats.toc = lo.toDouble();
        return f;
    }
    ++stats.intervals;
    bool allHold = true;
    for (std::size_t i = 0; i < conds.size(); ++i) {
        if (held & bit(i)) continue;
        Verdict v = check(conds[i], lo, hi);
        if (v == Verdict::Fails) return Found::No;
        allHold = allHold && v == Verdict::Holds;
        if (v == Verdict::Holds && conds[i].kind != Kind::Zero) held |= bit(i);
    }
    Dyadic mid = lo.midpoint(hi);
    bool atMid = !allHold;
    if (atMid)
        for (const Condition& c : conds) atMid = atMid && holdsAt(c, mid);
    bool proven = allHold || atMid;
    if (depth >= opt.maxDepth || (proven && !earliest)) {
        if (earliest) stats.toc = lo.toDouble();
        if (!proven) stats.depthLimited = true; // cannot refute within the resolution: report (conservative)
        return proven ? Found::Proven : Found::Possible;
    }
    // Refine toward the earliest time: the left half first; a contact proven in this interval guarantees
    // that one of the halves reports one.
    Found left = search(conds, lo, mid, depth + 1, opt, stats, earliest, held);
    if (left != Found::No) return proven ? Found::Proven : left;
    Found right = search(conds, mid, hi, depth + 1, opt, stats, earliest, held);
    // Both halves refuted although this interval holds a contact (proven: reached only when bounding the
    // earliest time): a half holding it cannot be refuted, so it lies in a half skipped as outside
    // [from, until] — no contact that matters. (Reporting this interval's start instead gave a time up to
    // the interval's width before the contact, which could win over a truly earlier one.)
    if (right == Found::No) return Found::No;
    return proven ? Found::Proven : right;
}

/// A query's conditions in three precisions: double always; double-double (from the rational trajectories)
/// and exact (in integers, from the trajectories scaled to integers) built on first need (the coplanarity
/// polynomial alone first: it settles most of what double precision cannot).
struct Conditions {
    using Trajectories = std::array<PolyVec3, 4>;
    using IntegerTrajectories = std::array<IntegerPolyVec3, 4>;
    std::vector<ConditionT<DoublePoly>> approx;
    ExactTrajectories source;
    std::function<std::vector<Condition>(const IntegerTrajectories&)> build;
    std::function<std::vector<ConditionT<DdPoly>>(const Trajectories&)> buildFine;
    std::function<IntegerPoly(const IntegerTrajectories&)> buildPlane;
    std::optional<Trajectories> traj;
    std::optional<IntegerTrajectories> integerTraj;
    std::vector<ConditionT<DdPoly>> fineConds;
    std::vector<Condition> exactConds; // empty until first needed (a query always has conditions)
    std::optional<IntegerPoly> plane;
    std::vector<std::pair<double, bool>> holdsAtMemo; // exact verdicts at single times (dyadic, recurring)
    int budget = 0;     ///< double-precision intervals left to the current search
    int fineBudget = 0; ///< double-double intervals left to the current search
    int zero = -1;      ///< index of the coplanarity condition
    /// Conditions that hold at every time because a polynomial they rest on is exactly zero: features moving
    /// in one plane, a vertex sliding along the plane through an edge — common when meshes share a grid.
    /// Floating point cannot certify a sign there; exactly, the condition drops out of the search.
    std::vector<char> always;
    bool alwaysChecked = false;

    const Trajectories& trajectories() {
        if (!traj) traj = source();
        return *traj;
    }
    const IntegerTrajectories& integerTrajectories() {
        if (!integerTraj) integerTraj = toIntegers(trajectories());
        return *integerTraj;
    }
    const std::vector<Condition>& exact() {
        if (exactConds.empty()) exactConds = build(integerTrajectories());
        return exactConds;
    }
    const IntegerPoly& exactPlane() {
        if (!plane) plane = buildPlane(integerTrajectories());
        return *plane;
    }
    template <class T> const std::vector<ConditionT<FloatPoly<T>>>& tier() {
        if constexpr (std::is_same_v<T, double>) {
            return approx;
        } else {
            if (fineConds.empty()) fineConds = buildFine(trajectories());
            return fineConds;
        }
    }
    template <class T> int& tierBudget() {
        if constexpr (std::is_same_v<T, double>)
            return budget;
        else
            return fineBudget;
    }
    /// Marks the conditions that hold identically (once per query); true if any was found.
    bool markAlwaysHolding() {
        if (alwaysChecked) return false;
        alwaysChecked = true;
        bool any = false;
        for (std::size_t i = 0; i < approx.size(); ++i) {
            bool holds = false;
            for (const IntegerPoly& p : exact()[i].polys) holds = holds || p.isZero();
            // Zero, NonNeg: the polynomial is zero; Straddle: one factor of a product <= 0 is zero;
            // AnyNonNeg: one of the alternatives is zero.
            if (holds && !always[i]) always[i] = 1, any = true;
        }
        return any;
    }
    /// Every condition holds exactly at time t (coplanarity first: it fails at most times).
    bool holdsExactlyAt(double t) {
        for (const auto& [time, holds] : holdsAtMemo)
            if (time == t) return holds;
        Dyadic q = Dyadic::fromDouble(t);
        bool holds = exactPlane().signAt(q) == 0;
        for (std::size_t i = 0; holds && i < exact().size(); ++i) holds = holdsAt(exact()[i], q);
        holdsAtMemo.emplace_back(t, holds);
        return holds;
    }
};

/// Below this depth (intervals of 2^-30 of the frame) the rounding slack of double-precision ranges can keep
/// near-misses from being refuted, so the search continues in double-double; likewise after kFloatBudget
/// intervals, which only degenerate queries need. Double-double hands over to exact arithmetic below
/// kFineDepth (2^-40: what is still open there touches at a single time, where only exact zeros prove it)
/// or after its own budget. A condition that vanishes
/// identically (e.g. coplanar motion) can never be certified in floating point: before handing over to
/// exact arithmetic the exact conditions are checked for such polynomials once, and the search goes on
/// without them.
constexpr int kExactDepth = 30;
constexpr int kFineDepth = 40;
constexpr int kFloatBudget = 2048;

/// The same search as search() above, in floating point while it decides: an interval is refuted or proven
/// as certainly as in rationals (the enclosures are rigorous), only less often on tiny intervals. Where the
/// double-precision verdict stays open, double-double takes over that interval, and where that stays open
/// the exact search, so answers are never weaker than the exact search's alone.
/// A proof here ignores the box-overlap conditions: a certified sign change of the coplanarity cubic with the
/// inside conditions holding on the whole interval puts the vertex in the face (the edges across each other)
/// at the root, hence in its box. Requiring the box overlap on the whole interval instead would never prove
/// a vertex hitting an axis-aligned face (its box is flat, so the overlap holds only from the contact on)
/// and send every such query to exact arithmetic.
template <class T>
Found searchApprox(Conditions& conds, double lo, double hi, int depth, const CcdOptions& opt,
                   CcdQueryStats& stats, bool earliest, Held held) {
    constexpr bool kDouble = std::is_same_v<T, double>;
    CDLAB_ASSERT(0 <= lo && lo < hi && hi <= 1, "a non-empty subinterval of the frame");
    if ((opt.until < 1 && lo > opt.until) || hi < opt.from) return Found::No;
    if (earliest && depth >= opt.tocDepth) { // a cell of the time grid, decided at full depth (search())
        Found f = searchApprox<T>(conds, lo, hi, depth, opt, stats, false, held);
        if (f != Found::No) stats.toc = lo;
        return f;
    }
    const auto& tier = conds.tier<T>();
    bool allHold = true;
    for (std::size_t i = 0; i < tier.size(); ++i) {
        // Holds at every time (checked exactly) or on an enclosing interval.
        if (conds.always[i] || (held & bit(i))) continue;
        const auto& c = tier[i];
        Verdict v = checkApprox(c, lo, hi);
        if (v == Verdict::Fails) {
            ++stats.intervals;
            return Found::No;
        }
        allHold = allHold && (v == Verdict::Holds || c.refuteOnly);
        if (v == Verdict::Holds && c.kind != Kind::Zero) held |= bit(i);
    }
    if (!allHold && (depth >= opt.maxDepth || depth >= (kDouble ? kExactDepth : kFineDepth) ||
                     --conds.tierBudget<T>() < 0)) {
        if constexpr (kDouble) {
            return searchApprox<DoubleDouble>(conds, lo, hi, depth, opt, stats, earliest, held);
        } else {
            if (conds.markAlwaysHolding())
                return searchApprox<T>(conds, lo, hi, depth, opt, stats, earliest, held);
            return search(conds.exact(), Dyadic::fromDouble(lo), Dyadic::fromDouble(hi), depth, opt, stats,
                          earliest, held);
        }
    }
    double mid = 0.5 * (lo + hi);
    bool proven = allHold;
    if (!allHold && conds.zero >= 0 && !conds.always[std::size_t(conds.zero)]) {
        // Touching configurations put roots on dyadic times (the frame's ends, its middle), where floating
        // point cannot certify a sign. Coplanarity that may vanish at both ends and the middle is either
        // identically zero (coplanar motion) or nearly so: exact arithmetic settles it. Otherwise a possible
        // root at the middle or an end is checked exactly, so such contacts are proven here, not at the
        // depth limit.
        const auto& f = tier[std::size_t(conds.zero)].polys[0];
        auto mayVanish = [&](double t) {
            T a, b;
            f.range(t, t, a, b);
            return a <= 0.0 && b >= 0.0;
        };
        bool atLo = mayVanish(lo), atMid = mayVanish(mid), atHi = mayVanish(hi);
        if (atLo && atMid && atHi) {
            // Exactly coplanar motion is common (meshes on one grid) and leaves a planar problem that
            // floating point decides as well as any other. Otherwise the features are nearly coplanar: the
            // exact plane polynomial alone often refutes the interval; if not, more precision takes it.
            const IntegerPoly& g = conds.exactPlane();
            if (g.isZero()) {
                conds.always[std::size_t(conds.zero)] = 1;
                return searchApprox<T>(conds, lo, hi, depth, opt, stats, earliest, held);
            }
            int gLo = 0, gHi = 0;
            g.rangeSigns(Dyadic::fromDouble(lo), Dyadic::fromDouble(hi), gLo, gHi);
            if (gLo > 0 || gHi < 0) {
                ++stats.intervals;
                return Found::No;
            }
            if constexpr (kDouble)
                return searchApprox<DoubleDouble>(conds, lo, hi, depth, opt, stats, earliest, held);
            else
                return search(conds.exact(), Dyadic::fromDouble(lo), Dyadic::fromDouble(hi), depth, opt,
                              stats, earliest, held);
        }
        proven = (atLo && conds.holdsExactlyAt(lo)) || (atMid && conds.holdsExactlyAt(mid)) ||
                 (atHi && conds.holdsExactlyAt(hi));
    }
    ++stats.intervals;
    if (depth >= opt.maxDepth || (proven && !earliest)) {
        if (earliest) stats.toc = lo;
        return Found::Proven;
    }
    Found left = searchApprox<T>(conds, lo, mid, depth + 1, opt, stats, earliest, held);
    if (left != Found::No) return proven ? Found::Proven : left;
    Found right = searchApprox<T>(conds, mid, hi, depth + 1, opt, stats, earliest, held);
    if (right == Found::No) return Found::No; // as in search(): the contact lies outside [from, until]
    return proven ? Found::Proven : right;
}

bool run(Conditions& conds, const CcdOptions& options, CcdQueryStats* stats) {
    CcdQueryStats local;
    // First decide (stop at the first proof or unrefutable interval), then, when asked, bound the earliest
    // time: the earlier half first down to cells of 2^-tocDepth, each of them decided at full depth.
    conds.budget = conds.fineBudget = kFloatBudget;
    bool hit = searchApprox<double>(conds, 0.0, 1.0, 0, options, local, false, 0) != Found::No;
    if (hit && options.earliest) {
        CcdQueryStats toc;
        conds.budget = conds.fineBudget = kFloatBudget;
        // The decision may prove a contact on an interval that reaches past `until` (or before `from`);
        // when the earliest one lies outside, no contact that matters is left.
        hit = searchApprox<double>(conds, 0.0, 1.0, 0, options, toc, true, 0) != Found::No;
        local.toc = toc.toc;
        local.intervals += toc.intervals;
    }
    CDLAB_ASSERT(!hit || !options.earliest || (local.toc >= 0 && local.toc <= 1),
                 "a time of contact in the frame");
    if (stats) *stats = local;
    return hit;
}

} // namespace

PolyVec3 linearTrajectory(const RationalVec3& p0, const RationalVec3& p1) {
    return moving(p0, p1);
}

namespace {

/// q exactly as a double if it is one with a numerator of at most 53 bits and a power of two below 2^1000 as
/// denominator (files written from doubles), read from its limbs (mpz_getlimbn and mpz_size are inline in
/// gmp.h; mpq_get_d divides, and costs a microsecond for a query's 24 coordinates).
static_assert(GMP_LIMB_BITS == 64, "exactDouble reads 64-bit limbs");

bool exactDouble(const Rational& q, double& out) {
    mpz_srcptr num = q.get_num_mpz_t(), den = q.get_den_mpz_t();
    if (mpz_size(num) > 1 || mpz_getlimbn(num, 0) >> 53 != 0) return false;
    std::size_t limbs = mpz_size(den);
    for (std::size_t i = 0; i + 1 < limbs; ++i)
        if (mpz_getlimbn(den, mp_size_t(i)) != 0) return false;
    mp_limb_t top = mpz_getlimbn(den, mp_size_t(limbs - 1));
    if (top == 0 || (top & (top - 1)) != 0 || limbs > 15) return false;
    int shift = int(64 * (limbs - 1)) + __builtin_ctzll(top);
    if (shift > 1000) return false;
    // 2^-shift from its bit pattern (a normal double): the product is exact, the numerator having 53 bits.
    double scale = std::bit_cast<double>(std::uint64_t(1023 - shift) << 52);
    double v = double(mpz_getlimbn(num, 0)) * scale;
    out = mpz_sgn(num) < 0 ? -v : v;
    return true;
}

/// |z| from its two leading limbs, times 2^-(64 * shift): within 3 * 2^-53 of it (the limbs rounded, their
/// sum rounded, the lower limbs dropped: less than 2^-64 of the value).
double leadingLimbs(mpz_srcptr z, long& shift) {
    std::size_t n = mpz_size(z);
    shift = long(n) - 2;
    if (n == 1) return shift = 0, double(mpz_getlimbn(z, 0));
    return double(mpz_getlimbn(z, mp_size_t(n - 1))) * 0x1p64 + double(mpz_getlimbn(z, mp_size_t(n - 2)));
}

/// q as a double within 1e-15 of itself, as LinearCcdFilter requires: exactly if exactDouble can; else the
/// quotient of the numerator's and the denominator's leading limbs (within 7 * 2^-53), scaled; else (beyond
/// the exponent range) rounded toward zero by mpq_get_d. False if q underflows to zero. `rounded` is set when
/// the double is not q itself.
bool toDouble(const Rational& q, double& out, bool& rounded) {
    if (exactDouble(q, out)) return true;
    rounded = true;
    mpz_srcptr num = q.get_num_mpz_t(), den = q.get_den_mpz_t();
    long numShift = 0, denShift = 0;
    double v = leadingLimbs(num, numShift) / leadingLimbs(den, denShift);
    long e = 64 * (numShift - denShift);
    if (mpz_sgn(num) != 0 && e > -900 && e < 900) {
        v = std::ldexp(v, int(e));
        out = mpz_sgn(num) < 0 ? -v : v;
        return true;
    }
    out = q.get_d();
    return out != 0 || sgn(q) == 0;
}

bool nearestDoubles(const std::array<RationalVec3, 8>& p, std::array<Vec3, 8>& out, bool& rounded) {
    rounded = false;
    for (std::size_t i = 0; i < 8; ++i)
        if (!toDouble(p[i].x, out[i].x, rounded) || !toDouble(p[i].y, out[i].y, rounded) ||
            !toDouble(p[i].z, out[i].z, rounded))
            return false;
    return true;
}

/// The filter's answer if it has one (with the intervals it examined as the query's statistics).
std::optional<bool> filterAnswer(LinearCcdFilter::Answer a, std::uint64_t intervals, CcdQueryStats* stats) {
    if (a == LinearCcdFilter::Answer::Unknown) return std::nullopt;
    if (stats) *stats = {}, stats->intervals = intervals;
    return a == LinearCcdFilter::Answer::Contact;
}

std::array<RationalVec3, 8> toRational(const std::array<Vec3, 8>& p) {
    std::array<RationalVec3, 8> r;
    for (std::size_t i = 0; i < 8; ++i) r[i] = RationalVec3(p[i]);
    return r;
}

} // namespace

bool vertexFaceCcd(const std::array<RationalVec3, 8>& p, const CcdOptions& options, CcdQueryStats* stats) {
    std::array<Vec3, 8> d;
    std::uint64_t n = 0;
    bool rounded = false;
    if (options.linearFilter && nearestDoubles(p, d, rounded))
        if (auto hit = filterAnswer(LinearCcdFilter::vertexFace(d, options, &n, rounded), n, stats))
            return *hit;
    return vertexFaceCcd({moving(p[0], p[4]), moving(p[1], p[5]), moving(p[2], p[6]), moving(p[3], p[7])},
                         options, stats);
}

bool edgeEdgeCcd(const std::array<RationalVec3, 8>& p, const CcdOptions& options, CcdQueryStats* stats) {
    std::array<Vec3, 8> d;
    std::uint64_t n = 0;
    bool rounded = false;
    if (options.linearFilter && nearestDoubles(p, d, rounded))
        if (auto hit = filterAnswer(LinearCcdFilter::edgeEdge(d, options, &n, rounded), n, stats))
            return *hit;
    return edgeEdgeCcd({moving(p[0], p[4]), moving(p[1], p[5]), moving(p[2], p[6]), moving(p[3], p[7])},
                       options, stats);
}

namespace {
/// Double-precision points: the filter first, then the exact search on the same points as rationals.
template <class Filter, class Exact>
bool filterThenExact(const std::array<Vec3, 8>& p, const CcdOptions& options, CcdQueryStats* stats,
                     Filter filter, Exact exactSearch) {
    std::uint64_t n = 0;
    if (options.linearFilter)
        if (auto hit = filterAnswer(filter(p, options, &n, false), n, stats)) return *hit;
    CcdOptions exact = options;
    exact.linearFilter = false;
    return exactSearch(toRational(p), exact, stats);
}
} // namespace

bool vertexFaceCcd(const std::array<Vec3, 8>& p, const CcdOptions& options, CcdQueryStats* stats) {
    return filterThenExact(p, options, stats, &LinearCcdFilter::vertexFace,
                           [](const std::array<RationalVec3, 8>& q, const CcdOptions& o, CcdQueryStats* s) {
                               return vertexFaceCcd(q, o, s);
                           });
}

bool edgeEdgeCcd(const std::array<Vec3, 8>& p, const CcdOptions& options, CcdQueryStats* stats) {
    return filterThenExact(p, options, stats, &LinearCcdFilter::edgeEdge,
                           [](const std::array<RationalVec3, 8>& q, const CcdOptions& o, CcdQueryStats* s) {
                               return edgeEdgeCcd(q, o, s);
                           });
}

namespace {

/// The floating-point filter first; then the search, in floating point until it needs exact arithmetic.
/// `build` makes the conditions from four trajectories of either kind (vertexFaceConditions or
/// edgeEdgeConditions).
template <class Build, class Coplanar>
bool filteredThenExact(const std::array<DoublePolyVec3, 4>& ap, const ExactTrajectories& exact, Build build,
                       Coplanar coplanar, const CcdOptions& options, CcdQueryStats* stats) {
    // The coplanarity cubic alone refutes most pairs (no coplanar moment before `until`) at a third of
    // the cost of building every condition.
    {
        std::vector<ConditionT<DoublePoly>> zero{{Kind::Zero, {coplanar(ap[0], ap[1], ap[2], ap[3])}}};
        int budget = 256;
        if (filterRefutes(zero, 0.0, 1.0, 30, budget, options.from, options.until)) {
            if (stats) *stats = {};
            return false;
        }
    }
    Conditions conds;
    conds.approx = build(ap[0], ap[1], ap[2], ap[3]);
    for (std::size_t i = 0; i < conds.approx.size(); ++i)
        if (conds.approx[i].kind == Kind::Zero) conds.zero = int(i);
    conds.always.assign(conds.approx.size(), 0);
    if (conds.approx.size() > sizeof(Held) * 8) // vertex/face has 10, edge/edge 9
        throw std::logic_error("elementary CCD: more conditions than the search can mark as holding");
    if (filtered(conds.approx, options)) {
        if (stats) *stats = {};
        return false;
    }
    conds.source = exact;
    conds.build = [&](const Conditions::IntegerTrajectories& tr) {
        return build(tr[0], tr[1], tr[2], tr[3]);
    };
    conds.buildFine = [&](const Conditions::Trajectories& tr) {
        return build(toFloat<DoubleDouble>(tr[0]), toFloat<DoubleDouble>(tr[1]), toFloat<DoubleDouble>(tr[2]),
                     toFloat<DoubleDouble>(tr[3]));
    };
    conds.buildPlane = [&](const Conditions::IntegerTrajectories& tr) {
        return coplanar(tr[0], tr[1], tr[2], tr[3]);
    };
    return run(conds, options, stats);
}

std::array<DoublePolyVec3, 4> toDouble(const std::array<PolyVec3, 4>& tr) {
    return {toFloat<double>(tr[0]), toFloat<double>(tr[1]), toFloat<double>(tr[2]), toFloat<double>(tr[3])};
}

const auto kVertexFace = [](const auto& a, const auto& b, const auto& c, const auto& d) {
    return vertexFaceConditions(a, b, c, d);
};
const auto kEdgeEdge = [](const auto& a, const auto& b, const auto& c, const auto& d) {
    return edgeEdgeConditions(a, b, c, d);
};
// The Zero conditions of both, alone (same polynomials as in the builders above).
const auto kVertexFacePlane = [](const auto& v, const auto& a, const auto& b, const auto& c) {
    return dot(cross(b - a, c - a), v - a);
};
const auto kEdgeEdgePlane = [](const auto& a0, const auto& a1, const auto& b0, const auto& b1) {
    return dot(cross(a1 - a0, b1 - b0), b0 - a0);
};

} // namespace

bool vertexFaceCcd(const std::array<PolyVec3, 4>& tr, const CcdOptions& options, CcdQueryStats* stats) {
    return filteredThenExact(
        toDouble(tr), [&] { return tr; }, kVertexFace, kVertexFacePlane, options, stats);
}

bool edgeEdgeCcd(const std::array<PolyVec3, 4>& tr, const CcdOptions& options, CcdQueryStats* stats) {
    return filteredThenExact(
        toDouble(tr), [&] { return tr; }, kEdgeEdge, kEdgeEdgePlane, options, stats);
}

bool vertexFaceCcd(const std::array<DoublePolyVec3, 4>& ap, const ExactTrajectories& exact,
                   const CcdOptions& options, CcdQueryStats* stats) {
    return filteredThenExact(ap, exact, kVertexFace, kVertexFacePlane, options, stats);
}

bool edgeEdgeCcd(const std::array<DoublePolyVec3, 4>& ap, const ExactTrajectories& exact,
                 const CcdOptions& options, CcdQueryStats* stats) {
    return filteredThenExact(ap, exact, kEdgeEdge, kEdgeEdgePlane, options, stats);
}

} // namespace cdlab
