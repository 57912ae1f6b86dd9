// HullTree: a bounding-volume hierarchy of convex hulls over a mesh's surface convex decomposition
// (zhang2007 sec. 4: "a BVH of convex hulls [Ehmann and Lin 2001] based on a surface convex decomposition",
// used for the distance between links in conservative advancement). A leaf is one piece
// (SurfaceDecomposition) with the convex hull of its vertices; an inner node holds the hull of its two
// children's hulls, so every node is convex and contains the surface below it. Hulls from Qhull
// (ConvexHull.h), in the mesh's frame; each node also keeps a bounding sphere of its hull, the cheap test
// before GJK.
//
// Built once per mesh and read-only after: cache it per mesh with the scene's MeshDataCache
// (`cache.get<HullTree>(mesh, HullTree::cacheKey(), [&] { return HullTree(mesh); })`).
#pragma once

#include "convex/ConvexHull.h"
#include "convex/SurfaceDecomposition.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cdlab {

struct HullNode {
    ConvexHull hull;
    Vec3 center; ///< a bounding sphere of the hull
    double radius = 0;
    std::uint32_t firstChild = 0; ///< children are firstChild and firstChild + 1; 0 marks a leaf
    std::uint32_t piece = 0;      ///< a leaf's piece (an index into decomposition().pieces())
    bool isLeaf() const { return firstChild == 0; }
};

class HullTree {
public:
    HullTree() = default;
    /// Decomposes `mesh` (which must outlive the tree: queries read its triangles) and builds the tree over
    /// its pieces: top-down, each node's pieces split at the median of their centres along the widest axis
    /// of those centres. A mesh without triangles gives an empty tree. Throws InputError (naming the mesh)
    /// on non-finite coordinates or indices out of range.
    explicit HullTree(const TriangleMesh& mesh, std::size_t maxFaces = SurfaceDecomposition::kMaxFaces);

    const TriangleMesh* mesh() const { return m_mesh; }
    const SurfaceDecomposition& decomposition() const { return m_decomposition; }
    const std::vector<HullNode>& nodes() const { return m_nodes; }
    bool empty() const { return m_nodes.empty(); }
    std::size_t pieceCount() const { return m_decomposition.pieces().size(); }
    /// The piece of leaf node `node`'s triangles.
    const std::vector<std::uint32_t>& trianglesOf(std::uint32_t node) const {
        return m_decomposition.pieces()[m_nodes[node].piece];
    }
    /// The leaf node of piece `piece`.
    std::uint32_t leafOf(std::uint32_t piece) const { return m_leafOf[piece]; }
    std::size_t memoryBytes() const;

    /// The MeshDataCache key of a tree built with this cap on a piece's faces.
    static std::string cacheKey(std::size_t maxFaces = SurfaceDecomposition::kMaxFaces) {
        return "hull tree " + std::to_string(maxFaces);
    }

private:
    /// Fills node `node` (already allocated) over pieces[first, first + count), children first.
    void build(std::uint32_t node, std::vector<std::uint32_t>& pieces, std::size_t first, std::size_t count,
               const std::vector<Vec3>& centres);

    const TriangleMesh* m_mesh = nullptr;
    SurfaceDecomposition m_decomposition;
    std::vector<HullNode> m_nodes;
    std::vector<std::uint32_t> m_leafOf;
};

} // namespace cdlab
