// The excavator of zhang2007's construction-site benchmark (sec. 8, Fig. 11): undercarriage (root) with its
// two tracks, the house slewing on it, and the digging chain boom - stick - bucket, each pitching about its
// pin. Its motion is a motion planner's path as the paper's benchmark replays it: a few large steps, each a
// new configuration far from the last (slews of 60-120 degrees, boom, stick and bucket swinging across most
// of their range), the joints moving at constant velocity between them. Units are metres; the machine
// faces +x with its undercarriage on z = 0.
#include "mesh/MeshBuilder.h"
#include "mesh/Superellipsoid.h"
#include "models/ModelKit.h"
#include "scene/ModelGenerators.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

namespace cdlab::models {

namespace {

constexpr double kPi = std::numbers::pi;

int gridFor(double triangles, int boxes) {
    return std::max(1, static_cast<int>(std::lround(std::sqrt(triangles / (12.0 * boxes)))));
}

/// A boxy beam from a to b (in the x-z plane) of half-width `w` and half-height `h`.
void beam(TriangleMesh& m, Vec3 a, Vec3 b, double w, double h, double triangles) {
    Vec3 d = b - a;
    double len = length(d), angle = std::atan2(d.z, d.x);
    addSuperellipsoid(m, {{len / 2 + h, w, h}, 0.25, 0.25}, superellipsoidStacks(triangles),
                      {rotationAxisAngle({0, 1, 0}, -angle), (a + b) * 0.5});
}

ArticulatedModel build(double tri) {
    const std::string g = "excavator";
    ArticulatedModel model;
    TriangleMesh under;
    for (double y : {-1.25, 1.25}) // tracks: rounded slabs
        addSuperellipsoid(under, {{2.3, 0.35, 0.45}, 0.35, 0.3}, superellipsoidStacks(tri * 0.12),
                          {Mat3::identity(), {0, y, 0.45}});
    MeshBuilder(under).block({-1.2, -0.95, 0.45}, {1.2, 0.95, 0.95}, gridFor(tri * 0.04, 1));
    addSuperellipsoid(under, {{1.0, 1.0, 0.12}, 0.3, 1}, superellipsoidStacks(tri * 0.04),
                      {Mat3::identity(), {0, 0, 1.0}});
    int base = addLink(model, "undercarriage", -1, {0, 0, 0}, std::move(under), g);

    TriangleMesh house;
    MeshBuilder hb(house);
    int n = gridFor(tri * 0.2, 3);
    hb.block({-2.0, -1.3, 0}, {1.6, 1.3, 0.9}, n);     // platform
    hb.block({-2.0, -1.3, 0.85}, {-0.5, 0.3, 1.6}, n); // engine hood
    hb.block({0.3, 0.35, 0.85}, {1.5, 1.25, 2.5}, n);  // cab
    addSuperellipsoid(house, {{0.5, 1.3, 0.5}, 0.4, 0.4}, superellipsoidStacks(tri * 0.08),
                      {Mat3::identity(), {-2.1, 0, 0.6}});
    int houseLink = addLink(model, "house", base, {0, 0, 1.1}, std::move(house), g);

    // The boom rises from its pin and bends down towards the stick pin: two beams meeting at an angle.
    TriangleMesh boom;
    beam(boom, {0, 0, 0}, {3.0, 0, 1.8}, 0.3, 0.35, tri * 0.1);
    beam(boom, {3.0, 0, 1.8}, {5.6, 0, 1.2}, 0.27, 0.3, tri * 0.1);
    int boomLink = addLink(model, "boom", houseLink, {1.0, -0.3, 0.9}, std::move(boom), g);

    TriangleMesh stick;
    beam(stick, {-0.4, 0, 0}, {2.9, 0, 0}, 0.22, 0.28, tri * 0.08);
    int stickLink = addLink(model, "stick", boomLink, {5.6, 0, 1.2}, std::move(stick), g);

    // The bucket: an open scoop (floor, back, two sides) with five teeth along its lip: non-convex.
    TriangleMesh bucket;
    MeshBuilder bb(bucket);
    int k = gridFor(tri * 0.14, 4);
    bb.block({0, -0.6, -0.08}, {1.1, 0.6, 0}, k);
    bb.block({-0.08, -0.6, -0.08}, {0, 0.6, 0.9}, k);
    bb.block({-0.08, -0.66, -0.08}, {1.1, -0.6, 0.9}, k);
    bb.block({-0.08, 0.6, -0.08}, {1.1, 0.66, 0.9}, k);
    for (int t = 0; t < 5; ++t)
        addSuperellipsoid(bucket, {{0.14, 0.05, 0.035}, 0.6, 0.6}, superellipsoidStacks(tri * 0.012),
                          {Mat3::identity(), {1.18, -0.48 + 0.24 * t, -0.04}});
    addLink(model, "bucket", stickLink, {2.9, 0, 0}, std::move(bucket), g);
    return model;
}

ArticulatedModel create(const JsonParams& p) {
    int steps = p.integer("steps");
    double stepTime = p.number("step_time");
    Random rng(std::uint64_t(p.integer("seed")));
    ArticulatedModel model = build(p.integer("triangles"));
    // Joint angles per step (degrees): slew of the house, boom raise, stick fold, bucket curl.
    std::vector<std::array<double, 4>> config{{0, 10, 60, 40}};
    for (int s = 0; s < steps; ++s) {
        const auto& last = config.back();
        double slew = last[0] + (rng.next() % 2 ? 1 : -1) * rng.uniform(60, 120);
        config.push_back({slew, rng.uniform(-20, 45), rng.uniform(20, 110), rng.uniform(-30, 120)});
    }
    std::vector<double> times = evenTimes(steps * stepTime, steps);
    auto track = [&](int j, Quat (*rot)(double), double sign) {
        return sampleTrack(times, [&, j, rot, sign](double t) {
            int s = std::clamp(int(std::lround(t / stepTime)), 0, steps);
            return JointPose{{}, rot(sign * config[s][j])};
        });
    };
    model.links[0].motion = PoseTrack({Keyframe{}});
    model.links[1].motion = track(0, rotZ, 1);
    model.links[2].motion = track(1, rotY, -1); // a negative turn about y raises the boom's far end
    model.links[3].motion = track(2, rotY, 1);
    model.links[4].motion = track(3, rotY, 1);
    return model;
}

const bool registered = registerModelGenerator(
    {"excavator",
     "Excavator (zhang2007 Fig. 11): undercarriage, slewing house, boom, stick and "
     "bucket as a chain; moves in "
     "a few large planner steps",
     {{"steps", "planner steps (each a new random configuration)", std::int64_t(6), {}, 1, 200},
      {"step_time", "seconds per step", 1.0, {}, 0.01, 60},
      {"seed", "seed of the configurations", std::int64_t(1), {}, 0, 1 << 30},
      {"triangles", "target triangle count of the whole machine", std::int64_t(19000), {}, 1000, 2'000'000}},
     create});

} // namespace

} // namespace cdlab::models
