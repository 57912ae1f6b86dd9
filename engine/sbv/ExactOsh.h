// The exact optimal separating hyperplane (sbv-reconstruction §8.1): for two separable point sets, the
// hard-margin linear SVM's hyperplane is the perpendicular bisector of the shortest segment between their
// convex hulls (Bennett & Bredensteiner 2000), so GJK on the sets' support mappings computes the paper's OSH
// exactly, with no training and no sampling. The margin is the hull distance; the optimal separating
// support hyperplanes (OSSHs) are the support planes P_{d*}(A) and P_{-d*}(B) through the closest points.
#pragma once

#include "convex/Gjk.h"
#include "geometry/Vec3.h"

#include <cstdint>
#include <span>

namespace cdlab {

/// A finite point set's support mapping by a scan, O(n) per call: nothing to build, so a deforming mesh
/// costs the same every frame. With `subset`, only those points (CSBV's I*(A)).
class PointSetSupport : public SupportFunction {
public:
    explicit PointSetSupport(std::span<const Vec3> points, std::span<const std::uint32_t> subset = {})
        : m_points(points), m_subset(subset) {}
    Vec3 support(const Vec3& dir) const override;

private:
    std::span<const Vec3> m_points;
    std::span<const std::uint32_t> m_subset;
};

struct ExactOsh {
    bool separated = false; ///< the hulls are disjoint (else no separating plane exists; direction is zero)
    Vec3 direction;         ///< d*, unit, from A towards B
    double offset = 0;      ///< the OSH is {x : d*.x = offset}, halfway between the OSSHs
    double margin = 0;      ///< the distance between the OSSHs (= the hull distance)
    Vec3 pointA, pointB;    ///< the closest points of the hulls, on the OSSHs
    int iterations = 0;     ///< GJK iterations
};

/// d* of A and B (any convex shapes given by support mappings: a point set, a hull under a pose).
ExactOsh exactSeparatingPlane(const SupportFunction& a, const SupportFunction& b);

} // namespace cdlab
