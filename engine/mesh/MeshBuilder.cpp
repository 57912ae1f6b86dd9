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

} // namespace cdlab
