#include "distance/MeshDistance.h"

#include "core/InputError.h"
#include "distance/WorldTriangle.h"
#include "geometry/TriangleDistance.h"

#include <algorithm>
#include <queue>
#include <vector>

namespace cdlab {

namespace {

/// The best pair so far and the rule both queries share: a pair replaces it when strictly closer, or as
/// close with a smaller (triA, triB); nothing at or beyond `upperBound` is taken.
struct Best {
    const TriangleMesh& a;
    const TriangleMesh& b;
    const Pose& pa;
    const Pose& pb;
    DistanceOptions options;
    DistanceStats* stats;
    MeshDistanceResult result;
    double limit; ///< the distance a pair must not exceed: upperBound, then the best so far
    bool stop = false;
    /// No early stop (stopBelow, relativeError): the answer is the least pair in (distance, triA, triB)
    /// order, whatever order the pairs are visited in.
    bool exact = !(options.stopBelow > 0) && !(options.relativeError > 0);

    Best(const TriangleMesh& ma, const Pose& posa, const TriangleMesh& mb, const Pose& posb,
         const DistanceOptions& o, DistanceStats* s)
        : a(ma), b(mb), pa(posa), pb(posb), options(o), stats(s), limit(o.upperBound) {}

    /// Whether a pair whose distance is at least `lowerBound` could still replace the best.
    bool wants(double lowerBound) const { return result.found() ? lowerBound <= limit : lowerBound < limit; }
    /// The same for the triangle pairs under a node pair whose smallest triangle indices are `minA` and
    /// `minB`: at the tie distance (lowerBound == limit) only a smaller (triA, triB) could replace the best,
    /// and none below is smaller when minA > triA, or minA == triA and minB >= triB. It skips only pairs
    /// that test() would reject, so an exact query's answer is the one without it (what makes it pay:
    /// touching or intersecting meshes, where every overlapping node pair has lowerBound 0 == limit). A
    /// query that stops early keeps every pair: its answer is the first pair it meets, which the queue's
    /// order among equal lower bounds decides, and that order must stay what it was.
    bool wants(double lowerBound, std::uint32_t minA, std::uint32_t minB) const {
        if (!wants(lowerBound)) return false;
        if (!exact || !result.found() || lowerBound < limit) return true;
        return minA < result.triA || (minA == result.triA && minB < result.triB);
    }

