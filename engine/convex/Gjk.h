// GJK distance between two convex shapes given only by their support mappings (Gilbert, Johnson, Keerthi
// 1988, "A fast procedure for computing the distance between complex objects in three-dimensional space"),
// with van den Bergen's termination rules for floating point (van den Bergen 1999, "A fast and robust GJK
// implementation for collision detection of convex objects", sec. 4): stop when the gap between the
// distance and its lower bound is small relative to the distance, when a support point repeats, when the
// distance stops decreasing, or when the simplex encloses the origin.
//
// What it guarantees (ε = 2^-53, the unit roundoff; S = the largest magnitude of a support point of either
// shape, in world coordinates):
// - lowerBound <= true distance + 32 ε S, whatever stopped the iteration: each iteration's support point w
//   in direction -v bounds the distance from below by v.w / |v| (every point x of A - B has
//   x.v >= w.v), and lowerBound is the largest such bound; 32 ε S covers the rounding of the poses applied
//   to the support points and of the dot products. This is the figure to advance time with (conservative
//   advancement): it holds with no tolerance but rounding (tests/convex/GjkTest.cpp: 5,400 random hull pairs
//   against a brute-force polytope distance).
// - distance = |pointA - pointB| up to rounding, so distance >= true distance - 32 ε S; when `converged`,
//   distance - lowerBound <= relativeTolerance * distance (default 1e-10, below the 1e-9 relative that
//   conservative advancement allows).
// - intersecting: the simplex enclosed the origin, or |v| fell below 1e-13 sqrt(|a|^2 + |b|^2) for the
//   support points a, b seen (touching within rounding); distance and lowerBound are then 0 and
//   pointA = pointB is a common point (up to rounding).
#pragma once

#include "convex/ConvexHull.h"
#include "geometry/Pose.h"

namespace cdlab {

/// A convex shape by its support mapping: a point of the shape farthest along `dir`, in world coordinates.
/// Any convex shape will do (a hull under a pose, a box, a swept volume), so separating bounding volumes
/// can reuse the same distance routine.
struct SupportFunction {
    virtual ~SupportFunction() = default;
    virtual Vec3 support(const Vec3& dir) const = 0;
};

/// A ConvexHull under a rigid pose. Remembers its last answer as the start of the next hill climb (GJK's
/// directions change little between iterations): one per query and thread.
class PosedHullSupport : public SupportFunction {
public:
    PosedHullSupport(const ConvexHull& hull, const Pose& pose) : m_hull(hull), m_pose(pose) {}
    Vec3 support(const Vec3& dir) const override {
        m_hint = m_hull.supportIndex(m_pose.R.transposed() * dir, m_hint);
        return m_pose.apply(m_hull.vertices()[std::size_t(m_hint)]);
    }

private:
    const ConvexHull& m_hull;
    Pose m_pose;
    mutable std::int64_t m_hint = -1;
};

struct GjkOptions {
    /// Stop once distance - lowerBound <= relativeTolerance * distance (van den Bergen's eps_rel).
    double relativeTolerance = 1e-10;
    /// A safety net: GJK on polytopes ends in far fewer (finitely many support points).
    int maxIterations = 256;
};

struct GjkResult {
    double distance = 0;   ///< |v|: the distance between pointA and pointB (an upper bound up to rounding)
    double lowerBound = 0; ///< never above the true distance but for rounding: see the header
    Vec3 pointA, pointB;   ///< closest points on A and B in world coordinates (a common point if touching)
    bool intersecting = false;
    bool converged = false; ///< the gap test or the intersection test ended it (not a stall or the limit)
    int iterations = 0;     ///< support queries of the difference A - B
};

/// The distance between A and B and their closest points.
GjkResult gjkDistance(const SupportFunction& a, const SupportFunction& b, const GjkOptions& options = {});
/// The same for two hulls under world poses.
GjkResult gjkDistance(const ConvexHull& a, const Pose& pa, const ConvexHull& b, const Pose& pb,
                      const GjkOptions& options = {});

} // namespace cdlab
