// FloatPoly<T>: a polynomial in t with floating-point coefficients (double, or DoubleDouble for the middle
// tier) that also carries, per coefficient, a bound on the magnitudes of the terms that produced it. The
// exact polynomial (same construction in rational arithmetic) differs from it by at most
// kRoundingSlack * sum(magnitudes) anywhere on [0, 1], so ranges widened by that amount are rigorous: the
// floating-point searches of the exact CCD tests refute and prove with them, never wrongly. The slack is
// generous: a coefficient passes through at most ~60 rounded operations (trajectory, differences, two cross
// products, a dot product, then Horner's rule on [0, 1]), each off by at most 2^-53 (double) or a few
// 2^-104 (double-double) of the magnitudes involved, i.e. ~7e-15 or ~1e-29 of the tracked magnitude; 1e-11
// and 1e-26 leave three orders to spare.
#pragma once

#include "ccd/DoubleDouble.h"

#include <array>

namespace cdlab {

template <class T> struct FloatSlack;
template <> struct FloatSlack<double> { static constexpr double value = 1e-11; };
template <> struct FloatSlack<DoubleDouble> { static constexpr double value = 1e-26; };

template <class T> class FloatPoly {
public:
    static constexpr double kRoundingSlack = FloatSlack<T>::value;
    static constexpr int kMaxCoefficients = 16; ///< degree <= 15: the CCD conditions stay below 12

    FloatPoly() = default;
    static FloatPoly linear(const T& a, const T& b);
    /// Sets the coefficient of t^i to c, which must be within kRoundingSlack / 10 of |c| of the exact one.
    void setCoefficient(int i, const T& c);
    FloatPoly operator+(const FloatPoly& o) const;
    FloatPoly operator-(const FloatPoly& o) const;
    FloatPoly operator*(const FloatPoly& o) const;
    /// Rigorous enclosure of the exact polynomial's values on [lo, hi] ⊂ [0, 1].
    void range(double lo, double hi, T& outLo, T& outHi) const;

private:
    std::array<T, kMaxCoefficients> m_c{};
    std::array<double, kMaxCoefficients> m_mag{};
    int m_n = 0; ///< number of coefficients in use
};

using DoublePoly = FloatPoly<double>;
using DdPoly = FloatPoly<DoubleDouble>;

template <class T> struct FloatPolyVec3 {
    FloatPoly<T> x, y, z;
    FloatPolyVec3 operator-(const FloatPolyVec3& o) const { return {x - o.x, y - o.y, z - o.z}; }
};
using DoublePolyVec3 = FloatPolyVec3<double>;
using DdPolyVec3 = FloatPolyVec3<DoubleDouble>;

template <class T> FloatPolyVec3<T> cross(const FloatPolyVec3<T>& a, const FloatPolyVec3<T>& b);
template <class T> FloatPoly<T> dot(const FloatPolyVec3<T>& a, const FloatPolyVec3<T>& b);

} // namespace cdlab
