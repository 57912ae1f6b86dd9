// The "fcl" distance method: FCL 0.7's fcl::distance on two BVHModel<OBBRSSd> (its fast mesh-mesh path, an
// RSS distance bound per node: the same volume family as ours) with nearest points, as the peer of the
// distance registry (distance/DistanceMethodRegistry.h).
#pragma once

#include "distance/DistanceMethodRegistry.h"

namespace cdlab {

/// FCL has no early stop and no upper bound: the query runs to the minimum and the options filter its answer
/// (found() false at or beyond upperBound), which keeps their contract. Its triangles (DistanceResult b1, b2)
/// are tested again with triangleDistance for the closest points and features, so features compare with ours.
DistanceMethod fclDistanceMethod();

} // namespace cdlab
