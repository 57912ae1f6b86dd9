// DoubleDouble: an unevaluated sum hi + lo of two doubles (about 106 bits of significand), the middle tier
// of the elementary CCD tests' arithmetic. Near-degenerate queries — features a rounding error away from
// coplanar, a vertex exactly on an edge's line — defeat the floating-point filter (its enclosures carry a
// slack of 1e-11 of the magnitudes) and used to go straight to GMP rationals; at ~1e-26 these decide them
// at a fraction of the cost, and the exact tier only sees what is degenerate to that precision.
//
// The operations are the classical error-free transformations (Knuth's two-sum, Dekker's two-product by
// splitting, so no FMA is needed); the "sloppy" sum and product lose at most a few units of 2^-104 of the
// operands' magnitudes, which FloatPoly's magnitude-relative slack covers with orders to spare.
#pragma once

namespace cdlab {

struct DoubleDouble {
    double hi = 0, lo = 0;

    DoubleDouble() = default;
    DoubleDouble(double h) : hi(h) {} // NOLINT: doubles convert exactly
    DoubleDouble(double h, double l) : hi(h), lo(l) {}

    /// |x| (as the sum) and its sign: after normalisation |lo| <= ulp(hi) / 2, so hi carries the sign.
    double approx() const { return hi + lo; }
};

namespace dd {

/// a + b = s + e exactly (Knuth).
inline void twoSum(double a, double b, double& s, double& e) {
    s = a + b;
    double bb = s - a;
    e = (a - (s - bb)) + (b - bb);
}

/// a + b = s + e exactly when |a| >= |b| (Dekker).
inline void quickTwoSum(double a, double b, double& s, double& e) {
    s = a + b;
    e = b - (s - a);
}

/// a = hi + lo with both halves of at most 26 significant bits (Veltkamp).
inline void split(double a, double& hi, double& lo) {
    double c = 134217729.0 * a; // 2^27 + 1
    hi = c - (c - a);
    lo = a - hi;
}

/// a * b = p + e exactly (Dekker), barring overflow.
inline void twoProd(double a, double b, double& p, double& e) {
    p = a * b;
    double ah, al, bh, bl;
    split(a, ah, al);
    split(b, bh, bl);
    e = ((ah * bh - p) + ah * bl + al * bh) + al * bl;
}

} // namespace dd

inline DoubleDouble operator+(const DoubleDouble& x, const DoubleDouble& y) {
    double s, e;
    dd::twoSum(x.hi, y.hi, s, e);
    e += x.lo + y.lo;
    DoubleDouble r;
    dd::quickTwoSum(s, e, r.hi, r.lo);
    return r;
}

inline DoubleDouble operator-(const DoubleDouble& x) {
    return {-x.hi, -x.lo};
}

inline DoubleDouble operator-(const DoubleDouble& x, const DoubleDouble& y) {
    return x + (-y);
}

inline DoubleDouble operator*(const DoubleDouble& x, const DoubleDouble& y) {
    double p, e;
    dd::twoProd(x.hi, y.hi, p, e);
    e += x.hi * y.lo + x.lo * y.hi;
    DoubleDouble r;
    dd::quickTwoSum(p, e, r.hi, r.lo);
    return r;
}

inline DoubleDouble& operator+=(DoubleDouble& x, const DoubleDouble& y) {
    return x = x + y;
}

/// Comparisons with zero (all the searches need): exact, since a normalised hi carries the sign.
inline bool operator<(const DoubleDouble& x, double b) {
    return x.hi < b || (x.hi == b && x.lo < 0);
}
inline bool operator>(const DoubleDouble& x, double b) {
    return x.hi > b || (x.hi == b && x.lo > 0);
}
inline bool operator<=(const DoubleDouble& x, double b) {
    return !(x > b);
}
inline bool operator>=(const DoubleDouble& x, double b) {
    return !(x < b);
}

inline double magnitude(const DoubleDouble& x) {
    return (x.hi < 0 ? -x.hi : x.hi) + (x.lo < 0 ? -x.lo : x.lo);
}
inline double magnitude(double x) {
    return x < 0 ? -x : x;
}

} // namespace cdlab
