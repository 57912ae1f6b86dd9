// The tower crane of zhang2007's construction-site benchmark (sec. 8, Fig. 11): mast (root), the jib with
// its counter-jib slewing on top, the trolley running along the jib and the hook block hanging below it.
// The trolley and hook are prismatic joints (their joint motion translates); the hoist rope is left out,
// as a rope of changing length is no rigid link. Like the excavator it moves in a few large planner steps.
// Units are metres; the mast stands on z = 0, the jib points along +x at rest.
#include "mesh/MeshBuilder.h"
#include "mesh/Superellipsoid.h"
#include "models/ModelKit.h"
#include "scene/ModelGenerators.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace cdlab::models {

namespace {

int gridFor(double triangles, int boxes) {
    return std::max(1, static_cast<int>(std::lround(std::sqrt(triangles / (12.0 * boxes)))));
}

ArticulatedModel create(const JsonParams& p) {
    int steps = p.integer("steps");
    double stepTime = p.number("step_time");
    Random rng(std::uint64_t(p.integer("seed")));
    double tri = p.integer("triangles");
    double height = p.number("height"), jib = p.number("jib_length");
    const std::string g = "tower_crane";
    ArticulatedModel model;

    TriangleMesh mast;
    MeshBuilder mb(mast);
    mb.block({-3, -3, 0}, {3, 3, 1}, gridFor(tri * 0.05, 1));               // foundation
    mb.block({-0.8, -0.8, 0.5}, {0.8, 0.8, height}, gridFor(tri * 0.2, 1)); // mast
    addLink(model, "mast", -1, {}, std::move(mast), g);

    TriangleMesh top;
    MeshBuilder tb(top);
    int n = gridFor(tri * 0.45, 5);
    tb.block({-1, -1, 0}, {1, 1, 1.6}, n);                         // slewing unit
    tb.block({0, -0.7, 1.2}, {jib, 0.7, 2.6}, n);                  // jib
    tb.block({-0.3 * jib, -0.9, 1.2}, {0, 0.9, 2.4}, n);           // counter-jib
    tb.block({-0.3 * jib, -1.2, -1.5}, {-0.2 * jib, 1.2, 1.2}, n); // counterweight
    tb.block({-0.4, -0.4, 2.6}, {0.4, 0.4, 9}, n);                 // tower head (for the pendants)
    addSuperellipsoid(top, {{1.0, 0.8, 1.0}, 0.3, 0.3}, superellipsoidStacks(tri * 0.06),
                      {Mat3::identity(), {1.5, -1.6, 0.8}}); // cab
    addLink(model, "jib", 0, {0, 0, height}, std::move(top), g);

    TriangleMesh trolley;
    MeshBuilder(trolley).block({-1, -1, 0.6}, {1, 1, 1.2}, gridFor(tri * 0.09, 1));
    addLink(model, "trolley", 1, {}, std::move(trolley), g);

    TriangleMesh hook;
    MeshBuilder(hook).block({-0.5, -0.3, -1.2}, {0.5, 0.3, 0}, gridFor(tri * 0.06, 1));
    addSuperellipsoid(hook, {{0.35, 0.12, 0.45}, 1, 3}, superellipsoidStacks(tri * 0.09),
                      {Mat3::identity(), {0.1, 0, -1.5}});
    addLink(model, "hook", 2, {}, std::move(hook), g);

    // Per step: slew (degrees), trolley reach along the jib, hook depth below the trolley.
    std::vector<std::array<double, 3>> config{{0, 0.5 * jib, 0.3 * height}};
    for (int s = 0; s < steps; ++s) {
        double slew = config.back()[0] + (rng.next() % 2 ? 1 : -1) * rng.uniform(60, 120);
        config.push_back({slew, rng.uniform(0.15 * jib, 0.95 * jib), rng.uniform(2, 0.9 * height)});
    }
    std::vector<double> times = evenTimes(steps * stepTime, steps);
    auto at = [&](double t) { return config[std::clamp(int(std::lround(t / stepTime)), 0, steps)]; };
    model.links[0].motion = PoseTrack({Keyframe{}});
    model.links[1].motion = sampleTrack(times, [&](double t) { return JointPose{{}, rotZ(at(t)[0])}; });
    model.links[2].motion = sampleTrack(times, [&](double t) { return JointPose{{at(t)[1], 0, 0}, {}}; });
    model.links[3].motion = sampleTrack(times, [&](double t) { return JointPose{{0, 0, -at(t)[2]}, {}}; });
    return model;
}

const bool registered = registerModelGenerator(
    {"tower_crane",
     "Tower crane (zhang2007 Fig. 11): mast, slewing jib, trolley and hook (prismatic "
     "joints); moves in a few "
     "large planner steps",
     {{"steps", "planner steps (each a new random configuration)", std::int64_t(6), {}, 1, 200},
      {"step_time", "seconds per step", 1.0, {}, 0.01, 60},
      {"seed", "seed of the configurations", std::int64_t(1), {}, 0, 1 << 30},
      {"height", "mast height (the jib's underside)", 40.0, {}, 5, 500},
      {"jib_length", "jib length", 50.0, {}, 5, 500},
      {"triangles", "target triangle count of the whole crane", std::int64_t(1200), {}, 300, 2'000'000}},
     create});

} // namespace

} // namespace cdlab::models
