#include "mesh/MeshGenerators.h"

#include "core/InputError.h"
#include "mesh/ProceduralMeshes.h"

#include <cmath>
#include <functional>
#include <nlohmann/json.hpp>
#include <set>

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
        {{"teapot",
          "Utah teapot from Newell's 32 Bezier patches (z up)",
          {{"scale", "uniform scale of the original data (about 6 x 4 x 3 units)", "0.5"},
           {"triangles", "target triangle count", "10000"}}},
         [](ParamReader& r) {
             return makeTeapot(r.number("scale", 0.5, 1e-9, kBig),
                               r.integer("triangles", 10000, 256, kMaxTris));
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
