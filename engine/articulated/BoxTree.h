// BoxTree: a small AABB hierarchy rebuilt every frame over the swept boxes of a model's links (zhang2007
// sec. 5.2: "a dynamic BVH of AABBs is recursively built using the boxes as leaf-level nodes"). Top-down:
// a node's items split at the median of their box centres, along the axis where the centres spread most.
#pragma once

#include "geometry/Aabb.h"

#include <cstdint>
#include <vector>

namespace cdlab {

class BoxTree {
public:
    struct Node {
        Aabb box;
        std::int32_t left = -1, right = -1; ///< children, -1 for a leaf
        std::int32_t item = -1;             ///< a leaf's item (index into the boxes it was built from)
        std::int32_t depth = 0;
        bool isLeaf() const { return left < 0; }
    };

    /// Builds over `boxes` (one leaf per box; item i is boxes[i]). An empty list gives an empty tree.
    void build(const std::vector<Aabb>& boxes);
    const std::vector<Node>& nodes() const { return m_nodes; }
    bool empty() const { return m_nodes.empty(); }
    int depth() const { return m_depth; }

    /// Calls onPair(itemA, itemB) for every pair of leaves, one from each tree, whose boxes overlap;
    /// `boxTests` counts the node pairs tested.
    template <class F> void collide(const BoxTree& other, std::uint64_t& boxTests, F&& onPair) const {
        if (empty() || other.empty()) return;
        std::vector<std::pair<int, int>> stack{{0, 0}};
        while (!stack.empty()) {
            auto [a, b] = stack.back();
            stack.pop_back();
            const Node &na = m_nodes[a], &nb = other.m_nodes[b];
            ++boxTests;
            if (!na.box.overlaps(nb.box)) continue;
            if (na.isLeaf() && nb.isLeaf()) {
                onPair(na.item, nb.item);
            } else if (nb.isLeaf() || (!na.isLeaf() && volume(na.box) >= volume(nb.box))) {
                stack.push_back({na.left, b});
                stack.push_back({na.right, b});
            } else {
                stack.push_back({a, nb.left});
                stack.push_back({a, nb.right});
            }
        }
    }

private:
    static double volume(const Aabb& b) {
        Vec3 e = b.extent();
        return e.x * e.y * e.z;
    }
    int buildRange(const std::vector<Aabb>& boxes, std::vector<int>& items, int begin, int end, int depth);
    std::vector<Node> m_nodes;
    int m_depth = 0;
};

} // namespace cdlab
