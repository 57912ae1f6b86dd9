#include "mesh/Mountain.h"

#include <algorithm>
#include <cmath>

namespace cdlab {

namespace {

/// A hash of a lattice point to [0, 1): integer mixing only, so the noise is the same everywhere.
double lattice(std::uint32_t seed, int i, int j) {
    std::uint64_t h =
        seed * 0x9e3779b97f4a7c15ull ^ (std::uint64_t(std::uint32_t(i)) << 32 | std::uint32_t(j));
    h ^= h >> 33, h *= 0xff51afd7ed558ccdull, h ^= h >> 33, h *= 0xc4ceb9fe1a85ec53ull, h ^= h >> 33;
    return double(h >> 11) * 0x1p-53;
}

/// Value noise: lattice values blended with a smoothstep, in [0, 1).
double valueNoise(std::uint32_t seed, double x, double y) {
    int i = int(std::floor(x)), j = int(std::floor(y));
    double fx = x - i, fy = y - j;
    fx = fx * fx * (3 - 2 * fx), fy = fy * fy * (3 - 2 * fy);
    double a = lattice(seed, i, j), b = lattice(seed, i + 1, j), c = lattice(seed, i, j + 1),
           d = lattice(seed, i + 1, j + 1);
    return (a + (b - a) * fx) + ((c + (d - c) * fx) - (a + (b - a) * fx)) * fy;
}

} // namespace

double mountainHeight(const MountainShape& s, double x, double y) {
    // Distance from the centre in half-sizes: the bump falls to 0 at the footprint's inscribed circle
    // and stays 0 beyond it, so the walls are low and the mountain stands on a plain.
    double r = std::hypot(x, y) / (s.size / 2);
    double bump = r >= 1 ? 0 : 0.5 + 0.5 * std::cos(r * 3.141592653589793);
    double noise = 0, amplitude = 0.5, frequency = 4.0 / s.size, total = 0;
    for (int o = 0; o < s.octaves; ++o) {
        noise += amplitude * valueNoise(s.seed + std::uint32_t(o) * 7919u, x * frequency, y * frequency);
        total += amplitude;
        amplitude *= 0.5, frequency *= 2;
    }
    noise = total > 0 ? noise / total : 0; // [0, 1)
    // A little relief on the plain too; never below the base plane.
    return s.height * bump * ((1 - s.roughness) + s.roughness * 2 * noise) + s.height * 0.02 * (1 + noise);
}

TriangleMesh makeMountain(const MountainShape& s, std::size_t targetTriangles) {
    // 2 n^2 on top, 4 n * 2 on the walls, 4 n in the bottom fan: 2 n^2 + 12 n.
    double t = double(targetTriangles);
    int n = std::max(2, static_cast<int>(std::lround((-12 + std::sqrt(144 + 8 * t)) / 4)));
    TriangleMesh m;
    m.name = "mountain";
    double half = s.size / 2, step = s.size / n, base = -s.height * 0.05;
    auto top = [&](int i, int j) { return std::uint32_t(j * (n + 1) + i); };
    for (int j = 0; j <= n; ++j)
        for (int i = 0; i <= n; ++i) {
            double x = -half + i * step, y = -half + j * step;
            m.vertices.push_back({x, y, mountainHeight(s, x, y)});
        }
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) {
            m.triangles.push_back({top(i, j), top(i + 1, j), top(i + 1, j + 1)});
            m.triangles.push_back({top(i, j), top(i + 1, j + 1), top(i, j + 1)});
        }
    // The boundary counter-clockwise seen from above, each top vertex with one below it on the base plane.
    std::vector<std::uint32_t> ring;
    for (int i = 0; i < n; ++i) ring.push_back(top(i, 0));
    for (int j = 0; j < n; ++j) ring.push_back(top(n, j));
    for (int i = n; i > 0; --i) ring.push_back(top(i, n));
    for (int j = n; j > 0; --j) ring.push_back(top(0, j));
    std::vector<std::uint32_t> low;
    for (std::uint32_t v : ring) {
        low.push_back(std::uint32_t(m.vertices.size()));
        m.vertices.push_back({m.vertices[v].x, m.vertices[v].y, base});
    }
    auto centre = std::uint32_t(m.vertices.size());
    m.vertices.push_back({0, 0, base});
    std::size_t k = ring.size();
    for (std::size_t a = 0; a < k; ++a) {
        std::size_t b = (a + 1) % k;
        m.triangles.push_back({low[a], low[b], ring[b]}); // wall, facing out
        m.triangles.push_back({low[a], ring[b], ring[a]});
        m.triangles.push_back({centre, low[b], low[a]}); // bottom, facing down
    }
    m.computeFaceNormals();
    return m;
}

} // namespace cdlab
