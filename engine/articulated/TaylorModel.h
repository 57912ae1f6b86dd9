// TaylorModel: an order-n polynomial in time plus an interval remainder that together enclose a function of
// time over a frame (zhang2007 sec. 5.1; Berz and Hofstätter 1998). Time is the frame's normalised time
// tau in [0, 1]; the polynomial is kept in u = tau - 1/2, i.e. expanded at the frame's midpoint as the paper
// does, so a dropped term of degree k is at most 2^-k of its coefficient. For every tau in [0, 1]:
//   f(tau) in P(tau - 1/2) + R.
// Sums, differences and scalar products are exact on the polynomial; a product's terms above order n are
// bounded and moved into the remainder. sin and cos of a linear function of tau get their Taylor polynomial
// at the midpoint and a rigorous Lagrange remainder. Order 0 is plain interval arithmetic in mean-value form.
#pragma once

#include "articulated/Interval.h"

#include <array>

namespace cdlab {

class TaylorModel {
public:
    static constexpr int kMaxOrder = 5;
    static constexpr double kHalfWidth = 0.5; ///< u ranges over [-1/2, 1/2]

    TaylorModel() = default;
    /// The constant v as a model of order `order`.
    explicit TaylorModel(int order, double v = 0) : m_order(order) { m_c[0] = v; }

    /// a + b tau, exact (no remainder).
    static TaylorModel linear(int order, double a, double b);
    /// sin and cos of theta0 + dtheta tau (the rotation angle of a joint over a frame, eq. 2 of zhang2007).
    static void sinCos(int order, double theta0, double dtheta, TaylorModel& s, TaylorModel& c);

    int order() const { return m_order; }
    /// Coefficient of u^k (k <= order).
    double coefficient(int k) const { return m_c[k]; }
    const Interval& remainder() const { return m_r; }
    /// The polynomial's value at tau (without the remainder).
    double polynomial(double tau) const;
    /// The enclosure at tau: polynomial(tau) + remainder.
    Interval at(double tau) const { return polynomial(tau) + m_r; }
    /// A range over tau in [0, 1] containing the function: the polynomial's range (Bernstein bounds refined
    /// by subdivision; exact where the extremum is at an end of the frame) plus the remainder.
    Interval bound() const;
    /// A cheaper, wider range: the constant term plus each term's range (used inside products).
    Interval roughBound() const;

    TaylorModel& operator+=(const TaylorModel& o);
    TaylorModel& operator-=(const TaylorModel& o);
    TaylorModel& operator*=(double s);
    /// this += s * o, the multiply-add of matrix products with constant entries.
    void addScaled(const TaylorModel& o, double s);
    friend TaylorModel operator+(TaylorModel a, const TaylorModel& b) { return a += b; }
    friend TaylorModel operator-(TaylorModel a, const TaylorModel& b) { return a -= b; }
    friend TaylorModel operator*(TaylorModel a, double s) { return a *= s; }
    friend TaylorModel operator*(double s, TaylorModel a) { return a *= s; }
    friend TaylorModel operator*(const TaylorModel& a, const TaylorModel& b);

private:
    int m_order = 3;
    std::array<double, kMaxOrder + 1> m_c{}; // coefficients of u^0 .. u^order (higher ones stay 0)
    Interval m_r{0, 0};
};

} // namespace cdlab
