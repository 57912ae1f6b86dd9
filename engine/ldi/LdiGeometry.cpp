#include "ldi/LdiGeometry.h"

#include "core/Assert.h"

#include <algorithm>

namespace cdlab {

LdiGeometry LdiGeometry::of(const LdiBody& body, const LdiFrame& f) {
    LdiGeometry g;
    const TriangleMesh& m = *body.mesh;
    g.depth = float(f.z1 - f.z0);
    g.positions.resize(m.vertices.size() * 3);
    // One transform per mesh and shared vertices converted once: triangles sharing an edge see bit-identical
    // endpoints, which is what makes the rasteriser's fill rule give a ray through that edge one fragment.
    const double inv = 1.0 / f.pixel;
    for (std::size_t k = 0; k < m.vertices.size(); ++k) {
        const Vec3 b = f.toBox(body.pose.apply(m.vertices[k]));
        g.positions[3 * k] = float((b.x - f.x0) * inv);
        g.positions[3 * k + 1] = float((b.y - f.y0) * inv);
        g.positions[3 * k + 2] = float(b.z - f.z0);
    }
    const float w = float(f.width), h = float(f.height);
    g.triangles.reserve(m.triangles.size());
    for (const Triangle& t : m.triangles) {
        CDLAB_ASSERT(t[0] < m.vertices.size() && t[1] < m.vertices.size() && t[2] < m.vertices.size(),
                     "a triangle's corners among the mesh's vertices");
        const float* p[3] = {&g.positions[3 * t[0]], &g.positions[3 * t[1]], &g.positions[3 * t[2]]};
        const float xmin = std::min({p[0][0], p[1][0], p[2][0]}),
                    xmax = std::max({p[0][0], p[1][0], p[2][0]});
        const float ymin = std::min({p[0][1], p[1][1], p[2][1]}),
                    ymax = std::max({p[0][1], p[1][1], p[2][1]});
        if (xmax < 0 || ymax < 0 || xmin > w || ymin > h) continue;
        g.triangles.push_back({t[0], t[1], t[2]});
    }
    return g;
}

} // namespace cdlab
