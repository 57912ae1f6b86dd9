// The mannequin of zhang2007's walking and exercising benchmarks (sec. 8, Figs 8 and 9): 15 links — pelvis
// (root), torso, head, upper and lower arms, hands, thighs, shins, feet — built from superellipsoids, a
// hand of palm, fingers and thumb and a foot of heel, ankle and toes (non-convex unions, as a person's
// are), with keyframed joint motion:
//   walk:     a gait cycle (hip, knee and ankle curves, opposite arm swing) while the pelvis travels
//             forwards; every `cross_every`-th cycle the left leg swings across the right one (a crossover
//             step), so non-adjacent leg links meet (self-collision);
//   exercise: standing on one leg, the other raised straight ahead, the same-side arm reaching down the
//             leg to the foot (hand-foot self-collision), sides alternating per repetition;
//   still:    the rest pose (standing, arms hanging), one key.
// Units are metres; the model stands on z = 0 facing +x, y to its left. Each link's frame sits at its joint;
// limbs hang along -z in the rest pose.
#include "mesh/Superellipsoid.h"
#include "models/ModelKit.h"
#include "scene/ModelGenerators.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace cdlab::models {

namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kHipHeight = 0.95; // pelvis joint above the ground in the rest pose

/// Adds a superellipsoid of about `triangles` triangles centred at `centre`, optionally tilted about y.
void blob(TriangleMesh& m, Vec3 radii, double ns, double ew, double triangles, Vec3 centre,
          double tiltY = 0) {
    addSuperellipsoid(m, {radii, ns, ew}, superellipsoidStacks(triangles),
                      {rotationAxisAngle({0, 1, 0}, tiltY * kPi / 180), centre});
}

/// A hand hanging along -z, palm facing the body's side (thin along y): palm, four fingers, thumb.
TriangleMesh hand(double tri, double side) {
    TriangleMesh m;
    blob(m, {0.045, 0.018, 0.055}, 0.6, 0.7, tri * 0.4, {0, 0, -0.055});
    for (int f = 0; f < 4; ++f) // fingers in a row below the palm, set a little towards the body
        blob(m, {0.01, 0.01, 0.04}, 1, 1, tri * 0.1, {-0.03 + 0.02 * f, -side * 0.006, -0.135}, 0);
    blob(m, {0.011, 0.011, 0.035}, 1, 1, tri * 0.2, {0.05, -side * 0.01, -0.065}, -35);
    return m;
}

/// A foot below the ankle joint: ankle knob, heel and a long sole with the toes, touching z = -0.06.
TriangleMesh foot(double tri) {
    TriangleMesh m;
    blob(m, {0.04, 0.035, 0.04}, 1, 1, tri * 0.2, {0, 0, -0.01});
    blob(m, {0.05, 0.04, 0.035}, 0.8, 1, tri * 0.3, {-0.02, 0, -0.025});
    blob(m, {0.1, 0.045, 0.028}, 0.7, 0.9, tri * 0.5, {0.08, 0, -0.032});
    return m;
}

TriangleMesh one(Vec3 radii, double ns, double ew, double tri, Vec3 centre) {
    TriangleMesh m;
    blob(m, radii, ns, ew, tri, centre);
    return m;
}

struct Links {
    int pelvis, torso, head, upperArm[2], lowerArm[2], hand[2], thigh[2], shin[2], foot[2]; // [0] left
};

