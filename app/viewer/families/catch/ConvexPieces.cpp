#include "ConvexPieces.h"

#include "core/Assert.h"

#include <algorithm>

namespace cdlab {

namespace {
// Twelve hues far enough apart that neighbouring pieces (often consecutive indices: region growing numbers
// them as it goes) read as different patches; none of them white, the hull's colour.
constexpr Rgba kPalette[kConvexPiecePalette] = {
    {0.90f, 0.30f, 0.25f, 1}, {0.25f, 0.65f, 0.95f, 1}, {0.95f, 0.80f, 0.20f, 1}, {0.45f, 0.80f, 0.35f, 1},
    {0.75f, 0.40f, 0.90f, 1}, {0.95f, 0.55f, 0.15f, 1}, {0.20f, 0.80f, 0.75f, 1}, {0.90f, 0.45f, 0.65f, 1},
    {0.55f, 0.55f, 0.95f, 1}, {0.70f, 0.85f, 0.20f, 1}, {0.60f, 0.35f, 0.20f, 1}, {0.30f, 0.45f, 0.70f, 1}};

OverlayVertex vertex(const Vec3& p, Rgba c) {
    return {float(p.x), float(p.y), float(p.z), c.r, c.g, c.b, c.a};
}

std::size_t clampPiece(const HullTree& tree, std::size_t piece) {
    return tree.pieceCount() == 0 ? 0 : std::min(piece, tree.pieceCount() - 1);
}
} // namespace

Rgba convexPieceColor(std::size_t piece) {
    return kPalette[piece % kConvexPiecePalette];
}

ConvexPieceFacts convexPieceFacts(const HullTree& tree, std::size_t piece) {
    ConvexPieceFacts f;
    f.pieces = tree.pieceCount();
    if (f.pieces == 0) return f;
    f.piece = clampPiece(tree, piece);
    f.triangles = tree.decomposition().pieces()[f.piece].size();
    const ConvexHull& hull = tree.nodes()[tree.leafOf(std::uint32_t(f.piece))].hull;
    f.hullVertices = hull.vertices().size();
    f.hullFaces = hull.faces().size();
    return f;
}

void drawConvexPieces(const HullTree& tree, const Pose& pose, std::size_t piece, DrawList& out) {
    const TriangleMesh* mesh = tree.mesh();
    if (!mesh || tree.pieceCount() == 0) return;
    const auto& pieceOf = tree.decomposition().pieceOf();
    CDLAB_ASSERT(pieceOf.size() == mesh->triangleCount(), "a decomposition of another mesh");
    for (std::size_t t = 0; t < mesh->triangleCount(); ++t) {
        const Rgba c = convexPieceColor(pieceOf[t]);
        for (std::uint32_t v : mesh->triangles[t])
            out.triangles.push_back(vertex(pose.apply(mesh->vertices[v]), c));
    }
    const ConvexHull& hull = tree.nodes()[tree.leafOf(std::uint32_t(clampPiece(tree, piece)))].hull;
    for (const Triangle& f : hull.faces())
        for (std::uint32_t v : f)
            out.translucent.push_back(vertex(pose.apply(hull.vertices()[v]), kConvexHullColor));
    const Rgba edge{1, 1, 1, 1};
    for (const auto& [a, b] : hull.edges()) {
        out.lines.push_back(vertex(pose.apply(hull.vertices()[a]), edge));
        out.lines.push_back(vertex(pose.apply(hull.vertices()[b]), edge));
    }
}

} // namespace cdlab
