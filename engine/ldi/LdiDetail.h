// LdiDetail: what the LDI algorithms report beyond contacts (ldi-notes §5-7): the penetration query's answer
// per body pair it ran on. The algorithms fill it in FrameResult::details; the viewer's LDI panels, the
// bench's ldi command and the tests read it.
#pragma once

#include "ldi/LdiQuery.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cdlab {

/// The LDI penetration query (ldi, sbv-ldi; ldi-notes §5-7), per body pair it ran on (sbv-ldi: pairs the
/// SBVs did not separate). The result carries its frame, volume, depth, layers and, when the step draws,
/// the per-pixel images and one row's fragments.
struct LdiPairRecord {
    std::uint32_t objectA = 0, objectB = 0;
    LdiResult ldi;
    /// Why the answer cannot be trusted beyond ldi.reliable(): e.g. "B is open: 296 boundary edges".
    std::string unreliable;
};

struct LdiDetail {
    std::vector<LdiPairRecord> pairs; ///< one per body pair the query ran on
};

} // namespace cdlab
