// DoublePoly: a polynomial in t with double coefficients that also carries, per coefficient, a bound on the
// magnitudes of the terms that produced it. The exact polynomial (same construction in rational arithmetic)
// differs from it by at most kRoundingSlack * sum(magnitudes) anywhere on [0, 1], so ranges widened by that
// amount are rigorous: the floating-point search of the exact CCD tests refutes and proves with them, never
// wrongly. The slack is generous: a coefficient passes through at most ~60 rounded operations (trajectory,
// differences, two cross products, a dot product, then Horner's rule on [0, 1]), each off by at most 2^-53 of
// the magnitudes involved, i.e. ~7e-15 of the tracked magnitude; 1e-11 leaves three orders to spare.
#pragma once

#include <array>

namespace cdlab {

class DoublePoly {
public:
    static constexpr double kRoundingSlack = 1e-11; ///< generous: ~50 operations at 2^-53 each

    DoublePoly() = default;
    static DoublePoly linear(double a, double b);
    DoublePoly operator+(const DoublePoly& o) const;
    DoublePoly operator-(const DoublePoly& o) const;
    DoublePoly operator*(const DoublePoly& o) const;
    /// Rigorous enclosure of the exact polynomial's values on [lo, hi] ⊂ [0, 1].
    void range(double lo, double hi, double& outLo, double& outHi) const;

    static constexpr int kMaxCoefficients = 16; ///< degree <= 15: the CCD conditions stay below 12

private:
    std::array<double, kMaxCoefficients> m_c{}, m_mag{};
    int m_n = 0; ///< number of coefficients in use
};

struct DoublePolyVec3 {
    DoublePoly x, y, z;
    DoublePolyVec3 operator-(const DoublePolyVec3& o) const { return {x - o.x, y - o.y, z - o.z}; }
};
DoublePolyVec3 cross(const DoublePolyVec3& a, const DoublePolyVec3& b);
DoublePoly dot(const DoublePolyVec3& a, const DoublePolyVec3& b);

} // namespace cdlab
