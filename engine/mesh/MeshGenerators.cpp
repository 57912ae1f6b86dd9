#include "mesh/MeshGenerators.h"

#include "core/InputError.h"
#include "mesh/Building.h"
#include "mesh/Chessboard.h"
#include "mesh/Chessmen.h"
#include "mesh/ClosedTeapot.h"
#include "mesh/Mountain.h"
#include "mesh/PipeStack.h"
#include "mesh/ProceduralMeshes.h"
#include "mesh/SolidUnion.h"
#include "mesh/Superellipsoid.h"
#include "mesh/Truck.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>

namespace cdlab {

namespace {

using json = nlohmann::json;

/// Reads typed parameters out of a JSON object, remembering which keys were used so unknown keys are
/// reported.
class ParamReader {
public:
    ParamReader(const json& params, const std::string& file, const std::string& path)
        : m_params(params), m_file(file), m_path(path) {
        if (!m_params.is_null() && !m_params.is_object())
            throw InputError(m_file, m_path, "expected an object of generator parameters");
    }

    double number(const std::string& key, double def, double lo, double hi) {
        m_used.insert(key);
        if (m_params.is_null() || !m_params.contains(key)) return def;
        const json& v = m_params[key];
        if (!v.is_number())
            throw InputError(m_file, m_path + "." + key, "expected a number, got " + typeName(v));
        double x = v.get<double>();
        if (!(x >= lo && x <= hi))
            throw InputError(m_file, m_path + "." + key,
                             "value " + v.dump() + " out of range [" + json(lo).dump() + ", " +
                                 json(hi).dump() + "]");
        return x;
    }
    int integer(const std::string& key, int def, int lo, int hi) {
        double x = number(key, def, lo, hi);
        if (x != static_cast<int>(x)) throw InputError(m_file, m_path + "." + key, "expected an integer");
        return static_cast<int>(x);
    }
    std::string choice(const std::string& key, const std::string& def,
                       const std::vector<std::string>& choices) {
        m_used.insert(key);
        if (m_params.is_null() || !m_params.contains(key)) return def;
        const json& v = m_params[key];
        std::string list;
        for (const auto& c : choices) list += (list.empty() ? "" : ", ") + c;
        if (!v.is_string() ||
            std::find(choices.begin(), choices.end(), v.get<std::string>()) == choices.end())
            throw InputError(m_file, m_path + "." + key, "expected one of " + list + ", got " + v.dump());
        return v.get<std::string>();
    }
    bool boolean(const std::string& key, bool def) {
        m_used.insert(key);
        if (m_params.is_null() || !m_params.contains(key)) return def;
        const json& v = m_params[key];
        if (!v.is_boolean())
            throw InputError(m_file, m_path + "." + key, "expected true or false, got " + typeName(v));
        return v.get<bool>();
    }
    /// An error about parameter `key` (a value the generator cannot build).
    InputError error(const std::string& key, const std::string& message) const {
        return InputError(m_file, m_path + "." + key, message);
    }
    std::vector<std::pair<double, double>> pairs(const std::string& key,
                                                 std::vector<std::pair<double, double>> def) {
        m_used.insert(key);
        if (m_params.is_null() || !m_params.contains(key)) return def;
        const json& v = m_params[key];
        std::string p = m_path + "." + key;
        if (!v.is_array() || v.size() < 2)
            throw InputError(m_file, p, "expected an array of at least two [r, z] pairs");
        std::vector<std::pair<double, double>> out;
        for (std::size_t i = 0; i < v.size(); ++i) {
            const json& e = v[i];
            if (!e.is_array() || e.size() != 2 || !e[0].is_number() || !e[1].is_number())
                throw InputError(m_file, p + "[" + std::to_string(i) + "]",
                                 "expected [r, z] with two numbers");
            double r = e[0].get<double>(), z = e[1].get<double>();
            if (!(r >= 0) || !std::isfinite(r) || !std::isfinite(z))
                throw InputError(m_file, p + "[" + std::to_string(i) + "]",
                                 "r must be finite and >= 0, z finite");
            out.push_back({r, z});
        }
        return out;
    }
    void rejectUnknown() const {
        if (m_params.is_null()) return;
        for (auto it = m_params.begin(); it != m_params.end(); ++it)
            if (!m_used.count(it.key())) {
                std::string known;
                for (const auto& k : m_used) known += (known.empty() ? "" : ", ") + k;
                throw InputError(m_file, m_path + "." + it.key(), "unknown parameter (known: " + known + ")");
            }
    }
    static std::string typeName(const json& v) { return v.type_name(); }

private:
    const json& m_params;
    std::string m_file, m_path;
    std::set<std::string> m_used;
};

constexpr double kBig = 1e6;
constexpr int kMaxTris = 20'000'000;

struct GeneratorEntry {
    GeneratorInfo info;
    std::function<TriangleMesh(ParamReader&)> build;
};

const std::vector<GeneratorEntry>& entries() {
    static const std::vector<GeneratorEntry> table = {
        {{"box",
          "Box with each face subdivided into a grid",
          {{"size_x", "extent along x", "1"},
           {"size_y", "extent along y", "1"},
           {"size_z", "extent along z", "1"},
           {"triangles", "target triangle count", "1200"}}},
         [](ParamReader& r) {
             Vec3 e{r.number("size_x", 1, 1e-9, kBig), r.number("size_y", 1, 1e-9, kBig),
                    r.number("size_z", 1, 1e-9, kBig)};
             return makeBox(e, r.integer("triangles", 1200, 12, kMaxTris));
         }},
        {{"building",
          "Construction-site building: a core with a slab jutting out at every storey and a roof machine "
          "room",
          {{"width", "extent along x", "12"},
           {"depth", "extent along y", "10"},
           {"floors", "storeys", "5"},
           {"floor_height", "storey height", "3"},
           {"triangles", "target triangle count", "20000"}}},
         [](ParamReader& r) {
             return makeBuilding(r.number("width", 12, 0.5, kBig), r.number("depth", 10, 0.5, kBig),
                                 r.integer("floors", 5, 1, 200), r.number("floor_height", 3, 0.5, kBig),
                                 r.integer("triangles", 20000, 12 * 3, kMaxTris));
         }},
        {{"chessboard",
          "Chessboard: a slab with the 32 dark squares inlaid as tiles standing proud of the light ones; top "
          "at "
          "z = 0",
          {{"size", "side of the 8 x 8 squares", "4"},
           {"thickness", "slab thickness", "0.1"},
           {"inlay", "how far the dark squares stand proud", "0.005"},
           {"triangles", "target triangle count", "21000"}}},
         [](ParamReader& r) {
             return makeChessboard(r.number("size", 4, 1e-3, kBig), r.number("thickness", 0.1, 1e-6, kBig),
                                   r.number("inlay", 0.005, 1e-6, kBig),
                                   r.integer("triangles", 21000, 400, kMaxTris));
         }},
        {{"chessman",
          "Staunton chessman turned on a lathe (knight's head, rook's merlons, queen's crown, king's cross "
          "added)",
          {{"kind", "pawn, rook, knight, bishop, queen or king", "\"pawn\""},
           {"height", "height of a king of the set (the other pieces are smaller)", "0.6"},
           {"triangles", "target triangle count", "5000"}}},
         [](ParamReader& r) {
             std::string kind = r.choice("kind", "pawn", chessmanKinds());
             return makeChessman(kind, r.number("height", 0.6, 1e-6, kBig),
                                 r.integer("triangles", 5000, 200, kMaxTris));
         }},
        {{"cylinder",
          "Capped cylinder along z",
          {{"radius", "radius", "0.5"},
           {"height", "height", "2"},
           {"triangles", "target triangle count", "3000"}}},
         [](ParamReader& r) {
             return makeCylinder(r.number("radius", 0.5, 1e-9, kBig), r.number("height", 2, 1e-9, kBig),
                                 r.integer("triangles", 3000, 12, kMaxTris));
         }},
        {{"door",
          "Door (redon2002 Table 1 stand-in): slab, glazed frame, rounded top, mouldings, lever handles, "
          "hinges",
          {{"width", "extent along x", "0.9"},
           {"height", "extent along y", "2"},
           {"thickness", "extent along z", "0.045"},
           {"triangles", "target triangle count", "3500"}}},
         [](ParamReader& r) {
             return makeDoor(r.number("width", 0.9, 0.3, kBig), r.number("height", 2, 0.5, kBig),
                             r.number("thickness", 0.045, 1e-3, kBig),
                             r.integer("triangles", 3500, 500, kMaxTris));
         }},
        {{"mountain",
          "Mountain height field: a radial bump roughened by seeded fractal value noise, closed below",
          {{"size", "side of the square footprint", "200"},
           {"height", "summit height", "40"},
           {"roughness", "share of the height that is noise, 0..1", "0.5"},
           {"octaves", "noise octaves", "5"},
           {"seed", "noise seed", "1"},
           {"triangles", "target triangle count", "29000"}}},
         [](ParamReader& r) {
             MountainShape s;
             s.size = r.number("size", 200, 1e-3, kBig);
             s.height = r.number("height", 40, 0, kBig);
             s.roughness = r.number("roughness", 0.5, 0, 1);
             s.octaves = r.integer("octaves", 5, 1, 12);
             s.seed = std::uint32_t(r.integer("seed", 1, 0, 1 << 30));
             return makeMountain(s, r.integer("triangles", 29000, 32, kMaxTris));
         }},
        {{"panel",
          "Door-like panel: slab with a raised frame on its front face (polygon soup)",
          {{"width", "extent along x", "0.9"},
           {"height", "extent along y", "2"},
           {"thickness", "extent along z", "0.05"},
           {"frame", "frame bar width", "0.08"},
           {"triangles", "target triangle count", "3500"}}},
         [](ParamReader& r) {
             return makePanel(r.number("width", 0.9, 1e-9, kBig), r.number("height", 2, 1e-9, kBig),
                              r.number("thickness", 0.05, 1e-9, kBig), r.number("frame", 0.08, 1e-9, kBig),
                              r.integer("triangles", 3500, 60, kMaxTris));
         }},
        {{"pipe_stack",
          "Construction-site pipes: hollow pipes along x stacked in a triangle (rows, rows - 1, ... pipes)",
          {{"rows", "pipes in the bottom row (and rows)", "3"},
           {"radius", "outer radius of a pipe", "0.6"},
           {"length", "pipe length", "6"},
           {"triangles", "target triangle count", "8000"}}},
         [](ParamReader& r) {
             return makePipeStack(r.integer("rows", 3, 1, 20), r.number("radius", 0.6, 1e-3, kBig),
                                  r.number("length", 6, 1e-3, kBig),
                                  r.integer("triangles", 8000, 100, kMaxTris));
         }},
        {{"revolution",
          "Surface of revolution about z of an (r, z) profile (default: a chess pawn)",
          {{"profile", "array of [r, z] points, r >= 0", "pawn"},
           {"scale", "uniform scale", "1"},
           {"triangles", "target triangle count", "4000"}}},
         [](ParamReader& r) {
             auto prof = r.pairs("profile", pawnProfile());
             double s = r.number("scale", 1, 1e-9, kBig);
             for (auto& p : prof) p.first *= s, p.second *= s;
             return makeRevolution(prof, r.integer("triangles", 4000, 6, kMaxTris));
         }},
        {{"sphere", "UV sphere", {{"radius", "radius", "1"}, {"triangles", "target triangle count", "3000"}}},
         [](ParamReader& r) {
             return makeSphere(r.number("radius", 1, 1e-9, kBig), r.integer("triangles", 3000, 8, kMaxTris));
         }},
        {{"superellipsoid",
          "Superellipsoid: exponents below 1 round a box, 1 gives the ellipsoid, above 2 pinch it into a "
          "star",
          {{"radius_x", "half extent along x", "1"},
           {"radius_y", "half extent along y", "1"},
           {"radius_z", "half extent along z", "1"},
           {"north_south", "exponent of the vertical profile", "1"},
           {"east_west", "exponent of the horizontal section", "1"},
           {"triangles", "target triangle count", "3000"}}},
         [](ParamReader& r) {
             Superellipsoid s;
             s.radii = {r.number("radius_x", 1, 1e-9, kBig), r.number("radius_y", 1, 1e-9, kBig),
                        r.number("radius_z", 1, 1e-9, kBig)};
             s.northSouth = r.number("north_south", 1, 0.05, 4);
             s.eastWest = r.number("east_west", 1, 0.05, 4);
             return makeSuperellipsoid(s, r.integer("triangles", 3000, 8, kMaxTris));
         }},
        {{"teapot",
          "Utah teapot from Newell's 32 Bezier patches (z up)",
          {{"scale", "uniform scale of the original data (about 6 x 4 x 3 units)", "0.5"},
           {"triangles", "target triangle count", "10000"},
           {"closed",
            "one closed 2-manifold: the parts closed and united exactly (needs CGAL; Newell's patches leave "
            "holes)",
            "false"}}},
         [](ParamReader& r) {
             double scale = r.number("scale", 0.5, 1e-9, kBig);
             int triangles = r.integer("triangles", 10000, 256, kMaxTris);
             if (!r.boolean("closed", false)) return makeTeapot(scale, triangles);
             // The union is exact (CGAL's corefinement, registered by the peers when CGAL is installed):
             // without it there is no closed teapot, and an open one would pass silently for closed.
             if (!solidUnionAvailable())
                 throw r.error("closed",
                               "a closed teapot needs CGAL's exact union, and this build has no CGAL "
                               "(install libcgal-dev and reconfigure)");
             try {
                 return makeClosedTeapot(scale, triangles);
             } catch (const std::runtime_error& e) {
                 throw r.error("closed",
                               std::string("the exact union of the teapot's parts failed: ") + e.what());
             }
         }},
        {{"torus_knot",
          "(p, q) torus knot tube",
          {{"p", "windings around the axis", "2"},
           {"q", "windings through the hole", "3"},
           {"radius", "overall radius", "1"},
           {"tube", "tube radius", "0.2"},
           {"triangles", "target triangle count", "7000"}}},
         [](ParamReader& r) {
             return makeTorusKnot(r.integer("p", 2, 1, 64), r.integer("q", 3, 1, 64),
                                  r.number("radius", 1, 1e-9, kBig), r.number("tube", 0.2, 1e-9, kBig),
                                  r.integer("triangles", 7000, 48, kMaxTris));
         }},
        {{"truck",
          "Construction-site dump truck: chassis, cab, open tipper and six lathe-turned wheels, facing +x",
          {{"length", "overall length (the other sizes follow)", "8"},
           {"triangles", "target triangle count", "6000"}}},
         [](ParamReader& r) {
             return makeTruck(r.number("length", 8, 1e-3, kBig), r.integer("triangles", 6000, 300, kMaxTris));
         }},
    };
    return table;
}

} // namespace

const std::vector<GeneratorInfo>& meshGenerators() {
    static const std::vector<GeneratorInfo> infos = [] {
        std::vector<GeneratorInfo> v;
        for (const auto& e : entries()) v.push_back(e.info);
        return v;
    }();
    return infos;
}

TriangleMesh generateMesh(const std::string& generator, const json& params, const std::string& file,
                          const std::string& jsonPath) {
    for (const auto& e : entries()) {
        if (e.info.name != generator) continue;
        ParamReader reader(params, file, jsonPath + ".params");
        TriangleMesh m = e.build(reader);
        reader.rejectUnknown();
        m.validate(file + " (" + jsonPath + ")");
        return m;
    }
    std::string known;
    for (const auto& e : entries()) known += (known.empty() ? "" : ", ") + e.info.name;
    throw InputError(file, jsonPath + ".generator",
                     "unknown generator '" + generator + "' (known: " + known + ")");
}

} // namespace cdlab
