#include "mesh/ProceduralMeshes.h"

#include "mesh/MeshBuilder.h"
#include "mesh/TeapotPatches.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace cdlab {

namespace {

constexpr double kPi = std::numbers::pi;

/// Lathe: rotates each profile point around z in `slices` steps and joins consecutive rings.
TriangleMesh lathe(const std::vector<std::pair<double, double>>& profile, int slices) {
    TriangleMesh m;
    MeshBuilder(m).revolution(profile, slices);
    m.weldAndClean(); // rings of radius 0 collapse to poles
    return m;
}

} // namespace

TriangleMesh makeSphere(double radius, std::size_t targetTriangles) {
    // 2 * slices * (stacks - 1) triangles with slices = 2 * stacks.
    int stacks = std::max(3, static_cast<int>(std::lround(std::sqrt(targetTriangles / 4.0) + 0.5)));
    std::vector<std::pair<double, double>> profile;
    for (int i = 0; i <= stacks; ++i) {
        double phi = kPi * i / stacks;
        profile.push_back({radius * std::sin(phi), -radius * std::cos(phi)});
    }
    profile.front().first = 0, profile.back().first = 0;
    TriangleMesh m = lathe(profile, 2 * stacks);
    m.name = "sphere";
    return m;
}

TriangleMesh makeCylinder(double radius, double height, std::size_t targetTriangles) {
    // Side: 2 * slices * rings; caps: 2 * slices (fans after welding).
    int slices = std::max(3, static_cast<int>(std::lround(std::sqrt(double(targetTriangles)))));
    int rings = std::max(1, static_cast<int>(std::lround(targetTriangles / (2.0 * slices) - 1)));
    std::vector<std::pair<double, double>> profile;
    profile.push_back({0, -height / 2});
    for (int i = 0; i <= rings; ++i) profile.push_back({radius, -height / 2 + height * i / rings});
    profile.push_back({0, height / 2});
    TriangleMesh m = lathe(profile, slices);
    m.name = "cylinder";
    return m;
}

TriangleMesh makeTorusKnot(int p, int q, double radius, double tube, std::size_t targetTriangles) {
    // 2 * segments * sides triangles; segments ~ 8 * sides keeps the quads roughly square.
    int sides = std::max(3, static_cast<int>(std::lround(std::sqrt(targetTriangles / 16.0))));
    int segments = std::max(8, static_cast<int>(std::lround(targetTriangles / (2.0 * sides))));
    auto curve = [&](double t) {
        double r = radius * (2 + std::cos(q * t)) / 3;
        return Vec3{r * std::cos(p * t), r * std::sin(p * t), radius * std::sin(q * t) / 3};
    };
    std::vector<Vec3> centre;
    std::vector<std::pair<Vec3, Vec3>> frames;
    for (int i = 0; i < segments; ++i) {
        double t = 2 * kPi * i / segments, h = 1e-4;
        Vec3 c = curve(t);
        Vec3 tangent = normalize(curve(t + h) - curve(t - h));
        Vec3 accel = curve(t + h) - c * 2 + curve(t - h);
        // Frenet frame: the knot has no inflections.
        Vec3 normal = normalize(accel - tangent * dot(accel, tangent));
        centre.push_back(c);
        frames.push_back({normal, cross(tangent, normal)});
    }
    TriangleMesh m;
    m.name = "torus_knot";
    MeshBuilder(m).tube(centre, frames, tube, sides, true);
    m.computeFaceNormals();
    return m;
}

TriangleMesh makeRevolution(const std::vector<std::pair<double, double>>& profile,
                            std::size_t targetTriangles) {
    int slices = std::max(3, static_cast<int>(std::lround(targetTriangles / (2.0 * (profile.size() - 1)))));
    TriangleMesh m = lathe(profile, slices);
    m.name = "revolution";
    return m;
}

TriangleMesh makeBox(const Vec3& extents, std::size_t targetTriangles) {
    int n = std::max(1, static_cast<int>(std::lround(std::sqrt(targetTriangles / 12.0))));
    TriangleMesh m;
    m.name = "box";
    MeshBuilder(m).box(extents * -0.5, extents * 0.5, n);
    m.weldAndClean();
    return m;
}

TriangleMesh makePanel(double width, double height, double thickness, double frame,
                       std::size_t targetTriangles) {
    // The slab gets half of the triangles, the four frame bars share the rest.
    int n = std::max(1, static_cast<int>(std::lround(std::sqrt(targetTriangles / 24.0))));
    int nb = std::max(1, static_cast<int>(std::lround(std::sqrt(targetTriangles / 96.0))));
    TriangleMesh m;
    m.name = "panel";
    MeshBuilder b(m);
    Vec3 lo{-width / 2, -height / 2, -thickness / 2}, hi{width / 2, height / 2, thickness / 2};
    b.box(lo, hi, n);
    double z0 = hi.z, z1 = hi.z + thickness * 0.5;
    b.box({lo.x, lo.y, z0}, {hi.x, lo.y + frame, z1}, nb);
    b.box({lo.x, hi.y - frame, z0}, {hi.x, hi.y, z1}, nb);
    b.box({lo.x, lo.y + frame, z0}, {lo.x + frame, hi.y - frame, z1}, nb);
    b.box({hi.x - frame, lo.y + frame, z0}, {hi.x, hi.y - frame, z1}, nb);
    m.weldAndClean();
    return m;
}

namespace {

TriangleMesh teapotAtResolution(double scale, int n) {
    TriangleMesh m;
    m.name = "teapot";
    for (int patch = 0; patch < kTeapotPatchCount; ++patch) appendTeapotPatch(m, patch, scale, n);
    // Patches share boundary curves bit-exactly and the lid/bottom patches collapse rows to poles.
    m.weldAndClean();
    return m;
}

} // namespace

TriangleMesh makeTeapot(double scale, std::size_t targetTriangles) {
    // 64 n^2 triangles before the collapsed rows are removed: try the neighbouring resolutions, keep the
    // closest.
    int n0 = std::max(2, static_cast<int>(std::sqrt(targetTriangles / 64.0)));
    TriangleMesh best;
    for (int n = n0; n <= n0 + 2; ++n) {
        TriangleMesh m = teapotAtResolution(scale, n);
        auto diff = [&](const TriangleMesh& x) {
            return std::llabs((long long)x.triangleCount() - (long long)targetTriangles);
        };
        if (best.triangles.empty() || diff(m) < diff(best)) best = std::move(m);
    }
    return best;
}

std::vector<std::pair<double, double>> pawnProfile() {
    return {{0, 0},       {0.5, 0},    {0.5, 0.08},  {0.42, 0.14}, {0.40, 0.2}, {0.28, 0.28},
            {0.2, 0.45},  {0.16, 0.7}, {0.26, 0.74}, {0.26, 0.78}, {0.16, 0.8}, {0.2, 0.88},
            {0.22, 0.96}, {0.2, 1.04}, {0.14, 1.1},  {0.07, 1.13}, {0, 1.14}};
}

} // namespace cdlab
