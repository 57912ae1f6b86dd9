// Random shapes the distance tests share (distance/DistanceTest.cpp, distance/HullTreeDistanceTest.cpp): a
// uniformly random rotation, polygon soups with the degenerate triangles a mesh file may hold, a mesh's
// radius.
#pragma once

#include "geometry/Mat3.h"
#include "geometry/Quat.h"
#include "mesh/TriangleMesh.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace cdlab::test {

/// A uniformly random rotation (a normalised Gaussian quaternion).
inline Mat3 randomRotation(std::mt19937_64& rng) {
    std::normal_distribution<double> n;
    double w = n(rng), x = n(rng), y = n(rng), z = n(rng), l = std::sqrt(w * w + x * x + y * y + z * z);
    return rotationFromQuaternion(w / l, x / l, y / l, z / l);
}

/// A polygon soup of `count` triangles in the unit cube: random ones, slivers, collapsed ones (a segment, a
/// point) and some sharing vertices.
inline TriangleMesh randomSoup(std::mt19937_64& rng, int count) {
    std::uniform_real_distribution<double> u(-0.5, 0.5), s(-0.2, 0.2);
    TriangleMesh m;
    m.name = "soup";
    for (int i = 0; i < count; ++i) {
        Vec3 c{u(rng), u(rng), u(rng)};
        Vec3 a = c + Vec3{s(rng), s(rng), s(rng)}, b = c + Vec3{s(rng), s(rng), s(rng)},
             d = c + Vec3{s(rng), s(rng), s(rng)};
        switch (i % 7) {
        case 1:
            d = a + (b - a) * 0.25;
            break; // collinear: a segment
        case 2:
            b = d = a;
            break; // a point
        case 3:
            d = a + (b - a) * 0.5 + Vec3{0, 1e-7, 0};
            break; // a sliver
        default:
            break;
        }
        auto base = static_cast<std::uint32_t>(m.vertices.size());
        if (i % 5 == 4 && base >= 3) { // shares an edge with the previous triangle
            m.vertices.push_back(d);
            m.triangles.push_back({base - 3, base - 2, base});
            continue;
        }
        m.vertices.insert(m.vertices.end(), {a, b, d});
        m.triangles.push_back({base, base + 1, base + 2});
    }
    m.computeFaceNormals();
    return m;
}

/// The largest distance of a vertex from the mesh's origin.
inline double radius(const TriangleMesh& m) {
    double r = 0;
    for (const Vec3& v : m.vertices) r = std::max(r, length(v));
    return r;
}

} // namespace cdlab::test
