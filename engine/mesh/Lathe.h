// Lathe: a solid of revolution from an (r, z) profile that starts and ends on the axis (r = 0), closed and
// outward. Unlike makeRevolution (which rotates the given points as they are) it spreads the rows along
// the profile by length, so a profile of a few corners still gets even triangles: chessmen, limbs, wheels.
#pragma once

#include "geometry/Pose.h"
#include "mesh/TriangleMesh.h"

#include <utility>
#include <vector>

namespace cdlab {

using Profile = std::vector<std::pair<double, double>>; ///< (r, z) points, bottom to top

/// Appends the lathe of `profile` (first and last points on the axis) with `slices` around and about
/// `rows` bands along the profile (never fewer than its segments), in `pose`'s frame.
void addLathe(TriangleMesh& mesh, const Profile& profile, int slices, int rows, const Pose& pose = {});
/// Slices and rows that give a lathe of `profile` about `triangles` triangles (2 * slices * rows).
std::pair<int, int> latheResolution(const Profile& profile, double triangles);

} // namespace cdlab
