// Construction-site truck (zhang2007 Fig. 11's scenery): a dump truck of chassis, cab, tipper body and six
// wheels turned on a lathe, facing +x, standing on z = 0.
#pragma once

#include "mesh/TriangleMesh.h"

namespace cdlab {

/// A truck `length` long (the other sizes follow), about `targetTriangles` triangles; closed, outward
/// (overlapping pieces).
TriangleMesh makeTruck(double length, std::size_t targetTriangles);

} // namespace cdlab
