// IntegerPoly: an exact polynomial with integer coefficients, standing for a rational one (RationalPoly)
// multiplied by a positive integer, so that its sign is the same everywhere: converted from a RationalPoly
// (times the least common multiple of its denominators), or built by +, - and * from integer trajectories
// (IntegerPolyVec3: every contact condition is homogeneous in the positions, so trajectories scaled by one
// positive integer give the conditions scaled by a positive integer, without GMP's rational
// canonicalisation, a gcd per operation, in between).
// The exact CCD search bisects [0, 1], so every time it visits is dyadic, k / 2^e; there the polynomial and
// its interval Horner enclosure are evaluated in integers scaled by 2^(e * degree), which spares GMP's
// rational canonicalisation (a gcd per operation) and gives the signs of RationalPoly's results exactly.
#pragma once

#include "ccd/RationalPoly.h"

#include <array>
#include <gmpxx.h>
#include <vector>

namespace cdlab {

/// k / 2^e, an exact binary fraction.
struct Dyadic {
    mpz_class k;
    unsigned long e = 0;

    static Dyadic fromDouble(double t); ///< exact (a finite double is a binary fraction)
    double toDouble() const;            ///< rounded to nearest
    Dyadic midpoint(const Dyadic& o) const;
};
/// Sign of a - b: -1, 0 or 1.
int compare(const Dyadic& a, const Dyadic& b);

class IntegerPoly {
public:
    IntegerPoly() = default;
    explicit IntegerPoly(const RationalPoly& p);
    /// coefficients[i] is the coefficient of t^i.
    explicit IntegerPoly(std::vector<mpz_class> coefficients) : m_c(std::move(coefficients)) { trim(); }
    IntegerPoly operator+(const IntegerPoly& o) const;
    IntegerPoly operator-(const IntegerPoly& o) const;
    IntegerPoly operator*(const IntegerPoly& o) const;
    bool isZero() const { return m_c.empty(); }
    const std::vector<mpz_class>& coefficients() const { return m_c; }
    int signAt(const Dyadic& t) const;
    /// The signs of the ends of RationalPoly::range's enclosure over [lo, hi] (0 <= lo <= hi): the same
    /// interval Horner steps, scaled by a positive integer.
    void rangeSigns(const Dyadic& lo, const Dyadic& hi, int& signLo, int& signHi) const;

private:
    void trim();
    std::vector<mpz_class> m_c; // m_c[i] is the coefficient of t^i; no trailing zeros
};

/// A point moving with t, scaled by a positive integer shared with the other points of its query.
struct IntegerPolyVec3 {
    IntegerPoly x, y, z;
    IntegerPolyVec3 operator-(const IntegerPolyVec3& o) const { return {x - o.x, y - o.y, z - o.z}; }
};
IntegerPolyVec3 cross(const IntegerPolyVec3& a, const IntegerPolyVec3& b);
IntegerPoly dot(const IntegerPolyVec3& a, const IntegerPolyVec3& b);

/// The trajectories times the least common multiple of all their coefficients' denominators.
std::array<IntegerPolyVec3, 4> toIntegers(const std::array<PolyVec3, 4>& trajectories);

} // namespace cdlab
