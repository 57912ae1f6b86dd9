// The trains of zhang2007's benchmarks (sec. 8, Fig. 10): four trains of 10 cars that converge, collide and
// tangle, and a 17-car train that falls onto a mountain. Each car is a link whose parent is the car in front
// (the coupling is the joint), so a train is a chain; the head car's motion carries the whole train.
//
// The motion is a small kinematic model, keyframed at `keys_per_second`:
//   run:   the head car runs along its +x at `speed`, the train straight behind it;
//   crash: as run until `impact`, when the head car slides to a stop over `slide` metres; behind it each
//   coupling folds, the
//          fold reaching the rear a little later than the front (the shock travels back along the train), the
//          cars zig-zagging left and right by up to `buckle` degrees (seeded amplitudes, now and then the
//          same side twice: that is where neighbouring trains get caught);
//   fall:  the train falls (gravity, keeping its forward `speed`) and lands at `impact`, having dropped
//          g impact^2 / 2; the head slides to a stop, the couplings fold sideways and bend down (the first by
//          about `droop` degrees, those behind less and less), so the cars settle down the slope the head
//          landed on.
// Nothing here knows where the other trains or the ground are: the scene places the trains (their bases)
// so that they meet or land at `impact`.
// Units are metres; a car's frame is at its front coupling, 0.9 m above the rails, the car behind it along
// -x; the joint to the next car is `car_length` + 0.6 m back.
#include "mesh/Lathe.h"
#include "mesh/MeshBuilder.h"
#include "mesh/Superellipsoid.h"
#include "models/ModelKit.h"
#include "scene/ModelGenerators.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace cdlab::models {

