// WorldTriangle: a mesh triangle's corners in world space (under a pose) and their box, and the gap between
// two boxes, as the exact distance queries (distance/MeshDistance.h, distance/HullTreeDistance.h) prune
// triangle pairs with them: a box gap never exceeds the two triangles' distance.
#pragma once

#include "geometry/Aabb.h"
#include "geometry/Pose.h"
#include "mesh/TriangleMesh.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace cdlab {

struct WorldTriangle {
    Vec3 p[3];
    Aabb box;
};

/// Triangle `tri` of `mesh` under `pose`: the same arithmetic wherever it is asked, so the queries that
/// share it agree to the last bit.
inline WorldTriangle worldTriangle(const TriangleMesh& mesh, std::size_t tri, const Pose& pose) {
    WorldTriangle w;
    w.box = {Vec3{INFINITY, INFINITY, INFINITY}, Vec3{-INFINITY, -INFINITY, -INFINITY}};
    for (int k = 0; k < 3; ++k) {
        w.p[k] = pose.apply(mesh.vertices[mesh.triangles[tri][k]]);
        w.box.lo = vmin(w.box.lo, w.p[k]), w.box.hi = vmax(w.box.hi, w.p[k]);
    }
    return w;
}

/// The squared gap between two boxes (0 when they overlap).
inline double boxGap2(const Aabb& x, const Aabb& y) {
    double g2 = 0;
    for (int k = 0; k < 3; ++k) {
        double g = std::max(x.lo[k] - y.hi[k], y.lo[k] - x.hi[k]);
        if (g > 0) g2 += g * g;
    }
    return g2;
}

} // namespace cdlab
