#include "mesh/TriangleMesh.h"

#include "core/InputError.h"
#include "geometry/TriangleTriangle.h"

#include <cstring>
#include <unordered_map>

namespace cdlab {

void TriangleMesh::computeFaceNormals() {
    faceNormals.resize(triangles.size());
    for (std::size_t i = 0; i < triangles.size(); ++i) {
        Vec3 a, b, c;
        corners(i, a, b, c);
        faceNormals[i] = normalize(cross(b - a, c - a));
    }
}

Aabb TriangleMesh::bounds() const {
    Aabb box;
    for (const Vec3& v : vertices) box.grow(v);
    return box;
}

std::size_t TriangleMesh::memoryBytes() const {
    return vertices.capacity() * sizeof(Vec3) + triangles.capacity() * sizeof(Triangle) +
           faceNormals.capacity() * sizeof(Vec3);
}

void TriangleMesh::validate(const std::string& source) const {
    if (triangles.empty()) throw InputError(source, "", "mesh has no triangles");
    for (std::size_t i = 0; i < vertices.size(); ++i)
        if (!isFinite(vertices[i]))
            throw InputError(source, "vertex " + std::to_string(i), "coordinate is NaN or infinite");
    for (std::size_t i = 0; i < triangles.size(); ++i)
        for (int k = 0; k < 3; ++k)
            if (triangles[i][k] >= vertices.size())
                throw InputError(source, "triangle " + std::to_string(i),
                                 "vertex index " + std::to_string(triangles[i][k]) +
                                     " out of range (mesh has " + std::to_string(vertices.size()) +
                                     " vertices)");
    // Some collapsed triangles are normal (the elementary tests handle them); a mesh made only of them
    // has no surface to collide, which is a broken file rather than a shape. Exact: any non-zero cross
    // product component means area, however small.
    bool anyArea = false;
    for (std::size_t i = 0; i < triangles.size() && !anyArea; ++i) {
        Vec3 a, b, c;
        corners(i, a, b, c);
        Vec3 n = cross(b - a, c - a);
        anyArea = n.x != 0 || n.y != 0 || n.z != 0;
    }
    if (!anyArea) {
        std::size_t n = triangles.size();
        throw InputError(
            source, "",
            (n == 1 ? std::string("its one triangle is") : "all " + std::to_string(n) + " triangles are") +
                " degenerate (zero area): the mesh has no surface");
    }
}

std::vector<std::uint32_t> TriangleMesh::positionIds(std::vector<Vec3>* distinct) const {
    struct Key {
        Vec3 v;
        bool operator==(const Key& o) const { return std::memcmp(&v, &o.v, sizeof(Vec3)) == 0; }
    };
    struct KeyHash {
        std::size_t operator()(const Key& k) const {
            std::uint64_t h = 1469598103934665603ull;
            const unsigned char* p = reinterpret_cast<const unsigned char*>(&k.v);
            for (std::size_t i = 0; i < sizeof(Vec3); ++i) h = (h ^ p[i]) * 1099511628211ull;
            return h;
        }
    };
    std::unordered_map<Key, std::uint32_t, KeyHash> index;
    std::vector<std::uint32_t> ids(vertices.size());
    for (std::size_t i = 0; i < vertices.size(); ++i) {
        Vec3 v = vertices[i];
        if (v.x == 0) v.x = 0; // fold -0 into +0 so they are one position
        if (v.y == 0) v.y = 0;
        if (v.z == 0) v.z = 0;
        auto [it, inserted] = index.emplace(Key{v}, static_cast<std::uint32_t>(index.size()));
        if (inserted && distinct) distinct->push_back(v);
        ids[i] = it->second;
    }
    return ids;
}

void TriangleMesh::weldAndClean() {
    std::vector<Vec3> welded;
    std::vector<std::uint32_t> remap = positionIds(&welded);
    std::vector<Triangle> kept;
    kept.reserve(triangles.size());
    for (const Triangle& t : triangles) {
        Triangle r{remap[t[0]], remap[t[1]], remap[t[2]]};
        if (r[0] != r[1] && r[1] != r[2] && r[0] != r[2]) kept.push_back(r);
    }
    vertices = std::move(welded);
    triangles = std::move(kept);
    computeFaceNormals();
}

void TriangleMesh::append(const TriangleMesh& other) {
    auto base = static_cast<std::uint32_t>(vertices.size());
    vertices.insert(vertices.end(), other.vertices.begin(), other.vertices.end());
    for (const Triangle& t : other.triangles) triangles.push_back({t[0] + base, t[1] + base, t[2] + base});
    computeFaceNormals();
}

} // namespace cdlab
