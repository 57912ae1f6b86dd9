#include "mesh/SurfaceCheck.h"

#include <unordered_map>

namespace cdlab {

SurfaceCheck SurfaceCheck::of(const TriangleMesh& mesh) {
    SurfaceCheck c;
    // Imported meshes often repeat a vertex per face (seams of normals or texture coordinates): identify
    // vertices by position, so only real holes count.
    const std::vector<std::uint32_t> id = mesh.positionIds();
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
