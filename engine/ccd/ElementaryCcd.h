// Exact, conservative continuous collision tests between moving primitives (redon2002 sec. 6 needs these as
// the elementary tests of the continuous pipeline): vertex/face and edge/edge, each vertex moving linearly
// from its t=0 to its t=1 position.
//
// Method: with positions linear in t and exact rational coordinates, contact means the four points are
// coplanar at some t in [0, 1] — a cubic f(t) = 0 — while the vertex lies inside the face (three quartic
// sign conditions) or the two edges straddle each other's lines (two pairs of quartics). A bisection over t
// with exact-rational interval enclosures either refutes a subinterval (some condition cannot hold there),
// proves a contact (f changes sign on it and every other condition holds on all of it), or reaches the depth
// limit and reports a contact. Hence: never a false negative; false positives only for configurations
// within 2^-maxDepth in time of touching, or degenerate features (collapsed triangle, parallel edges) whose
// inside conditions vanish identically.
// Speed: the bisection runs on floating-point polynomials whose ranges are widened by a bound on their
// rounding (FloatPoly), so their refutations and proofs are as certain as exact ones: in double first; then,
// for intervals double cannot settle (nearly coplanar features, depth beyond 2^-30), in double-double; only
// what that cannot settle either (depth beyond 2^-40, exact degeneracies) is searched exactly, with the
// conditions built only then, in integers from the trajectories scaled to integers (IntegerPoly.h).
// Conditions that vanish identically are found exactly and dropped.
// In front of all this, for linear motion given by points (the overloads taking 8 points), a certified
// floating-point filter without allocation decides most generic queries in well under a microsecond
// (LinearCcdFilter.h, CcdOptions::linearFilter); only what it leaves open reaches the cascade above.
#pragma once

#include "ccd/DoublePoly.h"
#include "ccd/RationalPoly.h"
#include "geometry/Vec3.h"

#include <array>
#include <cstdint>
#include <functional>

namespace cdlab {

struct RationalVec3 {
    Rational x, y, z;
    RationalVec3() = default;
    RationalVec3(Rational a, Rational b, Rational c) : x(std::move(a)), y(std::move(b)), z(std::move(c)) {}
    explicit RationalVec3(const Vec3& v) : x(v.x), y(v.y), z(v.z) {} ///< exact: every double is a rational
};

struct CcdQueryStats {
    std::uint64_t intervals = 0; ///< subintervals examined
    bool depthLimited = false;   ///< answered "contact" at the depth limit (possible false positive)
    /// With CcdOptions::earliest: the start of the first cell of 2^-tocDepth that the full-depth search
    /// cannot refute, a lower bound on the earliest contact within 2^-tocDepth.
    double toc = 0;
};

struct CcdOptions {
    /// Bisection depth over [0, 1]: time resolution 2^-64. At 48, 15 of the 7,279 Tight-Inclusion benchmark
    /// queries were false positives answered at the limit; at 64 none is, at the same speed.
    int maxDepth = 64;
    bool earliest = false; ///< also bound the earliest contact time (CcdQueryStats::toc)
    int tocDepth = 24;     ///< resolution of that bound: 2^-24 of the interval
    /// Only contacts at times <= until matter (a pipeline passes its best time so far): later subintervals
    /// are skipped, on the same dyadic grid, so answers do not depend on the order of the queries. A contact
    /// whose cell ends by `until` is reported with the time it has without `until`; one that starts after
    /// `until` is not reported (its query returns false), even where the decision proved it on an interval
    /// reaching back before `until`.
    double until = 1.0;
    /// Only contacts at times >= from matter (a pipeline testing one window of the frame passes its start):
    /// earlier subintervals are skipped, on the same dyadic grid.
    double from = 0.0;
    /// Linear motion from points (the overloads taking 8 points): decide in floating point first
    /// (LinearCcdFilter.h), the exact search only where that stays open. Off: the exact search alone, the
    /// reference the filter is tested against.
    bool linearFilter = true;
};

/// Trajectories as polynomials in t over a common positive denominator that is left out: every contact
/// condition is homogeneous in the positions, so a positive common factor changes no sign. Linear motion is
/// the special case p0 + t (p1 - p0); rigid motions use RigidMotion's rational parametrisation.
bool vertexFaceCcd(const std::array<PolyVec3, 4>& vertexThenFace, const CcdOptions& options = {},
                   CcdQueryStats* stats = nullptr);
bool edgeEdgeCcd(const std::array<PolyVec3, 4>& edgeAThenEdgeB, const CcdOptions& options = {},
                 CcdQueryStats* stats = nullptr);

/// The same with floating-point trajectories supplied by the caller (for the filter): `exact` is called for
/// the rational trajectories only when the filter cannot refute a contact. The two must describe the same
/// trajectories (the floating-point ones rounded from the exact ones).
using ExactTrajectories = std::function<std::array<PolyVec3, 4>()>;
bool vertexFaceCcd(const std::array<DoublePolyVec3, 4>& approx, const ExactTrajectories& exact,
                   const CcdOptions& options, CcdQueryStats* stats);
bool edgeEdgeCcd(const std::array<DoublePolyVec3, 4>& approx, const ExactTrajectories& exact,
                 const CcdOptions& options, CcdQueryStats* stats);

/// Linear motion p(t) = p0 + t (p1 - p0) as a polynomial trajectory.
PolyVec3 linearTrajectory(const RationalVec3& p0, const RationalVec3& p1);

/// Points, in order: vertex, face0, face1, face2 at t=0, then the same four at t=1.
bool vertexFaceCcd(const std::array<RationalVec3, 8>& p, const CcdOptions& options = {},
                   CcdQueryStats* stats = nullptr);
/// Points, in order: edge a (a0, a1), edge b (b0, b1) at t=0, then the same four at t=1.
bool edgeEdgeCcd(const std::array<RationalVec3, 8>& p, const CcdOptions& options = {},
                 CcdQueryStats* stats = nullptr);
/// The same with double-precision points (exact rationals too): a simulation's vertices.
bool vertexFaceCcd(const std::array<Vec3, 8>& p, const CcdOptions& options = {},
                   CcdQueryStats* stats = nullptr);
bool edgeEdgeCcd(const std::array<Vec3, 8>& p, const CcdOptions& options = {},
                 CcdQueryStats* stats = nullptr);

} // namespace cdlab
