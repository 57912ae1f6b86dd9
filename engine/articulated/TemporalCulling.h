// TemporalCulling: zhang2007 sec. 7, Alg. 1. Every potentially colliding link pair (PCL) gets a lower bound
// on its time of contact (conservative advancement of the links' convex hulls, sec. 7.2, or the first CA
// step); the PCLs are advanced in ascending order of it, each only while it stays before the earliest TOC
// found so far (t_min), and the rest are dropped once a lower bound passes t_min (Fig. 6). Without temporal
// culling every PCL is advanced to the frame's end and the earliest TOC wins: the same answer, more work.
#pragma once

#include "articulated/ConservativeAdvancement.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace cdlab {

/// What happened to one PCL, for the counters and the viewer's Fig. 6 bars.
enum class PclFate : unsigned char {
    CulledByBound, ///< its lower bound passed t_min (or the frame's end): never advanced on the meshes
    Abandoned,     ///< advanced, then passed t_min
    Free,          ///< advanced to the frame's end without contact
    Contact,       ///< reached epsilon (or the iteration limit) before t_min
    Earliest       ///< gave the scene's TOC
};
const char* toString(PclFate f);

struct PclRecord {
    std::uint32_t objectA = 0, objectB = 0;
    double lowerBound =
        0; ///< the sort key (an absolute time); +inf when the bound shows no contact in the frame
    int boundIterations = 0; ///< hull CA iterations (or 1 for a first-step bound)
    CaResult advance;        ///< the mesh advancement (iterations 0 when never advanced)
    PclFate fate = PclFate::CulledByBound;
    double tMinBefore = 0; ///< t_min when it came up (the running line of Fig. 6)
};

struct TemporalCullingOptions {
    bool enabled = true;   ///< false: advance every PCL to the frame's end (the baseline)
    bool planning = false; ///< sec. 8's motion-planning question: stop at the first contact found
    double start = 0, end = 1;
};

struct TemporalCullingResult {
    bool contact = false;
    double toc = 0;    ///< the scene's TOC when contact
    int earliest = -1; ///< index into the records of the PCL that gave it
};

/// `bound(i)` fills records[i].lowerBound and boundIterations; `advance(i, from, limit)` advances PCL i on
/// its meshes from `from` with CA's limit `limit` (t_min). Records keep the caller's order.
TemporalCullingResult temporalCulling(std::vector<PclRecord>& records, const std::function<void(int)>& bound,
                                      const std::function<CaResult(int, double, double)>& advance,
                                      const TemporalCullingOptions& options);

} // namespace cdlab
