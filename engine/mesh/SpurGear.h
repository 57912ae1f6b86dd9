// An involute spur gear: the stand-in for a user's meshed gears (issue 45: teeth in mesh, many near-parallel
// flanks a few hundredths of a tooth apart — the case where a BVH traversal meets the most close node pairs).
// The profile is the textbook one: involute flanks of the base circle between the root and tip circles, the
// tooth as thick at the pitch circle as the gap (less half the backlash on each flank), extruded along z and
// closed into one solid (caps from the star-shaped outline in to the bore, or fanned from the axis).
#pragma once

#include "mesh/TriangleMesh.h"

namespace cdlab {

struct SpurGearShape {
    int teeth = 20;
    double module = 0.1;       ///< pitch diameter / teeth: the tooth size (addendum = module)
    double width = 0.2;        ///< face width, along z (the gear spans z in [-width/2, width/2])
    double pressureAngle = 20; ///< degrees
    double backlash = 0;       ///< along the pitch circle, taken off the tooth (negative: thicker teeth)
    double bore = 0;           ///< radius of the axle's hole (0: a solid disc)
};

/// The gear's pitch radius, module * teeth / 2: two gears mesh at the sum of their pitch radii.
double spurGearPitchRadius(const SpurGearShape& shape);

/// The gear about the z axis with a tooth centred on +x, about `targetTriangles` triangles.
TriangleMesh makeSpurGear(const SpurGearShape& shape, std::size_t targetTriangles);

} // namespace cdlab
