#include "culling/PositiveCone.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>

namespace cdlab {

namespace {

/// Least-squares coefficients of x on the columns S (linearly independent by construction).
Eigen::VectorXd leastSquares(const std::vector<Vec3>& g, const std::vector<int>& s, const Vec3& x) {
    Eigen::MatrixXd a(3, s.size());
    for (std::size_t i = 0; i < s.size(); ++i) a.col(i) << g[s[i]].x, g[s[i]].y, g[s[i]].z;
    return a.colPivHouseholderQr().solve(Eigen::Vector3d(x.x, x.y, x.z));
}

Vec3 combine(const std::vector<Vec3>& g, const std::vector<int>& s, const std::vector<double>& l) {
    Vec3 p;
    for (std::size_t i = 0; i < s.size(); ++i) p += g[s[i]] * l[i];
    return p;
}

} // namespace

ConeProjection projectOntoCone(const std::vector<Vec3>& g, const Vec3& x) {
    ConeProjection out;
    std::vector<int> s;
    std::vector<double> l;
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
            if (lj == 0 || std::find(s.begin(), s.end(), j) != s.end()) continue;
            double score = dot(r, g[j]) / lj;
            if (score > bestScore) bestScore = score, best = j;
        }
        if (best < 0 || s.size() == 3) break;
        s.push_back(best);
        l.push_back(0.0);
        // Inner loop: project onto span(S); while that leaves the cone, step back to its boundary.
        for (int inner = 0; inner < 8; ++inner) {
            Eigen::VectorXd mu = leastSquares(g, s, x);
            bool interior = true;
            for (int i = 0; i < mu.size(); ++i) interior = interior && mu[i] > 0;
            if (interior) {
                for (int i = 0; i < mu.size(); ++i) l[i] = mu[i];
                break;
            }
            double theta = 1;
            for (int i = 0; i < mu.size(); ++i)
                if (mu[i] <= 0 && l[i] - mu[i] > 0) theta = std::min(theta, l[i] / (l[i] - mu[i]));
            for (int i = 0; i < mu.size(); ++i) l[i] += theta * (mu[i] - l[i]);
            for (int i = int(s.size()); i-- > 0;)
                if (l[i] <= 1e-15) s.erase(s.begin() + i), l.erase(l.begin() + i);
            if (s.empty()) break;
        }
        p = combine(g, s, l);
    }
    out.point = p;
    out.distance = length(x - p);
    out.support = s;
    out.coefficients = l;
    return out;
}

bool inPositiveCone(const std::vector<Vec3>& g, const Vec3& x, double tol) {
    return projectOntoCone(g, x).distance <= tol * std::max(length(x), 1e-300);
}

} // namespace cdlab
