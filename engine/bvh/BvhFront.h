// BvhFront: the traversal front of one pair of BVHs, kept from one query to the next (generalised front
// tracking, Ehmann & Lin, "Accurate and fast proximity queries between polyhedra using convex surface
// decomposition", Eurographics 2001): the node pairs where the last traversal stopped, separated pairs and
// leaf pairs. The next query starts from them instead of from the roots, so a slowly moving pair does not
// test again the node pairs above its front, which overlap frame after frame.
//
// Exact by construction: the entries' leaf-pair sets (leaves under a) x (leaves under b) partition all
// leaf pairs of the two trees. Descending an entry into its children and raising two sibling entries into
// their parent both keep the partition, and the traversal from an entry finds every contact in its set (the
// BV test is conservative), so the contacts are the plain traversal's. What differs is the work:
// - bv_tests and nodes_visited: the pairs above the front are not tested; a raise tests a parent;
// - tri_tests can be higher: a leaf pair on the front is tested when its own boxes overlap, even when an
//   ancestor pair's boxes (which the plain traversal tests first) are separated.
#pragma once

#include "bvh/Bvh.h"

#include <cstdint>
#include <vector>

namespace cdlab {

/// parents[n]: the parent of node n (the root's is 0), which the front needs to raise two sibling entries.
using BvhParents = std::vector<std::uint32_t>;
inline BvhParents bvhParents(const Bvh& bvh) {
    BvhParents p(bvh.nodes().size(), 0);
    for (std::uint32_t n = 0; n < bvh.nodes().size(); ++n)
        if (!bvh.nodes()[n].isLeaf()) p[bvh.nodes()[n].firstChild] = p[bvh.nodes()[n].firstChild + 1] = n;
    return p;
}

struct BvhFrontEntry {
    std::uint32_t a = 0, b = 0; ///< node pair
    /// Queries in a row in which the pair's volumes were separated (0: overlapping leaves). Two sibling
    /// entries separated for 2, 4, 8, 16, 24, ... queries try their parent (kFrontRaiseEvery in
    /// BvhTraversal.h): a parent that keeps overlapping (the usual case next to a contact) is retested
    /// rarely.
    std::uint32_t separatedFor = 0;
};

class BvhFront {
public:
    /// Forget the front: the next query starts from the roots. Needed when either tree is rebuilt (a refit
    /// keeps the topology and so the front).
    void clear() { m_entries.clear(); }
    bool empty() const { return m_entries.empty(); }
    const std::vector<BvhFrontEntry>& entries() const { return m_entries; }

    /// The traversal's bookkeeping (BvhTraversal.h): the current front, and the one being built.
    std::vector<BvhFrontEntry>& current() { return m_entries; }
    std::vector<BvhFrontEntry>& next() { return m_next; }

private:
    std::vector<BvhFrontEntry> m_entries, m_next;
};

} // namespace cdlab
