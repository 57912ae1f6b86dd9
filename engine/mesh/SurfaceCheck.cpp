#include "mesh/SurfaceCheck.h"

#include <cstring>
#include <unordered_map>

namespace cdlab {

namespace {

struct PositionHash {
    std::size_t operator()(const Vec3& p) const {
        std::uint64_t b[3];
        std::memcpy(b, &p, sizeof b);
        return std::hash<std::uint64_t>()(b[0] * 0x9e3779b97f4a7c15ull ^ b[1] * 0xbf58476d1ce4e5b9ull ^ b[2]);
    }
};

} // namespace

SurfaceCheck SurfaceCheck::of(const TriangleMesh& mesh) {
    SurfaceCheck c;
    // Imported meshes often repeat a vertex per face (seams of normals or texture coordinates): identify
    // vertices by position, so only real holes count.
    std::unordered_map<Vec3, std::uint32_t, PositionHash> ids;
    std::vector<std::uint32_t> id(mesh.vertices.size());
    for (std::size_t v = 0; v < mesh.vertices.size(); ++v)
        id[v] = ids.try_emplace(mesh.vertices[v], std::uint32_t(ids.size())).first->second;
    std::unordered_map<std::uint64_t, int> uses; // (u << 32 | v) -> uses of u -> v minus uses of v -> u
    for (const Triangle& t : mesh.triangles) {
        const Vec3 &a = mesh.vertices[t[0]], &b = mesh.vertices[t[1]], &d = mesh.vertices[t[2]];
        c.volume += dot(a, cross(b, d)) / 6;
        for (int k = 0; k < 3; ++k) {
            std::uint64_t u = id[t[k]], v = id[t[(k + 1) % 3]];
            if (u == v) continue;
            uses[u << 32 | v] += 1;
            uses[v << 32 | u] -= 1;
        }
    }
    for (const auto& [edge, n] : uses) c.unmatchedEdges += n > 0 ? std::size_t(n) : 0;
    return c;
}

std::string SurfaceCheck::describe() const {
    if (unmatchedEdges > 0)
        return "open or inconsistently wound: " + std::to_string(unmatchedEdges) + " unmatched edge" +
               (unmatchedEdges == 1 ? "" : "s");
    if (!(volume > 0)) return "wound inwards (signed volume " + std::to_string(volume) + ")";
    return "closed, outward";
}

} // namespace cdlab
