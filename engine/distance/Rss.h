// Rss: a rectangle swept sphere (Larsen, Gottschalk, Lin, Manocha 1999, "Fast proximity queries with swept
// sphere volumes", sec. 3): the points within `radius` of a rectangle. Its distance to another RSS is the
// rectangles' distance less both radii, which bounds the distance of everything inside from below.
#pragma once

#include "geometry/Mat3.h"
#include "geometry/Vec3.h"

#include <cmath>
#include <vector>

namespace cdlab {

struct Rss {
    Vec3 center;          ///< the rectangle's centre (mesh frame)
    Mat3 axes;            ///< rows: the rectangle's two axes, then its normal (right-handed)
    double halfLength[2]; ///< half extents of the rectangle along axes 0 and 1
    double radius = 0;

    /// The RSS with these axes (row 2 the thin direction) around `points`: the radius covers their spread
    /// along the normal, the rectangle is the smallest that keeps every point within the radius (a point
    /// near the mid-plane may stick out past the rectangle's side by what the radius leaves). Inflated by a
    /// relative 1e-10 so the rounding of the fit cannot leave a point outside.
    static Rss fit(const Mat3& axes, const std::vector<Vec3>& points);

    /// Largest extent (half diagonal plus radius): the traversal descends the larger volume.
    double size() const;
};

/// Lower bound on the distance between `a` and `b`, where b's axes and centre are given in a's mesh frame
/// (`bAxesInA`: rows 0 and 1, the normal is their cross product; `bCenterInA`). The rectangles' distance is
/// bounded by the largest gap of their projections over the axes that separate two rectangles whenever they
/// are apart (both normals, both edge directions of each, the four edge cross products: the separating-axis
/// theorem for convex polygons), and the centres' direction; 0 when they overlap on all of them. A relative
/// 1e-12 of the sizes and offset is subtracted for rounding. Stops after the six cheap axes when the bound
/// already exceeds `pruneAbove` (the caller drops the pair either way).
double rssLowerBound(const Rss& a, const Mat3& bAxesInA, const Vec3& bCenterInA, const Rss& b,
                     double pruneAbove = INFINITY);

/// A slab between two RSSs: every point of `a` lies at or below the plane n . x = s and every point of `b`
/// at or above n . x = s + gap (n unit, in a's mesh frame, pointing from a towards b).
struct RssSeparation {
    double gap = 0; ///< 0 when no axis separates them (then `axis` is meaningless)
    Vec3 axis;
};

/// rssLowerBound's axes and gap (the same candidates, the same slack for rounding), with the axis that gives
/// it: the separating slab that C2A's directional advancement projects the motion on (the two RSSs are
/// convex, so their projections on any axis bound those of everything inside them).
/// Stops after the six cheap axes when their gap already reaches `enough` (the caller needs no wider one).
RssSeparation rssSeparation(const Rss& a, const Mat3& bAxesInA, const Vec3& bCenterInA, const Rss& b,
                            double enough = INFINITY);

} // namespace cdlab
