// LdiStats: what the LDI penetration queries of a frame count, and their counters.
#pragma once

#include "core/Counters.h"

#include <cstdint>

namespace cdlab {

namespace counter {
inline const CounterDeclaration LdiQueries{"ldi_queries",
                                           "LDI penetration queries run (body pairs not separated before)"};
inline const CounterDeclaration LdiTriangles{"ldi_triangles",
                                             "triangles submitted to them (after lateral culling)"};
inline const CounterDeclaration LdiFragments{"ldi_fragments", "fragments inside the query boxes"};
inline const CounterDeclaration LdiPixels{"ldi_pixels", "pixels of the query windows"};
} // namespace counter

struct LdiStats {
    std::uint64_t queries = 0, triangles = 0, fragments = 0, pixels = 0;

    /// ldi_queries, ldi_triangles, ldi_fragments, ldi_pixels.
    void addTo(Counters& out) const {
        out.add(counter::LdiQueries, queries), out.add(counter::LdiTriangles, triangles);
        out.add(counter::LdiFragments, fragments), out.add(counter::LdiPixels, pixels);
    }
};

} // namespace cdlab
