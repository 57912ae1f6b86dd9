// RationalPoly: polynomials in t with exact rational (GMP) coefficients, exact evaluation and interval
// enclosures over [lo, hi] ⊂ [0, ∞). Used by the exact elementary CCD tests, where vertex positions are
// linear in t and every geometric condition is a polynomial of degree <= 4.
#pragma once

#include <gmpxx.h>
#include <vector>

namespace cdlab {

using Rational = mpq_class;

class RationalPoly {
public:
    RationalPoly() = default;
    explicit RationalPoly(Rational c0) : m_c{std::move(c0)} { trim(); }
    /// a + b t
    static RationalPoly linear(const Rational& a, const Rational& b);

    RationalPoly operator+(const RationalPoly& o) const;
    RationalPoly operator-(const RationalPoly& o) const;
    RationalPoly operator*(const RationalPoly& o) const;

    bool isZero() const { return m_c.empty(); }
    int degree() const { return int(m_c.size()) - 1; }
    const std::vector<Rational>& coefficients() const { return m_c; }
    Rational eval(const Rational& t) const;
    int signAt(const Rational& t) const { return sgn(eval(t)); }
    /// Encloses the values on [lo, hi] (0 <= lo <= hi) by interval Horner evaluation: conservative, and
    /// tighter as the interval shrinks.
    void range(const Rational& lo, const Rational& hi, Rational& outLo, Rational& outHi) const;

private:
    void trim();
    std::vector<Rational> m_c; // m_c[i] is the coefficient of t^i; no trailing zeros
};

/// A 3-vector of polynomials (a point or direction moving with t).
struct PolyVec3 {
    RationalPoly x, y, z;
    PolyVec3 operator-(const PolyVec3& o) const { return {x - o.x, y - o.y, z - o.z}; }
};
PolyVec3 cross(const PolyVec3& a, const PolyVec3& b);
RationalPoly dot(const PolyVec3& a, const PolyVec3& b);

} // namespace cdlab
