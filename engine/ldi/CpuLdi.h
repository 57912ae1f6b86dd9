// CpuLdi: the CPU reference of the LDI query — a ray caster on the GPU query's pixel grid. Every kept
// triangle (LdiGeometry: the same float coordinates the GPU draws) is tested against the pixel centres under
// its bounding rectangle with exact edge functions and the top-left fill convention GL rasterisers use, so a
// ray through an edge shared by two triangles hits exactly one of them and parity survives interior edges
// (ldi-notes §6.4). Depth is interpolated in double. The per-pixel resolve is the GPU's (§7.4): sort with
// exits first at equal depth, sweep the two winding counters from their values at Q's front, measure where
// both are positive. Also what a machine without OpenGL 4.5 runs.
#pragma once

#include "ldi/LdiQuery.h"

namespace cdlab {

class CpuLdi : public LdiQuery {
public:
    LdiResult run(const LdiBody& a, const LdiBody& b, const LdiFrame& frame,
                  const LdiOptions& options) override;
    const char* name() const override { return "cpu"; }
};

} // namespace cdlab
