// ContactRecorder: records a contact motion the way redon2002 obtained theirs (sec. 7: "the object's motions
// were recorded and replayed"): one body of a scene is simulated as a rigid body held by a hand — a
// critically damped servo pulling its centre of mass and orientation towards the body's own keyframes — and
// every contact with the other (static) bodies is found by our continuous collision detection
// (rigid-ccd-bm) and answered by an impulse (restitution, Coulomb friction) at the contact point. Where the
// keyframes push into an obstacle, the body stops on it and slides along it (permanent contact); where they
// strike it, it rebounds (transient contact). The result is the body's pose at every frame of the scene, to
// be replayed as keyframes by any algorithm.
//
// Per substep (of `substeps` per frame): the servo sets the velocities; the CCD looks for the first contact
// over the substep under that constant-velocity motion; at a contact the body is stopped `gap` short of it
// (so the next query starts apart) and the rest of the substep is searched again, up to `maxEvents` times,
// after which the body waits where it is for the next substep. The contacts of the last two substeps are
// answered together (projected Gauss-Seidel on the impulses), so a body resting on several points neither
// sinks into one while pushed off another nor rattles between them; inelastic contacts part at `gap` per
// frame, or a body sliding on one at zero normal speed would graze it again at every turn. (Per frame, not
// per substep: that speed is a departure, which a replay's culling counts as faces moving backwards, so it
// must stay small and must not grow with the substeps.)
#pragma once

#include "pipeline/Algorithm.h"
#include "pipeline/FrameResult.h"
#include "scene/Scene.h"
#include "sim/MassProperties.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace cdlab {

struct RecordOptions {
    double servoHz = 2;         ///< natural frequency of the hand's servo
    double dampingRatio = 1;    ///< 1 = critically damped
    double restitution = 0;     ///< share of the approach speed a contact returns (0: inelastic, as
                                ///< redon2002's constraint-based simulator [12] treats contacts)
    double friction = 0;        ///< Coulomb coefficient of the tangential impulse (0: frictionless, the
                                ///< dynamics [12] formulates — Redon et al., ICRA 2002)
    int substeps = 8;           ///< simulation steps per scene frame
    double gap = 1e-5;          ///< stop this far short of a contact; contacts part by this much a frame
    double restingSpeed = 0.01; ///< slower approaches end without rebound (scene units per second)
    int maxEvents = 32;         ///< contacts answered per substep before the body waits for the next
};

struct RecordReport {
    std::vector<Keyframe> keys; ///< the body's pose at every frame of the scene
    std::uint64_t contacts = 0; ///< contacts answered by an impulse
    std::uint64_t held = 0;     ///< substeps that ran out of events (the body waited for the next)
    std::uint64_t framesInContact = 0;
    double maxLag = 0; ///< largest distance between the centre of mass and the servo's target
};

class ContactRecorder {
public:
    /// `body`: index in scene.bodies of the body to simulate; every other body and model must be static.
    /// Throws InputError naming the scene file and field when that does not hold or the body has no mass.
    ContactRecorder(const Scene& scene, int body, RecordOptions options);
    ~ContactRecorder();

    using Progress = std::function<void(double fraction)>;
    RecordReport run(const Progress& progress = {});

private:
    struct State;
    /// Throws InputError when the body starts interpenetrating an obstacle or inside one's solid.
    void requireSeparatedStart(const std::string& file);
    void servo(State& s, double t0, double t1, RecordReport& report) const;
    void solveContacts(State& s) const;
    void substep(State& s, double t0, double t1, RecordReport& report);
    /// Moves the body to `gap` short of contact c (found over [ta, tb] ending at q1, p1), applies the
    /// impulse, and returns the time it is at.
    double resolveContact(State& s, double ta, double tb, const TimeOfContact& c, const Quat& q1,
                          const Vec3& p1, RecordReport& report);

    Scene m_work; ///< the scene with the body's motion replaced per query
    const Scene& m_scene;
    int m_body;
    RecordOptions m_options;
    MassProperties m_mass;
    std::unique_ptr<Algorithm> m_ccd;
    PoseTrack m_target;
    double m_frameLength = 1;
};

} // namespace cdlab
