#include "mesh/ClosedTeapot.h"

#include "mesh/SolidUnion.h"
#include "mesh/TeapotPatches.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <numbers>
#include <set>

namespace cdlab {

namespace {

using Edge = std::pair<std::uint32_t, std::uint32_t>;

/// Moves every vertex within `tolerance` (per coordinate) of an earlier one onto it, so weldAndClean merges
/// them. The bottom's patches run around the axis the other way from the wall's: their shared ring is
/// sampled at u and 1 - u, the same points up to rounding, not bit-identical ones.
void snapNearVertices(TriangleMesh& m, double tolerance) {
    using Cell = std::array<long long, 3>;
    std::map<Cell, std::vector<std::uint32_t>> grid;
    auto cellOf = [&](const Vec3& p) {
        return Cell{std::llround(p.x / tolerance), std::llround(p.y / tolerance),
                    std::llround(p.z / tolerance)};
    };
    for (std::uint32_t v = 0; v < m.vertices.size(); ++v) {
        Vec3& p = m.vertices[v];
        Cell c = cellOf(p);
        bool snapped = false;
        for (long long dx = -1; dx <= 1 && !snapped; ++dx)
            for (long long dy = -1; dy <= 1 && !snapped; ++dy)
                for (long long dz = -1; dz <= 1 && !snapped; ++dz) {
                    auto it = grid.find({c[0] + dx, c[1] + dy, c[2] + dz});
                    if (it == grid.end()) continue;
                    for (std::uint32_t w : it->second) {
                        const Vec3& q = m.vertices[w];
                        if (std::abs(q.x - p.x) <= tolerance && std::abs(q.y - p.y) <= tolerance &&
                            std::abs(q.z - p.z) <= tolerance) {
                            p = q;
                            snapped = true;
                            break;
                        }
                    }
                }
        if (!snapped) grid[c].push_back(v);
    }
}

/// The patches' meshes welded: neighbouring patches share their boundary curves (bit-exactly but for the
/// bottom's ring), the bottom's and the knob's rows collapse to poles.
TriangleMesh weldedPatches(std::initializer_list<int> patches, double scale, int n) {
    TriangleMesh m;
    for (int p : patches) appendTeapotPatch(m, p, scale, n);
    // Rounding leaves the ring's samples some 1e-16 apart; the closest distinct samples lie ~1e-3 apart.
    snapNearVertices(m, 1e-9 * scale);
    m.weldAndClean();
    return m;
}

/// The loops of directed edges u -> v that no triangle traverses back (v -> u), each in order around its
/// hole. After welding these are the rims of the openings.
std::vector<std::vector<Edge>> boundaryLoops(const TriangleMesh& m) {
    std::set<Edge> directed;
    for (const Triangle& t : m.triangles)
        for (int k = 0; k < 3; ++k) directed.insert({t[k], t[(k + 1) % 3]});
    std::map<std::uint32_t, std::uint32_t> next;
    for (const Edge& e : directed)
        if (!directed.count({e.second, e.first})) next[e.first] = e.second;
    std::vector<std::vector<Edge>> loops;
    while (!next.empty()) {
        std::vector<Edge> loop;
        std::uint32_t start = next.begin()->first, u = start;
        do {
            std::uint32_t v = next.at(u);
            next.erase(u);
            loop.push_back({u, v});
            u = v;
        } while (u != start);
        loops.push_back(std::move(loop));
    }
    return loops;
}

/// Closes a planar, convex hole by a fan from its centroid, each triangle traversing its rim edge against
/// the mesh (v -> u for the mesh's u -> v) so the orientation stays consistent.
void capLoop(TriangleMesh& m, const std::vector<Edge>& loop) {
    Vec3 c;
    for (const Edge& e : loop) c += m.vertices[e.first];
    c = c * (1.0 / double(loop.size()));
    auto centre = static_cast<std::uint32_t>(m.vertices.size());
    m.vertices.push_back(c);
    for (const Edge& e : loop) m.triangles.push_back({centre, e.second, e.first});
}

/// Joins two coplanar rims around the z axis by a flat ring: each vertex of `outer` to the vertex of `inner`
/// at the same angle (the rim's and the lid's patches share their angular parametrization).
void bridgeLoops(TriangleMesh& m, const std::vector<Edge>& outer, const std::vector<Edge>& inner) {
    auto angle = [&](std::uint32_t v) { return std::atan2(m.vertices[v].y, m.vertices[v].x); };
    auto partner = [&](std::uint32_t v) {
        std::uint32_t best = inner.front().first;
        double a = angle(v), bestGap = 10;
        for (const Edge& e : inner) {
            double gap = std::abs(std::remainder(angle(e.first) - a, 2 * std::numbers::pi));
            if (gap < bestGap) bestGap = gap, best = e.first;
        }
        return best;
    };
    // The two rims run opposite ways around the axis (the closed surface is orientable): the ring traverses
    // the outer rim's u -> v as v -> u and the inner rim's v' -> u' as u' -> v'.
    for (const Edge& e : outer) {
        std::uint32_t u = e.first, v = e.second, u2 = partner(u), v2 = partner(v);
        m.triangles.push_back({v, u, u2});
        m.triangles.push_back({v, u2, v2});
    }
}

/// Patches whose end loops are planar and convex: every hole capped by a fan.
TriangleMesh cappedTube(std::initializer_list<int> patches, double scale, int n) {
    TriangleMesh m = weldedPatches(patches, scale, n);
    for (const auto& loop : boundaryLoops(m)) capLoop(m, loop);
    m.computeFaceNormals();
    return m;
}

double meanRadius(const TriangleMesh& m, const std::vector<Edge>& loop) {
    double r = 0;
    for (const Edge& e : loop) r += std::hypot(m.vertices[e.first].x, m.vertices[e.first].y);
    return r / double(loop.size());
}

} // namespace

std::vector<TriangleMesh> closedTeapotSolids(double scale, int n) {
    // Body: rim 0-3, wall 4-11, bottom 28-31 (closed at its pole); lid: knob 20-23, lid 24-27. The rim's
    // inner edge (r = 1.4) and the lid's outer edge (r = 1.3) both lie at z = 2.4: a flat ring closes both.
    TriangleMesh body = weldedPatches(
        {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31}, scale, n);
    std::vector<std::vector<Edge>> rims = boundaryLoops(body);
    if (rims.size() == 2) {
        if (meanRadius(body, rims[0]) < meanRadius(body, rims[1])) std::swap(rims[0], rims[1]);
        bridgeLoops(body, rims[0], rims[1]);
    }
    body.computeFaceNormals();
    body.name = "teapot body";
    // Handle 12-15 and spout 16-19: tubes whose end loops are planar ovals (the handle's ends and the
    // spout's base lie inside the body; the spout's tip is its opening).
    TriangleMesh handle = cappedTube({12, 13, 14, 15}, scale, n);
    handle.name = "teapot handle";
    TriangleMesh spout = cappedTube({16, 17, 18, 19}, scale, n);
    spout.name = "teapot spout";
    return {std::move(body), std::move(spout), std::move(handle)};
}

TriangleMesh makeClosedTeapot(double scale, std::size_t targetTriangles) {
    // The open teapot has 64 n^2 - 8 n triangles (the bottom's and the knob's pole rows collapse): the n
    // closest to the target, as makeTeapot picks it.
    int n = 2;
    auto count = [](int k) { return 64.0 * k * k - 8.0 * k; };
    while (std::abs(count(n + 1) - double(targetTriangles)) < std::abs(count(n) - double(targetTriangles)))
        ++n;
    TriangleMesh m = uniteSolids(closedTeapotSolids(scale, n));
    m.name = "teapot";
    m.computeFaceNormals();
    return m;
}

} // namespace cdlab
