// MassProperties: volume, centre of mass and inertia tensor of the solid a closed, outward-wound mesh bounds
// (unit density), by the divergence theorem: each triangle with the origin spans a signed tetrahedron, and
// their volumes, first and second moments add up to the solid's. The contact recorder needs them to turn a
// contact impulse into a change of linear and angular velocity. A mesh of overlapping closed pieces (the
// door's panel, frame and handles) counts the overlap twice: a small error in a mass model, none in geometry.
#pragma once

#include "geometry/Mat3.h"
#include "mesh/TriangleMesh.h"

namespace cdlab {

struct MassProperties {
    double volume = 0; ///< = mass at unit density; positive for outward normals
    Vec3 centroid;     ///< centre of mass, in the mesh's frame
    Mat3 inertia;      ///< about the centroid, axes of the mesh's frame
    Mat3 inverseInertia;

    /// Throws InputError (file = mesh name) when the mesh bounds no volume (open, inward or flat): a body
    /// without mass cannot be simulated.
    static MassProperties of(const TriangleMesh& mesh);
};

} // namespace cdlab
