// Exact intersection volume of two closed meshes by CGAL's corefinement: the reference a penetration
// measure (the GPU LDI query, issue 32) is checked against. Built when CGAL is installed (libcgal-dev,
// CDLAB_HAVE_CGAL); without it every call answers ok = false. This file's .cpp is the only one that
// includes CGAL (its templates take about a minute to compile) and also registers CGAL's union as the
// mesh layer's SolidUnion (the closed teapot).
#pragma once

#include "geometry/Pose.h"
#include "mesh/TriangleMesh.h"

#include <string>
#include <vector>

namespace cdlab {

struct ExactVolume {
    bool ok = false;     ///< false: message says why (not closed, self-intersecting, CGAL failure, not built)
    std::string message; ///< why not ok; empty when ok
    double volume = 0;   ///< |A ∩ B| in world units³ (0 when disjoint or merely touching)
    double milliseconds = 0; ///< wall time of the conversion + corefinement + volume
};

/// Compiled with CGAL.
bool cgalAvailable();
/// Exact volume of the intersection of two closed meshes placed by their poses, by corefinement
/// (CGAL::Polygon_mesh_processing::corefine_and_compute_intersection, then volume) on the exact-predicates,
/// exact-constructions kernel (EPECK). Vertices are welded by position first; a mesh that is not a closed
/// 2-manifold (SurfaceCheck::closed) or intersects itself gives ok = false, naming the mesh and the problem.
ExactVolume cgalIntersectionVolume(const TriangleMesh& a, const Pose& poseA, const TriangleMesh& b,
                                   const Pose& poseB);
/// The union of closed solids (SolidUnion's implementation), by corefine_and_compute_union on EPECK,
/// rounded to doubles; throws std::runtime_error naming the solid and the problem.
TriangleMesh cgalUnion(const std::vector<TriangleMesh>& solids);

} // namespace cdlab
