#include "mesh/FeatureIndex.h"

#include <algorithm>
#include <limits>

namespace cdlab {

namespace {
constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
} // namespace

FeatureIndex::FeatureIndex(const TriangleMesh& mesh) : m_vertexTri(mesh.vertices.size(), kNone) {
    m_edges.reserve(mesh.triangleCount() * 3);
    // Triangles in increasing order: the first write per vertex and the first entry per edge (stable sort)
    // are the smallest carriers.
    for (std::uint32_t t = 0; t < mesh.triangleCount(); ++t) {
        const Triangle& tri = mesh.triangles[t];
        for (int k = 0; k < 3; ++k) {
            if (m_vertexTri[tri[k]] == kNone) m_vertexTri[tri[k]] = t;
            m_edges.emplace_back(edgeKey(tri[k], tri[(k + 1) % 3]), t);
        }
    }
    std::stable_sort(m_edges.begin(), m_edges.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    m_edges.erase(std::unique(m_edges.begin(), m_edges.end(),
                              [](const auto& a, const auto& b) { return a.first == b.first; }),
                  m_edges.end());
}

std::uint32_t FeatureIndex::carrier(const MeshFeature& feature, std::uint32_t fallback) const {
    if (feature.kind == MeshFeature::Kind::Face) return feature.a; // a face is its own triangle
    if (feature.isPoint())
        return feature.a < m_vertexTri.size() && m_vertexTri[feature.a] != kNone ? m_vertexTri[feature.a]
                                                                                 : fallback;
    std::uint64_t key = edgeKey(feature.a, feature.b);
    auto it = std::lower_bound(m_edges.begin(), m_edges.end(), key,
                               [](const auto& e, std::uint64_t k) { return e.first < k; });
    return it != m_edges.end() && it->first == key ? it->second : fallback;
}

} // namespace cdlab
