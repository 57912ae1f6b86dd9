#include "articulated/TaylorModel.h"

#include <algorithm>

namespace cdlab::taylor {

void toBernstein(const double* c, int n, double* beta) {
    // p in powers of tau: expand (tau - 1/2)^k binomially.
    double a[kMaxOrder + 1] = {};
    for (int k = 0; k <= n; ++k) {
        double binom = 1, shift = 1; // C(k, j) and (-1/2)^(k-j), j from k down
        for (int j = k; j >= 0; --j) {
            a[j] += c[k] * binom * shift;
            binom = binom * j / (k - j + 1);
            shift *= -kHalfWidth;
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

namespace {

/// The largest value of the Bernstein polynomial, to within what `depth` halvings resolve, never below
/// the true maximum; `best` is what the pieces seen so far gave (values the polynomial takes, or upper bounds
/// from pieces left unresolved at depth 0): a piece whose coefficients stay below it cannot raise it.
double maxBernstein(const double* beta, int n, int depth, double best) {
    best = std::max({best, beta[0], beta[n]});
    double top = beta[0];
    for (int i = 1; i <= n; ++i) top = std::max(top, beta[i]);
    if (top <= best) return best; // the maximum is a value already seen: exact
    if (depth == 0) return top;
    double left[kMaxOrder + 1], right[kMaxOrder + 1], w[kMaxOrder + 1];
    for (int i = 0; i <= n; ++i) w[i] = beta[i];
    for (int r = 0; r <= n; ++r) { // de Casteljau at 1/2
        left[r] = w[0];
        right[n - r] = w[n - r];
        for (int i = 0; i < n - r; ++i) w[i] = 0.5 * (w[i] + w[i + 1]);
    }
    best = maxBernstein(left, n, depth - 1, best);
    return maxBernstein(right, n, depth - 1, best);
}

} // namespace

Interval bernsteinRange(const double* beta, int n, int depth) {
    double neg[kMaxOrder + 1];
    for (int i = 0; i <= n; ++i) neg[i] = -beta[i];
    return {-maxBernstein(neg, n, depth, -INFINITY), maxBernstein(beta, n, depth, -INFINITY)};
}

} // namespace cdlab::taylor
