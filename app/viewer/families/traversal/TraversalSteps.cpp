#include "TraversalSteps.h"

#include "core/Assert.h"
#include "scene/SceneObjects.h"

#include <cstdio>

namespace cdlab {

std::vector<TracedPair> tracedPairs(const BvhTrace& trace) {
    std::vector<TracedPair> out;
    const auto& segments = trace.segments();
    for (std::uint32_t s = 0; s < segments.size(); ++s) {
        const BvhTraceSegment& seg = segments[s];
        if (out.empty() || out.back().objectA != seg.objectA || out.back().objectB != seg.objectB)
            out.push_back({seg.objectA, seg.objectB, s, s, seg.first, seg.first});
        out.back().endSegment = s + 1;
        out.back().end = seg.first + seg.count;
    }
    return out;
}

TraversalAt traversalAt(const BvhTrace& trace, const TracedPair& pair, std::uint32_t step) {
    CDLAB_ASSERT(step >= pair.first && step < pair.end, "a step of the pair");
    TraversalAt at;
    at.step = step;
    const auto& steps = trace.steps();
    for (std::uint32_t k = pair.first; k <= step; ++k) {
        const BvhTraceStep& s = steps[k];
        if (at.levels.size() <= s.depth) at.levels.resize(s.depth + 1u);
        LevelCounts& l = at.levels[s.depth];
        l.tested += s.bvTest();
        l.separated += s.outcome == BvhTraceOutcome::Separated;
        l.bmCulled += s.outcome == BvhTraceOutcome::BmCulled;
        l.culledBefore += s.outcome == BvhTraceOutcome::CulledBefore;
        l.leaves += s.outcome == BvhTraceOutcome::Leaf;
    }
    at.segment = pair.firstSegment;
    for (std::uint32_t g = pair.firstSegment; g < pair.endSegment; ++g) {
        const BvhTraceSegment& seg = trace.segments()[g];
        if (step >= seg.first && step < seg.first + seg.count) at.segment = g;
    }
    // The front: the later steps of the same traversal whose pair was pushed by a step up to this one.
    const BvhTraceSegment& seg = trace.segments()[at.segment];
    for (std::uint32_t k = step + 1; k < seg.first + seg.count; ++k)
        if (steps[k].parent >= 0 && std::uint32_t(steps[k].parent) <= step) at.front.push_back(k);
    return at;
}

std::string describeStep(const BvhTrace& trace, const TracedPair& pair, const TraversalAt& at,
                         const SceneObjects& objects) {
    const BvhTraceStep& s = trace.steps()[at.step];
    const BvhTraceSegment& seg = trace.segments()[at.segment];
    const auto& nodesA = seg.bvhA->nodes();
    const auto& nodesB = seg.bvhB->nodes();
    char buf[400];
    std::snprintf(
        buf, sizeof buf,
        "pair '%s' - '%s', test %u of %u: %s, A node %u (depth %u%s), B node %u (depth %u%s), level "
        "%u, front %zu",
        objects.objects()[pair.objectA].name.c_str(), objects.objects()[pair.objectB].name.c_str(),
        at.step - pair.first + 1, pair.steps(), toString(s.outcome), s.nodeA, unsigned(nodesA[s.nodeA].depth),
        nodesA[s.nodeA].isLeaf() ? ", leaf" : "", s.nodeB, unsigned(nodesB[s.nodeB].depth),
        nodesB[s.nodeB].isLeaf() ? ", leaf" : "", unsigned(s.depth), at.front.size());
    std::string out = buf;
    if (seg.windowRoot || seg.windowStart != 0 || seg.windowEnd != 1) {
        std::snprintf(buf, sizeof buf, ", window [%.4g, %.4g]%s", seg.windowStart, seg.windowEnd,
                      seg.windowRoot ? " root test" : "");
        out += buf;
    }
    if (s.outcome == BvhTraceOutcome::Leaf) {
        std::snprintf(buf, sizeof buf, ", %u leaf tests, %u hits", s.leafTests, s.leafHits);
        out += buf;
    }
    if (s.bm) {
        out += ", BM test";
        if (s.bm & BvhTraceStep::BmTestedA)
            out += std::string(" A ") + (s.bm & BvhTraceStep::BmCulledA ? "culled" : "kept");
        if (s.bm & BvhTraceStep::BmTestedB)
            out += std::string(" B ") + (s.bm & BvhTraceStep::BmCulledB ? "culled" : "kept");
    }
    return out;
}

} // namespace cdlab
