// Construction-site pipe stack (zhang2007 Fig. 11's scenery): hollow concrete pipes lying along x, stacked
// in a triangle (rows, rows - 1, ... pipes), each a lathe of an annulus — non-convex, a boom can reach in.
#pragma once

#include "mesh/TriangleMesh.h"

namespace cdlab {

/// `rows` rows of pipes of outer `radius` and `length`, resting on z = 0 and centred on x, y; about
/// `targetTriangles` triangles, each pipe closed and outward.
TriangleMesh makePipeStack(int rows, double radius, double length, std::size_t targetTriangles);

} // namespace cdlab
