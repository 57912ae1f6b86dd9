// SbvStats: what the SBV culling of a frame counts, and its counters (the culling ratio is
// 1 - sbv_kept / sbv_triangles, the sbv paper's measure).
#pragma once

#include "core/Counters.h"

#include <cstdint>

namespace cdlab {

namespace counter {
inline const CounterDeclaration SbvTriangles{"sbv_triangles",
                                             "triangles of both bodies of every pair whose SBVs were built"};
inline const CounterDeclaration SbvKept{"sbv_kept", "of those, the triangles left in the overlap regions"};
inline const CounterDeclaration ShrinkIterations{"shrink_iterations",
                                                 "CSBV's shrinking rounds (sbv Fig. 4's Repeat loop)"};
inline const CounterDeclaration OshSolves{"osh_solves",
                                          "separating directions computed (GJK or SVM training)"};
} // namespace counter

struct SbvStats {
    std::uint64_t triangles = 0, kept = 0, shrinkIterations = 0, oshSolves = 0;

    /// sbv_triangles, sbv_kept, shrink_iterations, osh_solves.
    void addTo(Counters& out) const {
        out.add(counter::SbvTriangles, triangles), out.add(counter::SbvKept, kept);
        out.add(counter::ShrinkIterations, shrinkIterations), out.add(counter::OshSolves, oshSolves);
    }
};

} // namespace cdlab
