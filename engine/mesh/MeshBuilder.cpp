#include "mesh/MeshBuilder.h"

#include <cmath>
#include <numbers>

namespace cdlab {

std::uint32_t MeshBuilder::vertex(const Vec3& v) {
    m_mesh.vertices.push_back(v);
    return static_cast<std::uint32_t>(m_mesh.vertices.size() - 1);
}

void MeshBuilder::grid(const Vec3& origin, const Vec3& du, const Vec3& dv, int nu, int nv) {
    auto base = static_cast<std::uint32_t>(m_mesh.vertices.size());
    for (int j = 0; j <= nv; ++j)
        for (int i = 0; i <= nu; ++i) vertex(origin + du * (double(i) / nu) + dv * (double(j) / nv));
    auto at = [&](int i, int j) { return base + static_cast<std::uint32_t>(j * (nu + 1) + i); };
    for (int j = 0; j < nv; ++j)
        for (int i = 0; i < nu; ++i) {
            m_mesh.triangles.push_back({at(i, j), at(i + 1, j), at(i + 1, j + 1)});
            m_mesh.triangles.push_back({at(i, j), at(i + 1, j + 1), at(i, j + 1)});
        }
}

void MeshBuilder::box(const Vec3& lo, const Vec3& hi, int n, const Pose& pose) {
    auto first = m_mesh.vertices.size();
    Vec3 e = hi - lo;
    Vec3 ex{e.x, 0, 0}, ey{0, e.y, 0}, ez{0, 0, e.z};
    grid(lo, ey, ex, n, n);                 // -z
    grid({lo.x, lo.y, hi.z}, ex, ey, n, n); // +z
    grid(lo, ex, ez, n, n);                 // -y
    grid({lo.x, hi.y, lo.z}, ez, ex, n, n); // +y
    grid(lo, ez, ey, n, n);                 // -x
    grid({hi.x, lo.y, lo.z}, ey, ez, n, n); // +x
    for (auto i = first; i < m_mesh.vertices.size(); ++i) m_mesh.vertices[i] = pose.apply(m_mesh.vertices[i]);
}

void MeshBuilder::block(const Vec3& lo, const Vec3& hi, int n, const Pose& pose) {
    auto coord = [&](int axis, int k) {
        return k == 0 ? lo[axis] : k == n ? hi[axis] : lo[axis] + (hi[axis] - lo[axis]) * k / n;
    };
    for (int a = 0; a < 3; ++a) {
        int u = (a + 1) % 3, v = (a + 2) % 3; // e_u x e_v = e_a
        for (int side = 0; side < 2; ++side) {
            auto base = static_cast<std::uint32_t>(m_mesh.vertices.size());
            for (int j = 0; j <= n; ++j)
                for (int i = 0; i <= n; ++i) {
                    Vec3 p;
                    p[a] = side ? hi[a] : lo[a];
                    p[u] = coord(u, i);
                    p[v] = coord(v, j);
                    vertex(pose.apply(p));
                }
            auto at = [&](int i, int j) { return base + static_cast<std::uint32_t>(j * (n + 1) + i); };
            for (int j = 0; j < n; ++j)
                for (int i = 0; i < n; ++i) {
                    if (side) { // facing +e_a
                        m_mesh.triangles.push_back({at(i, j), at(i + 1, j), at(i + 1, j + 1)});
                        m_mesh.triangles.push_back({at(i, j), at(i + 1, j + 1), at(i, j + 1)});
                    } else {
                        m_mesh.triangles.push_back({at(i, j), at(i + 1, j + 1), at(i + 1, j)});
                        m_mesh.triangles.push_back({at(i, j), at(i, j + 1), at(i + 1, j + 1)});
                    }
                }
        }
    }
}

void MeshBuilder::tube(const std::vector<Vec3>& centre, const std::vector<std::pair<Vec3, Vec3>>& frames,
                       double radius, int sides, bool closed) {
    auto base = static_cast<std::uint32_t>(m_mesh.vertices.size());
    int n = int(centre.size());
    for (int i = 0; i < n; ++i)
        for (int s = 0; s < sides; ++s) {
            double a = 2 * std::numbers::pi * s / sides;
            vertex(centre[i] + (frames[i].first * std::cos(a) + frames[i].second * std::sin(a)) * radius);
        }
    int rings = closed ? n : n - 1;
    for (int i = 0; i < rings; ++i)
        for (int s = 0; s < sides; ++s) {
            auto i0 = base + static_cast<std::uint32_t>(i * sides + s);
            auto i1 = base + static_cast<std::uint32_t>(i * sides + (s + 1) % sides);
            auto j0 = base + static_cast<std::uint32_t>(((i + 1) % n) * sides + s);
            auto j1 = base + static_cast<std::uint32_t>(((i + 1) % n) * sides + (s + 1) % sides);
            m_mesh.triangles.push_back({i0, i1, j1}); // outward for frames with normal x binormal = tangent
            m_mesh.triangles.push_back({i0, j1, j0});
        }
    if (closed) return;
    // Flat caps: fans around the end centres.
    std::uint32_t c0 = vertex(centre.front()), c1 = vertex(centre.back());
    auto last = base + static_cast<std::uint32_t>((n - 1) * sides);
    for (int s = 0; s < sides; ++s) {
        auto a = static_cast<std::uint32_t>(s), b = static_cast<std::uint32_t>((s + 1) % sides);
        m_mesh.triangles.push_back({c0, base + b, base + a});
        m_mesh.triangles.push_back({c1, last + a, last + b});
    }
}

void MeshBuilder::revolution(const std::vector<std::pair<double, double>>& profile, int slices,
                             const Pose& pose) {
    auto base = static_cast<std::uint32_t>(m_mesh.vertices.size());
    int rings = static_cast<int>(profile.size());
    for (int r = 0; r < rings; ++r)
        for (int s = 0; s < slices; ++s) {
            double a = 2 * std::numbers::pi * s / slices;
            vertex(pose.apply(
                {profile[r].first * std::cos(a), profile[r].first * std::sin(a), profile[r].second}));
        }
    for (int r = 0; r + 1 < rings; ++r)
        for (int s = 0; s < slices; ++s) {
            auto i0 = base + static_cast<std::uint32_t>(r * slices + s);
            auto i1 = base + static_cast<std::uint32_t>(r * slices + (s + 1) % slices);
            auto j0 = i0 + slices, j1 = i1 + slices;
            m_mesh.triangles.push_back({i0, i1, j1});
            m_mesh.triangles.push_back({i0, j1, j0});
        }
}

void MeshBuilder::rings(const std::vector<std::vector<Vec3>>& loops, const Pose& pose) {
    std::vector<std::uint32_t> first; // first vertex of each loop
    for (const auto& loop : loops) {
        first.push_back(static_cast<std::uint32_t>(m_mesh.vertices.size()));
        for (const Vec3& p : loop) vertex(pose.apply(p));
    }
    for (std::size_t r = 0; r + 1 < loops.size(); ++r) {
        auto n0 = static_cast<std::uint32_t>(loops[r].size()),
             n1 = static_cast<std::uint32_t>(loops[r + 1].size());
        std::uint32_t a = first[r], b = first[r + 1];
        if (n0 == 1) { // fan up from a bottom pole
            for (std::uint32_t s = 0; s < n1; ++s) m_mesh.triangles.push_back({a, b + (s + 1) % n1, b + s});
            continue;
        }
        if (n1 == 1) { // fan up to a top pole
            for (std::uint32_t s = 0; s < n0; ++s) m_mesh.triangles.push_back({a + s, a + (s + 1) % n0, b});
            continue;
        }
        for (std::uint32_t s = 0; s < n0; ++s) {
            std::uint32_t i0 = a + s, i1 = a + (s + 1) % n0, j0 = b + s, j1 = b + (s + 1) % n0;
            m_mesh.triangles.push_back({i0, i1, j1});
            m_mesh.triangles.push_back({i0, j1, j0});
        }
    }
}

} // namespace cdlab