namespace {

constexpr double kGravity = 9.81;

/// A car: body, rounded roof, four wheels, couplers front and back; about `triangles` triangles.
TriangleMesh car(double length, double triangles, bool head) {
    TriangleMesh m;
    MeshBuilder b(m);
    double x0 = -0.3 - length, x1 = -0.3, rail = -0.9;
    int n = std::max(1, static_cast<int>(std::lround(std::sqrt(triangles * 0.36 / 12))));
    b.block({x0, -0.6, -0.4}, {x1, 0.6, 1.4}, n);
    // The roof is a flattened superellipsoid sunk into the body's top; the head car's front is a rounded
    // nose (a second superellipsoid), so a head-on meeting is not two flat faces.
    addSuperellipsoid(m, {{length / 2, 0.6, 0.25}, 0.5, 0.25}, superellipsoidStacks(triangles * 0.24),
                      {Mat3::identity(), {(x0 + x1) / 2, 0, 1.38}});
    if (head)
        addSuperellipsoid(m, {{0.45, 0.58, 0.85}, 0.6, 0.6}, superellipsoidStacks(triangles * 0.1),
                          {Mat3::identity(), {x1 - 0.05, 0, 0.5}});
    Profile wheel{{0, -0.08}, {0.42, -0.08}, {0.46, -0.04}, {0.42, 0.08}, {0, 0.08}};
    auto [slices, rows] = latheResolution(wheel, triangles * (head ? 0.08 : 0.09));
    const Mat3 toY = rotationAxisAngle({1, 0, 0}, -std::numbers::pi / 2);
    for (double x : {x1 - 0.8, x0 + 0.8})
        for (double y : {-0.5, 0.5}) addLathe(m, wheel, slices, rows, {toY, {x, y, rail + 0.46}});
    int c = std::max(1, static_cast<int>(std::lround(std::sqrt(triangles * 0.05 / 12))));
    b.block({-0.32, -0.12, -0.12}, {0, 0.12, 0.12}, c);
    b.block({x0 - 0.3, -0.12, -0.12}, {x0 + 0.02, 0.12, 0.12}, c);
    return m;
}

struct Motion {
    std::string kind;
    double speed, duration, impact, slide, buckle, droop;
    int keysPerSecond;
    std::uint64_t seed;
};

/// The head car's pose relative to the model base at time t.
JointPose headPose(const Motion& m, double t) {
    double ti = std::min(t, m.impact), after = std::max(0.0, t - m.impact);
    if (m.kind == "run" || m.kind == "still") return {{m.kind == "run" ? m.speed * t : 0, 0, 0}, {}};
    // After the impact the head decelerates uniformly to rest over `slide` metres.
    double stop = m.speed > 0 ? 2 * m.slide / m.speed : 0, s = std::min(after, stop);
    double x = m.speed * ti + (stop > 0 ? m.speed * (s - s * s / (2 * stop)) : 0);
    double z = m.kind == "fall" ? -0.5 * kGravity * ti * ti : 0;
    return {{x, 0, z}, {}};
}

ArticulatedModel create(const JsonParams& p) {
    int cars = p.integer("cars");
    double length = p.number("car_length");
    double triangles = p.integer("car_triangles");
    Motion m{p.choice("motion"),
             p.number("speed"),
             p.number("duration"),
             p.number("impact"),
             p.number("slide"),
             p.number("buckle"),
             p.number("droop"),
             p.integer("keys_per_second"),
             std::uint64_t(p.integer("seed"))};
    if (m.impact > m.duration)
        p.fail("impact", "must not be later than duration (" + std::to_string(m.duration) + ")");
    if (m.duration * m.keysPerSecond > 5000)
        p.fail("keys_per_second", "duration x keys_per_second exceeds 5000 keys per link");
    ArticulatedModel model;
    double pitch = length + 0.6;
    for (int i = 0; i < cars; ++i)
        addLink(model, "car" + std::to_string(i + 1), i - 1, {i == 0 ? 0 : -pitch, 0, 0},
                car(length, triangles, i == 0), "train");
    if (m.kind == "still") {
        for (Link& l : model.links) l.motion = PoseTrack({Keyframe{}});
        return model;
    }
    // Keys at the fixed rate, plus one exactly at the impact so the stop is not smoothed over.
    std::vector<double> times =
        evenTimes(m.duration, std::max(1, int(std::lround(m.duration * m.keysPerSecond))));
    if (m.kind != "run" && m.impact > 0 && m.impact < m.duration) {
        times.push_back(m.impact);
        std::sort(times.begin(), times.end());
        times.erase(std::unique(times.begin(), times.end(),
                                [](double a, double b) { return std::fabs(a - b) < 1e-9; }),
                    times.end());
    }
    model.links[0].motion = sampleTrack(times, [&](double t) { return headPose(m, t); });
    // Fold of each coupling: its side (mostly alternating) and size from the seed, its onset delayed by
    // 0.06 s per car behind the head, growing over 0.4 s (crash) or 0.8 s (fall).
    Random rng(m.seed);
    int side = rng.next() % 2 ? 1 : -1;
    for (int i = 1; i < cars; ++i) {
        side = rng.uniform(0, 1) < 0.8 ? -side : side;
        double yaw = side * m.buckle * rng.uniform(0.6, 1.0);
        // Landing, the couplings behind the head bend down (a negative turn about y lowers the rear of a
        // car), the first ones most: the cars behind settle into a straight slope of about 3.5 x droop.
        double pitchFold = m.kind == "fall" ? -m.droop * rng.uniform(0.6, 1.4) * std::exp(-(i - 1) / 3.0) : 0;
        double delay = 0.06 * i, grow = m.kind == "fall" ? 0.8 : 0.4;
        model.links[i].motion = sampleTrack(times, [&, yaw, pitchFold, delay, grow](double t) {
            if (m.kind == "run") return JointPose{};
            double u = std::clamp((t - m.impact - delay) / grow, 0.0, 1.0);
            u = u * u * (3 - 2 * u);
            return JointPose{{}, rotZ(yaw * u) * rotY(pitchFold * u)};
        });
    }
    return model;
}

const bool registered = registerModelGenerator(
    {"train",
     "Train of cars coupled in a chain (zhang2007 Fig. 10): runs, crashes (head stops, couplings buckle) or "
     "falls and folds on landing",
     {{"cars", "number of cars", std::int64_t(10), {}, 1, 100},
      {"car_length", "body length of a car (the joints are 0.6 m further apart)", 4.0, {}, 1, 50},
      {"car_triangles", "target triangles per car", std::int64_t(2300), {}, 300, 200'000},
      {"motion", "still, run, crash or fall", std::string("crash"), {"still", "run", "crash", "fall"}},
      {"speed", "forward speed of the head car, m/s", 10.0, {}, 0, 200},
      {"duration", "seconds of motion", 6.0, {}, 0.1, 600},
      {"impact", "time the head car hits (crash) or lands (fall)", 3.0, {}, 0, 600},
      {"slide", "metres the head car slides after the impact before it stops", 3.0, {}, 0, 1000},
      {"buckle", "largest fold of a coupling after the impact, degrees", 35.0, {}, 0, 85},
      {"droop",
       "fall: how far the first coupling bends down after the landing, degrees (those behind less and less)",
       4.0,
       {},
       0,
       30},
      {"keys_per_second", "keyframes per second", std::int64_t(10), {}, 1, 60},
      {"seed", "seed of the folds' sides and sizes", std::int64_t(1), {}, 0, 1 << 30}},
     create});

} // namespace

} // namespace cdlab::models
