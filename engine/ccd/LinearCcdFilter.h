// LinearCcdFilter: the fast path in front of the exact elementary CCD tests (ElementaryCcd.h) for the common
// case, corners moving linearly from double-precision positions. Most queries of a simulation are far from
// contact or cross cleanly; these are decided here in a few hundred nanoseconds, with no allocation, and
// only what stays open goes to the exact cascade, whose answers this never contradicts where it decides.
//
// Three certified steps:
// 1. Swept boxes: with linear motion a corner stays in the box of its two end positions, so a contact needs
//    the vertex's (edge's) swept box to meet the face's (other edge's) on every axis; boxes apart by more
//    than the inputs' rounding are apart for the exact coordinates.
// 2. A bisection over t on the coplanarity cubic and the inside quartics (the conditions of CcdConditions.h
//    without the box ones), built in double on fixed-size arrays, each coefficient with a bound on the
//    magnitudes of the terms that produced it (as FloatPoly): ranges widened by kSlack times that bound
//    enclose the exact polynomials, so a refuted interval holds no contact and a certified sign change of
//    the cubic with every inside condition holding on the interval is a contact — the exact search's own
//    proof (ElementaryCcd.cpp). It gives up (Unknown) past a small depth or budget: grazing contacts,
//    degenerate or nearly coplanar features are left to the exact cascade.
// 3. Before the bisection, for points that are exactly the query's and lie on a small binary grid, where the
//    coplanarity cubic may vanish at t = 0, 1/2 or 1: every condition checked at that time in 128-bit
//    integers, which proves the exact touching contacts the rounded ranges cannot.
// Inputs may be exact or doubles within 1e-15 of exact rationals (ElementaryCcd.cpp rounds them): ten more
// roundings in the slack's budget (1e-11 covers hundreds). The error analysis is the usual
// forward one (Higham, Accuracy and Stability of Numerical Algorithms, 2002, sec. 3.1): it needs no
// underflow or overflow, so coordinates must be 0 or of magnitude in [1e-30, 1e30], else Unknown.
#pragma once

#include "ccd/ElementaryCcd.h"
#include "geometry/Vec3.h"

#include <array>
#include <cstdint>

namespace cdlab {

class LinearCcdFilter {
public:
    enum class Answer { NoContact, Contact, Unknown };

    /// Points as in vertexFaceCcd / edgeEdgeCcd (the four at t = 0, then at t = 1). A proof of contact is
    /// given only for options that ask for a plain decision (no `earliest`, the whole frame): otherwise
    /// Contact becomes Unknown, as the window's grid and the earliest time are the exact search's business.
    /// `intervals` (if not null) receives the number of time intervals examined. `rounded`: the points are
    /// within 1e-15 of the query's, not exactly them (then no contact is proven from exact zeros).
    static Answer vertexFace(const std::array<Vec3, 8>& p, const CcdOptions& options,
                             std::uint64_t* intervals = nullptr, bool rounded = false);
    static Answer edgeEdge(const std::array<Vec3, 8>& p, const CcdOptions& options,
                           std::uint64_t* intervals = nullptr, bool rounded = false);

    /// The bisection's limits: deeper or longer searches are the exact cascade's.
    static constexpr int kMaxDepth = 20;
    static constexpr int kBudget = 160;
};

} // namespace cdlab
