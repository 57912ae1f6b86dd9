#include "ConvexPieces.h"

#include "core/Assert.h"

#include <algorithm>
#include <cmath>
#include <limits>

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

std::int64_t convexPieceAt(const HullTree& tree, const Pose& pose, const Vec3& origin, const Vec3& dir) {
    const TriangleMesh* mesh = tree.mesh();
    if (!mesh || tree.pieceCount() == 0) return -1;
    // In the link's frame: one transform of the ray instead of one per vertex.
    const Pose inv = pose.inverse();
    const Vec3 o = inv.apply(origin), d = inv.R * dir;
    double best = std::numeric_limits<double>::infinity();
    std::int64_t hit = -1;
    for (std::size_t t = 0; t < mesh->triangleCount(); ++t) {
        Vec3 a, b, c;
        mesh->corners(t, a, b, c);
        // Moller-Trumbore, both sides (a link's back faces are hit from inside a hull too).
        const Vec3 e1 = b - a, e2 = c - a, p = cross(d, e2);
        const double det = dot(e1, p);
        if (std::abs(det) < 1e-300) continue;
        const Vec3 s = o - a;
        const double u = dot(s, p) / det;
        if (u < 0 || u > 1) continue;
        const Vec3 q = cross(s, e1);
        const double v = dot(d, q) / det;
        if (v < 0 || u + v > 1) continue;
        const double at = dot(e2, q) / det;
        if (at >= 0 && at < best) best = at, hit = std::int64_t(tree.decomposition().pieceOf()[t]);
    }
    return hit;
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