    void test(std::uint32_t ta, std::uint32_t tb) {
        if (stats) ++stats->triTests;
        const Triangle &x = a.triangles[ta], &y = b.triangles[tb];
        // World corners, the same arithmetic in both queries: their answers agree to the last bit.
        TriangleDistance d = triangleDistance(pa.apply(a.vertices[x[0]]), pa.apply(a.vertices[x[1]]),
                                              pa.apply(a.vertices[x[2]]), pb.apply(b.vertices[y[0]]),
                                              pb.apply(b.vertices[y[1]]), pb.apply(b.vertices[y[2]]));
        bool better = result.found() ? d.distance < limit ||
                                           (d.distance == limit &&
                                            std::make_pair(ta, tb) < std::make_pair(result.triA, result.triB))
                                     : d.distance < limit;
        if (!better) return;
        limit = d.distance;
        result.distance = d.distance;
        result.pointA = d.pointA, result.pointB = d.pointB;
        result.triA = ta, result.triB = tb;
        result.featureA = meshFeature(a, ta, d.featureA);
        result.featureB = meshFeature(b, tb, d.featureB);
        if (d.distance < options.stopBelow) stop = true;
    }
};

} // namespace

MeshFeature meshFeature(const TriangleMesh& mesh, std::uint32_t tri, TriangleFeature feature) {
    const Triangle& t = mesh.triangles[tri];
    int k = static_cast<int>(feature);
    if (feature == TriangleFeature::Face) return MeshFeature::face(tri);
    if (k < 3) return MeshFeature::vertex(t[k]);
    return MeshFeature::edge(t[k - 3], t[(k - 2) % 3]);
}

MeshDistanceResult bruteForceDistance(const TriangleMesh& a, const Pose& pa, const TriangleMesh& b,
                                      const Pose& pb, const DistanceOptions& options, DistanceStats* stats) {
    checkTriangleIndices(a), checkTriangleIndices(b);
    Best best(a, pa, b, pb, options, stats);
    std::vector<Aabb> boxesB(b.triangles.size());
    for (std::size_t j = 0; j < boxesB.size(); ++j) boxesB[j] = worldTriangle(b, j, pb).box;
    for (std::uint32_t i = 0; i < a.triangles.size(); ++i) {
        Aabb boxA = worldTriangle(a, i, pa).box;
        for (std::uint32_t j = 0; j < b.triangles.size(); ++j) {
            // The box gap is a lower bound of the triangles' distance; 1e-9 relative covers its rounding.
            double limit2 = best.limit * best.limit * (1 + 1e-9);
            if (boxGap2(boxA, boxesB[j]) > limit2) continue;
            best.test(i, j);
            // Later pairs come after this one in (triA, triB) order: only a strictly closer one could win,
            // and none is closer than 0.
            if (best.stop || (best.result.found() && best.limit == 0)) {
                best.result.lowerBound = best.stop ? 0 : best.result.distance;
                return best.result;
            }
        }
    }
    best.result.lowerBound = best.result.found() ? best.result.distance : options.upperBound;
    return best.result;
}

MeshDistanceResult meshDistance(const DistanceTree& ta, const Pose& pa, const DistanceTree& tb,
                                const Pose& pb, const DistanceOptions& options, DistanceStats* stats) {
    if (ta.empty() || tb.empty()) return {};
    Best best(*ta.mesh(), pa, *tb.mesh(), pb, options, stats);
    const auto& na = ta.nodes();
    const auto& nb = tb.nodes();
    // Bounds in a's mesh frame: b's nodes through the relative pose.
    const Pose rel = Pose::relative(pa, pb);
    auto bound = [&](std::uint32_t i, std::uint32_t j) {
        if (stats) ++stats->bvTests;
        const Rss& rb = nb[j].rss;
        Mat3 axes;
        axes.r[0] = rel.R * rb.axes.r[0], axes.r[1] = rel.R * rb.axes.r[1]; // the normal is not read
        return rssLowerBound(na[i].rss, axes, rel.apply(rb.center), rb, best.limit);
    };
    // Best-first (Larsen et al. 1999, sec. 4.2 orders the recursion by distance): the node pair of smallest
    // lower bound next, so the first triangle pairs tested are close ones and the bound prunes early.
    struct Entry {
        double lowerBound;
        std::uint32_t a, b;
        std::uint32_t minA, minB; ///< the smallest triangle indices below (DistanceNode::minTri)
    };
    // An exact query (no early stop) returns the least pair in (distance, triA, triB) order whatever order
    // it visits node pairs in, so among equal lower bounds (the 0s of touching meshes) it takes the pair of
    // smallest triangle indices first: the tie rule's winner comes early and prunes the rest. A query that
    // stops early answers with the first pair it meets: it keeps the order by lower bound alone.
    auto later = [exact = best.exact](const Entry& x, const Entry& y) {
        if (x.lowerBound != y.lowerBound || !exact) return x.lowerBound > y.lowerBound;
        return x.minA != y.minA ? x.minA > y.minA : x.minB > y.minB;
    };
    std::priority_queue<Entry, std::vector<Entry>, decltype(later)> queue(later);
    queue.push({bound(0, 0), 0, 0, na[0].minTri, nb[0].minTri});
    while (!queue.empty()) {
        Entry e = queue.top();
        queue.pop();
        if (!best.wants(e.lowerBound)) break;                    // every pair left is at least this far
        if (!best.wants(e.lowerBound, e.minA, e.minB)) continue; // a tie it cannot win
        if (options.relativeError > 0 && best.result.found() &&
            e.lowerBound * (1 + options.relativeError) >= best.result.distance) {
            best.result.lowerBound = std::min(e.lowerBound, best.result.distance); // the queue's least
            return best.result;
        }
        const DistanceNode &x = na[e.a], &y = nb[e.b];
        if (x.isLeaf() && y.isLeaf()) {
            for (std::uint32_t i = x.firstTri; i < x.firstTri + x.triCount; ++i)
                for (std::uint32_t j = y.firstTri; j < y.firstTri + y.triCount; ++j) {
                    best.test(ta.triIndex()[i], tb.triIndex()[j]);
                    if (best.stop) {
                        best.result.lowerBound = 0; // under stopBelow: how much under is not known
                        return best.result;
                    }
                }
            continue;
        }
        // Descend the larger volume (a leaf cannot be split).
        bool splitA = y.isLeaf() || (!x.isLeaf() && x.size >= y.size);
        for (std::uint32_t c = 0; c < 2; ++c) {
            std::uint32_t i = splitA ? x.firstChild + c : e.a, j = splitA ? e.b : y.firstChild + c;
            double lb = bound(i, j);
            if (best.wants(lb, na[i].minTri, nb[j].minTri))
                queue.push({lb, i, j, na[i].minTri, nb[j].minTri});
        }
    }
    best.result.lowerBound = best.result.found() ? best.result.distance : options.upperBound;
    return best.result;
}

} // namespace cdlab
