// Construction-site building for the excavator and tower-crane benchmarks (zhang2007 Fig. 11: the machines
// work among ~0.4M triangles of buildings, trucks and pipes): a concrete core with a floor slab jutting out
// at every storey (the ledges a swinging boom can catch) and a machine room on the roof.
#pragma once

#include "mesh/TriangleMesh.h"

namespace cdlab {

/// Building standing on z = 0, centred on x, y: `width` along x, `depth` along y, `floors` storeys of
/// `floorHeight`; about `targetTriangles` triangles, closed, outward (overlapping boxes).
TriangleMesh makeBuilding(double width, double depth, int floors, double floorHeight,
                          std::size_t targetTriangles);

} // namespace cdlab
