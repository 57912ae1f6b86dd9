// TaylorModel<N>: an order-N polynomial in time plus an interval remainder that together enclose a function
// of time over a frame (zhang2007 sec. 5.1; Berz and Hofstätter 1998). Time is the frame's normalised time
// tau in [0, 1]; the polynomial is kept in u = tau - 1/2, i.e. expanded at the frame's midpoint as the paper
// does, so a dropped term of degree k is at most 2^-k of its coefficient. For every tau in [0, 1]:
//   f(tau) in P(tau - 1/2) + R.
// Sums, differences and scalar products are exact on the polynomial; a product's terms above order N are
// bounded and moved into the remainder. sin and cos of a linear function of tau get their Taylor polynomial
// at the midpoint and a rigorous Lagrange remainder. The order is a template parameter so that the products
// of a chain's Taylor matrices unroll (SweptBoxes dispatches the runtime order 1-5 once per call).
#pragma once

#include "geometry/Interval.h"

#include <array>
#include <cmath>

namespace cdlab {

namespace taylor {

constexpr int kMaxOrder = 5;
constexpr double kHalfWidth = 0.5; ///< u ranges over [-1/2, 1/2]
/// kHalfPower[k] = (1/2)^k.
constexpr double kHalfPower[2 * kMaxOrder + 2] = {1,          0.5,         0.25,         0.125,
                                                  0.0625,     0.03125,     0.015625,     0.0078125,
                                                  0.00390625, 0.001953125, 0.0009765625, 0.00048828125};

/// The range of c u^k for u in [-1/2, 1/2].
inline Interval termRange(double c, int k) {
    double m = c * kHalfPower[k];
    if (k % 2 == 1) return m >= 0 ? Interval{-m, m} : Interval{m, -m};
    return m >= 0 ? Interval{0, m} : Interval{m, 0};
}

/// Bernstein coefficients over tau in [0, 1] of p(u) = sum c[k] u^k, u = tau - 1/2, degree n.
void toBernstein(const double* c, int n, double* beta);
/// The range of a Bernstein polynomial of degree n over its interval: the end coefficients are values, the
/// hull of the coefficients contains the range; where an extremum is inside, the polynomial is halved (de
/// Casteljau) up to `depth` times. Never narrower than the true range.
Interval bernsteinRange(const double* beta, int n, int depth = 6);

/// The exact range over u in [-1/2, 1/2] of a polynomial of degree n <= 3 (zhang2007 footnote 4: "computed
/// exactly using simple analysis"): its values at the ends and at the roots of its derivative inside.
inline Interval cubicRange(const double* c, int n) {
    auto p = [&](double u) {
        double v = 0;
        for (int k = n; k >= 0; --k) v = v * u + c[k];
        return v;
    };
    double a = p(-kHalfWidth), b = p(kHalfWidth);
    Interval r{std::min(a, b), std::max(a, b)};
    auto at = [&](double u) {
        if (u > -kHalfWidth && u < kHalfWidth) {
            double v = p(u);
            r.lo = std::min(r.lo, v), r.hi = std::max(r.hi, v);
        }
    };
    if (n == 2 && c[2] != 0) at(-c[1] / (2 * c[2]));
    if (n == 3) { // p' = 3 c3 u^2 + 2 c2 u + c1
        double A = 3 * c[3], B = 2 * c[2], C = c[1];
        if (A == 0) {
            if (B != 0) at(-C / B);
        } else {
            double d = B * B - 4 * A * C;
            if (d >= 0) { // the stable pair of roots
                double q = -0.5 * (B + std::copysign(std::sqrt(d), B));
                at(q / A);
                if (q != 0) at(C / q);
            }
        }
    }
    return r;
}

/// The range of the polynomial with coefficients c (degree n) over the frame: exact up to degree 3, Bernstein
/// bounds refined by subdivision above.
inline Interval polynomialRange(const double* c, int n) {
    if (n <= 3) return cubicRange(c, n);
    double beta[kMaxOrder + 1];
    toBernstein(c, n, beta);
    return bernsteinRange(beta, n);
}

} // namespace taylor

template <int N> class TaylorModel {
public:
    static_assert(N >= 0 && N <= taylor::kMaxOrder, "orders 0 to 5");
    static constexpr int kOrder = N;

    TaylorModel() = default;
    /// The constant v.
    explicit TaylorModel(double v) { m_c[0] = v; }

    /// a + b tau, exact (no remainder above order 0).
    static TaylorModel linear(double a, double b) {
        TaylorModel m(a + b * taylor::kHalfWidth);
        if constexpr (N >= 1)
            m.m_c[1] = b;
        else
            m.m_r = taylor::termRange(b, 1);
        return m;
    }

    /// sin and cos of theta0 + dtheta tau (a joint's rotation angle over a frame, zhang2007 eq. 2).
    static void sinCos(double theta0, double dtheta, TaylorModel& s, TaylorModel& c) {
        // theta(u) = tm + b u; d^k/du^k sin(theta) = b^k sin^(k)(tm), sin^(k) cycling sin, cos, -sin, -cos.
        const double h = taylor::kHalfWidth, tm = theta0 + h * dtheta, b = dtheta;
        const double st = std::sin(tm), ct = std::cos(tm);
        const double sinDerivative[4] = {st, ct, -st, -ct}, cosDerivative[4] = {ct, -st, -ct, st};
        s = TaylorModel();
        c = TaylorModel();
        double f = 1; // b^k / k!
        for (int k = 0; k <= N; ++k) {
            s.m_c[k] = sinDerivative[k % 4] * f;
            c.m_c[k] = cosDerivative[k % 4] * f;
            f *= b / (k + 1);
        }
        // Lagrange remainder f^(N+1)(xi) (b u)^(N+1) / (N+1)!, xi between tm and theta(u): the derivative's
        // range over the frame's angles times the range of u^(N+1) times b^(N+1) / (N+1)! (= f now).
        constexpr int n1 = N + 1;
        Interval angles{tm - std::fabs(b) * h, tm + std::fabs(b) * h};
        Interval sinRange = sin(angles), cosRange = cos(angles);
        auto derivative = [&](int k) { // sin^(k) over the angles
            k %= 4;
            return k == 0 ? sinRange : k == 1 ? cosRange : k == 2 ? -sinRange : -cosRange;
        };
        Interval tail = taylor::termRange(f, n1);
        s.m_r = derivative(n1) * tail;
        c.m_r = derivative(n1 + 1) * tail; // cos^(k) = sin^(k+1)
    }

    /// Coefficient of u^k (k <= N).
    double coefficient(int k) const { return m_c[k]; }
    const std::array<double, N + 1>& coefficients() const { return m_c; }
    const Interval& remainder() const { return m_r; }
    /// The polynomial's value at tau (without the remainder).
    double polynomial(double tau) const {
        double u = tau - taylor::kHalfWidth, v = 0;
        for (int k = N; k >= 0; --k) v = v * u + m_c[k];
        return v;
    }
    /// The enclosure at tau: polynomial(tau) + remainder.
    Interval at(double tau) const { return polynomial(tau) + m_r; }
    /// A range of the polynomial alone over the frame: the constant term plus each term's range (cheap, never
    /// narrower than bound(); what products use).
    Interval polynomialRoughBound() const {
        Interval r{m_c[0]};
        for (int k = 1; k <= N; ++k) r += taylor::termRange(m_c[k], k);
        return r;
    }
    Interval roughBound() const { return polynomialRoughBound() + m_r; }
    /// A range over tau in [0, 1] containing the function: the polynomial's range (exact up to order 3,
    /// Bernstein bounds refined by subdivision above) plus the remainder.
    Interval bound() const { return taylor::polynomialRange(m_c.data(), N) + m_r; }

    TaylorModel& operator+=(const TaylorModel& o) {
        for (int k = 0; k <= N; ++k) m_c[k] += o.m_c[k];
        m_r += o.m_r;
        return *this;
    }
    TaylorModel& operator-=(const TaylorModel& o) {
        for (int k = 0; k <= N; ++k) m_c[k] -= o.m_c[k];
        m_r = m_r - o.m_r;
        return *this;
    }
    TaylorModel& operator*=(double s) {
        for (int k = 0; k <= N; ++k) m_c[k] *= s;
        m_r = s * m_r;
        return *this;
    }
    /// this += s * o: the multiply-add of a product with a constant matrix.
    void addScaled(const TaylorModel& o, double s) {
        for (int k = 0; k <= N; ++k) m_c[k] += s * o.m_c[k];
        m_r += s * o.m_r;
    }
    friend TaylorModel operator+(TaylorModel a, const TaylorModel& b) { return a += b; }
    friend TaylorModel operator-(TaylorModel a, const TaylorModel& b) { return a -= b; }
    friend TaylorModel operator*(TaylorModel a, double s) { return a *= s; }
    friend TaylorModel operator*(double s, TaylorModel a) { return a *= s; }
    friend TaylorModel operator*(const TaylorModel& a, const TaylorModel& b) {
        TaylorModel p;
        p.addProduct(a, a.polynomialRoughBound(), b, b.polynomialRoughBound());
        return p;
    }

    /// this += a * b, given the polynomial parts' ranges (computed once per matrix entry by the caller):
    /// (Pa + Ra)(Pb + Rb) = Pa Pb + Pa Rb + Ra Pb + Ra Rb, with Pa Pb's terms above order N moved into the
    /// remainder with their range over u in [-1/2, 1/2].
    void addProduct(const TaylorModel& a, const Interval& pa, const TaylorModel& b, const Interval& pb) {
        double high[2 * N + 1] = {};
        for (int i = 0; i <= N; ++i)
            for (int j = 0; j <= N; ++j) {
                if (i + j <= N)
                    m_c[i + j] += a.m_c[i] * b.m_c[j];
                else
                    high[i + j] += a.m_c[i] * b.m_c[j];
            }
        Interval r = m_r;
        for (int k = N + 1; k <= 2 * N; ++k) r += taylor::termRange(high[k], k);
        if (b.m_r.lo != 0 || b.m_r.hi != 0) r += pa * b.m_r;
        if (a.m_r.lo != 0 || a.m_r.hi != 0) r += a.m_r * pb + a.m_r * b.m_r;
        m_r = r;
    }

    /// this += tau x (tau = 1/2 + u): the product with the frame's time, the top term moved into the
    /// remainder.
    void addTimesTau(const TaylorModel& x) {
        for (int k = 0; k <= N; ++k) m_c[k] += taylor::kHalfWidth * x.m_c[k];
        for (int k = 1; k <= N; ++k) m_c[k] += x.m_c[k - 1];
        m_r += taylor::termRange(x.m_c[N], N + 1) + Interval{0, 1} * x.m_r;
    }

private:
    std::array<double, N + 1> m_c{}; // coefficients of u^0 .. u^N
    Interval m_r{0, 0};
};

} // namespace cdlab
