// The Utah teapot as one closed solid. Newell's 32 patches leave the lid hanging over a gap above the rim,
// the spout's tip open and the spout's and handle's ends inside the body (296 boundary edges, SurfaceCheck):
// fine for collision, but a penetration volume or an exact boolean needs a closed 2-manifold. Here each part
// is closed on its own (body and lid joined across the gap by a flat ring at the rim's height, the spout's
// and handle's end loops capped by fans) and the parts are united exactly (SolidUnion: CGAL's corefinement).
#pragma once

#include "mesh/TriangleMesh.h"

#include <vector>

namespace cdlab {

/// Body with lid, spout and handle, each a closed, outward-oriented solid, at n x n cells per patch.
std::vector<TriangleMesh> closedTeapotSolids(double scale, int n);
/// The union of closedTeapotSolids at the patch resolution whose open teapot comes closest to
/// `targetTriangles`: one closed, outward-oriented 2-manifold. Throws std::runtime_error when no exact
/// union is built in (solidUnionAvailable()) or it fails.
TriangleMesh makeClosedTeapot(double scale, std::size_t targetTriangles);

} // namespace cdlab
