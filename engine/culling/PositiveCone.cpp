#include "culling/PositiveCone.h"

#include "core/Assert.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>

namespace cdlab {

namespace {

// At most 3 generators are active in R^3: fixed-capacity storage, so a projection allocates nothing until
// it reports its support (a cone build projects hundreds of thousands of times, sec. 5.2).
using Columns = Eigen::Matrix<double, 3, Eigen::Dynamic, Eigen::ColMajor, 3, 3>;
using Coefficients = Eigen::Matrix<double, Eigen::Dynamic, 1, Eigen::ColMajor, 3, 1>;

/// Least-squares coefficients of x on the generators s[0..n) (linearly independent by construction).
Coefficients leastSquares(const std::vector<Vec3>& g, const int* s, int n, const Vec3& x) {
    Columns a(3, n);
    for (int i = 0; i < n; ++i) a.col(i) << g[s[i]].x, g[s[i]].y, g[s[i]].z;
    return Eigen::ColPivHouseholderQR<Columns>(a).solve(Eigen::Vector3d(x.x, x.y, x.z));
}

} // namespace

ConeProjection projectOntoCone(const std::vector<Vec3>& g, const Vec3& x) {
    ConeProjection out;
    int s[3], n = 0; // the active generators and their coefficients
    double l[3];
    Vec3 p;
    const double scale = std::max(length(x), 1e-300);
    const double eps = 1e-13;
    for (int iter = 0; iter < 64; ++iter) {
        out.iterations = iter + 1;
        // Optimality (Kuhn–Tucker): no generator makes an acute angle with the residual.
        Vec3 r = x - p;
        int best = -1;
        double bestScore = eps * scale;
        for (int j = 0; j < int(g.size()); ++j) {
            double lj = length(g[j]);
            if (lj == 0 || std::find(s, s + n, j) != s + n) continue;
            double score = dot(r, g[j]) / lj;
            if (score > bestScore) bestScore = score, best = j;
        }
        if (best < 0 || n == 3) break;
        s[n] = best, l[n] = 0.0, ++n;
        // Inner loop: project onto span(S); while that leaves the cone, step back to its boundary.
        for (int inner = 0; inner < 8; ++inner) {
            Coefficients mu = leastSquares(g, s, n, x);
            bool interior = true;
            for (int i = 0; i < n; ++i) interior = interior && mu[i] > 0;
            if (interior) {
                for (int i = 0; i < n; ++i) l[i] = mu[i];
                break;
            }
            double theta = 1;
            for (int i = 0; i < n; ++i)
                if (mu[i] <= 0 && l[i] - mu[i] > 0) theta = std::min(theta, l[i] / (l[i] - mu[i]));
            for (int i = 0; i < n; ++i) l[i] += theta * (mu[i] - l[i]);
            for (int i = n; i-- > 0;)
                if (l[i] <= 1e-15) {
                    std::copy(s + i + 1, s + n, s + i), std::copy(l + i + 1, l + n, l + i);
                    --n;
                }
            if (n == 0) break;
        }
        p = Vec3{};
        for (int i = 0; i < n; ++i) p += g[s[i]] * l[i];
    }
    // Kuhn–Tucker: the projection is a non-negative combination of at most 3 independent generators.
    CDLAB_ASSERT(n >= 0 && n <= 3, "at most three active generators in R^3");
    for (int i = 0; i < n; ++i) CDLAB_ASSERT(l[i] >= 0, "a point of the positive cone has coefficients >= 0");
    out.point = p;
    out.distance = length(x - p);
    out.support.assign(s, s + n);
    out.coefficients.assign(l, l + n);
    return out;
}

bool inPositiveCone(const std::vector<Vec3>& g, const Vec3& x, double tol) {
    return projectOntoCone(g, x).distance <= tol * std::max(length(x), 1e-300);
}

} // namespace cdlab
