// ConvexPieces: the viewer's drawing of a link's surface convex decomposition (zhang2007 sec. 4: "a BVH of
// convex hulls [Ehmann and Lin 2001] based on a surface convex decomposition", the pieces
// catch:distance=hulls measures between): every piece in its own colour, one piece's convex hull translucent
// with its edges, and the facts the CATCH panel shows for that piece. No GL: it fills a DrawList from the
// link's HullTree (the one the algorithm caches per mesh, HullTree::cacheKey()).
#pragma once

#include "DrawList.h"
#include "convex/HullTree.h"
#include "geometry/Pose.h"

#include <cstddef>
#include <cstdint>

namespace cdlab {

/// The colour of piece `piece`: a fixed palette of kConvexPiecePalette colours cycled by the piece's index,
/// so a piece keeps its colour from frame to frame and run to run.
inline constexpr std::size_t kConvexPiecePalette = 12;
Rgba convexPieceColor(std::size_t piece);

/// The colour of the highlighted piece's hull: translucent white, told apart from every palette colour.
inline constexpr Rgba kConvexHullColor{1.0f, 1.0f, 1.0f, 0.5f};

/// A link's decomposition and one of its pieces, as the panel and the run report show them.
struct ConvexPieceFacts {
    std::size_t pieces = 0;       ///< the link's pieces
    std::size_t piece = 0;        ///< the highlighted one (clamped to the pieces; 0 when there are none)
    std::size_t triangles = 0;    ///< the highlighted piece's triangles
    std::size_t hullVertices = 0; ///< the vertices of its convex hull
    std::size_t hullFaces = 0;    ///< the faces of its convex hull (0 for a flat or thinner one)
};
/// The facts of `tree`'s decomposition with piece `piece` (clamped) highlighted.
ConvexPieceFacts convexPieceFacts(const HullTree& tree, std::size_t piece);

/// The piece of the triangle of `tree`'s mesh at `pose` that the ray origin + s * dir (s >= 0) hits first, -1
/// when it hits none: the piece under the mouse (the ray through the cursor).
std::int64_t convexPieceAt(const HullTree& tree, const Pose& pose, const Vec3& origin, const Vec3& dir);

/// Every triangle of `tree`'s mesh at `pose` filled in its piece's colour (out.triangles), and the hull of
/// piece `piece` (clamped) translucent (out.translucent) with its edges (out.lines). Appends to `out`.
void drawConvexPieces(const HullTree& tree, const Pose& pose, std::size_t piece, DrawList& out);

} // namespace cdlab
