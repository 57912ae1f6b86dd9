#include "distance/HullTreeDistance.h"

#include "distance/WorldTriangle.h"
#include "geometry/TriangleDistance.h"

#include <algorithm>
#include <cmath>
#include <queue>
#include <vector>

namespace cdlab {

namespace {

/// Fills `r` from a triangle pair's answer.
void take(MeshDistanceResult& r, const TriangleMesh& ma, std::uint32_t ta, const TriangleMesh& mb,
          std::uint32_t tb, const TriangleDistance& d) {
    r.distance = d.distance;
    r.pointA = d.pointA, r.pointB = d.pointB;
    r.triA = ta, r.triB = tb;
    r.featureA = meshFeature(ma, ta, d.featureA);
    r.featureB = meshFeature(mb, tb, d.featureB);
}

/// The triangle of `tris` nearest world point p (under `pose`).
std::uint32_t nearestTriangle(const TriangleMesh& mesh, const std::vector<std::uint32_t>& tris,
                              const Pose& pose, const Vec3& p) {
    const Vec3 local = pose.inverse().apply(p);
    std::uint32_t best = tris.front();
    double bestD = INFINITY;
    for (std::uint32_t t : tris) {
        Vec3 a, b, c;
        mesh.corners(t, a, b, c);
        double d = pointTriangleDistance(local, a, b, c).distance;
        if (d < bestD) bestD = d, best = t;
    }
    return best;
}

} // namespace

MeshDistanceResult pieceDistance(const HullTree& a, std::uint32_t nodeA, const Pose& pa, const HullTree& b,
                                 std::uint32_t nodeB, const Pose& pb, const GjkResult& hulls, double limit,
                                 HullDistanceStats* stats) {
    const TriangleMesh &ma = *a.mesh(), &mb = *b.mesh();
    const std::vector<std::uint32_t>&ta = a.trianglesOf(nodeA), &tb = b.trianglesOf(nodeB);
    MeshDistanceResult r;
    if (!hulls.intersecting && hulls.lowerBound > 0) {
        // The certificate: the pieces lie inside their hulls, so their distance is at least the hulls' lower
        // bound; a triangle pair that close is the pieces' distance (within kCertificate).
        std::uint32_t x = nearestTriangle(ma, ta, pa, hulls.pointA),
                      y = nearestTriangle(mb, tb, pb, hulls.pointB);
        WorldTriangle wx = worldTriangle(ma, x, pa), wy = worldTriangle(mb, y, pb);
        if (stats) ++stats->triTests;
        TriangleDistance d = triangleDistance(wx.p[0], wx.p[1], wx.p[2], wy.p[0], wy.p[1], wy.p[2]);
        if (d.distance <= hulls.lowerBound * (1 + kCertificate)) {
            if (d.distance < limit) take(r, ma, x, mb, y, d);
            r.lowerBound = r.found() ? r.distance : limit;
            return r;
        }
    }
    // The hulls' closest points are on no triangle (a cap of the hull), or the hulls overlap: every
    // triangle pair whose boxes are not already farther than the best.
    std::vector<WorldTriangle> wb(tb.size());
    for (std::size_t j = 0; j < tb.size(); ++j) wb[j] = worldTriangle(mb, tb[j], pb);
    double best = limit;
    for (std::uint32_t x : ta) {
        WorldTriangle wx = worldTriangle(ma, x, pa);
        for (std::size_t j = 0; j < tb.size(); ++j) {
            if (boxGap2(wx.box, wb[j].box) > best * best * (1 + 1e-9)) continue;
            if (stats) ++stats->triTests;
            const WorldTriangle& wy = wb[j];
            TriangleDistance d = triangleDistance(wx.p[0], wx.p[1], wx.p[2], wy.p[0], wy.p[1], wy.p[2]);
            if (d.distance < best) {
                best = d.distance;
                take(r, ma, x, mb, tb[j], d);
            }
        }
    }
    r.lowerBound = r.found() ? r.distance : limit;
    return r;
}

MeshDistanceResult hullTreeDistance(const HullTree& a, const Pose& pa, const HullTree& b, const Pose& pb,
                                    const DistanceOptions& options, HullDistanceStats* stats,
                                    HullPairCache* cache) {
    if (a.empty() || b.empty()) return {};
    const auto& na = a.nodes();
    const auto& nb = b.nodes();
    MeshDistanceResult best;
    double limit = options.upperBound; // a pair must be closer than this to count
    auto wants = [&](double lowerBound) { return lowerBound < limit; };
    auto gjk = [&](std::uint32_t i, std::uint32_t j) {
        GjkResult g = gjkDistance(na[i].hull, pa, nb[j].hull, pb);
        if (stats) ++stats->gjkCalls, stats->gjkIterations += std::uint64_t(g.iterations);
        return g;
    };
    bool stop = false;
    auto leaf = [&](std::uint32_t i, std::uint32_t j, const GjkResult& g) {
        MeshDistanceResult r = pieceDistance(a, i, pa, b, j, pb, g, limit, stats);
        if (r.found() && r.distance < limit) {
            best = r;
            limit = r.distance;
            if (r.distance < options.stopBelow) stop = true;
        }
    };
    // Warm start: the last answer's pieces first.
    std::uint32_t warmA = UINT32_MAX, warmB = UINT32_MAX;
    if (cache && cache->valid && cache->pieceA < a.pieceCount() && cache->pieceB < b.pieceCount()) {
        warmA = a.leafOf(cache->pieceA), warmB = b.leafOf(cache->pieceB);
        if (stats) ++stats->nodePairs;
        leaf(warmA, warmB, gjk(warmA, warmB));
    }
    auto finish = [&](double lowerBound) {
        best.lowerBound = lowerBound;
        if (cache && best.found())
            *cache = {true, a.decomposition().pieceOf()[best.triA], b.decomposition().pieceOf()[best.triB]};
        return best;
    };
    if (stop) return finish(0);

    struct Entry {
        double lowerBound;
        std::uint32_t a, b;
        GjkResult g; // the hulls' answer (leaf pairs reuse it)
        bool operator>(const Entry& o) const { return lowerBound > o.lowerBound; }
    };
    std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> queue;
    // A node pair's bound: the spheres' gap first (no GJK when it already prunes), then GJK's.
    auto push = [&](std::uint32_t i, std::uint32_t j) {
        if (stats) ++stats->nodePairs;
        const double gap =
            length(pa.apply(na[i].center) - pb.apply(nb[j].center)) - na[i].radius - nb[j].radius;
        // 1e-9 relative of the spheres' size covers the rounding of the gap.
        if (!wants(gap - 1e-9 * (na[i].radius + nb[j].radius))) return;
        GjkResult g = gjk(i, j);
        double lb = g.intersecting ? 0.0 : std::max(0.0, g.lowerBound);
        if (wants(lb)) queue.push({lb, i, j, g});
    };
    push(0, 0);
    while (!queue.empty()) {
        Entry e = queue.top();
        queue.pop();
        if (!wants(e.lowerBound)) break; // every pair left is at least this far
        if (options.relativeError > 0 && best.found() &&
            e.lowerBound * (1 + options.relativeError) >= best.distance)
            return finish(std::min(e.lowerBound, best.distance));
        const HullNode &x = na[e.a], &y = nb[e.b];
        if (x.isLeaf() && y.isLeaf()) {
            if (e.a == warmA && e.b == warmB) continue; // measured first
            leaf(e.a, e.b, e.g);
            if (stop) return finish(0);
            continue;
        }
        // Descend the larger node (a leaf cannot be split).
        bool splitA = y.isLeaf() || (!x.isLeaf() && x.radius >= y.radius);
        for (std::uint32_t c = 0; c < 2; ++c)
            splitA ? push(x.firstChild + c, e.b) : push(e.a, y.firstChild + c);
    }
    return finish(best.found() ? best.distance : options.upperBound);
}

} // namespace cdlab
