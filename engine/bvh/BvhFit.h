// BvhFit: the steps a BVH build applies to one node (fit a box in a frame, choose a split axis, partition the
// node's triangles) and the covariance frame of Gottschalk 1996, shared by the fast build (BvhBuilder), the
// reference build (BvhReferenceBuilder) and refit, so that their boxes and splits agree bit for bit.
#pragma once

#include "bvh/Bvh.h"

#include <Eigen/Core>
#include <cstdint>
#include <vector>

namespace cdlab {

/// What one node's fitting and splitting read: the mesh, the options, the triangle order being built and the
/// triangle centroids. Several threads share one BvhFit, each on its own range of `triIndex`.
struct BvhFit {
    const TriangleMesh& mesh;
    const BvhBuildOptions& options;
    std::uint32_t* triIndex;
    const std::vector<Vec3>& centroids;
    double inflate; ///< absolute inflation of every box (bvhInflation)

    /// Box (in `frame`) of the vertices of triangles triIndex[begin, end).
    Obb fitBox(const Mat3& frame, std::uint32_t begin, std::uint32_t end) const;
    Obb boxFromRange(const Mat3& frame, const Vec3& lo, const Vec3& hi) const;
    /// The split axis (a row of `frame`) for the node's triangles by options.splitRule; MinMax and MinSum
    /// partition the range once per axis to measure the children.
    int chooseAxis(const Mat3& frame, const Obb& box, std::uint32_t begin, std::uint32_t end) const;
    /// Partitions triIndex[begin, end) along `axis` by options.splitPosition; returns the split point.
    std::uint32_t partition(const Vec3& axis, std::uint32_t begin, std::uint32_t end) const;
    /// Covariance of the vertices of triIndex[begin, end) (the fallback when all triangles are degenerate).
    void vertexCovariance(std::uint32_t begin, std::uint32_t end, Eigen::Matrix3d& sum, Eigen::Vector3d& mean,
                          double& count) const;

    static double volume(const Obb& box) { return box.halfSize.x * box.halfSize.y * box.halfSize.z; }

private:
    double splitCost(const Mat3& frame, int k, std::uint32_t begin, std::uint32_t end, bool useMax) const;
};

/// Absolute inflation of a mesh's boxes: absorbs the rounding of rigid transforms and of the box test, so
/// culling stays conservative with respect to the exact triangle test on transformed vertices.
double bvhInflation(const TriangleMesh& mesh);

/// The eigenvector frame (rows, largest spread first, right-handed) of an area-weighted covariance given as
/// sums (sum of weighted second moments, sum of weighted means, total weight); identity when the solver
/// fails. Reads only the lower triangle of `sum`.
Mat3 covarianceFrame(Eigen::Matrix3d sum, Eigen::Vector3d mean, double area);

/// One triangle's terms of the area-weighted covariance (Gottschalk 1996, continuous formulation): the lower
/// triangle of w/12 (9 m m^T + p p^T + q q^T + r r^T), w m and w, with w the area and m the centroid.
struct CovarianceTerms {
    double lower[6]; ///< (0,0) (1,0) (2,0) (1,1) (2,1) (2,2)
    double wm[3];
    double w;
};
CovarianceTerms covarianceTerms(const Vec3& a, const Vec3& b, const Vec3& c);

} // namespace cdlab
