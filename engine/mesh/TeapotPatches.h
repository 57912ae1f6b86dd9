#pragma once

#include "mesh/TriangleMesh.h"

namespace cdlab {

constexpr int kTeapotPatchCount = 32;
/// Control points of the Utah teapot, [patch][v * 4 + u][xyz], z up.
extern const double kTeapotPatches[kTeapotPatchCount][16][3];

/// The point at (u, v) in [0, 1]^2 of patch `patch`, scaled by `scale`.
Vec3 teapotPatchPoint(int patch, double u, double v, double scale);
/// Appends patch `patch` tessellated as an n x n grid (two triangles per cell, wound so the face normals
/// point out of the pot), scaled by `scale`; vertices are not shared with what `m` holds already (weld
/// them: neighbouring patches meet bit-exactly).
void appendTeapotPatch(TriangleMesh& m, int patch, double scale, int n);

} // namespace cdlab
