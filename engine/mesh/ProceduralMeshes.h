// Procedural meshes for the shapes the papers use. Every generator takes a target triangle count and picks
// its tessellation to come close to it (the actual count is whatever the mesh reports).
#pragma once

#include "mesh/TriangleMesh.h"

#include <utility>
#include <vector>

namespace cdlab {

TriangleMesh makeSphere(double radius, std::size_t targetTriangles);
/// Capped cylinder along z, centred at the origin.
TriangleMesh makeCylinder(double radius, double height, std::size_t targetTriangles);
/// (p, q) torus knot of overall radius `radius` and tube radius `tube`.
TriangleMesh makeTorusKnot(int p, int q, double radius, double tube, std::size_t targetTriangles);
/// Surface of revolution about z of a profile polyline of (r, z) points.
TriangleMesh makeRevolution(const std::vector<std::pair<double, double>>& profile,
                            std::size_t targetTriangles);
/// Box of the given full extents, each face subdivided into a square grid.
TriangleMesh makeBox(const Vec3& extents, std::size_t targetTriangles);
/// Thin panel (width x, height y, thickness z) with a raised frame of width `frame` around its front face; a
/// polygon soup of boxes.
TriangleMesh makePanel(double width, double height, double thickness, double frame,
                       std::size_t targetTriangles);
/// Door (x width, y height, z thickness; hinge edge at x = 0, bottom at y = 0): slab, framed window, rounded
/// top, mouldings, lever handles and hinges — redon2002's test object stand-in (DoorMesh.cpp).
TriangleMesh makeDoor(double width, double height, double thickness, std::size_t targetTriangles);
/// Utah teapot tessellated from its 32 Bezier patches, z up, scaled by `scale`.
TriangleMesh makeTeapot(double scale, std::size_t targetTriangles);

/// A chess-pawn-like lathe profile (used as the default revolution profile).
std::vector<std::pair<double, double>> pawnProfile();

} // namespace cdlab
