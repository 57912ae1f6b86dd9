#include "mesh/Chessboard.h"

#include "mesh/MeshBuilder.h"

#include <algorithm>
#include <cmath>

namespace cdlab {

TriangleMesh makeChessboard(double size, double thickness, double inlay, std::size_t targetTriangles) {
    // Slab: 12 n^2 triangles; 32 tiles of 12 k^2. The tiles take nine tenths: they are what a foot meets.
    double t = double(targetTriangles);
    int k = std::max(1, static_cast<int>(std::sqrt(t * 0.9 / (32 * 12))));
    int n = std::max(1, static_cast<int>(std::lround(std::sqrt(std::max(12.0, t - 32 * 12.0 * k * k) / 12))));
    TriangleMesh m;
    m.name = "chessboard";
    MeshBuilder b(m);
    double half = size / 2, border = size / 16, square = size / 8;
    // The slab's top is the light squares' surface; each dark tile sinks a little into it so the pieces
    // overlap (a tile flush on the slab would share faces with it, which is no closed union).
    b.block({-half - border, -half - border, -inlay - thickness}, {half + border, half + border, -inlay}, n);
    for (int i = 0; i < 8; ++i)
        for (int j = 0; j < 8; ++j) {
            if ((i + j) % 2 != 0) continue; // a1 (i = j = 0) is dark
            Vec3 lo{-half + i * square, -half + j * square, -2 * inlay};
            b.block(lo, {lo.x + square, lo.y + square, 0}, k);
        }
    m.weldAndClean();
    return m;
}

} // namespace cdlab
