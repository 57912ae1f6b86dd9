// SolidContainment: does a point lie inside the solid that a closed, outward-wound mesh bounds?
//
// Back-face culling needs it: its test reasons about the outward normals of the surface a body is first
// touched on from outside (redon2002 sec. 2). A body inside another's solid (nested, surfaces apart) is
// first touched from inside, on faces whose outward normals point away from it, so culling them would hide
// the contact. Whether one body lies inside the other cannot change while their surfaces stay apart, so one
// point per connected piece of a body decides it.
//
// The winding number is counted along a ray: +1 for each face the ray leaves the solid through, -1 for each
// it enters through, every crossing decided with exact orientation predicates. A mesh of closed pieces that
// overlap (the door generator's boxes and tubes) gives the number of pieces that contain the point, so
// "inside" is a non-zero count. A ray that grazes an edge or a vertex is not counted; another direction is
// tried.
#pragma once

#include "bvh/Bvh.h"
#include "mesh/TriangleMesh.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace cdlab {

/// Winding number of the mesh's surface around p (mesh frame), using the BVH to find the faces a ray
/// crosses. std::nullopt when p lies on the surface or every direction tried grazed an edge or a vertex.
std::optional<int> windingNumber(const TriangleMesh& mesh, const Bvh& bvh, const Vec3& p);

/// One vertex of each connected piece of the surface (triangles sharing an edge or a vertex position), in
/// the order the pieces are first met. Unused vertices belong to no piece.
std::vector<std::uint32_t> pieceVertices(const TriangleMesh& mesh);

} // namespace cdlab
