// TriangleMesh: indexed triangle mesh with unit face normals. Polygon soups (unconnected, overlapping,
// non-manifold triangles) are allowed; collision never assumes a closed surface.
#pragma once

#include "geometry/Aabb.h"
#include "geometry/Vec3.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace cdlab {

using Triangle = std::array<std::uint32_t, 3>;

struct TriangleMesh {
    std::string name;
    std::vector<Vec3> vertices;
    std::vector<Triangle> triangles;
    std::vector<Vec3> faceNormals; ///< unit normal per triangle; zero for degenerate triangles

    std::size_t triangleCount() const { return triangles.size(); }
    void corners(std::size_t tri, Vec3& a, Vec3& b, Vec3& c) const {
        const Triangle& t = triangles[tri];
        a = vertices[t[0]], b = vertices[t[1]], c = vertices[t[2]];
    }
    void computeFaceNormals();
    Aabb bounds() const;
    std::size_t memoryBytes() const;

    /// Throws InputError (naming `source`) on: no triangles, non-finite coordinates, indices out of range.
    void validate(const std::string& source) const;
    /// Per vertex, a compact id shared by all vertices at the same position (-0 and +0 are one); appends
    /// each distinct position to `distinct` in id order when given.
    std::vector<std::uint32_t> positionIds(std::vector<Vec3>* distinct = nullptr) const;
    /// Merges bit-identical vertices and drops triangles that repeat a vertex index (used by generators).
    void weldAndClean();
    /// Appends another mesh (vertices re-indexed).
    void append(const TriangleMesh& other);
};

} // namespace cdlab