Links build(ArticulatedModel& model, double triangles) {
    // Shares of the triangle budget per link, summing to 1 (the default budget is 20,000).
    double s = triangles / 20200;
    const std::string g = "mannequin";
    Links l{};
    l.pelvis = addLink(model, "pelvis", -1, {0, 0, kHipHeight},
                       one({0.11, 0.17, 0.1}, 0.6, 0.8, 1500 * s, {0, 0, 0.02}), g);
    l.torso = addLink(model, "torso", l.pelvis, {0, 0, 0.1},
                      one({0.12, 0.18, 0.27}, 0.6, 0.8, 2500 * s, {0, 0, 0.27}), g);
    TriangleMesh head;
    blob(head, {0.05, 0.05, 0.07}, 1, 1, 300 * s, {0, 0, 0.05});
    blob(head, {0.1, 0.085, 0.12}, 0.9, 1, 1500 * s, {0.01, 0, 0.2});
    l.head = addLink(model, "head", l.torso, {0, 0, 0.52}, std::move(head), g);
    const char* sideName[2] = {"_l", "_r"};
    for (int k = 0; k < 2; ++k) {
        double side = k == 0 ? 1 : -1;
        std::string n = sideName[k];
        l.upperArm[k] = addLink(model, "upper_arm" + n, l.torso, {0, 0.23 * side, 0.44},
                                one({0.05, 0.05, 0.16}, 1, 1, 1000 * s, {0, 0, -0.14}), g);
        l.lowerArm[k] = addLink(model, "lower_arm" + n, l.upperArm[k], {0, 0, -0.29},
                                one({0.04, 0.04, 0.14}, 1, 1, 900 * s, {0, 0, -0.12}), g);
        l.hand[k] = addLink(model, "hand" + n, l.lowerArm[k], {0, 0, -0.25}, hand(1400 * s, side), g);
    }
    for (int k = 0; k < 2; ++k) {
        double side = k == 0 ? 1 : -1;
        std::string n = sideName[k];
        l.thigh[k] = addLink(model, "thigh" + n, l.pelvis, {0, 0.09 * side, -0.05},
                             one({0.075, 0.075, 0.22}, 1, 1, 1400 * s, {0, 0, -0.2}), g);
        l.shin[k] = addLink(model, "shin" + n, l.thigh[k], {0, 0, -0.42},
                            one({0.055, 0.055, 0.21}, 1, 1, 1200 * s, {0, 0, -0.2}), g);
        l.foot[k] = addLink(model, "foot" + n, l.shin[k], {0, 0, -0.42}, foot(1300 * s), g);
    }
    return l;
}

/// A smooth bump of height 1 at phase `centre` (periodic in 1) and width `width`.
double bump(double phase, double centre, double width) {
    double d = phase - centre;
    d -= std::round(d);
    return std::exp(-(d / width) * (d / width));
}

// Rotations: flexing a hanging limb forwards (its lower end towards +x) is a negative rotation about y (so
// bending the upright torso forwards is a positive one); bending the
// knee takes the shin backwards (positive about y); a positive rotation about x takes the lower end to +y.
Quat flex(double degrees) {
    return rotY(-degrees);
}

void walk(ArticulatedModel& model, const Links& l, int cycles, double period, double stride, int crossEvery,
          int keysPerCycle) {
    std::vector<double> times = evenTimes(cycles * period, cycles * keysPerCycle);
    auto phase = [&](double t, int k) { return t / period + (k == 0 ? 0 : 0.5); };
    // The left leg crosses over in cycles crossEvery - 1, 2 crossEvery - 1, ...: its swing (phase 0.5..1)
    // adducts it past the right leg, which stands in mid-stance.
    auto crossing = [&](double t) {
        if (crossEvery <= 0) return 0.0;
        int cycle = int(std::floor(t / period));
        if ((cycle + 1) % crossEvery != 0) return 0.0;
        return 16 * bump(t / period, 0.75, 0.12);
    };
    model.links[l.pelvis].motion = sampleTrack(times, [&](double t) {
        double s = t / period;
        return JointPose{{stride * s, 0, 0.02 * std::cos(4 * kPi * s) - 0.02},
                         rotZ(4 * std::sin(2 * kPi * s))};
    });
    for (int k = 0; k < 2; ++k) {
        double side = k == 0 ? 1 : -1;
        model.links[l.thigh[k]].motion = sampleTrack(times, [&, k, side](double t) {
            double s = phase(t, k);
            double hip = 5 + 20 * std::cos(2 * kPi * s);
            double adduct = k == 0 ? crossing(t) : 0;
            return JointPose{{}, rotX(-side * adduct) * flex(hip)};
        });
        model.links[l.shin[k]].motion = sampleTrack(times, [&, k](double t) {
            double s = phase(t, k);
            return JointPose{{}, flex(-(60 * bump(s, 0.72, 0.14) + 12 * bump(s, 0.12, 0.08)))};
        });
        model.links[l.foot[k]].motion = sampleTrack(times, [&, k](double t) {
            double s = phase(t, k);
            return JointPose{{}, flex(12 * bump(s, 0.75, 0.12) - 18 * bump(s, 0.55, 0.07))};
        });
        // Arms swing against the leg of their side; the elbow bends a little more on the forward swing.
        model.links[l.upperArm[k]].motion = sampleTrack(times, [&, k](double t) {
            double s = phase(t, k);
            return JointPose{{}, flex(-18 * std::cos(2 * kPi * s))};
        });
        model.links[l.lowerArm[k]].motion = sampleTrack(times, [&, k](double t) {
            double s = phase(t, k);
            return JointPose{{}, flex(15 - 10 * std::cos(2 * kPi * s))};
        });
    }
}

