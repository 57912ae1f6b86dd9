#include "mesh/Superellipsoid.h"

#include "mesh/MeshBuilder.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace cdlab {

namespace {

/// sign(c) |c|^e: the superquadric's signed power, exactly 0 at 0 so the seams stay symmetric.
double signedPow(double c, double e) {
    return c == 0 ? 0 : std::copysign(std::pow(std::fabs(c), e), c);
}

} // namespace

int superellipsoidStacks(double triangles) {
    // 2 * slices * (stacks - 1) triangles with slices = 2 * stacks.
    return std::max(3, static_cast<int>(std::lround(0.5 + std::sqrt(std::max(0.0, triangles) / 4.0))));
}

void addSuperellipsoid(TriangleMesh& mesh, const Superellipsoid& shape, int stacks, const Pose& pose) {
    const double pi = std::numbers::pi;
    int slices = 2 * stacks;
    std::vector<std::vector<Vec3>> loops;
    loops.push_back({{0, 0, -shape.radii.z}});
    for (int i = 1; i < stacks; ++i) {
        double u = -pi / 2 + pi * i / stacks;
        double cu = signedPow(std::cos(u), shape.northSouth), su = signedPow(std::sin(u), shape.northSouth);
        std::vector<Vec3> loop;
        for (int s = 0; s < slices; ++s) {
            double v = 2 * pi * s / slices;
            // Snap the quadrant points so cos(pi/2) = 6e-17 does not leave a sliver off the axis.
            double cv = s * 4 % slices == 0 && (s * 4 / slices) % 2 == 1 ? 0 : std::cos(v);
            double sv = s * 2 % slices == 0 ? 0 : std::sin(v);
            loop.push_back({shape.radii.x * cu * signedPow(cv, shape.eastWest),
                            shape.radii.y * cu * signedPow(sv, shape.eastWest), shape.radii.z * su});
        }
        loops.push_back(std::move(loop));
    }
    loops.push_back({{0, 0, shape.radii.z}});
    MeshBuilder(mesh).rings(loops, pose);
}

TriangleMesh makeSuperellipsoid(const Superellipsoid& shape, std::size_t targetTriangles) {
    TriangleMesh m;
    m.name = "superellipsoid";
    addSuperellipsoid(m, shape, superellipsoidStacks(double(targetTriangles)));
    m.computeFaceNormals();
    return m;
}

} // namespace cdlab
