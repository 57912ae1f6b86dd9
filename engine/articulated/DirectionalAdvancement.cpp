#include "articulated/DirectionalAdvancement.h"

#include "core/Assert.h"

#include <algorithm>
#include <cmath>
#include <queue>

namespace cdlab {

DirectionalStep directionalStep(const HullTree& a, const Pose& pa, const HullTree& b, const Pose& pb,
                                double epsilon, const DirectionalBounds& bounds, HullDistanceStats* stats,
                                HullPairCache* cache) {
    DirectionalStep out;
    if (a.empty() || b.empty()) return out;
    const auto& na = a.nodes();
    const auto& nb = b.nodes();
    double best = INFINITY; // the least step over the front so far
    std::uint32_t limitA = UINT32_MAX, limitB = UINT32_MAX;
    auto stepOf = [](double d, double mu) { return mu > 0 ? d / mu : INFINITY; };
    auto cut = [&](double d) { out.distance = std::min(out.distance, d); };
    // A node's lever: how far its points lie from its link's frame origin.
    auto armOf = [](const HullNode& node) { return length(node.center) + node.radius; };
    struct Entry {
        double step, d;
        std::uint32_t a, b;
        GjkResult g;
        bool operator>(const Entry& o) const { return step > o.step; }
    };
    // A leaf pair: exact on the surfaces when it could hold the contact or lower the best step.
    auto leaf = [&](const Entry& e) {
        if (e.step >= best && e.d >= epsilon) return cut(e.d);
        // Only a surface distance under epsilon (a contact) or under best * fullSpeed (a step below the
        // best) matters: the rest of the triangle pairs are pruned by that limit (overlapping hulls of pieces
        // that do not touch would otherwise measure every triangle pair).
        const double fullSpeed = bounds.fullSpeed(armOf(na[e.a]), armOf(nb[e.b]));
        const double limit =
            std::isfinite(best) && fullSpeed > 0 ? std::max(epsilon, best * fullSpeed) : INFINITY;
        MeshDistanceResult r = pieceDistance(a, e.a, pa, b, e.b, pb, e.g, limit, stats);
        if (!r.found()) return cut(std::max(e.d, 0.0)); // at least limit apart: no contact, no lower step
        if (r.distance < epsilon) {
            out.contact = true;
            out.closest = r;
            out.pointA = r.pointA, out.pointB = r.pointB;
            out.distance = r.distance;
            if (cache) *cache = {true, na[e.a].piece, nb[e.b].piece};
            return;
        }
        // Both bounds are safe: the hulls' slab with the projected speed, the surfaces' distance with the
        // full.
        double step = std::max(e.step, stepOf(r.distance, fullSpeed));
        cut(std::max(e.d, 0.0));
        if (step < best) {
            best = step;
            limitA = e.a, limitB = e.b;
            out.pointA = e.g.pointA, out.pointB = e.g.pointB;
        }
    };
    // A node pair's entry: the spheres' gap over the full speed first, GJK and the projected bound after.
    auto measure = [&](std::uint32_t i, std::uint32_t j, Entry& e) {
        if (stats) ++stats->nodePairs;
        const double gap = length(pa.apply(na[i].center) - pb.apply(nb[j].center)) - na[i].radius -
                           nb[j].radius - 1e-9 * (na[i].radius + nb[j].radius);
        const double armA = armOf(na[i]), armB = armOf(nb[j]);
        const double fullSpeed = bounds.fullSpeed(armA, armB);
        if (gap >= epsilon && stepOf(gap, fullSpeed) >= best) {
            cut(gap);
            return false;
        }
        e.a = i, e.b = j;
        e.g = gjkDistance(na[i].hull, pa, nb[j].hull, pb);
        if (stats) ++stats->gjkCalls, stats->gjkIterations += std::uint64_t(e.g.iterations);
        e.d = e.g.intersecting ? 0.0 : std::max(0.0, e.g.lowerBound);
        Vec3 n = e.g.pointB - e.g.pointA;
        double len = length(n);
        // GJK's lower bound is a slab along its direction; with no direction (touching hulls) d is 0.
        e.step = e.d > 0 && len > 0 ? bounds.projectedStep(e.d, n / len, {na[i].center, na[i].radius},
                                                           {nb[j].center, nb[j].radius})
                                    : 0.0;
        e.step = std::max(e.step, stepOf(std::max(gap, 0.0), fullSpeed)); // both safe
        return true;
    };
    if (cache && cache->valid && cache->pieceA < a.pieceCount() && cache->pieceB < b.pieceCount()) {
        Entry e;
        if (measure(a.leafOf(cache->pieceA), b.leafOf(cache->pieceB), e)) {
            leaf(e);
            if (out.contact) return out;
        }
    }
    const std::uint32_t warmA = limitA, warmB = limitB;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> queue;
    auto push = [&](std::uint32_t i, std::uint32_t j) {
        Entry e;
        if (!measure(i, j, e)) return;
        if (e.step >= best && e.d >= epsilon) return cut(e.d);
        queue.push(e);
    };
    push(0, 0);
    while (!queue.empty()) {
        Entry e = queue.top();
        queue.pop();
        if (e.step >= best && e.d >= epsilon) {
            cut(e.d);
            continue;
        }
        const HullNode &x = na[e.a], &y = nb[e.b];
        if (x.isLeaf() && y.isLeaf()) {
            if (e.a == warmA && e.b == warmB) continue; // measured first
            leaf(e);
            if (out.contact) return out;
            continue;
        }
        bool splitA = y.isLeaf() || (!x.isLeaf() && x.radius >= y.radius);
        for (std::uint32_t c = 0; c < 2; ++c)
            splitA ? push(x.firstChild + c, e.b) : push(e.a, y.firstChild + c);
    }
    out.step = best;
    if (cache && limitA != UINT32_MAX) *cache = {true, na[limitA].piece, nb[limitB].piece};
    return out;
}

CaResult advanceBySteps(double start, const StepAt& step, const CaOptions& options,
                        std::vector<CaStep>* history) {
    CaResult r;
    double t = start;
    for (;;) {
        DirectionalStep s = step(t);
        ++r.iterations;
        r.time = t;
        r.distance = s.distance;
        CaStep h;
        h.time = t, h.distance = s.distance, h.pointA = s.pointA, h.pointB = s.pointB;
        if (s.contact) {
            r.outcome = CaOutcome::Contact;
            if (history) history->push_back(h);
            return r;
        }
        h.step = s.step;
        h.speed = std::isfinite(s.step) && s.step > 0 ? s.distance / s.step : 0;
        if (history) history->push_back(h);
        if (!caGoesOn(r, t, s.step, options)) return r;
        t += s.step;
    }
}

CaResult advanceDirectional(double start, const HullTree& a, const HullTree& b, const PairPoses& poses,
                            const PairBounds& bounds, const CaOptions& options, HullDistanceStats* stats,
                            std::vector<CaStep>* history) {
    HullPairCache cache; // coherence between iterations of this pair
    return advanceBySteps(
        start,
        [&](double t) {
            Pose pa, pb;
            poses(t, pa, pb);
            return directionalStep(a, pa, b, pb, options.epsilon, bounds(t), stats, &cache);
        },
        options, history);
}

} // namespace cdlab
