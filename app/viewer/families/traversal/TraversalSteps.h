// TraversalSteps: what the traversal step-through shows of a recorded BvhTrace (bvh/BvhTrace.h), without
// ImGui or GL: the frame's body pairs (the segments of one pair are consecutive: one traversal for bvh, a
// root test and a traversal per window for rigid CCD), and at a chosen step of a pair the running counts per
// level (tested, culled by the BV test, BM-culled, leaves) and the traversal's front (the node pairs pushed
// and not yet popped).
#pragma once

#include "bvh/BvhTrace.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cdlab {

class SceneObjects;

/// One body pair of the trace: its objects and its steps [first, end) in the trace.
struct TracedPair {
    std::uint32_t objectA = 0, objectB = 0;
    std::uint32_t firstSegment = 0, endSegment = 0;
    std::uint32_t first = 0, end = 0;
    std::uint32_t steps() const { return end - first; }
};

/// The trace's body pairs, in the order the algorithm tested them.
std::vector<TracedPair> tracedPairs(const BvhTrace& trace);

/// Running counts of one level (descents from the root pair) over a pair's steps up to the current one.
struct LevelCounts {
    std::uint32_t tested = 0;       ///< BV tests
    std::uint32_t separated = 0;    ///< pruned by the BV test
    std::uint32_t bmCulled = 0;     ///< pruned by a node's BM test (redon2002 sec. 2.2 step 3)
    std::uint32_t culledBefore = 0; ///< skipped: a node was BM-culled earlier in the window (step 1)
    std::uint32_t leaves = 0;       ///< leaf pairs whose primitives were tested
};

/// The step-through at one step of one pair.
struct TraversalAt {
    std::uint32_t step = 0;           ///< index in the trace
    std::uint32_t segment = 0;        ///< the segment holding it
    std::vector<LevelCounts> levels;  ///< through the step (included), by level
    std::vector<std::uint32_t> front; ///< steps pushed at or before it and popped after it
};
TraversalAt traversalAt(const BvhTrace& trace, const TracedPair& pair, std::uint32_t step);

/// "pair 'a' - 'b', test 12 of 480: overlap (descends), A node 5 (depth 2), B node 3 (depth 1), level 3,
/// front 4"; what the run report prints.
std::string describeStep(const BvhTrace& trace, const TracedPair& pair, const TraversalAt& at,
                         const SceneObjects& objects);

} // namespace cdlab
