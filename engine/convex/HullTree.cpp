#include "convex/HullTree.h"

#include "core/Assert.h"
#include "core/InputError.h"

#include <algorithm>
#include <cmath>

namespace cdlab {

namespace {

/// A sphere around `points`: the centre of their box, the farthest point's distance.
void boundingSphere(const std::vector<Vec3>& points, Vec3& centre, double& radius) {
    Vec3 lo{INFINITY, INFINITY, INFINITY}, hi{-INFINITY, -INFINITY, -INFINITY};
    for (const Vec3& p : points) lo = vmin(lo, p), hi = vmax(hi, p);
    centre = (lo + hi) * 0.5;
    radius = 0;
    for (const Vec3& p : points) radius = std::max(radius, length(p - centre));
    radius *= 1 + 1e-12; // the rounding of the distances just taken
}

} // namespace

HullTree::HullTree(const TriangleMesh& mesh, std::size_t maxFaces) : m_mesh(&mesh) {
    for (std::size_t t = 0; t < mesh.triangles.size(); ++t)
        for (std::uint32_t v : mesh.triangles[t])
            if (v >= mesh.vertices.size())
                throw InputError(mesh.name, "triangle " + std::to_string(t),
                                 "vertex index " + std::to_string(v) + " out of range (" +
                                     std::to_string(mesh.vertices.size()) + " vertices)");
    for (std::size_t i = 0; i < mesh.vertices.size(); ++i) {
        const Vec3& v = mesh.vertices[i];
        if (!std::isfinite(v.x) || !std::isfinite(v.y) || !std::isfinite(v.z))
            throw InputError(mesh.name, "vertex " + std::to_string(i), "non-finite coordinate");
    }
    m_decomposition = SurfaceDecomposition(mesh, maxFaces);
    const auto& pieces = m_decomposition.pieces();
    if (pieces.empty()) return;
    std::vector<Vec3> centres(pieces.size());
    for (std::size_t p = 0; p < pieces.size(); ++p) {
        Vec3 c;
        for (std::uint32_t t : pieces[p])
            for (std::uint32_t v : mesh.triangles[t]) c += mesh.vertices[v];
        centres[p] = c / double(3 * pieces[p].size());
    }
    std::vector<std::uint32_t> order(pieces.size());
    for (std::size_t p = 0; p < order.size(); ++p) order[p] = std::uint32_t(p);
    m_leafOf.assign(pieces.size(), 0);
    m_nodes.reserve(2 * pieces.size() - 1);
    m_nodes.emplace_back();
    build(0, order, 0, order.size(), centres);
    CDLAB_ASSERT(m_nodes.size() == 2 * pieces.size() - 1, "a binary tree over the pieces");
}

void HullTree::build(std::uint32_t node, std::vector<std::uint32_t>& pieces, std::size_t first,
                     std::size_t count, const std::vector<Vec3>& centres) {
    const TriangleMesh& mesh = *m_mesh;
    std::vector<Vec3> points;
    if (count == 1) {
        const std::uint32_t piece = pieces[first];
        for (std::uint32_t t : m_decomposition.pieces()[piece])
            for (std::uint32_t v : mesh.triangles[t]) points.push_back(mesh.vertices[v]);
        HullNode& leaf = m_nodes[node];
        leaf.piece = piece;
        leaf.hull = ConvexHull::of(points, mesh.name + " piece " + std::to_string(piece));
        boundingSphere(leaf.hull.vertices(), leaf.center, leaf.radius);
        m_leafOf[piece] = node;
        return;
    }
    Vec3 lo{INFINITY, INFINITY, INFINITY}, hi{-INFINITY, -INFINITY, -INFINITY};
    for (std::size_t k = first; k < first + count; ++k)
        lo = vmin(lo, centres[pieces[k]]), hi = vmax(hi, centres[pieces[k]]);
    const Vec3 extent = hi - lo;
    const int axis = extent.x >= extent.y && extent.x >= extent.z ? 0 : extent.y >= extent.z ? 1 : 2;
    const std::size_t half = count / 2;
    // Ties by piece index: the same tree whatever the standard library's nth_element does with equal keys.
    std::nth_element(pieces.begin() + std::ptrdiff_t(first), pieces.begin() + std::ptrdiff_t(first + half),
                     pieces.begin() + std::ptrdiff_t(first + count), [&](std::uint32_t a, std::uint32_t b) {
                         double x = centres[a][axis], y = centres[b][axis];
                         return x < y || (x == y && a < b);
                     });
    const auto children = static_cast<std::uint32_t>(m_nodes.size());
    m_nodes.emplace_back();
    m_nodes.emplace_back();
    m_nodes[node].firstChild = children;
    build(children, pieces, first, half, centres);
    build(children + 1, pieces, first + half, count - half, centres);
    for (std::uint32_t c : {children, children + 1})
        points.insert(points.end(), m_nodes[c].hull.vertices().begin(), m_nodes[c].hull.vertices().end());
    HullNode& inner = m_nodes[node];
    inner.hull = ConvexHull::of(points, mesh.name + " hull-tree node " + std::to_string(node));
    boundingSphere(inner.hull.vertices(), inner.center, inner.radius);
}

std::size_t HullTree::memoryBytes() const {
    std::size_t bytes = sizeof(*this) + m_leafOf.capacity() * sizeof(std::uint32_t);
    for (const HullNode& n : m_nodes)
        bytes += sizeof(HullNode) + n.hull.vertices().capacity() * sizeof(Vec3) +
                 n.hull.faces().capacity() * sizeof(Triangle);
    for (const auto& p : m_decomposition.pieces()) bytes += p.capacity() * sizeof(std::uint32_t);
    return bytes;
}

} // namespace cdlab
