// Chessmen for the walking benchmark (zhang2007 sec. 8, Fig. 8: a mannequin walking among chessmen): the
// six Staunton pieces turned on a lathe, with the parts a lathe cannot make added as closed pieces — the
// rook's merlons, the queen's crown points, the king's cross, the knight's head. Sizes are relative to
// the king's height (pawn 0.55, rook 0.66, knight 0.75, bishop 0.82, queen 0.93).
#pragma once

#include "mesh/TriangleMesh.h"

#include <string>
#include <vector>

namespace cdlab {

/// The kinds makeChessman knows: pawn, rook, knight, bishop, queen, king.
const std::vector<std::string>& chessmanKinds();
/// A chessman standing on z = 0, axis z (the knight faces +x), for a king `kingHeight` tall; about
/// `targetTriangles` triangles, closed and outward (pieces may overlap). Throws std::invalid_argument on an
/// unknown kind.
TriangleMesh makeChessman(const std::string& kind, double kingHeight, std::size_t targetTriangles);

} // namespace cdlab
