// SbvAlgorithm's drawing: both SBVs, the OSH with d*, the support points, the overlap region and the kept
// and culled triangles (the viewer's SBV overlays; sbv Figs. 1-3).
#include "algorithms/SbvAlgorithm.h"

#include "debug/DebugSink.h"

#include <algorithm>
#include <cmath>

namespace cdlab {

namespace {

constexpr Rgba kSbvColors[2] = {{0.3f, 0.9f, 0.5f, 1.0f}, {0.4f, 0.6f, 1.0f, 1.0f}};
constexpr Rgba kSupportVectorColor{1.0f, 0.3f, 0.9f, 1.0f};
constexpr Rgba kRegionColor{1.0f, 0.6f, 0.1f, 1.0f};
constexpr Rgba kPlaneColor{1.0f, 0.95f, 0.3f, 0.25f};
constexpr Rgba kKeptColor{1.0f, 0.45f, 0.1f, 0.8f};
constexpr Rgba kCulledColor{0.5f, 0.5f, 0.55f, 0.35f};

/// Edges in `color`, faces translucent.
void drawPolytope(DebugSink& sink, const ConvexPolytope& p, Rgba color, DebugCategory cat) {
    Rgba fill = color;
    fill.a = 0.12f;
    for (const auto& f : p.faces) {
        for (std::size_t i = 0; i < f.size(); ++i)
            sink.line(p.vertices[f[i]], p.vertices[f[(i + 1) % f.size()]], color, cat);
        for (std::size_t i = 1; i + 1 < f.size(); ++i)
            sink.triangle(p.vertices[f[0]], p.vertices[f[i]], p.vertices[f[i + 1]], fill, cat);
    }
}

/// Two unit vectors perpendicular to unit d.
void basis(const Vec3& d, Vec3& u, Vec3& v) {
    const Vec3 helper = std::abs(d.x) < 0.9 ? Vec3{1, 0, 0} : Vec3{0, 1, 0};
    u = normalize(cross(d, helper));
    v = cross(d, u);
}

} // namespace

void SbvAlgorithm::draw(std::uint32_t a, std::uint32_t b, const CsbvResult& r, DebugSink& sink) const {
    const TriangleMesh* meshes[2] = {&mesh(a), &mesh(b)};
    const std::vector<Vec3>* verts[2] = {&lastWorldVertices(a), &lastWorldVertices(b)};
    const std::uint32_t objects[2] = {a, b};
    const Sbv* sbvs[2] = {&r.sbvA, &r.sbvB};
    const std::vector<std::uint32_t>* support[2] = {&r.supportA, &r.supportB};
    const std::vector<std::uint32_t>* kept[2] = {&r.keptA, &r.keptB};
    Aabb both;
    for (int k = 0; k < 2; ++k) {
        const DebugTag tag{std::int32_t(objects[k]), -1};
        sink.setTag(tag);
        if (sink.wants(DebugCategory::SbvVolume, tag))
            drawPolytope(sink, intersectHalfSpaces(sbvs[k]->halfSpaces(r.axes), r.tolerance), kSbvColors[k],
                         DebugCategory::SbvVolume);
        if (sink.wants(DebugCategory::SupportPoint, tag))
            for (std::uint32_t i : *support[k])
                sink.point((*verts[k])[i], kSbvColors[k], DebugCategory::SupportPoint);
        const std::vector<std::uint32_t>& svs = k == 0 ? r.osh.supportA : r.osh.supportB;
        if (sink.wants(DebugCategory::SupportVector, tag))
            for (std::uint32_t i : svs)
                sink.point((*verts[k])[i], kSupportVectorColor, DebugCategory::SupportVector);
        for (const Vec3& p : *verts[k]) both.grow(p);
        const bool wantKept = sink.wants(DebugCategory::TriangleKept, tag);
        const bool wantCulled = sink.wants(DebugCategory::TriangleCulled, tag);
        if (!wantKept && !wantCulled) continue;
        std::vector<char> isKept(meshes[k]->triangles.size(), 0);
        for (std::uint32_t t : *kept[k]) isKept[t] = 1;
        for (std::size_t t = 0; t < isKept.size(); ++t) {
            const Triangle& tri = meshes[k]->triangles[t];
            const Vec3 &p = (*verts[k])[tri[0]], &q = (*verts[k])[tri[1]], &s = (*verts[k])[tri[2]];
            if (isKept[t] && wantKept)
                sink.triangle(p, q, s, kKeptColor, DebugCategory::TriangleKept);
            else if (!isKept[t] && wantCulled) {
                sink.line(p, q, kCulledColor, DebugCategory::TriangleCulled);
                sink.line(q, s, kCulledColor, DebugCategory::TriangleCulled);
                sink.line(s, p, kCulledColor, DebugCategory::TriangleCulled);
            }
        }
    }
    sink.setTag({std::int32_t(a), -1});
    if (!r.region.empty() && sink.wants(DebugCategory::OverlapRegion, {std::int32_t(a), -1}))
        drawPolytope(sink, intersectHalfSpaces(r.region, r.tolerance), kRegionColor,
                     DebugCategory::OverlapRegion);
    const Vec3 d = r.direction;
    if (d == Vec3{0, 0, 0} || !sink.wants(DebugCategory::SeparatingPlane, {std::int32_t(a), -1})) return;
    // The OSH halfway between the OSSHs E_d*(A) and -E_-d*(B) (the middle of the overlap slab when they
    // overlap), as a square over both bodies' extent, and d* from A's support plane towards B.
    const std::size_t k = r.axes.size() - 1;
    const double planeA = r.sbvA.hi[k], planeB = r.sbvB.lo[k];
    const double offset = 0.5 * (planeA + planeB);
    const Vec3 centre = both.center();
    const Vec3 onPlane = centre + d * (offset - dot(d, centre));
    const double half = 0.5 * length(both.extent());
    Vec3 u, v;
    basis(d, u, v);
    const Vec3 c0 = onPlane + (u + v) * half, c1 = onPlane + (v - u) * half, c2 = onPlane - (u + v) * half,
               c3 = onPlane + (u - v) * half;
    sink.triangle(c0, c1, c2, kPlaneColor, DebugCategory::SeparatingPlane);
    sink.triangle(c0, c2, c3, kPlaneColor, DebugCategory::SeparatingPlane);
    Rgba edge = kPlaneColor;
    edge.a = 1;
    for (auto [p, q] : {std::pair{c0, c1}, {c1, c2}, {c2, c3}, {c3, c0}})
        sink.line(p, q, edge, DebugCategory::SeparatingPlane);
    sink.arrow(onPlane, onPlane + d * (0.4 * half), edge, DebugCategory::SeparatingPlane);
}

} // namespace cdlab
