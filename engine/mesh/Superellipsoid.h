// Superellipsoids (Barr 1981): |x/a|^(2/e) + |y/b|^(2/e) ... with two shape exponents, from a rounded box
// (small exponents) through the ellipsoid (1, 1) to pinched, star-like solids (above 2). The articulated
// models build bodies, limbs and heads from them, as the paper's mannequin is built from rounded parts.
#pragma once

#include "geometry/Pose.h"
#include "mesh/TriangleMesh.h"

namespace cdlab {

struct Superellipsoid {
    Vec3 radii{1, 1, 1};
    double northSouth = 1; ///< exponent of the latitude (profile) curve: < 1 flat top and bottom, > 2 pinched
    double eastWest = 1;   ///< exponent of the horizontal cross-section: < 1 square, 1 round, > 2 star
};

/// Appends a closed, outward superellipsoid with `stacks` latitude bands and 2 * stacks slices (about
/// 4 * stacks^2 triangles), centred at `pose`'s origin.
void addSuperellipsoid(TriangleMesh& mesh, const Superellipsoid& shape, int stacks, const Pose& pose = {});
/// Stacks that give a superellipsoid about `triangles` triangles.
int superellipsoidStacks(double triangles);
/// A superellipsoid mesh of about `targetTriangles` triangles.
TriangleMesh makeSuperellipsoid(const Superellipsoid& shape, std::size_t targetTriangles);

} // namespace cdlab
