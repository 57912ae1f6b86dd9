// BvhBuilder: the fast top-down build, on every core, giving the same tree as BvhReferenceBuilder node for
// node and bit for bit (so goldens, query counts and query speed do not change with it or with the thread
// count).
//
// Where the reference spends its time on a 1M-triangle mesh: every level re-reads every triangle's vertices
// three times (covariance, box in the covariance frame, box in the mesh axes), and the covariance costs four
// 3x3 outer products per triangle per level. Here each triangle's covariance terms and its box in the mesh
// axes are computed once, in parallel; a node then sums them in the reference's order (same rounding). The
// levels near the root are split one level at a time with the level's nodes in parallel; the subtrees below
// `cutoff` triangles are built as independent tasks into trees of their own, then copied into the places
// the reference's depth-first order gives them (a subtree's descendants are contiguous in that order).
#pragma once

#include "bvh/Bvh.h"
#include "bvh/BvhFit.h"

#include <atomic>
#include <mutex>
#include <vector>

namespace cdlab {

class BvhBuilder {
public:
    /// `out` must hold the options and m_triIndex = 0..n-1, with empty node arrays; `threads` as
    /// threadCount(). Fills the nodes, the volumes and stats.maxDepth.
    BvhBuilder(const TriangleMesh& mesh, Bvh& out, int threads, const Bvh::Progress& progress);
    void run();

private:
    struct Range {
        std::uint32_t begin, end;
        std::uint16_t depth;
        std::uint32_t count() const { return end - begin; }
    };
    struct Tree {
        std::vector<BvhNode> nodes;
        std::vector<Obb> obbs;
        std::vector<Aabb> aabbs;
        std::size_t maxDepth = 0;
        void resize(std::size_t n, bool obb);
    };

    void precompute();
    /// Fits node `i` of `tree` to `r` and, unless it is a leaf, partitions r; returns the split point, or 0
    /// for a leaf.
    std::uint32_t fitAndSplit(Tree& tree, std::uint32_t i, const Range& r);
    /// The reference's depth-first loop over one subtree, its root at tree index 0.
    void buildSubtree(Tree& tree, const Range& root);
    void leavesPlaced(std::size_t count);

    const TriangleMesh& m_mesh;
    Bvh& m_out;
    int m_threads;
    const Bvh::Progress& m_progress;
    std::vector<Vec3> m_centroids;
    std::vector<Vec3> m_triLo, m_triHi;        ///< each triangle's box in the mesh axes
    std::vector<CovarianceTerms> m_covariance; ///< OBB trees only
    BvhFit m_fit;
    std::atomic<std::size_t> m_placed{0};
    std::size_t m_reported = 0;
    std::mutex m_progressMutex;
};

} // namespace cdlab
