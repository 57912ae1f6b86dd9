// Mountain height field for the falling-train benchmark (zhang2007 Fig. 10: a train falls onto a mountain):
// a square terrain whose height is a radial bump roughened by seeded fractal value noise, closed into a
// solid by side walls and a bottom so back-face culling and containment treat it as one. Same seed, same
// mountain, on every machine (the noise hashes integers; no std distributions).
#pragma once

#include "mesh/TriangleMesh.h"

#include <cstdint>

namespace cdlab {

struct MountainShape {
    double size = 200;      ///< side of the square footprint, centred on x, y
    double height = 40;     ///< height of the summit region above the base plane z = 0
    double roughness = 0.5; ///< share of the height that is noise (0: a smooth bump)
    int octaves = 5;        ///< noise octaves, each twice the frequency and half the amplitude
    std::uint32_t seed = 1;
};

/// Height of the terrain at (x, y) (0 outside the footprint's edge, where the walls stand).
double mountainHeight(const MountainShape& shape, double x, double y);
/// The terrain solid with about `targetTriangles` triangles (a grid of 2 n^2 on top, walls and a fan below).
TriangleMesh makeMountain(const MountainShape& shape, std::size_t targetTriangles);

} // namespace cdlab
