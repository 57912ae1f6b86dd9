// Deformation: how a scene body's mesh changes shape over time (issue 31; the SBV paper's Fig. 9 scene of
// deforming models). A scene body's "deform" block names one; the pipelines apply it to the body's mesh at
// each step's time and test that mesh, the viewer draws it.
//
// "sine": a travelling wave. Every vertex p of the mesh, in the body's local frame, moves along the unit axis
//   â by
//       p'(t) = p + â · amplitude · sin(2π (ĝ·p / wavelength − speed · t))
//   where ĝ is the unit direction the wave travels along ("along"). The phase is read at the rest position p,
//   so the displacement is a function of the rest mesh and t only: frames can be computed in any order.
//   speed is in wavelengths per second (the wave moves speed · wavelength scene units per second along ĝ).
//   With â ⟂ ĝ the wave is transverse (a sheet ripples), with â ∥ ĝ it is longitudinal (the mesh pulses
//   in and out along ĝ). The topology never changes: triangle i of the deformed mesh is triangle i of the
//   rest mesh, so contacts name the same triangles and a BVH over it can be refit instead of rebuilt.
//
// Scene-file fields (engine/scene/SceneLoader.h; every field but "type" is optional):
//   "type":       "sine" (the only type so far)
//   "amplitude":  displacement amplitude, scene units, finite (default 0.05; 0 keeps the rest shape)
//   "wavelength": length of one wave along ĝ, scene units, > 0 (default 0.5)
//   "speed":      waves per second; the sign picks the direction of travel, finite (default 1)
//   "axis":       direction of the displacement â, non-zero, normalised on load (default [0, 0, 1])
//   "along":      direction the wave travels ĝ, non-zero, normalised on load (default [1, 0, 0])
#pragma once

#include "mesh/TriangleMesh.h"

namespace cdlab {

struct Deformation {
    enum class Type : std::uint8_t {
        None, ///< a rigid body
        Sine, ///< the travelling wave above
    };
    Type type = Type::None;
    double amplitude = 0.05;
    double wavelength = 0.5;
    double speed = 1.0;
    Vec3 axis{0, 0, 1};  ///< unit
    Vec3 along{1, 0, 0}; ///< unit

    /// Whether the body deforms at all (a deform block was given).
    bool active() const { return type != Type::None; }
    /// The deformed position of rest-position vertex `p` at time t.
    Vec3 displace(const Vec3& p, double t) const;
    /// `out` becomes `rest` deformed to time t: vertices displaced, triangles copied, face normals
    /// recomputed. Reuses `out`'s storage (call it every frame with the same buffer). `out` must not be
    /// `rest`.
    void apply(const TriangleMesh& rest, double t, TriangleMesh& out) const;
    /// The largest distance any vertex moves from its rest position: |amplitude| (0 for a rigid body).
    double maxDisplacement() const;
};

const char* toString(Deformation::Type type);

} // namespace cdlab
