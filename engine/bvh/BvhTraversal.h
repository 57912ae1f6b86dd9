// BvhTraversal: the one simultaneous traversal of two BVHs that every query runs (discrete collision, rigid
// CCD with and without back-face culling; distance queries and conservative advancement next), with what
// differs between them in a policy:
//
//   bool enter(std::uint32_t na, std::uint32_t nb)      the node pair's test: its BV test and whatever the
//   query
//                                                       counts, draws or culls there; false prunes the pair
//   bool leaves(const BvhNode& a, const BvhNode& b)     both nodes are leaves: test their primitives; false
//                                                       ends the whole traversal (a first contact is enough)
//
// Depth first on a flat explicit stack the caller keeps between queries (no allocation once it has grown),
// descending the larger node (or the only internal one) so both volumes shrink at similar rates. The policy
// is a template parameter: its calls inline, no virtual call per node.
#pragma once

#include "bvh/Bvh.h"
#include "core/Assert.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace cdlab {

using BvhPairStack = std::vector<std::pair<std::uint32_t, std::uint32_t>>;

template <class Policy>
void traverseBvhPair(const Bvh& a, const Bvh& b, BvhPairStack& stack, Policy&& policy) {
    if (a.empty() || b.empty()) return;
    const auto& nodesA = a.nodes();
    const auto& nodesB = b.nodes();
    stack.assign(1, {0, 0});
    while (!stack.empty()) {
        const std::uint32_t na = stack.back().first, nb = stack.back().second;
        stack.pop_back();
        CDLAB_ASSERT(na < nodesA.size() && nb < nodesB.size(), "a node pair inside both trees");
        if (!policy.enter(na, nb)) continue;
        const BvhNode &A = nodesA[na], &B = nodesB[nb];
        if (A.isLeaf() && B.isLeaf()) {
            if (!policy.leaves(A, B)) return;
            continue;
        }
        if (B.isLeaf() || (!A.isLeaf() && A.size >= B.size)) {
            CDLAB_ASSERT(A.firstChild > na, "children follow their parent");
            stack.push_back({A.firstChild + 1, nb});
            stack.push_back({A.firstChild, nb});
        } else {
            CDLAB_ASSERT(B.firstChild > nb, "children follow their parent");
            stack.push_back({na, B.firstChild + 1});
            stack.push_back({na, B.firstChild});
        }
    }
}

} // namespace cdlab
