// SurfaceDecomposition: a mesh's surface split into connected patches of triangles, each lying on the
// boundary of its own convex hull (zhang2007 sec. 4's preprocess: "a BVH of convex hulls [Ehmann and Lin
// 2001] based on a *surface* convex decomposition"; SWIFT++'s decomposition, Ehmann & Lin 2001 sec. 4).
// Polygon soups are welcome: a patch may be one triangle, and faces meet only where they share an edge by
// position (two vertex positions).
//
// Greedy region growing: from the first face no patch holds yet, a face sharing an edge with the patch
// joins when, afterwards, every vertex of the patch is on or behind every face plane of the patch (within
// tolerance()) — which is what "every face on its hull's boundary" means — and the patch holds fewer than
// maxFaces faces. Checked incrementally: the new face's corners against the patch's planes, the patch's
// vertices against the new face's plane. A degenerate face (collapsed to a segment or a point) has no plane
// and only its corners are checked.
#pragma once

#include "mesh/TriangleMesh.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cdlab {

class SurfaceDecomposition {
public:
    /// The tolerance of the convexity test, relative to the mesh's bounding-box diagonal: a vertex at most
    /// this far in front of a face plane counts as behind it (the rounding of the planes of nearly coplanar
    /// faces, which generators and files give, is far below it).
    static constexpr double kRelativeTolerance = 1e-9;
    /// The default cap on a patch's faces: the hull tree's leaves stay small (a leaf pair whose hulls
    /// overlap falls back to its triangle pairs).
    static constexpr std::size_t kMaxFaces = 64;

    SurfaceDecomposition() = default;
    /// Decomposes `mesh` (its triangles in index order give the seeds). A mesh without triangles has no
    /// pieces.
    explicit SurfaceDecomposition(const TriangleMesh& mesh, std::size_t maxFaces = kMaxFaces);

    /// The pieces: triangle indices, each triangle in exactly one piece.
    const std::vector<std::vector<std::uint32_t>>& pieces() const { return m_pieces; }
    /// Per triangle, its piece.
    const std::vector<std::uint32_t>& pieceOf() const { return m_pieceOf; }
    /// The absolute tolerance used (kRelativeTolerance times the bounding-box diagonal).
    double tolerance() const { return m_tolerance; }

    /// Whether every vertex of the faces `tris` of `mesh` is on or behind every (non-degenerate) face plane
    /// of them within `tolerance`: the patch lies on its hull's boundary.
    static bool isConvexPatch(const TriangleMesh& mesh, const std::vector<std::uint32_t>& tris,
                              double tolerance);
    /// Whether the faces `tris` are connected through shared edges (by position).
    static bool isConnected(const TriangleMesh& mesh, const std::vector<std::uint32_t>& tris);
    /// The same with the mesh's faceAdjacency() computed once (checking many pieces of one mesh).
    static bool isConnected(const std::vector<std::uint32_t>& tris, const std::vector<std::uint32_t>& offsets,
                            const std::vector<std::uint32_t>& adjacency);
    /// Per triangle, the triangles sharing an edge with it (by vertex position; non-manifold edges link
    /// every face around them): compressed rows, the neighbours of t are adjacency[offsets[t] ..
    /// offsets[t + 1]).
    static void faceAdjacency(const TriangleMesh& mesh, std::vector<std::uint32_t>& offsets,
                              std::vector<std::uint32_t>& adjacency);

private:
    std::vector<std::vector<std::uint32_t>> m_pieces;
    std::vector<std::uint32_t> m_pieceOf;
    double m_tolerance = 0;
};

} // namespace cdlab