void exercise(ArticulatedModel& model, const Links& l, int reps, double period, int keysPerCycle) {
    std::vector<double> times = evenTimes(reps * period, reps * keysPerCycle);
    // Each repetition: rise (0..0.4), hold the reach (0.4..0.6), lower (0.6..1); left side in even ones.
    auto amount = [&](double t) {
        double s = t / period - std::floor(t / period);
        double up = std::clamp(s / 0.4, 0.0, 1.0), down = std::clamp((1 - s) / 0.4, 0.0, 1.0);
        double a = std::min(up, down);
        return a * a * (3 - 2 * a); // smoothstep: slow at both ends
    };
    auto side = [&](double t) { return int(std::floor(t / period)) % 2; }; // 0 left, 1 right
    auto on = [&](int k, double t) { return side(std::min(t, reps * period - 1e-9)) == k ? amount(t) : 0.0; };
    model.links[l.torso].motion = sampleTrack(times, [&](double t) {
        return JointPose{{}, flex(-55 * amount(t))};
    });
    model.links[l.head].motion = sampleTrack(times, [&](double t) {
        return JointPose{{}, flex(25 * amount(t))};
    });
    for (int k = 0; k < 2; ++k) {
        model.links[l.thigh[k]].motion = sampleTrack(times, [&, k](double t) {
            return JointPose{{}, flex(100 * on(k, t))};
        });
        model.links[l.foot[k]].motion = sampleTrack(times, [&, k](double t) {
            return JointPose{{}, flex(-20 * on(k, t))};
        });
        // The torso's bend swings the hanging arm back: the arm flexes by the bend and about 60 degrees more,
        // and turns in towards the raised leg (which is nearer the midline than the shoulder). Flexed past 90
        // degrees the arm points up the torso's axis, where a positive turn about x goes to -y.
        double inwards = k == 0 ? 1 : -1;
        model.links[l.upperArm[k]].motion = sampleTrack(times, [&, k, inwards](double t) {
            return JointPose{{}, rotX(inwards * 22 * on(k, t)) * flex(117 * on(k, t))};
        });
    }
}

ArticulatedModel create(const JsonParams& p) {
    std::string motion = p.choice("motion");
    int cycles = p.integer("cycles");
    double period = p.number("cycle_time");
    double stride = p.number("stride");
    int crossEvery = p.integer("cross_every");
    int keys = p.integer("keys_per_cycle");
    ArticulatedModel model;
    Links l = build(model, p.integer("triangles"));
    if (motion == "walk")
        walk(model, l, cycles, period, stride, crossEvery, keys);
    else if (motion == "exercise")
        exercise(model, l, cycles, period, keys);
    // Links without motion hold the rest pose: one key at the start of the motion.
    for (Link& link : model.links)
        if (link.motion.empty()) link.motion = PoseTrack({Keyframe{}});
    return model;
}

const bool registered = registerModelGenerator(
    {"mannequin",
     "Human mannequin of 15 links (zhang2007 Figs 8, 9): superellipsoid limbs, non-convex hands and feet; "
     "walks (with crossover steps), exercises (hand to foot) or stands still",
     {{"motion", "walk, exercise or still", std::string("walk"), {"walk", "exercise", "still"}},
      {"cycles", "walk cycles or exercise repetitions", std::int64_t(3), {}, 1, 50},
      {"cycle_time", "seconds per cycle", 1.2, {}, 0.2, 60},
      {"stride", "metres the pelvis travels per walk cycle", 1.2, {}, 0, 5},
      {"cross_every",
       "every n-th walk cycle the left leg crosses the right one (0: never)",
       std::int64_t(2),
       {},
       0,
       50},
      {"keys_per_cycle",
       "keyframes per cycle (joint motion between keys is the paper's constant-velocity motion)",
       std::int64_t(16),
       {},
       4,
       64},
      {"triangles",
       "target triangle count of the whole mannequin",
       std::int64_t(20000),
       {},
       2000,
       2'000'000}},
     create});

} // namespace

} // namespace cdlab::models
