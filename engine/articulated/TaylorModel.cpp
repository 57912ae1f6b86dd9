#include "articulated/TaylorModel.h"

#include <cmath>

namespace cdlab {

namespace {

constexpr double h = TaylorModel::kHalfWidth;

/// Bernstein coefficients over tau in [0, 1] of p(u) = sum c[k] u^k, u = tau - 1/2, degree n.
void toBernstein(const double* c, int n, double* beta) {
    // p in powers of tau: expand (tau - 1/2)^k binomially.
    double a[TaylorModel::kMaxOrder + 1] = {};
    for (int k = 0; k <= n; ++k) {
        double binom = 1, shift = 1; // C(k, j) and (-1/2)^(k-j), j from k down
        for (int j = k; j >= 0; --j) {
            a[j] += c[k] * binom * shift;
            binom = binom * j / (k - j + 1);
            shift *= -h;
        }
    }
    // beta_i = sum_{j <= i} C(i, j) / C(n, j) a_j
    for (int i = 0; i <= n; ++i) {
        double s = 0, cij = 1, cnj = 1;
        for (int j = 0; j <= i; ++j) {
            s += cij / cnj * a[j];
            cij = cij * (i - j) / (j + 1);
            cnj = cnj * (n - j) / (j + 1);
        }
        beta[i] = s;
    }
}

/// The largest value of a Bernstein polynomial (coefficients beta, degree n) over its interval, to within
/// what `depth` halvings resolve; never below the true maximum (the coefficients' hull contains the range and
/// the end coefficients are values). `best` is the largest value known so far.
double maxBernstein(const double* beta, int n, int depth, double best) {
    best = std::max({best, beta[0], beta[n]});
    double top = beta[0];
    for (int i = 1; i <= n; ++i) top = std::max(top, beta[i]);
    if (top <= best) return best; // the maximum is a value already seen: exact
    if (depth == 0) return top;
    // de Casteljau at 1/2: left and right halves
    double left[TaylorModel::kMaxOrder + 1], right[TaylorModel::kMaxOrder + 1], w[TaylorModel::kMaxOrder + 1];
    for (int i = 0; i <= n; ++i) w[i] = beta[i];
    for (int r = 0; r <= n; ++r) {
        left[r] = w[0];
        right[n - r] = w[n - r];
        for (int i = 0; i < n - r; ++i) w[i] = 0.5 * (w[i] + w[i + 1]);
    }
    best = maxBernstein(left, n, depth - 1, best);
    return maxBernstein(right, n, depth - 1, best);
}

} // namespace

TaylorModel TaylorModel::linear(int order, double a, double b) {
    TaylorModel m(order, a + b * h);
    if (order >= 1)
        m.m_c[1] = b;
    else
        m.m_r = Interval{-std::fabs(b) * h, std::fabs(b) * h};
    return m;
}

void TaylorModel::sinCos(int order, double theta0, double dtheta, TaylorModel& s, TaylorModel& c) {
    // theta(u) = tm + b u; d^k/du^k sin(theta) = b^k sin^(k)(tm), and sin^(k) cycles sin, cos, -sin, -cos.
    double tm = theta0 + 0.5 * dtheta, b = dtheta;
    double st = std::sin(tm), ct = std::cos(tm);
    const double sinDerivative[4] = {st, ct, -st, -ct};
    const double cosDerivative[4] = {ct, -st, -ct, st};
    s = TaylorModel(order);
    c = TaylorModel(order);
    double f = 1; // b^k / k!
    for (int k = 0; k <= order; ++k) {
        s.m_c[k] = sinDerivative[k % 4] * f;
        c.m_c[k] = cosDerivative[k % 4] * f;
        f *= b / (k + 1);
    }
    // Lagrange remainder: f^(n+1)(xi) (b u)^(n+1) / (n+1)!, xi between tm and theta(u): the derivative's
    // range over the frame's angles times the range of u^(n+1) times b^(n+1)/(n+1)! (= f now).
    int n1 = order + 1;
    Interval angles{tm - std::fabs(b) * h, tm + std::fabs(b) * h};
    Interval sinRange = sin(angles), cosRange = cos(angles);
    auto derivative = [&](bool ofSin) {    // sin^(n1) or cos^(n1) over the angles
        int k = (ofSin ? n1 : n1 + 1) % 4; // cos^(k) = sin^(k+1)
        return k == 0 ? sinRange : k == 1 ? cosRange : k == 2 ? -sinRange : -cosRange;
    };
    Interval tail = f * powerRange(h, n1);
    s.m_r = derivative(true) * tail;
    c.m_r = derivative(false) * tail;
}

double TaylorModel::polynomial(double tau) const {
    double u = tau - h, v = 0;
    for (int k = m_order; k >= 0; --k) v = v * u + m_c[k];
    return v;
}

Interval TaylorModel::roughBound() const {
    Interval r{m_c[0]};
    for (int k = 1; k <= m_order; ++k) r += m_c[k] * powerRange(h, k);
    return r + m_r;
}

Interval TaylorModel::bound() const {
    if (m_order == 0) return Interval{m_c[0]} + m_r;
    double beta[kMaxOrder + 1], neg[kMaxOrder + 1];
    toBernstein(m_c.data(), m_order, beta);
    for (int i = 0; i <= m_order; ++i) neg[i] = -beta[i];
    constexpr int depth = 6; // resolves an interior extremum to about 1/64 of the frame's second difference
    double hi = maxBernstein(beta, m_order, depth, -INFINITY);
    double lo = -maxBernstein(neg, m_order, depth, -INFINITY);
    return Interval{lo, hi} + m_r;
}

TaylorModel& TaylorModel::operator+=(const TaylorModel& o) {
    for (int k = 0; k <= m_order; ++k) m_c[k] += o.m_c[k];
    m_r += o.m_r;
    return *this;
}

TaylorModel& TaylorModel::operator-=(const TaylorModel& o) {
    for (int k = 0; k <= m_order; ++k) m_c[k] -= o.m_c[k];
    m_r = m_r - o.m_r;
    return *this;
}

TaylorModel& TaylorModel::operator*=(double s) {
    for (int k = 0; k <= m_order; ++k) m_c[k] *= s;
    m_r = s * m_r;
    return *this;
}

void TaylorModel::addScaled(const TaylorModel& o, double s) {
    for (int k = 0; k <= m_order; ++k) m_c[k] += s * o.m_c[k];
    m_r += s * o.m_r;
}

TaylorModel operator*(const TaylorModel& a, const TaylorModel& b) {
    const int n = a.m_order;
    TaylorModel p(n);
    double high[2 * TaylorModel::kMaxOrder + 1] = {};
    for (int i = 0; i <= n; ++i) {
        if (a.m_c[i] == 0) continue;
        for (int j = 0; j <= n; ++j) {
            double v = a.m_c[i] * b.m_c[j];
            if (i + j <= n)
                p.m_c[i + j] += v;
            else
                high[i + j] += v;
        }
    }
    // Truncation: the terms above order n go into the remainder with their range over u in [-1/2, 1/2].
    Interval r{0};
    for (int k = n + 1; k <= 2 * n; ++k)
        if (high[k] != 0) r += high[k] * powerRange(h, k);
    // (Pa + Ra)(Pb + Rb) = Pa Pb + Pa Rb + Ra Pb + Ra Rb
    TaylorModel pa = a, pb = b;
    pa.m_r = Interval{0};
    pb.m_r = Interval{0};
    Interval ba = pa.roughBound(), bb = pb.roughBound();
    if (b.m_r.lo != 0 || b.m_r.hi != 0) r += ba * b.m_r;
    if (a.m_r.lo != 0 || a.m_r.hi != 0) r += a.m_r * bb + a.m_r * b.m_r;
    p.m_r = r;
    return p;
}

} // namespace cdlab
