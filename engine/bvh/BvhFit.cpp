#include "bvh/BvhFit.h"

#include <Eigen/Eigenvalues>
#include <algorithm>

namespace cdlab {

namespace {

/// Relative inflation of every bounding volume (see bvhInflation).
constexpr double kInflate = 1e-10;

double rangeVolume(const Vec3& lo, const Vec3& hi) {
    Vec3 e = hi - lo;
    return e.x * e.y * e.z;
}

} // namespace

double bvhInflation(const TriangleMesh& mesh) {
    Aabb all = mesh.bounds();
    return kInflate * (maxComponent(vmax(vabs(all.lo), vabs(all.hi))) + maxComponent(all.extent()));
}

CovarianceTerms covarianceTerms(const Vec3& a, const Vec3& b, const Vec3& c) {
    // The same expression, term for term, as a per-node sum would evaluate: summing these terms in the same
    // order gives the same bits.
    double w = 0.5 * length(cross(b - a, c - a));
    Eigen::Vector3d p(a.x, a.y, a.z), q(b.x, b.y, b.z), r(c.x, c.y, c.z), m = (p + q + r) / 3;
    Eigen::Matrix3d t =
        (w / 12) * (9 * m * m.transpose() + p * p.transpose() + q * q.transpose() + r * r.transpose());
    Eigen::Vector3d wm = w * m;
    return {{t(0, 0), t(1, 0), t(2, 0), t(1, 1), t(2, 1), t(2, 2)}, {wm(0), wm(1), wm(2)}, w};
}

Mat3 covarianceFrame(Eigen::Matrix3d c, Eigen::Vector3d mean, double area) {
    mean /= area;
    c = c / area - mean * mean.transpose();
    Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> solver(c);
    Eigen::Matrix3d e = solver.eigenvectors();
    if (solver.info() != Eigen::Success || !e.allFinite()) return Mat3::identity();
    Vec3 x{e(0, 2), e(1, 2), e(2, 2)}, y{e(0, 1), e(1, 1), e(2, 1)};
    x = normalize(x);
    y = normalize(y - x * dot(x, y));
    Mat3 f;
    f.r[0] = x, f.r[1] = y, f.r[2] = cross(x, y); // right-handed, largest spread first
    return f;
}

void BvhFit::vertexCovariance(std::uint32_t begin, std::uint32_t end, Eigen::Matrix3d& c,
                              Eigen::Vector3d& mean, double& count) const {
    c.setZero();
    mean.setZero();
    for (std::uint32_t k = begin; k < end; ++k)
        for (std::uint32_t v : mesh.triangles[triIndex[k]]) {
            Eigen::Vector3d p(mesh.vertices[v].x, mesh.vertices[v].y, mesh.vertices[v].z);
            c += p * p.transpose();
            mean += p;
            count += 1;
        }
}

Obb BvhFit::fitBox(const Mat3& frame, std::uint32_t begin, std::uint32_t end) const {
    Vec3 lo{1e300, 1e300, 1e300}, hi{-1e300, -1e300, -1e300};
    for (std::uint32_t k = begin; k < end; ++k)
        for (std::uint32_t v : mesh.triangles[triIndex[k]]) {
            Vec3 p = frame * mesh.vertices[v];
            lo = vmin(lo, p), hi = vmax(hi, p);
        }
    return boxFromRange(frame, lo, hi);
}

Obb BvhFit::boxFromRange(const Mat3& frame, const Vec3& lo, const Vec3& hi) const {
    Vec3 mid = (lo + hi) * 0.5;
    Obb box;
    box.axes = frame;
    box.center = frame.mulTransposed(mid);
    box.halfSize = (hi - lo) * 0.5 + Vec3{inflate, inflate, inflate};
    return box;
}

std::uint32_t BvhFit::partition(const Vec3& axis, std::uint32_t begin, std::uint32_t end) const {
    std::uint32_t* idx = triIndex;
    std::uint32_t mid = begin + (end - begin) / 2;
    if (options.splitPosition == SplitPosition::Mean) {
        double mean = 0;
        for (std::uint32_t k = begin; k < end; ++k) mean += dot(axis, centroids[idx[k]]);
        mean /= (end - begin);
        auto* it = std::partition(idx + begin, idx + end,
                                  [&](std::uint32_t t) { return dot(axis, centroids[t]) < mean; });
        auto split = static_cast<std::uint32_t>(it - idx);
        if (split != begin && split != end) return split;
        // all centroids on one side (coincident centroids): fall back to the median
    }
    // nth_element, not a sort: the median needs only the partition around it (O(n) per node).
    std::nth_element(idx + begin, idx + mid, idx + end, [&](std::uint32_t a, std::uint32_t b) {
        return dot(axis, centroids[a]) < dot(axis, centroids[b]);
    });
    return mid;
}

double BvhFit::splitCost(const Mat3& frame, int k, std::uint32_t begin, std::uint32_t end,
                         bool useMax) const {
    std::uint32_t split = partition(frame.r[k], begin, end);
    auto childVolume = [&](std::uint32_t b, std::uint32_t e) {
        Vec3 lo{1e300, 1e300, 1e300}, hi{-1e300, -1e300, -1e300};
        for (std::uint32_t t = b; t < e; ++t)
            for (std::uint32_t v : mesh.triangles[triIndex[t]]) {
                Vec3 p = frame * mesh.vertices[v];
                lo = vmin(lo, p), hi = vmax(hi, p);
            }
        return rangeVolume(lo, hi);
    };
    double va = childVolume(begin, split), vb = childVolume(split, end);
    return useMax ? std::max(va, vb) : va + vb;
}

int BvhFit::chooseAxis(const Mat3& frame, const Obb& box, std::uint32_t begin, std::uint32_t end) const {
    switch (options.splitRule) {
    case SplitRule::LongestSide: {
        const Vec3& h = box.halfSize;
        return h.x >= h.y ? (h.x >= h.z ? 0 : 2) : (h.y >= h.z ? 1 : 2);
    }
    case SplitRule::Splatter: {
        int best = 0;
        double bestVar = -1;
        for (int k = 0; k < 3; ++k) {
            double s = 0, s2 = 0;
            for (std::uint32_t t = begin; t < end; ++t) {
                double x = dot(frame.r[k], centroids[triIndex[t]]);
                s += x, s2 += x * x;
            }
            double n = end - begin, var = s2 / n - (s / n) * (s / n);
            if (var > bestVar) bestVar = var, best = k;
        }
        return best;
    }
    case SplitRule::MinMax:
    case SplitRule::MinSum: {
        bool useMax = options.splitRule == SplitRule::MinMax;
        int best = 0;
        double bestCost = 1e300;
        for (int k = 0; k < 3; ++k) {
            double c = splitCost(frame, k, begin, end, useMax);
            if (c < bestCost) bestCost = c, best = k;
        }
        return best;
    }
    }
    return 0;
}

} // namespace cdlab
