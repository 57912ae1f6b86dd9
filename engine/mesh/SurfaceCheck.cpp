#include "mesh/SurfaceCheck.h"

#include <unordered_map>

namespace cdlab {

SurfaceCheck SurfaceCheck::of(const TriangleMesh& mesh) {
    SurfaceCheck c;
    // Imported meshes often repeat a vertex per face (seams of normals or texture coordinates): identify
    // vertices by position, so only real holes count.
    const std::vector<std::uint32_t> id = mesh.positionIds();
    // Per undirected edge (lower id << 32 | higher id): how many triangles traverse it upwards (lower to
    // higher id) and downwards.
    struct Uses {
        std::size_t up = 0, down = 0;
    };
    std::unordered_map<std::uint64_t, Uses> uses;
    for (const Triangle& t : mesh.triangles) {
        const Vec3 &a = mesh.vertices[t[0]], &b = mesh.vertices[t[1]], &d = mesh.vertices[t[2]];
        c.volume += dot(a, cross(b, d)) / 6;
        for (int k = 0; k < 3; ++k) {
            std::uint64_t u = id[t[k]], v = id[t[(k + 1) % 3]];
            if (u == v) continue;
            Uses& e = uses[std::min(u, v) << 32 | std::max(u, v)];
            (u < v ? e.up : e.down) += 1;
        }
    }
    for (const auto& [edge, e] : uses) {
        c.unmatchedEdges += e.up > e.down ? e.up - e.down : e.down - e.up;
        std::size_t n = e.up + e.down;
        if (n == 1) ++c.boundaryEdges;
        if (n > 2) ++c.nonManifoldEdges;
        if (n == 2 && e.up != 1) ++c.inconsistentEdges;
    }
    return c;
}

std::string SurfaceCheck::describe() const {
    std::string counts;
    auto add = [&](std::size_t n, const char* what) {
        if (n == 0) return;
        counts +=
            (counts.empty() ? "" : ", ") + std::to_string(n) + " " + what + " edge" + (n == 1 ? "" : "s");
    };
    add(boundaryEdges, "boundary");
    add(nonManifoldEdges, "non-manifold");
    add(inconsistentEdges, "inconsistently oriented");
    if (boundaryEdges > 0) return "open: " + counts;
    if (unmatchedEdges > 0 || inconsistentEdges > 0)
        return "inconsistently wound: " + counts + (counts.empty() ? "" : ", ") +
               std::to_string(unmatchedEdges) + " unmatched edge" + (unmatchedEdges == 1 ? "" : "s");
    if (!(volume > 0))
        return "wound inwards (signed volume " + std::to_string(volume) + ")" +
               (counts.empty() ? "" : ": " + counts);
    // Closed pieces that overlap or share an edge (the door) still bound their volume outwards.
    if (nonManifoldEdges > 0) return "closed, outward, not a 2-manifold: " + counts;
    return "closed, outward";
}

} // namespace cdlab
