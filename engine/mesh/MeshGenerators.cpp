#include "mesh/MeshGenerators.h"

#include "core/Assert.h"
#include "core/InputError.h"
#include "core/Registry.h"
#include "mesh/Building.h"
#include "mesh/Chessboard.h"
#include "mesh/Chessmen.h"
#include "mesh/ClosedTeapot.h"
#include "mesh/Mountain.h"
#include "mesh/PipeStack.h"
#include "mesh/ProceduralMeshes.h"
#include "mesh/SolidUnion.h"
#include "mesh/SpurGear.h"
#include "mesh/Superellipsoid.h"
#include "mesh/Truck.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <nlohmann/json.hpp>
#include <stdexcept>

namespace cdlab {

namespace {

using json = nlohmann::json;

/// revolution's profile: a structured parameter (its spec documents it), `def` when the scene gives none.
std::vector<std::pair<double, double>> profilePairs(const JsonParams& r, const std::string& key,
                                                    std::vector<std::pair<double, double>> def) {
    const json* v = r.structured(key);
    if (!v) return def;
    if (!v->is_array() || v->size() < 2) r.fail(key, "expected an array of at least two [r, z] pairs");
    std::vector<std::pair<double, double>> out;
    for (std::size_t i = 0; i < v->size(); ++i) {
        const json& e = (*v)[i];
        const std::string at = key + "[" + std::to_string(i) + "]";
        if (!e.is_array() || e.size() != 2 || !e[0].is_number() || !e[1].is_number())
            r.fail(at, "expected [r, z] with two numbers");
        double rr = e[0].get<double>(), z = e[1].get<double>();
        if (!(rr >= 0) || !std::isfinite(rr) || !std::isfinite(z))
            r.fail(at, "r must be finite and >= 0, z finite");
        out.push_back({rr, z});
    }
    return out;
}

constexpr double kBig = 1e6;
constexpr int kMaxTris = 20'000'000;

/// A generator: its description (name, parameters) and how it builds its mesh.
struct GeneratorEntry : GeneratorInfo {
    std::function<TriangleMesh(const JsonParams&)> build;
};

/// The generators by name (core/Registry.h): one line of the table below each.
const Registry<GeneratorEntry>& entries() {
    static const Registry<GeneratorEntry> registry = [] {
        Registry<GeneratorEntry> r;
        for (GeneratorEntry& e : std::vector<GeneratorEntry>{
                 {{"box",
                   "Box with each face subdivided into a grid",
                   {{"size_x", "extent along x", 1.0, {}, 1e-9, kBig},
                    {"size_y", "extent along y", 1.0, {}, 1e-9, kBig},
                    {"size_z", "extent along z", 1.0, {}, 1e-9, kBig},
                    {"triangles", "target triangle count", std::int64_t(1200), {}, 12, kMaxTris}}},
                  [](const JsonParams& r) {
                      Vec3 e{r.number("size_x"), r.number("size_y"), r.number("size_z")};
                      return makeBox(e, r.integer("triangles"));
                  }},
                 {{"building",
                   "Construction-site building: a core with a slab jutting out at every storey and a roof "
                   "machine "
                   "room",
                   {{"width", "extent along x", 12.0, {}, 0.5, kBig},
                    {"depth", "extent along y", 10.0, {}, 0.5, kBig},
                    {"floors", "storeys", std::int64_t(5), {}, 1, 200},
                    {"floor_height", "storey height", 3.0, {}, 0.5, kBig},
                    {"triangles", "target triangle count", std::int64_t(20000), {}, 12 * 3, kMaxTris}}},
                  [](const JsonParams& r) {
                      return makeBuilding(r.number("width"), r.number("depth"), r.integer("floors"),
                                          r.number("floor_height"), r.integer("triangles"));
                  }},
                 {{"chessboard",
                   "Chessboard: a slab with the 32 dark squares inlaid as tiles standing proud of the light "
                   "ones; top "
                   "at "
                   "z = 0",
                   {{"size", "side of the 8 x 8 squares", 4.0, {}, 1e-3, kBig},
                    {"thickness", "slab thickness", 0.1, {}, 1e-6, kBig},
                    {"inlay", "how far the dark squares stand proud", 0.005, {}, 1e-6, kBig},
                    {"triangles", "target triangle count", std::int64_t(21000), {}, 400, kMaxTris}}},
                  [](const JsonParams& r) {
                      return makeChessboard(r.number("size"), r.number("thickness"), r.number("inlay"),
                                            r.integer("triangles"));
                  }},
                 {{"chessman",
                   "Staunton chessman turned on a lathe (knight's head, rook's merlons, queen's crown, "
                   "king's cross "
                   "added)",
                   {{"kind", "pawn, rook, knight, bishop, queen or king", std::string("pawn"),
                     chessmanKinds()},
                    {"height",
                     "height of a king of the set (the other pieces are smaller)",
                     0.6,
                     {},
                     1e-6,
                     kBig},
                    {"triangles", "target triangle count", std::int64_t(5000), {}, 200, kMaxTris}}},
                  [](const JsonParams& r) {
                      std::string kind = r.choice("kind");
                      return makeChessman(kind, r.number("height"), r.integer("triangles"));
                  }},
                 {{"cylinder",
                   "Capped cylinder along z",
                   {{"radius", "radius", 0.5, {}, 1e-9, kBig},
                    {"height", "height", 2.0, {}, 1e-9, kBig},
                    {"triangles", "target triangle count", std::int64_t(3000), {}, 12, kMaxTris}}},
                  [](const JsonParams& r) {
                      return makeCylinder(r.number("radius"), r.number("height"), r.integer("triangles"));
                  }},
                 {{"door",
                   "Door (redon2002 Table 1 stand-in): slab, glazed frame, rounded top, mouldings, lever "
                   "handles, "
                   "hinges",
                   {{"width", "extent along x", 0.9, {}, 0.3, kBig},
                    {"height", "extent along y", 2.0, {}, 0.5, kBig},
                    {"thickness", "extent along z", 0.045, {}, 1e-3, kBig},
                    {"triangles", "target triangle count", std::int64_t(3500), {}, 500, kMaxTris}}},
                  [](const JsonParams& r) {
                      return makeDoor(r.number("width"), r.number("height"), r.number("thickness"),
                                      r.integer("triangles"));
                  }},
                 {{"mountain",
                   "Mountain height field: a radial bump roughened by seeded fractal value noise, closed "
                   "below",
                   {{"size", "side of the square footprint", 200.0, {}, 1e-3, kBig},
                    {"height", "summit height", 40.0, {}, 0, kBig},
                    {"roughness", "share of the height that is noise, 0..1", 0.5, {}, 0, 1},
                    {"octaves", "noise octaves", std::int64_t(5), {}, 1, 12},
                    {"seed", "noise seed", std::int64_t(1), {}, 0, 1 << 30},
                    {"triangles", "target triangle count", std::int64_t(29000), {}, 32, kMaxTris}}},
                  [](const JsonParams& r) {
                      MountainShape s;
                      s.size = r.number("size");
                      s.height = r.number("height");
                      s.roughness = r.number("roughness");
                      s.octaves = r.integer("octaves");
                      s.seed = std::uint32_t(r.integer("seed"));
                      return makeMountain(s, r.integer("triangles"));
                  }},
                 {{"panel",
                   "Door-like panel: slab with a raised frame on its front face (polygon soup)",
                   {{"width", "extent along x", 0.9, {}, 1e-9, kBig},
                    {"height", "extent along y", 2.0, {}, 1e-9, kBig},
                    {"thickness", "extent along z", 0.05, {}, 1e-9, kBig},
                    {"frame", "frame bar width", 0.08, {}, 1e-9, kBig},
                    {"triangles", "target triangle count", std::int64_t(3500), {}, 60, kMaxTris}}},
                  [](const JsonParams& r) {
                      return makePanel(r.number("width"), r.number("height"), r.number("thickness"),
                                       r.number("frame"), r.integer("triangles"));
                  }},
                 {{"pipe_stack",
                   "Construction-site pipes: hollow pipes along x stacked in a triangle (rows, rows - 1, ... "
                   "pipes)",
                   {{"rows", "pipes in the bottom row (and rows)", std::int64_t(3), {}, 1, 20},
                    {"radius", "outer radius of a pipe", 0.6, {}, 1e-3, kBig},
                    {"length", "pipe length", 6.0, {}, 1e-3, kBig},
                    {"triangles", "target triangle count", std::int64_t(8000), {}, 100, kMaxTris}}},
                  [](const JsonParams& r) {
                      return makePipeStack(r.integer("rows"), r.number("radius"), r.number("length"),
                                           r.integer("triangles"));
                  }},
                 {{"revolution",
                   "Surface of revolution about z of an (r, z) profile (default: a chess pawn)",
                   {{"profile", "array of [r, z] points, r >= 0", std::string("pawn")},
                    {"scale", "uniform scale", 1.0, {}, 1e-9, kBig},
                    {"triangles", "target triangle count", std::int64_t(4000), {}, 6, kMaxTris}}},
                  [](const JsonParams& r) {
                      auto prof = profilePairs(r, "profile", pawnProfile());
                      double s = r.number("scale");
                      for (auto& p : prof) p.first *= s, p.second *= s;
                      return makeRevolution(prof, r.integer("triangles"));
                  }},
                 {{"sphere",
                   "UV sphere",
                   {{"radius", "radius", 1.0, {}, 1e-9, kBig},
                    {"triangles", "target triangle count", std::int64_t(3000), {}, 8, kMaxTris}}},
                  [](const JsonParams& r) { return makeSphere(r.number("radius"), r.integer("triangles")); }},
                 {{"spur_gear",
                   "Involute spur gear about z, a tooth centred on +x (two mesh at the sum of their pitch "
                   "radii, module * teeth / 2)",
                   {{"teeth", "number of teeth", std::int64_t(20), {}, 6, 400},
                    {"module", "pitch diameter / teeth (the addendum; the tooth size)", 0.1, {}, 1e-6, kBig},
                    {"width", "face width along z", 0.2, {}, 1e-6, kBig},
                    {"pressure_angle", "degrees", 20.0, {}, 10, 30},
                    {"backlash",
                     "taken off each tooth along the pitch circle (negative: thicker teeth that interfere)",
                     0.0,
                     {},
                     -kBig,
                     kBig},
                    {"bore", "radius of the axle's hole (0: solid; below the root circle)", 0.0, {}, 0, kBig},
                    {"triangles", "target triangle count", std::int64_t(5000), {}, 300, kMaxTris}}},
                  [](const JsonParams& r) {
                      SpurGearShape g;
                      g.bore = r.number("bore");
                      g.teeth = r.integer("teeth");
                      g.module = r.number("module");
                      g.width = r.number("width");
                      g.pressureAngle = r.number("pressure_angle");
                      g.backlash = r.number("backlash");
                      if (std::abs(g.backlash) >= 0.5 * 3.141592653589793 * g.module)
                          r.fail("backlash",
                                 "must be smaller than half the circular pitch (pi * module / 2)");
                      if (g.bore >= spurGearPitchRadius(g) - 1.25 * g.module)
                          r.fail("bore", "must lie inside the root circle (pitch radius - 1.25 * module)");
                      return makeSpurGear(g, std::size_t(r.integer("triangles")));
                  }},
                 {{"superellipsoid",
                   "Superellipsoid: exponents below 1 round a box, 1 gives the ellipsoid, above 2 pinch it "
                   "into a "
                   "star",
                   {{"radius_x", "half extent along x", 1.0, {}, 1e-9, kBig},
                    {"radius_y", "half extent along y", 1.0, {}, 1e-9, kBig},
                    {"radius_z", "half extent along z", 1.0, {}, 1e-9, kBig},
                    {"north_south", "exponent of the vertical profile", 1.0, {}, 0.05, 4},
                    {"east_west", "exponent of the horizontal section", 1.0, {}, 0.05, 4},
                    {"triangles", "target triangle count", std::int64_t(3000), {}, 8, kMaxTris}}},
                  [](const JsonParams& r) {
                      Superellipsoid s;
                      s.radii = {r.number("radius_x"), r.number("radius_y"), r.number("radius_z")};
                      s.northSouth = r.number("north_south");
                      s.eastWest = r.number("east_west");
                      return makeSuperellipsoid(s, r.integer("triangles"));
                  }},
                 {{"teapot",
                   "Utah teapot from Newell's 32 Bezier patches (z up)",
                   {{"scale",
                     "uniform scale of the original data (about 6 x 4 x 3 units)",
                     0.5,
                     {},
                     1e-9,
                     kBig},
                    {"triangles", "target triangle count", std::int64_t(10000), {}, 256, kMaxTris},
                    {"closed",
                     "one closed 2-manifold: the parts closed and united exactly (needs CGAL; Newell's "
                     "patches leave "
                     "holes)",
                     false}}},
                  [](const JsonParams& r) {
                      double scale = r.number("scale");
                      int triangles = r.integer("triangles");
                      if (!r.boolean("closed")) return makeTeapot(scale, triangles);
                      // The union is exact (CGAL's corefinement, registered by the peers when CGAL is
                      // installed): without it there is no closed teapot, and an open one would pass silently
                      // for closed.
                      if (!solidUnionAvailable())
                          r.fail("closed",
                                 "a closed teapot needs CGAL's exact union, and this build has no CGAL "
                                 "(install libcgal-dev and reconfigure)");
                      try {
                          return makeClosedTeapot(scale, triangles);
                      } catch (const std::runtime_error& e) {
                          r.fail("closed",
                                 std::string("the exact union of the teapot's parts failed: ") + e.what());
                      }
                  }},
                 {{"torus_knot",
                   "(p, q) torus knot tube",
                   {{"p", "windings around the axis", std::int64_t(2), {}, 1, 64},
                    {"q", "windings through the hole", std::int64_t(3), {}, 1, 64},
                    {"radius", "overall radius", 1.0, {}, 1e-9, kBig},
                    {"tube", "tube radius", 0.2, {}, 1e-9, kBig},
                    {"triangles", "target triangle count", std::int64_t(7000), {}, 48, kMaxTris}}},
                  [](const JsonParams& r) {
                      return makeTorusKnot(r.integer("p"), r.integer("q"), r.number("radius"),
                                           r.number("tube"), r.integer("triangles"));
                  }},
                 {{"truck",
                   "Construction-site dump truck: chassis, cab, open tipper and six lathe-turned wheels, "
                   "facing +x",
                   {{"length", "overall length (the other sizes follow)", 8.0, {}, 1e-3, kBig},
                    {"triangles", "target triangle count", std::int64_t(6000), {}, 300, kMaxTris}}},
                  [](const JsonParams& r) { return makeTruck(r.number("length"), r.integer("triangles")); }},
             })
            r.add(std::move(e));
        return r;
    }();
    return registry;
}

} // namespace

const std::vector<GeneratorInfo>& meshGenerators() {
    static const std::vector<GeneratorInfo> infos(entries().list().begin(), entries().list().end());
    return infos;
}

TriangleMesh generateMesh(const std::string& generator, const json& params, const std::string& file,
                          const std::string& jsonPath) {
    const GeneratorEntry* e = entries().find(generator);
    if (!e)
        throw InputError(file, jsonPath + ".generator",
                         "unknown generator '" + generator + "' (known: " + entries().names() + ")");
    TriangleMesh m = e->build(JsonParams(params, e->params, file, jsonPath + ".params"));
    m.validate(file + " (" + jsonPath + ")");
    return m;
}

} // namespace cdlab
