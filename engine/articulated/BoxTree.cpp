#include "articulated/BoxTree.h"

#include <algorithm>

namespace cdlab {

void BoxTree::build(const std::vector<Aabb>& boxes) {
    m_nodes.clear();
    m_depth = 0;
    if (boxes.empty()) return;
    m_nodes.reserve(2 * boxes.size());
    std::vector<int> items(boxes.size());
    for (std::size_t i = 0; i < items.size(); ++i) items[i] = int(i);
    buildRange(boxes, items, 0, int(items.size()), 0);
}

int BoxTree::buildRange(const std::vector<Aabb>& boxes, std::vector<int>& items, int begin, int end,
                        int depth) {
    int index = int(m_nodes.size());
    m_nodes.push_back({});
    m_depth = std::max(m_depth, depth);
    Aabb box, centres;
    for (int i = begin; i < end; ++i) {
        box.grow(boxes[items[i]]);
        centres.grow(boxes[items[i]].center());
    }
    m_nodes[index].box = box;
    m_nodes[index].depth = depth;
    if (end - begin == 1) {
        m_nodes[index].item = items[begin];
        return index;
    }
    Vec3 e = centres.extent();
    int axis = e.x >= e.y && e.x >= e.z ? 0 : (e.y >= e.z ? 1 : 2);
    int mid = (begin + end) / 2;
    std::nth_element(items.begin() + begin, items.begin() + mid, items.begin() + end,
                     [&](int a, int b) { return boxes[a].center()[axis] < boxes[b].center()[axis]; });
    int left = buildRange(boxes, items, begin, mid, depth + 1);
    int right = buildRange(boxes, items, mid, end, depth + 1);
    m_nodes[index].left = left;
    m_nodes[index].right = right;
    return index;
}

} // namespace cdlab
