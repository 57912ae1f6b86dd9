// IntegerPoly: an exact polynomial (RationalPoly) multiplied by the positive least common multiple of its
// coefficients' denominators, so that its coefficients are integers and its sign is the same everywhere.
// The exact CCD search bisects [0, 1], so every time it visits is dyadic, k / 2^e; there the polynomial and
// its interval Horner enclosure are evaluated in integers scaled by 2^(e * degree), which spares GMP's
// rational canonicalisation (a gcd per operation) and gives the signs of RationalPoly's results exactly.
#pragma once

#include "ccd/RationalPoly.h"

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

    bool isZero() const { return m_c.empty(); }
    int signAt(const Dyadic& t) const;
    /// The signs of the ends of RationalPoly::range's enclosure over [lo, hi] (0 <= lo <= hi): the same
    /// interval Horner steps, scaled by a positive integer.
    void rangeSigns(const Dyadic& lo, const Dyadic& hi, int& signLo, int& signHi) const;

private:
    std::vector<mpz_class> m_c; // m_c[i] is the coefficient of t^i; no trailing zeros
};

} // namespace cdlab
