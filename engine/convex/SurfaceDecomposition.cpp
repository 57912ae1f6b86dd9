#include "convex/SurfaceDecomposition.h"

#include "core/Assert.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>

namespace cdlab {

namespace {

struct Plane {
    Vec3 n;
    double offset = 0;
    bool valid = false; ///< false for a degenerate face
};

/// A face's plane (unit normal by the right-hand rule, as the mesh's normals): invalid when the face has no
/// area to speak of (its cross product vanishes against its edges' lengths).
Plane planeOf(const TriangleMesh& mesh, std::uint32_t t) {
    Vec3 a, b, c;
    mesh.corners(t, a, b, c);
    Vec3 n = cross(b - a, c - a);
    double len = length(n), scale = length(b - a) * length(c - a);
    Plane p;
    if (!(len > 1e-14 * scale) || !(len > 0)) return p;
    p.n = n / len;
    p.offset = dot(p.n, a);
    p.valid = true;
    return p;
}

} // namespace

void SurfaceDecomposition::faceAdjacency(const TriangleMesh& mesh, std::vector<std::uint32_t>& offsets,
                                         std::vector<std::uint32_t>& adjacency) {
    const std::vector<std::uint32_t> ids = mesh.positionIds();
    const std::size_t n = mesh.triangleCount();
    // Every edge by its two position ids, sorted: the faces of one edge end up side by side.
    std::vector<std::pair<std::uint64_t, std::uint32_t>> edges;
    edges.reserve(3 * n);
    for (std::uint32_t t = 0; t < n; ++t)
        for (int k = 0; k < 3; ++k) {
            std::uint32_t u = ids[mesh.triangles[t][k]], v = ids[mesh.triangles[t][(k + 1) % 3]];
            if (u == v) continue; // a collapsed edge joins nothing
            edges.push_back({(std::uint64_t(std::min(u, v)) << 32) | std::max(u, v), t});
        }
    std::sort(edges.begin(), edges.end());
    std::vector<std::pair<std::uint32_t, std::uint32_t>> links;
    for (std::size_t i = 0; i < edges.size();) {
        std::size_t j = i;
        while (j < edges.size() && edges[j].first == edges[i].first) ++j;
        for (std::size_t x = i; x < j; ++x)
            for (std::size_t y = i; y < j; ++y)
                if (edges[x].second != edges[y].second) links.push_back({edges[x].second, edges[y].second});
        i = j;
    }
    std::sort(links.begin(), links.end());
    links.erase(std::unique(links.begin(), links.end()), links.end());
    offsets.assign(n + 1, 0);
    for (const auto& l : links) ++offsets[l.first + 1];
    for (std::size_t t = 0; t < n; ++t) offsets[t + 1] += offsets[t];
    adjacency.resize(links.size());
    for (std::size_t k = 0; k < links.size(); ++k) adjacency[k] = links[k].second; // sorted by first
}

SurfaceDecomposition::SurfaceDecomposition(const TriangleMesh& mesh, std::size_t maxFaces) {
    CDLAB_ASSERT(maxFaces >= 1, "a piece holds at least one face");
    const std::size_t n = mesh.triangleCount();
    const Aabb box = mesh.bounds();
    m_tolerance = n ? kRelativeTolerance * length(box.hi - box.lo) : 0;
    constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
    m_pieceOf.assign(n, kNone);
    if (n == 0) return;
    std::vector<std::uint32_t> offsets, adjacency;
    faceAdjacency(mesh, offsets, adjacency);
    const std::vector<std::uint32_t> ids = mesh.positionIds();
    std::vector<Plane> planes(n);
    for (std::uint32_t t = 0; t < n; ++t) planes[t] = planeOf(mesh, t);

    // Per patch: its planes and its vertices (one per position); stamps say what the current patch holds
    // or has refused (a refused face stays refused: joining faces only adds constraints).
    std::vector<std::uint32_t> vertexStamp(mesh.vertices.size(), kNone), refusedStamp(n, kNone);
    std::vector<Plane> patchPlanes;
    std::vector<Vec3> patchVertices;
    std::deque<std::uint32_t> frontier;
    for (std::uint32_t seed = 0; seed < n; ++seed) {
        if (m_pieceOf[seed] != kNone) continue;
        const auto piece = static_cast<std::uint32_t>(m_pieces.size());
        m_pieces.emplace_back();
        std::vector<std::uint32_t>& faces = m_pieces.back();
        patchPlanes.clear();
        patchVertices.clear();
        auto join = [&](std::uint32_t t) {
            m_pieceOf[t] = piece;
            faces.push_back(t);
            if (planes[t].valid) patchPlanes.push_back(planes[t]);
            for (std::uint32_t v : mesh.triangles[t]) {
                std::uint32_t id = ids[v];
                if (vertexStamp[id] == piece) continue;
                vertexStamp[id] = piece;
                patchVertices.push_back(mesh.vertices[v]);
            }
            for (std::uint32_t k = offsets[t]; k < offsets[t + 1]; ++k) frontier.push_back(adjacency[k]);
        };
        auto fits = [&](std::uint32_t t) {
            for (std::uint32_t v : mesh.triangles[t])
                for (const Plane& p : patchPlanes)
                    if (dot(p.n, mesh.vertices[v]) - p.offset > m_tolerance) return false;
            if (planes[t].valid)
                for (const Vec3& v : patchVertices)
                    if (dot(planes[t].n, v) - planes[t].offset > m_tolerance) return false;
            return true;
        };
        frontier.clear();
        join(seed);
        while (!frontier.empty() && faces.size() < maxFaces) {
            std::uint32_t t = frontier.front();
            frontier.pop_front();
            if (m_pieceOf[t] != kNone || refusedStamp[t] == piece) continue;
            if (fits(t))
                join(t);
            else
                refusedStamp[t] = piece;
        }
    }
}

bool SurfaceDecomposition::isConvexPatch(const TriangleMesh& mesh, const std::vector<std::uint32_t>& tris,
                                         double tolerance) {
    for (std::uint32_t t : tris) {
        Plane p = planeOf(mesh, t);
        if (!p.valid) continue;
        for (std::uint32_t s : tris)
            for (std::uint32_t v : mesh.triangles[s])
                if (dot(p.n, mesh.vertices[v]) - p.offset > tolerance) return false;
    }
    return true;
}

bool SurfaceDecomposition::isConnected(const TriangleMesh& mesh, const std::vector<std::uint32_t>& tris) {
    if (tris.empty()) return true;
    std::vector<std::uint32_t> offsets, adjacency;
    faceAdjacency(mesh, offsets, adjacency);
    return isConnected(tris, offsets, adjacency);
}

bool SurfaceDecomposition::isConnected(const std::vector<std::uint32_t>& tris,
                                       const std::vector<std::uint32_t>& offsets,
                                       const std::vector<std::uint32_t>& adjacency) {
    if (tris.empty()) return true;
    const std::size_t n = offsets.size() - 1;
    std::vector<char> in(n, 0), seen(n, 0);
    for (std::uint32_t t : tris) in[t] = 1;
    std::vector<std::uint32_t> stack{tris.front()};
    seen[tris.front()] = 1;
    std::size_t reached = 0;
    while (!stack.empty()) {
        std::uint32_t t = stack.back();
        stack.pop_back();
        ++reached;
        for (std::uint32_t k = offsets[t]; k < offsets[t + 1]; ++k) {
            std::uint32_t u = adjacency[k];
            if (in[u] && !seen[u]) seen[u] = 1, stack.push_back(u);
        }
    }
    return reached == tris.size();
}

} // namespace cdlab
