// Bvh: bounding-volume hierarchy over the triangles of one mesh, stored as flat arrays.
//
// Built top down (BvhBuilder, on every core; BvhReferenceBuilder is the serial reference it must equal): each
// node's bounding volume is fitted to its triangles (AABB, or an OBB: the smaller of the box in the axes of
// the area-weighted covariance of the triangles, Gottschalk 1996, and the box in the mesh's axes), then the
// triangles are split into two children by a split rule (axis choice, in the box's axes) and a split position
// (mean or median of the triangle centroids). Children are stored next to each other; node depth is kept so a
// viewer can draw one level.
#pragma once

#include "geometry/Aabb.h"
#include "geometry/Obb.h"
#include "mesh/TriangleMesh.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace cdlab {

enum class BvType : std::uint8_t { Aabb, Obb };
/// Axis choice (Klosowski et al. 1998 names): longest side of the node's box, the axis minimising the larger
/// child volume (MinMax), the one minimising the sum of child volumes (MinSum), or the axis of largest
/// centroid variance (Splatter).
enum class SplitRule : std::uint8_t { LongestSide, MinMax, MinSum, Splatter };
enum class SplitPosition : std::uint8_t { Mean, Median };

const char* toString(BvType t);
const char* toString(SplitRule r);
const char* toString(SplitPosition p);
bool parseBvType(const std::string& s, BvType& out);
bool parseSplitRule(const std::string& s, SplitRule& out);
bool parseSplitPosition(const std::string& s, SplitPosition& out);

struct BvhBuildOptions {
    BvType bvType = BvType::Obb;
    SplitRule splitRule = SplitRule::LongestSide;
    SplitPosition splitPosition = SplitPosition::Mean;
    int maxLeafTriangles = 1;
    /// Build threads (0: every hardware thread). The tree is the same for any count, so it is not part of
    /// toString() (the cache key).
    int threads = 0;
};

/// The options as one text ("obb minmax/median leaf 1"): how reports name a build and what keys a cached
/// tree.
std::string toString(const BvhBuildOptions& o);

struct BvhNode {
    std::uint32_t firstChild = 0; ///< children are firstChild and firstChild + 1; 0 marks a leaf
    std::uint32_t firstTri = 0;   ///< the node's triangles are triIndex[firstTri, firstTri + triCount)
    std::uint32_t triCount = 0;
    std::uint16_t depth = 0;
    float size = 0; ///< largest half extent: the traversal descends the larger node first
    bool isLeaf() const { return firstChild == 0; }
};

struct BvhStats {
    std::size_t nodes = 0, leaves = 0, maxDepth = 0, memoryBytes = 0;
    double buildSeconds = 0;
};

class Bvh {
public:
    using Progress = std::function<void(double fraction)>;

    /// Builds over all triangles of `mesh` (which must outlive the Bvh: refit reads its vertices).
    void build(const TriangleMesh& mesh, const BvhBuildOptions& options, const Progress& progress = {});
    /// The same tree by the plain serial build (BvhReferenceBuilder), several times slower: what tests
    /// compare build() with.
    void buildReference(const TriangleMesh& mesh, const BvhBuildOptions& options);
    /// Recomputes every bounding volume bottom-up for the mesh's current vertex positions (deforming meshes);
    /// the tree topology and OBB orientations are kept.
    void refit(const TriangleMesh& mesh);

    BvType bvType() const { return m_options.bvType; }
    const BvhBuildOptions& options() const { return m_options; }
    const std::vector<BvhNode>& nodes() const { return m_nodes; }
    const std::vector<std::uint32_t>& triIndex() const { return m_triIndex; }
    const std::vector<Aabb>& aabbs() const { return m_aabbs; }
    const std::vector<Obb>& obbs() const { return m_obbs; }
    /// The node's volume as an OBB (identity axes for AABB trees) in the mesh frame, for drawing.
    Obb nodeBox(std::size_t node) const;
    const BvhStats& stats() const { return m_stats; }
    /// Whether `other` is the same tree: options (threads aside), nodes, triangle order and every volume
    /// equal (==, so a signed zero may differ).
    bool sameTree(const Bvh& other) const;
    bool empty() const { return m_nodes.empty(); }

private:
    friend class BvhBuilder;
    friend class BvhReferenceBuilder;
    /// Clears the arrays, stores the options and sets triIndex to 0..n-1.
    void start(const TriangleMesh& mesh, const BvhBuildOptions& options);
    /// Stats, memory and (with CDLAB_ENABLE_ASSERTS) the structure checks after either build.
    void finish(const TriangleMesh& mesh, double seconds);
    BvhBuildOptions m_options;
    std::vector<BvhNode> m_nodes;
    std::vector<std::uint32_t> m_triIndex;
    std::vector<Aabb> m_aabbs; // filled for BvType::Aabb
    std::vector<Obb> m_obbs;   // filled for BvType::Obb
    BvhStats m_stats;
};

} // namespace cdlab
