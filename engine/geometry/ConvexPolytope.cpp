#include "geometry/ConvexPolytope.h"

#include <algorithm>
#include <cmath>

namespace cdlab {

ConvexPolytope intersectHalfSpaces(std::span<const HalfSpace> hs, double tolerance) {
    ConvexPolytope out;
    const std::size_t n = hs.size();
    // Every vertex is where three planes meet (Cramer's rule) and lies inside all the others.
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j)
            for (std::size_t k = j + 1; k < n; ++k) {
                const Vec3 &a = hs[i].normal, &b = hs[j].normal, &c = hs[k].normal;
                const Vec3 bc = cross(b, c), ca = cross(c, a), ab = cross(a, b);
                const double det = dot(a, bc);
                if (std::abs(det) < 1e-12 * length(a) * length(b) * length(c)) continue; // parallel planes
                const Vec3 p = (bc * hs[i].offset + ca * hs[j].offset + ab * hs[k].offset) / det;
                if (!isFinite(p)) continue;
                bool inside = true;
                for (std::size_t m = 0; m < n && inside; ++m) inside = hs[m].contains(p, tolerance);
                if (!inside) continue;
                bool known = false;
                for (const Vec3& q : out.vertices)
                    known = known || lengthSquared(q - p) <= tolerance * tolerance;
                if (!known) out.vertices.push_back(p);
            }
    // Faces: the vertices on each plane, ordered by angle around their centroid.
    for (std::size_t i = 0; i < n; ++i) {
        std::vector<std::uint32_t> face;
        const Vec3 nrm = normalize(hs[i].normal);
        for (std::size_t v = 0; v < out.vertices.size(); ++v)
            if (std::abs(dot(hs[i].normal, out.vertices[v]) - hs[i].offset) <=
                tolerance * length(hs[i].normal))
                face.push_back(std::uint32_t(v));
        if (face.size() < 3) continue;
        Vec3 centre{0, 0, 0};
        for (std::uint32_t v : face) centre += out.vertices[v];
        centre = centre / double(face.size());
        const Vec3 u = normalize(out.vertices[face[0]] - centre);
        const Vec3 w = cross(nrm, u);
        std::vector<std::pair<double, std::uint32_t>> byAngle;
        for (std::uint32_t v : face) {
            const Vec3 r = out.vertices[v] - centre;
            byAngle.push_back({std::atan2(dot(r, w), dot(r, u)), v});
        }
        std::sort(byAngle.begin(), byAngle.end());
        face.clear();
        for (const auto& [angle, v] : byAngle) face.push_back(v);
        // Two planes through the same face (a duplicated direction) would draw it twice.
        std::vector<std::uint32_t> sorted = face;
        std::sort(sorted.begin(), sorted.end());
        bool duplicate = false;
        for (const auto& f : out.faces) {
            std::vector<std::uint32_t> g = f;
            std::sort(g.begin(), g.end());
            duplicate = duplicate || g == sorted;
        }
        if (!duplicate) out.faces.push_back(std::move(face));
    }
    return out;
}

double ConvexPolytope::volume() const {
    if (vertices.size() < 4) return 0;
    Vec3 centre{0, 0, 0};
    for (const Vec3& v : vertices) centre += v;
    centre = centre / double(vertices.size());
    double six = 0; // six times the volume: a fan of tetrahedra from the centre over every face
    for (const auto& f : faces)
        for (std::size_t i = 1; i + 1 < f.size(); ++i)
            six += std::abs(
                dot(vertices[f[0]] - centre, cross(vertices[f[i]] - centre, vertices[f[i + 1]] - centre)));
    return six / 6;
}

Aabb ConvexPolytope::bounds() const {
    Aabb b;
    for (const Vec3& v : vertices) b.grow(v);
    return b;
}

} // namespace cdlab
