// Chessboard for the walking benchmark: a slab whose top is the 8 x 8 squares, the dark ones inlaid as
// tiles standing `inlay` proud of the light ones, so the squares are geometry (one mesh has one colour)
// and a foot sliding across the board meets their edges. Centred on x, y; the dark tiles' top is z = 0.
#pragma once

#include "mesh/TriangleMesh.h"

namespace cdlab {

/// Board of side `size` (the squares; the slab adds a border of `size` / 16), slab `thickness` thick,
/// about `targetTriangles` triangles; closed, outward (tiles overlap the slab).
TriangleMesh makeChessboard(double size, double thickness, double inlay, std::size_t targetTriangles);

} // namespace cdlab
