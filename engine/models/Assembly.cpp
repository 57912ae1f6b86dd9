// A many-link assembly (the issue-42 stand-in for a 67-link machine whose parts touch at rest): a beam (the
// root) carrying `arms` parallel arms of `segments` box links each, side by side along y. Neighbouring arms
// are pressed together (`gap` < 0: each segment overlaps its neighbours by -gap) or kept a clearance apart
// (`gap` > 0), so nearly every link has non-adjacent links of other arms within reach: hundreds of
// potentially colliding link pairs (PCLs) a frame, most of them never moving relative to each other.
//
// Motions: "rest" (nothing moves: two equal keys give the scene its duration), or "carried" (the beam is
// carried along a slow arc, the arms fixed to it, so every link moves in the world while their relative
// poses stay still, and the last arm swings slowly about its root joint towards its neighbour and back).
// Units are metres; the beam lies along +y, the arms reach along +x.
#include "mesh/MeshBuilder.h"
#include "models/ModelKit.h"
#include "scene/ModelGenerators.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace cdlab::models {

namespace {

ArticulatedModel create(const JsonParams& p) {
    const int arms = p.integer("arms"), segments = p.integer("segments");
    const double pitch = p.number("pitch"), length = p.number("segment_length");
    const double gap = p.number("gap");
    if (std::abs(gap) > 0.5 * pitch)
        p.fail("gap", "expected a number in [-pitch/2, pitch/2] = [" + nlohmann::json(-0.5 * pitch).dump() +
                          ", " + nlohmann::json(0.5 * pitch).dump() + "], got " + nlohmann::json(gap).dump());
    const int grid = p.integer("grid");
    const std::string motion = p.choice("motion");
    const double duration = p.number("duration");
    const int keys = p.integer("keys");
    const std::string g = "assembly";
    ArticulatedModel model;

    const double width = pitch - gap, height = 0.6 * pitch;
    TriangleMesh beam;
    MeshBuilder(beam).block({-0.5 * pitch, -0.5 * pitch, -0.5 * height},
                            {0, (arms - 0.5) * pitch, 0.5 * height}, grid);
    addLink(model, "beam", -1, {}, std::move(beam), g);
    for (int a = 0; a < arms; ++a)
        for (int s = 0; s < segments; ++s) {
            TriangleMesh box;
            // Each segment reaches from its joint to the next along +x: it touches the next segment of its
            // own arm (adjacent: never tested) and, end to end, the next segments of the arms beside it.
            MeshBuilder(box).block({0, -0.5 * width, -0.5 * height}, {length, 0.5 * width, 0.5 * height},
                                   grid);
            Vec3 offset = s == 0 ? Vec3{0.01 * length, a * pitch, 0} : Vec3{length, 0, 0};
            addLink(model, "arm" + std::to_string(a) + "_" + std::to_string(s),
                    s == 0 ? 0 : int(model.links.size()) - 1, offset, std::move(box), g);
        }

    const std::vector<double> times = evenTimes(duration, keys);
    for (Link& l : model.links) l.motion = sampleTrack(times, [](double) { return JointPose{}; });
    if (motion == "carried") {
        // The beam: a slow quarter-turn arc about z and a rise of one pitch over the scene.
        model.links[0].motion = sampleTrack(times, [&](double t) {
            double u = t / duration;
            return JointPose{{0, 0, pitch * u}, rotZ(90 * u)};
        });
        // The last arm's root joint swings about z towards the arm beside it (-y) and back, twice: its
        // far end passes the neighbour's clearance.
        const double reach = segments * length;
        const double swing = std::atan2(2 * std::max(gap, 0.0) + 0.5 * pitch, reach) * 180 / std::numbers::pi;
        model.links[1 + (arms - 1) * segments].motion = sampleTrack(times, [&](double t) {
            return JointPose{{}, rotZ(-swing * std::sin(2 * std::numbers::pi * 2 * t / duration))};
        });
    }
    return model;
}

const bool registered = registerModelGenerator(
    {"assembly",
     "Many-link assembly (issue 42's stand-in for a machine at rest): a beam carrying parallel arms of box "
     "links pressed together or a clearance apart; at rest, or carried as a whole with one arm swinging",
     {{"arms", "arms side by side along the beam", std::int64_t(8), {}, 2, 64},
      {"segments", "box links per arm", std::int64_t(8), {}, 1, 64},
      {"pitch", "spacing of the arms (their width plus the gap)", 0.1, {}, 0.01, 10},
      {"segment_length", "length of each box link", 0.3, {}, 0.01, 10},
      {"gap",
       "clearance between neighbouring arms (negative: pressed together, overlapping)",
       -0.001,
       {},
       -5,
       5},
      {"grid", "quads per box face edge (12 grid^2 triangles a link)", std::int64_t(4), {}, 1, 64},
      {"motion",
       "rest (nothing moves) or carried (the beam moves, the last arm swings)",
       std::string("rest"),
       {"rest", "carried"}},
      {"duration", "seconds the scene lasts", 4.0, {}, 0.01, 1000},
      {"keys", "keys per joint track", std::int64_t(16), {}, 1, 1000}},
     create});

} // namespace

} // namespace cdlab::models
