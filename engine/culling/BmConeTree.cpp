#include "culling/BmConeTree.h"

#include "core/ParallelFor.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>

namespace cdlab {

const char* toString(BmBuildMode m) {
    return m == BmBuildMode::TopDown ? "top-down" : "bottom-up";
}

void BmConeTree::build(const Bvh& bvh, const TriangleMesh& mesh, BmBuildMode mode,
                       const BmConeOptions& options, const Progress& progress) {
    auto start = std::chrono::steady_clock::now();
    const auto& nodes = bvh.nodes();
    std::vector<std::vector<Vec3>> cones(nodes.size());
    std::vector<std::uint64_t> projections(nodes.size(), 0);
    m_stats = {};
    // Each node's cone depends only on its inputs and its own seed (node index + 1), so nodes can be built
    // in any order and on any thread with the same result. Top-down every node is independent; bottom-up a
    // node needs its children's cones, so the levels go deepest first, each level in parallel.
    std::vector<std::vector<std::uint32_t>> levels;
    if (mode == BmBuildMode::TopDown) {
        levels.emplace_back(nodes.size());
        for (std::size_t i = 0; i < nodes.size(); ++i) levels[0][i] = std::uint32_t(i);
    } else {
        for (std::size_t i = 0; i < nodes.size(); ++i) {
            if (nodes[i].depth >= levels.size()) levels.resize(nodes[i].depth + 1u);
            levels[nodes[i].depth].push_back(std::uint32_t(i));
        }
        std::reverse(levels.begin(), levels.end());
    }
    // Progress about a hundred times, from whichever thread crosses the mark, never going back.
    std::atomic<std::size_t> done{0};
    std::mutex reportMutex;
    double reported = 0;
    const std::size_t reportEvery = std::max<std::size_t>(nodes.size() / 100, 1);
    if (progress) progress(0.0);
    auto buildNode = [&](std::uint32_t i) {
        const BvhNode& n = nodes[i];
        std::vector<Vec3> inputs;
        bool build = true;
        if (mode == BmBuildMode::TopDown || n.isLeaf()) {
            for (std::uint32_t k = n.firstTri; k < n.firstTri + n.triCount; ++k)
                inputs.push_back(mesh.faceNormals[bvh.triIndex()[k]]);
        } else {
            // Levels run deepest first: the children (deeper, larger indices) are done.
            CDLAB_ASSERT(n.firstChild > i && n.firstChild + 1 < nodes.size(), "children follow their parent");
            const auto &a = cones[n.firstChild], &b = cones[n.firstChild + 1];
            build = !a.empty() && !b.empty(); // rule 2: only if all children have a cone
            inputs = a;
            inputs.insert(inputs.end(), b.begin(), b.end());
        }
        if (build) {
            BmConeStats st;
            cones[i] = buildBmCone(inputs, options, i + 1, &st);
            // The count is stored in a byte and culled() rotates the cone into a 255-vector array.
            CDLAB_ASSERT(cones[i].size() <= 255, "a cone has at most 255 vectors");
            projections[i] = st.projections;
        }
        std::size_t d = ++done;
        if (progress && d % reportEvery == 0) {
            std::lock_guard lock(reportMutex);
            reported = std::max(reported, double(d) / double(nodes.size()));
            progress(reported);
        }
    };
    for (const auto& level : levels)
        parallelFor(level.size(), level.size() < 64 ? 1 : options.threads, 16,
                    [&](std::size_t k) { buildNode(level[k]); });
    for (std::uint64_t p : projections) m_stats.projections += p;
    m_offset.assign(nodes.size(), 0);
    m_count.assign(nodes.size(), 0);
    m_vectors.clear();
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        m_offset[i] = static_cast<std::uint32_t>(m_vectors.size());
        m_count[i] = static_cast<std::uint8_t>(cones[i].size());
        m_vectors.insert(m_vectors.end(), cones[i].begin(), cones[i].end());
        m_stats.nodesWithCone += cones[i].empty() ? 0 : 1;
    }
    m_stats.memoryBytes = m_vectors.capacity() * sizeof(Vec3) + m_offset.capacity() * sizeof(std::uint32_t) +
                          m_count.capacity() * sizeof(std::uint8_t);
    m_stats.buildSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (progress) progress(1.0);
}

bool BmConeTree::culled(std::size_t node, const Obb& box, const Pose& pose,
                        const VelocityField& relative) const {
    CDLAB_ASSERT(node < m_count.size(), "a node of the tree the cones were built for");
    int r = m_count[node];
    if (r == 0) return false;
    const Vec3* v = cone(node);
    Vec3 world[255];
    for (int m = 0; m < r; ++m) world[m] = pose.R * v[m];
    for (int s = 0; s < 8; ++s) {
        Vec3 c = pose.apply(box.corner(s));
        Vec3 vel = relative.at(c);
        for (int m = 0; m < r; ++m)
            if (!(dot(vel, world[m]) < 0)) return false;
    }
    return true;
}

void BmConeTree::buildWithoutCones(const Bvh& bvh) {
    m_stats = {};
    m_vectors.clear();
    m_offset.assign(bvh.nodes().size(), 0);
    m_count.assign(bvh.nodes().size(), 0);
    m_stats.memoryBytes =
        m_offset.capacity() * sizeof(std::uint32_t) + m_count.capacity() * sizeof(std::uint8_t);
}

} // namespace cdlab
