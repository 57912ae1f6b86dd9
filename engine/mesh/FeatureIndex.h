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

/// A contact feature of a mesh by its mesh indices, so that a feature shared by several triangles has one
/// name: a vertex, an edge (its two vertex indices, the smaller first) or a face (its triangle).
struct MeshFeature {
    enum class Kind : std::uint8_t { Vertex, Edge, Face };
    Kind kind = Kind::Vertex;
    std::uint32_t a = 0, b = 0; ///< vertex: a (b = a); edge: a <= b; face: the triangle a (b = a)

    static MeshFeature vertex(std::uint32_t v) { return {Kind::Vertex, v, v}; }
    static MeshFeature edge(std::uint32_t v0, std::uint32_t v1) {
        return {Kind::Edge, std::min(v0, v1), std::max(v0, v1)};
    }
    static MeshFeature face(std::uint32_t tri) { return {Kind::Face, tri, tri}; }
    /// Whether it is drawn and carried as one vertex (a vertex, or an edge collapsed to one).
    bool isPoint() const { return kind != Kind::Face && a == b; }
    /// One integer that orders and hashes features: (a << 32) | b, a face's b as UINT32_MAX (the encoding the
    /// run hashes in tests/data/golden.txt were made with).
    std::uint64_t key() const { return (std::uint64_t(a) << 32) | (kind == Kind::Face ? 0xffffffffu : b); }
    friend bool operator==(const MeshFeature& x, const MeshFeature& y) { return x.key() == y.key(); }
};

class FeatureIndex {
public:
    FeatureIndex() = default;
    explicit FeatureIndex(const TriangleMesh& mesh);

    /// The smallest triangle index carrying the vertex or edge (a face: its own triangle); `fallback` when
    /// the feature is not the mesh's.
    std::uint32_t carrier(const MeshFeature& feature, std::uint32_t fallback) const;

private:
    std::vector<std::uint32_t> m_vertexTri;                       // per vertex, UINT32_MAX if unused
    std::vector<std::pair<std::uint64_t, std::uint32_t>> m_edges; // (min << 32 | max, first triangle), sorted
};

} // namespace cdlab
