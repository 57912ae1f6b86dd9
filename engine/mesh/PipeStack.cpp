#include "mesh/PipeStack.h"

#include "mesh/Lathe.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace cdlab {

TriangleMesh makePipeStack(int rows, double radius, double length, std::size_t targetTriangles) {
    int pipes = rows * (rows + 1) / 2;
    double inner = radius * 0.8, h = length / 2;
    // The annulus: out along the bottom end, up the outside, in along the top end, down the bore, and
    // back to its first point (the lathe joins the last loop to the first by position: SurfaceCheck and
    // weldAndClean identify them).
    Profile annulus{{inner, -h}, {radius, -h}, {radius, h}, {inner, h}, {inner, -h}};
    auto [slices, bands] = latheResolution(annulus, double(targetTriangles) / pipes);
    TriangleMesh m;
    m.name = "pipe_stack";
    const Mat3 toX = rotationAxisAngle({0, 1, 0}, std::numbers::pi / 2);
    double gap = radius * 0.02; // stacked pipes rest near, not on, each other: no shared surfaces
    for (int row = 0; row < rows; ++row) {
        int count = rows - row;
        double z = radius + row * std::sqrt(3.0) * (radius + gap);
        for (int i = 0; i < count; ++i) {
            double y = (i - (count - 1) / 2.0) * 2 * (radius + gap);
            addLathe(m, annulus, slices, bands, {toX, {0, y, z}});
        }
    }
    m.weldAndClean();
    return m;
}

} // namespace cdlab
