// BM-culling's counters (redon2002): the node tests, what they culled, and the pair-frames the culling
// leaves alone or may get wrong. RigidCcdCounts (algorithms/RigidCcdQuery.h) adds them.
#pragma once

#include "core/Counters.h"

namespace cdlab::counter {
inline const CounterDeclaration BmTests{"bm_tests", "BM-cone node tests"};
inline const CounterDeclaration BmCulled{"bm_culled", "nodes BM-culled"};
inline const CounterDeclaration BmNested{
    "bm_nested", "pair-frames not culled because one body starts inside the other's solid"};
/// BM-culling assumes a separated start: where the surfaces cross at the start it may hide a contact the
/// unculled pipeline reports.
inline const CounterDeclaration BmStartOverlaps{"bm_start_overlaps",
                                                "pair-frames that start with the surfaces crossing"};
} // namespace cdlab::counter
