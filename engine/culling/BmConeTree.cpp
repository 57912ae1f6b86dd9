#include "culling/BmConeTree.h"

#include <algorithm>
#include <chrono>

namespace cdlab {

const char* toString(BmBuildMode m) {
    return m == BmBuildMode::TopDown ? "top-down" : "bottom-up";
}

void BmConeTree::build(const Bvh& bvh, const TriangleMesh& mesh, BmBuildMode mode,
                       const BmConeOptions& options, const Progress& progress) {
    auto start = std::chrono::steady_clock::now();
    const auto& nodes = bvh.nodes();
    std::vector<std::vector<Vec3>> cones(nodes.size());
    m_stats = {};
    auto normalsOf = [&](const BvhNode& n) {
        std::vector<Vec3> v;
        for (std::uint32_t k = n.firstTri; k < n.firstTri + n.triCount; ++k)
            v.push_back(mesh.faceNormals[bvh.triIndex()[k]]);
        return v;
    };
    // Children have larger indices: a reverse sweep visits children before parents (needed bottom-up).
    const std::size_t reportEvery = std::max<std::size_t>(nodes.size() / 100, 1);
    for (std::size_t i = nodes.size(); i-- > 0;) {
        if (std::size_t done = nodes.size() - 1 - i; progress && done % reportEvery == 0)
            progress(double(done) / double(nodes.size()));
        const BvhNode& n = nodes[i];
        std::vector<Vec3> inputs;
        if (mode == BmBuildMode::TopDown || n.isLeaf()) {
            inputs = normalsOf(n);
        } else {
            const auto &a = cones[n.firstChild], &b = cones[n.firstChild + 1];
            if (a.empty() || b.empty()) continue; // rule 2: only if all children have a cone
            inputs = a;
            inputs.insert(inputs.end(), b.begin(), b.end());
        }
        BmConeStats st;
        cones[i] = buildBmCone(inputs, options, i + 1, &st);
        m_stats.projections += st.projections;
    }
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
