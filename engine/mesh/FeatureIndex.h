// FeatureIndex: for a mesh's vertices and edges (named by vertex index, as TimeOfContact names features),
// the first triangle that carries each. A contact on an edge or vertex is one answer whichever of its
// triangles' tests found it; reporting the first carrier makes it one report too, so pipelines that test
// different triangles (BM-culling skips some) report identical contacts.
#pragma once

#include "mesh/TriangleMesh.h"

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

namespace cdlab {

/// An edge as one integer: its two vertex indices, the smaller first (both triangles that carry it give the
/// same key).
inline std::uint64_t edgeKey(std::uint32_t v0, std::uint32_t v1) {
    return (std::uint64_t(std::min(v0, v1)) << 32) | std::max(v0, v1);
}

class FeatureIndex {
public:
    FeatureIndex() = default;
    explicit FeatureIndex(const TriangleMesh& mesh);

    /// The smallest triangle index carrying feature {v, v} (vertex), {min, max} (edge) or {tri, UINT32_MAX}
    /// (face: tri itself); `fallback` when the feature is not the mesh's.
    std::uint32_t carrier(const std::uint32_t feature[2], std::uint32_t fallback) const;

private:
    std::vector<std::uint32_t> m_vertexTri;                       // per vertex, UINT32_MAX if unused
    std::vector<std::pair<std::uint64_t, std::uint32_t>> m_edges; // (min << 32 | max, first triangle), sorted
};

} // namespace cdlab
