// LdiGeometry: a body as both LDI implementations rasterise it — its vertices in the LdiFrame's pixel units
// (x, y from the window's corner, z from Q's front, as floats: the GPU's vertex buffer, and the very numbers
// the CPU ray caster uses so both see the same triangles) and the triangles left after lateral culling (§7.1:
// cull what cannot reach the window, never what lies in front of Q — those fragments set the winding number
// a ray enters Q with — nor behind it: they close the count that tells a hole or a flipped face, §7.3).
#pragma once

#include "ldi/LdiQuery.h"

#include <array>
#include <cstdint>
#include <vector>

namespace cdlab {

struct LdiGeometry {
    /// Per vertex (x, y, z): x, y in pixels from the window's lower-left corner, z in world units from z0.
    std::vector<float> positions;
    std::vector<std::array<std::uint32_t, 3>> triangles; ///< the kept ones, indices into positions
    float depth = 0;                                     ///< z1 - z0: Q's depth in the same units

    static LdiGeometry of(const LdiBody& body, const LdiFrame& frame);
};

} // namespace cdlab
