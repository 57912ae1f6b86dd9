#include "bvh/BvhBuilder.h"

#include "core/ParallelFor.h"

#include <algorithm>
#include <numeric>

namespace cdlab {

BvhBuilder::BvhBuilder(const TriangleMesh& mesh, Bvh& out, int threads, const Bvh::Progress& progress)
    : m_mesh(mesh), m_out(out), m_threads(threadCount(threads)),
      m_progress(progress), m_fit{mesh, out.m_options, out.m_triIndex.data(), m_centroids,
                                  bvhInflation(mesh)} {}

void BvhBuilder::Tree::resize(std::size_t n, bool obb) {
    nodes.resize(n);
    obb ? obbs.resize(n) : aabbs.resize(n);
}

void BvhBuilder::precompute() {
    const std::size_t n = m_mesh.triangles.size();
    const bool obb = m_out.m_options.bvType == BvType::Obb;
    m_centroids.resize(n), m_triLo.resize(n), m_triHi.resize(n);
    if (obb) m_covariance.resize(n);
    parallelFor(n, m_threads, 4096, [&](std::size_t t) {
        Vec3 a, b, c;
        m_mesh.corners(t, a, b, c);
        m_centroids[t] = (a + b + c) / 3.0;
        // Through the identity matrix, as the reference's box in the mesh axes is fitted (same signed zeros).
        const Mat3 id = Mat3::identity();
        Vec3 pa = id * a, pb = id * b, pc = id * c;
        m_triLo[t] = vmin(vmin(pa, pb), pc), m_triHi[t] = vmax(vmax(pa, pb), pc);
        if (obb) m_covariance[t] = covarianceTerms(a, b, c);
    });
}

std::uint32_t BvhBuilder::fitAndSplit(Tree& tree, std::uint32_t i, const Range& r) {
    const std::uint32_t* idx = m_fit.triIndex;
    BvhNode& node = tree.nodes[i];
    node.firstTri = r.begin;
    node.triCount = r.count();
    node.depth = r.depth;
    // vmin/vmax keep the first of equal values, so the union of the triangle boxes in index order picks the
    // same bits as the reference's loop over their vertices.
    Vec3 lo{1e300, 1e300, 1e300}, hi{-1e300, -1e300, -1e300};
    for (std::uint32_t k = r.begin; k < r.end; ++k)
        lo = vmin(lo, m_triLo[idx[k]]), hi = vmax(hi, m_triHi[idx[k]]);
    Mat3 frame = Mat3::identity();
    Obb box = m_fit.boxFromRange(frame, lo, hi);
    if (m_out.m_options.bvType == BvType::Obb) {
        double s[6] = {0, 0, 0, 0, 0, 0}, wm[3] = {0, 0, 0}, area = 0;
        for (std::uint32_t k = r.begin; k < r.end; ++k) {
            const CovarianceTerms& t = m_covariance[idx[k]];
            for (int j = 0; j < 6; ++j) s[j] += t.lower[j];
            for (int j = 0; j < 3; ++j) wm[j] += t.wm[j];
            area += t.w;
        }
        Eigen::Matrix3d c;
        c << s[0], s[1], s[2], s[1], s[3], s[4], s[2], s[4], s[5];
        Eigen::Vector3d mean(wm[0], wm[1], wm[2]);
        if (area <= 0) m_fit.vertexCovariance(r.begin, r.end, c, mean, area); // all degenerate
        Mat3 tilted = covarianceFrame(c, mean, area);
        Obb fitted = m_fit.fitBox(tilted, r.begin, r.end);
        // The smaller of the covariance box and the box in the mesh axes (see BvhReferenceBuilder).
        if (!(BvhFit::volume(box) < BvhFit::volume(fitted))) frame = tilted, box = fitted;
        tree.obbs[i] = box;
    } else {
        tree.aabbs[i] = Aabb{box.center - box.halfSize, box.center + box.halfSize};
    }
    node.size = static_cast<float>(maxComponent(box.halfSize));
    if (node.triCount <= static_cast<std::uint32_t>(m_out.m_options.maxLeafTriangles)) return 0;
    int axis = m_fit.chooseAxis(frame, box, r.begin, r.end);
    return m_fit.partition(frame.r[axis], r.begin, r.end);
}

void BvhBuilder::buildSubtree(Tree& tree, const Range& root) {
    const bool obb = m_out.m_options.bvType == BvType::Obb;
    const std::size_t step = std::max<std::size_t>(1, m_mesh.triangles.size() / 100);
    std::size_t leaves = 0;
    struct Task {
        std::uint32_t node;
        Range range;
    };
    std::vector<Task> stack{{0, root}};
    // At most two nodes per triangle: one allocation, not one per doubling.
    const std::size_t most = 2 * std::size_t(root.count());
    tree.nodes.reserve(most);
    obb ? tree.obbs.reserve(most) : tree.aabbs.reserve(most);
    tree.resize(1, obb);
    while (!stack.empty()) {
        Task task = stack.back();
        stack.pop_back();
        tree.maxDepth = std::max<std::size_t>(tree.maxDepth, task.range.depth);
        std::uint32_t split = fitAndSplit(tree, task.node, task.range);
        if (split == 0) {
            leaves += task.range.count();
            if (leaves >= step) leavesPlaced(leaves), leaves = 0;
            continue;
        }
        auto child = static_cast<std::uint32_t>(tree.nodes.size());
        tree.nodes[task.node].firstChild = child;
        tree.resize(child + 2, obb);
        auto d = static_cast<std::uint16_t>(task.range.depth + 1);
        stack.push_back({child + 1, {split, task.range.end, d}});
        stack.push_back({child, {task.range.begin, split, d}});
    }
    leavesPlaced(leaves);
}

void BvhBuilder::leavesPlaced(std::size_t count) {
    std::size_t placed = m_placed.fetch_add(count) + count;
    if (!m_progress) return;
    std::lock_guard lock(m_progressMutex);
    if (placed <= m_reported) return; // another thread has reported more
    m_reported = placed;
    m_progress(double(placed) / double(m_mesh.triangles.size()));
}

void BvhBuilder::run() {
    precompute();
    const auto n = static_cast<std::uint32_t>(m_mesh.triangles.size());
    const bool obb = m_out.m_options.bvType == BvType::Obb;
    // Nodes above `cutoff` triangles are split level by level (each level's nodes in parallel); those at or
    // below it become subtree tasks, 16 or more per thread so that uneven mean splits still balance.
    const auto maxLeaf = static_cast<std::uint32_t>(m_out.m_options.maxLeafTriangles);
    const std::uint32_t cutoff =
        m_threads <= 1 ? n : std::max({2048u, maxLeaf, n / (16 * std::uint32_t(m_threads))});

    // Top: top.nodes[i] is fitted and split when range > cutoff; else it is subtree task taskOf[i].
    Tree top;
    std::vector<Range> ranges{{0, n, 0}};
    std::vector<std::int64_t> leftOf{-1}, taskOf{-1};
    std::vector<Range> tasks;
    top.resize(1, obb);
    std::vector<std::uint32_t> level{0};
    while (!level.empty()) {
        std::vector<std::uint32_t> splits(level.size(), 0);
        parallelFor(level.size(), m_threads, 1, [&](std::size_t k) {
            std::uint32_t i = level[k];
            if (ranges[i].count() > cutoff) splits[k] = fitAndSplit(top, i, ranges[i]);
        });
        std::vector<std::uint32_t> next;
        for (std::size_t k = 0; k < level.size(); ++k) {
            std::uint32_t i = level[k];
            const Range r = ranges[i];
            if (r.count() <= cutoff) {
                taskOf[i] = std::int64_t(tasks.size());
                tasks.push_back(r);
                continue;
            }
            auto child = static_cast<std::uint32_t>(ranges.size());
            leftOf[i] = child;
            top.maxDepth = std::max<std::size_t>(top.maxDepth, r.depth);
            auto d = static_cast<std::uint16_t>(r.depth + 1);
            ranges.push_back({r.begin, splits[k], d}), ranges.push_back({splits[k], r.end, d});
            leftOf.resize(child + 2, -1), taskOf.resize(child + 2, -1);
            next.push_back(child), next.push_back(child + 1);
        }
        top.resize(ranges.size(), obb);
        level = std::move(next);
    }

    // Subtrees, largest first.
    std::vector<Tree> trees(tasks.size());
    std::vector<std::uint32_t> order(tasks.size());
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::uint32_t a, std::uint32_t b) { return tasks[a].count() > tasks[b].count(); });
    parallelFor(tasks.size(), m_threads, 1,
                [&](std::size_t k) { buildSubtree(trees[order[k]], tasks[order[k]]); });

    // Places in the reference's order: it allocates a node's two children when it takes the node from its
    // depth-first stack, so every subtree's descendants follow each other from the count of nodes allocated
    // before its root was taken.
    struct Place {
        std::uint32_t root, base;
    };
    std::vector<Place> placeOf(tasks.size());
    std::vector<std::pair<std::uint32_t, std::uint32_t>> stack{{0, 0}}; // (top node, global node)
    std::uint32_t allocated = 1;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> topPlaces;
    while (!stack.empty()) {
        auto [i, g] = stack.back();
        stack.pop_back();
        if (taskOf[i] >= 0) {
            placeOf[taskOf[i]] = {g, allocated};
            allocated += static_cast<std::uint32_t>(trees[taskOf[i]].nodes.size() - 1);
            continue;
        }
        topPlaces.push_back({i, g});
        auto child = allocated;
        allocated += 2;
        top.nodes[i].firstChild = child;
        stack.push_back({std::uint32_t(leftOf[i] + 1), child + 1});
        stack.push_back({std::uint32_t(leftOf[i]), child});
    }
    m_out.m_nodes.resize(allocated);
    obb ? m_out.m_obbs.resize(allocated) : m_out.m_aabbs.resize(allocated);
    auto copy = [&](const Tree& from, std::uint32_t i, std::uint32_t g) {
        m_out.m_nodes[g] = from.nodes[i];
        obb ? void(m_out.m_obbs[g] = from.obbs[i]) : void(m_out.m_aabbs[g] = from.aabbs[i]);
    };
    for (auto [i, g] : topPlaces) copy(top, i, g);
    parallelFor(tasks.size(), m_threads, 1, [&](std::size_t k) {
        const Tree& tree = trees[k];
        const Place& p = placeOf[k];
        for (std::uint32_t j = 0; j < tree.nodes.size(); ++j) {
            std::uint32_t g = j == 0 ? p.root : p.base + j - 1;
            copy(tree, j, g);
            if (!tree.nodes[j].isLeaf()) m_out.m_nodes[g].firstChild = p.base + tree.nodes[j].firstChild - 1;
        }
    });
    std::size_t depth = top.maxDepth;
    for (const Tree& t : trees) depth = std::max(depth, t.maxDepth);
    m_out.m_stats.maxDepth = depth;
    if (m_progress) m_progress(1.0);
}

} // namespace cdlab
