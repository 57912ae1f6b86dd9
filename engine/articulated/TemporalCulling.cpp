#include "articulated/TemporalCulling.h"

#include <algorithm>
#include <numeric>
#include <tuple>

namespace cdlab {

const char* toString(PclFate f) {
    switch (f) {
    case PclFate::CulledByBound:
        return "culled";
    case PclFate::Abandoned:
        return "abandoned";
    case PclFate::Free:
        return "free";
    case PclFate::Contact:
        return "contact";
    case PclFate::Earliest:
        return "toc";
    }
    return "?";
}

TemporalCullingResult temporalCulling(std::vector<PclRecord>& records, const std::function<void(int)>& bound,
                                      const std::function<CaResult(int, double, double)>& advance,
                                      const TemporalCullingOptions& options) {
    TemporalCullingResult out;
    const int n = int(records.size());
    std::vector<int> order(n);
    std::iota(order.begin(), order.end(), 0);
    if (options.enabled) {
        // Alg. 1, lines 1-4: lower bounds, then ascending order (ties by pair, so runs are repeatable).
        // A bound at the frame's start cannot be beaten: the PCLs after it keep the start as their bound
        // (true of any PCL) and sort after it, so that an assembly touching at rest costs one bound, not
        // one per PCL.
        bool atStart = false;
        for (int i = 0; i < n; ++i) {
            if (atStart) {
                records[i].lowerBound = options.start;
                continue;
            }
            bound(i);
            atStart = records[i].lowerBound <= options.start;
        }
        std::sort(order.begin(), order.end(), [&](int a, int b) {
            const PclRecord &x = records[a], &y = records[b];
            return std::tie(x.lowerBound, x.objectA, x.objectB) <
                   std::tie(y.lowerBound, y.objectA, y.objectB);
        });
    }
    double tMin = options.end; // line 5 (the frame's end in absolute time)
    for (int i : order) {
        PclRecord& r = records[i];
        r.tMinBefore = tMin;
        double from = options.start;
        if (options.enabled) {
            // Lines 7-8: this and every later PCL are culled. Once a contact is found, a bound equal to it
            // culls too: only a strictly earlier contact would replace it.
            if (r.lowerBound > tMin || (out.contact && r.lowerBound >= tMin)) {
                r.fate = PclFate::CulledByBound;
                continue;
            }
            from = r.lowerBound; // line 10: CA starts at the lower bound
        }
        r.advance = advance(i, from, options.enabled ? tMin : options.end);
        switch (r.advance.outcome) {
        case CaOutcome::Free:
            r.fate = PclFate::Free;
            break;
        case CaOutcome::Abandoned:
            r.fate = PclFate::Abandoned;
            break;
        case CaOutcome::Contact:
        case CaOutcome::Unresolved:
            r.fate = PclFate::Contact;
            // line 21; ties keep the first in order (the smaller pair)
            if (!out.contact || r.advance.time < out.toc) {
                out.contact = true;
                out.toc = r.advance.time;
                out.earliest = i;
                tMin = std::min(tMin, r.advance.time);
            }
            break;
        }
        if (options.planning && out.contact) break; // sec. 8: a collision is all a planner asks
    }
    if (out.earliest >= 0) records[out.earliest].fate = PclFate::Earliest;
    return out;
}

} // namespace cdlab
