// DistanceTree: a hierarchy of rectangle swept spheres over one mesh's triangles, for distance queries
// (distance/MeshDistance.h). The topology is bvh/Bvh's OBB tree (covariance axes, Gottschalk 1996, one
// triangle per leaf); each node's RSS takes its OBB's two longest axes as the rectangle's and the shortest as
// the normal (Larsen et al. 1999, sec. 3.2: the rectangle in the plane of largest spread).
//
// Built once per mesh and read-only after: cache it per mesh with the scene's MeshDataCache
// (`cache.get<DistanceTree>(mesh, DistanceTree::cacheKey(), [&] { return DistanceTree(mesh); })`), so
// algorithms and frames share it.
#pragma once

#include "distance/Rss.h"
#include "mesh/TriangleMesh.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cdlab {

struct DistanceNode {
    Rss rss;
    std::uint32_t firstChild = 0; ///< children are firstChild and firstChild + 1; 0 marks a leaf
    std::uint32_t firstTri = 0;   ///< the node's triangles are triIndex()[firstTri, firstTri + triCount)
    std::uint32_t triCount = 0;
    /// The smallest mesh triangle index below the node: a query that breaks distance ties by the smallest
    /// (triA, triB) skips a node pair at the tie distance that cannot hold a smaller pair (MeshDistance.h).
    std::uint32_t minTri = 0;
    /// rss.size() and, for the motion bounds of directional advancement (articulated/RssFrontStep.h), the
    /// arm |rss.center| + size: kept, not recomputed (two square roots) at every node pair a query meets.
    double size = 0, arm = 0;
    bool isLeaf() const { return firstChild == 0; }
};

/// Throws InputError (naming the mesh and the triangle) on a vertex index out of range.
void checkTriangleIndices(const TriangleMesh& mesh);

class DistanceTree {
public:
    DistanceTree() = default;
    /// Builds over `mesh` (see build).
    explicit DistanceTree(const TriangleMesh& mesh) { build(mesh); }

    /// Builds over all triangles of `mesh`, which must outlive the tree (queries read its vertices). A mesh
    /// without triangles gives an empty tree (queries on it find nothing). Throws InputError (naming the
    /// mesh) on non-finite coordinates or indices out of range.
    void build(const TriangleMesh& mesh);

    const TriangleMesh* mesh() const { return m_mesh; }
    const std::vector<DistanceNode>& nodes() const { return m_nodes; }
    const std::vector<std::uint32_t>& triIndex() const { return m_triIndex; }
    bool empty() const { return m_nodes.empty(); }
    std::size_t memoryBytes() const;

    /// The MeshDataCache key of a tree built this way.
    static std::string cacheKey() { return "rss leaf 1"; }

private:
    const TriangleMesh* m_mesh = nullptr;
    std::vector<DistanceNode> m_nodes;
    std::vector<std::uint32_t> m_triIndex;
};

} // namespace cdlab
