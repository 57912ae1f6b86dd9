#include "articulated/RssFrontStep.h"

#include "core/Assert.h"
#include "distance/MeshDistance.h"
#include "geometry/TriangleDistance.h"

#include <algorithm>
#include <cmath>
#include <queue>
#include <vector>

namespace cdlab {

namespace {

/// A node's points: its RSS's ball (the rectangle's centre; half diagonal plus radius), in the mesh frame,
/// which is its link's frame.
MotionBound::Ball ballOf(const DistanceNode& n) {
    return {n.rss.center, n.size};
}

/// How far a node's points lie from its link's frame origin (their lever, MotionBound.h).
double armOf(const DistanceNode& n) {
    return n.arm;
}

double stepOf(double d, double mu) {
    return mu > 0 ? d / mu : INFINITY;
}

} // namespace

DirectionalStep rssFrontStep(const DistanceTree& a, const Pose& pa, const DistanceTree& b, const Pose& pb,
                             double time, const RssFrontFrame& frame, double epsilon, double relativeError,
                             const DirectionalBounds& bounds, RssFrontStats* stats, RssFrontCache* cache) {
    DirectionalStep out;
    if (a.empty() || b.empty()) return out;
    CDLAB_ASSERT(relativeError >= 0, "the front's relative error is not negative");
    // The cache's frame (see the header): the same, the one before (the front is re-validated: its safe
    // times and distances were that frame's), or any other (start afresh).
    bool carried = false;
    if (cache && !(cache->frame == frame)) {
        if (cache->frame.followedBy(frame)) {
            carried = !cache->front.empty();
            cache->frontTime = NAN;
        } else {
            const bool keepFront = cache->keepFront;
            *cache = RssFrontCache{};
            cache->keepFront = keepFront;
        }
        cache->frame = frame;
    }
    const auto& na = a.nodes();
    const auto& nb = b.nodes();
    const TriangleMesh &ma = *a.mesh(), &mb = *b.mesh();
    const Pose rel = Pose::relative(pa, pb); // b's nodes in a's mesh frame
    const double slack = 1 + relativeError;

    struct Entry {
        /// Safe for every triangle pair below (a lower bound of its front's step until projected).
        double step;
        double d; ///< the slab's width along n (0: the volumes meet)
        /// The unprojected speed of the nodes' points (MotionBound.h), from now to the frame's end.
        double full;
        std::uint32_t a, b;
        Vec3 n; ///< world, unit, from a towards b
        bool projected;
        bool operator>(const Entry& o) const { return step > o.step; }
    };
    double best = INFINITY;    // the least step over the leaf pairs measured
    double cutStep = INFINITY; // the least step over the pairs left on the front (cut)
    std::uint32_t limitA = UINT32_MAX, limitB = UINT32_MAX; // the leaf pair that gave `best`
    std::uint32_t warmA = UINT32_MAX, warmB = UINT32_MAX;   // the leaf pair measured first (below)
    // This step's front, for the next step of the pair (RssFrontCache): the pairs cut, the leaf pairs
    // measured.
    const bool keep = cache && cache->keepFront;
    const double now = time;
    std::vector<RssFrontCache::FrontPair> front;
    auto cut = [&](const Entry& e) {
        if (keep && !(e.a == warmA && e.b == warmB))
            front.push_back({e.a, e.b, now + e.step, e.d, e.full}); // leaf() kept the warm pair
        out.distance = std::min(out.distance, e.d);
        if (e.step < cutStep) {
            cutStep = e.step;
            if (cutStep < best) { // the step's pair is this volume pair: its centres stand for the points
                out.pointA = pa.apply(na[e.a].rss.center), out.pointB = pb.apply(nb[e.b].rss.center);
            }
        }
    };
    // A node pair's slab, and its key: the inherited step or its own over the unprojected speed (both
    // safe, MotionBound.h: the full bound holds for any direction). A pair whose key already settles it
    // (below) is cut here; only the six cheap axes are tried when they suffice for that.
    std::uint64_t measured = 0; // node pairs separated by this step (its cost)
    auto measure = [&](std::uint32_t i, std::uint32_t j, double inherited, Entry& e) {
        ++measured;
        if (stats) ++stats->nodePairs;
        const Rss& rb = nb[j].rss;
        const double full = bounds.fullLine(armOf(na[i]), armOf(nb[j]));
        const double enough = std::isfinite(best) ? std::max(epsilon, best * full / slack) : INFINITY;
        Mat3 axes;
        axes.r[0] = rel.R * rb.axes.r[0], axes.r[1] = rel.R * rb.axes.r[1]; // the normal is not read
        const RssSeparation s = rssSeparation(na[i].rss, axes, rel.apply(rb.center), rb, enough);
        e.a = i, e.b = j;
        e.full = full;
        e.d = s.gap;
        e.n = pa.R * s.axis;
        e.step = std::max(inherited, e.d > 0 ? stepOf(e.d, full) : 0.0);
        e.projected = !(e.d > 0); // no slab, no direction: the inherited step is all there is
        if (e.step * slack >= best && e.d >= epsilon) {
            cut(e);
            return false;
        }
        return true;
    };
    // sec. 6's bound projected on the pair's slab direction (safe: both volumes are convex, see the header).
    auto project = [&](Entry& e) {
        if (stats) ++stats->projections;
        const double p = bounds.projectedStep(e.d, e.n, ballOf(na[e.a]), ballOf(nb[e.b]));
        e.step = std::max(e.step, p);
        e.projected = true;
    };
    // A leaf pair: each triangle pair exactly. Returns false at a contact (out filled).
    auto leaf = [&](const Entry& e) {
        const DistanceNode &x = na[e.a], &y = nb[e.b];
        double least = INFINITY, nearest = INFINITY; // the pair's step and distance, over its triangle pairs
        const double full = bounds.fullLine(armOf(x), armOf(y));
        for (std::uint32_t p = x.firstTri; p < x.firstTri + x.triCount; ++p)
            for (std::uint32_t q = y.firstTri; q < y.firstTri + y.triCount; ++q) {
                const std::uint32_t ta = a.triIndex()[p], tb = b.triIndex()[q];
                if (stats) ++stats->triTests;
                const Triangle &u = ma.triangles[ta], &v = mb.triangles[tb];
                const TriangleDistance d = triangleDistance(
                    pa.apply(ma.vertices[u[0]]), pa.apply(ma.vertices[u[1]]), pa.apply(ma.vertices[u[2]]),
                    pb.apply(mb.vertices[v[0]]), pb.apply(mb.vertices[v[1]]), pb.apply(mb.vertices[v[2]]));
                if (d.distance < epsilon) {
                    out.contact = true;
                    out.distance = d.distance;
                    out.pointA = d.pointA, out.pointB = d.pointB;
                    out.closest.distance = out.closest.lowerBound = d.distance;
                    out.closest.pointA = d.pointA, out.closest.pointB = d.pointB;
                    out.closest.triA = ta, out.closest.triB = tb;
                    out.closest.featureA = meshFeature(ma, ta, d.featureA);
                    out.closest.featureB = meshFeature(mb, tb, d.featureB);
                    if (cache)
                        cache->valid = true, cache->nodeA = e.a, cache->nodeB = e.b, cache->front.clear();
                    return false;
                }
                // Two triangles are convex: their closest-points direction spans a slab of their distance.
                // The inherited step, the projected one and the full-speed one are each safe: the largest.
                const Vec3 n = (d.pointB - d.pointA) / d.distance;
                if (stats) ++stats->projections;
                double step = std::max({e.step, stepOf(d.distance, full),
                                        bounds.projectedStep(d.distance, n, ballOf(x), ballOf(y))});
                out.distance = std::min(out.distance, d.distance);
                least = std::min(least, step), nearest = std::min(nearest, d.distance);
                if (step < best) {
                    best = step;
                    limitA = e.a, limitB = e.b;
                    out.pointA = d.pointA, out.pointB = d.pointB;
                }
            }
        if (keep) front.push_back({e.a, e.b, now + least, nearest, full});
        return true;
    };

    // Coherence: the leaf pair that limited the last step first, so `best` starts near its final value.
    if (cache && cache->valid && cache->nodeA < na.size() && cache->nodeB < nb.size() &&
        na[cache->nodeA].isLeaf() && nb[cache->nodeB].isLeaf()) {
        warmA = cache->nodeA, warmB = cache->nodeB;
    } else {
        // No last step to start from: a dive from the roots, each time into the child pair of the smaller
        // lower bound, finds a close leaf pair in depth steps; its step seeds `best` (without one, every pair
        // that comes up before the first leaf is projected).
        warmA = 0, warmB = 0;
        while (!na[warmA].isLeaf() || !nb[warmB].isLeaf()) {
            const DistanceNode &x = na[warmA], &y = nb[warmB];
            const bool splitA = y.isLeaf() || (!x.isLeaf() && x.size >= y.size);
            double least = INFINITY;
            std::uint32_t nextA = warmA, nextB = warmB;
            for (std::uint32_t c = 0; c < 2; ++c) {
                const std::uint32_t i = splitA ? x.firstChild + c : warmA,
                                    j = splitA ? warmB : y.firstChild + c;
                ++measured;
                if (stats) ++stats->nodePairs;
                const Rss& rb = nb[j].rss;
                Mat3 axes;
                axes.r[0] = rel.R * rb.axes.r[0], axes.r[1] = rel.R * rb.axes.r[1];
                const double lb = rssLowerBound(na[i].rss, axes, rel.apply(rb.center), rb);
                if (lb < least) least = lb, nextA = i, nextB = j;
            }
            warmA = nextA, warmB = nextB;
        }
    }
    {
        Entry e;
        measure(warmA, warmB, 0, e); // best is not known yet: never cut
        if (!leaf(e)) return out;
    }

    std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> queue;
    int near = 0; // entries in the queue under epsilon: opened whatever their step
    auto push = [&](const Entry& e) {
        near += e.d < epsilon;
        queue.push(e);
    };
    // The kept front is never coarsened: when the pair moves apart (its steps grow) it ends finer than a
    // descent from the roots would go, and costs more. Start from it while the last step cost no more node
    // pairs than the last descent from the roots did.
    const bool seeded = keep && !cache->front.empty() && cache->lastCost <= cache->rootCost &&
                        !(cache->lastStep > cache->stepBefore * (1 + 1e-6));
    if (seeded) {
        if (stats && carried) ++stats->carriedFronts;
        // The last step's front covers every triangle pair (at any poses): start from it. Each pair
        // inherits what is left of the time it was found safe for (none when this step is not later); the
        // margin covers the rounding of the subtraction.
        const bool later = cache->frontTime <= now; // false when either is NaN
        // A pair whose inherited step already settles it, and whose distance then cannot have fallen under
        // epsilon since (at most its unprojected speed times the time elapsed), stays on the front without
        // a measurement, as measure() would cut it.
        const double elapsed = later ? now - cache->frontTime : INFINITY;
        for (const RssFrontCache::FrontPair& f : cache->front) {
            CDLAB_ASSERT(f.a < na.size() && f.b < nb.size(),
                         "a kept front's node pair belongs to these trees");
            if (f.a == warmA && f.b == warmB) continue; // measured first (leaf() kept it)
            const double left = later ? (f.until - now) * (1 - 1e-12) : 0.0;
            if (left >= best) { // not a cut within the slack: the step stays the least over what was measured
                Entry e;
                e.a = f.a, e.b = f.b, e.full = f.speed, e.step = left, e.projected = true;
                e.d = f.distance - f.speed * elapsed;
                if (e.d >= epsilon) { // false when NaN
                    if (stats) ++stats->keptUnmeasured;
                    cut(e);
                    continue;
                }
            }
            if (Entry e; measure(f.a, f.b, left > 0 ? left : 0.0, e)) push(e);
        }
    } else if (Entry e; measure(0, 0, 0, e)) {
        push(e);
    }
    while (!queue.empty()) {
        Entry e = queue.top();
        const bool settled = e.step * slack >= best && e.d >= epsilon;
        if (settled && near == 0) break; // every entry left has at least this step: all stay on the front
        queue.pop();
        near -= e.d < epsilon;
        if (settled) {
            cut(e);
            continue;
        }
        if (!e.projected) { // its real key: projected, then back in line
            project(e);
            push(e);
            continue;
        }
        const DistanceNode &x = na[e.a], &y = nb[e.b];
        if (x.isLeaf() && y.isLeaf()) {
            if (e.a == warmA && e.b == warmB) { // measured first; its inherited step may still raise it
                if (e.step * slack >= best) cut(e);
                continue;
            }
            if (!leaf(e)) return out;
            continue;
        }
        // Descend the larger volume (a leaf cannot be split); the children inherit this pair's step.
        const bool splitA = y.isLeaf() || (!x.isLeaf() && x.size >= y.size);
        for (std::uint32_t c = 0; c < 2; ++c) {
            Entry child;
            if (splitA ? measure(x.firstChild + c, e.b, e.step, child)
                       : measure(e.a, y.firstChild + c, e.step, child))
                push(child);
        }
    }
    while (!queue.empty()) { // the rest of the front
        cut(queue.top());
        queue.pop();
    }
    out.step = std::min(best, cutStep);
    if (cache && limitA != UINT32_MAX) cache->valid = true, cache->nodeA = limitA, cache->nodeB = limitB;
    if (keep) {
        cache->front.swap(front), cache->frontTime = now;
        cache->lastCost = measured;
        cache->stepBefore = cache->lastStep, cache->lastStep = std::min(best, cutStep);
        if (!seeded) cache->rootCost = measured;
    }
    return out;
}

CaResult advanceOnRssFront(double start, const RssFrontFrame& frame, const DistanceTree& a,
                           const DistanceTree& b, const PairPoses& poses, const PairBounds& bounds,
                           double relativeError, const CaOptions& options, RssFrontStats* stats,
                           std::vector<CaStep>* history, RssFrontCache* cache) {
    RssFrontCache own; // coherence between iterations of this pair
    RssFrontCache* coherence = cache ? cache : &own;
    return advanceBySteps(
        start,
        [&](double t) {
            Pose pa, pb;
            poses(t, pa, pb);
            return rssFrontStep(a, pa, b, pb, t, frame, options.epsilon, relativeError, bounds(t), stats,
                                coherence);
        },
        options, history);
}

} // namespace cdlab
