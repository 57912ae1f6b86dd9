// glTF articulated models (scene/GltfModel.h, scene/GltfExport.h): every articulated model of every bundled
// scene, every model generator and fixed-seed random chains written as glTF and read back give the same link
// poses at 100 times; what the importer makes of a node tree. The refusals are in GltfRefusalTest.cpp.
#include "scene/GltfModel.h"
#include "BundledScenes.h"
#include "TestPaths.h"
#include "core/InputError.h"
#include "scene/GltfExport.h"
#include "scene/ModelGenerators.h"
#include "scene/SceneLoader.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <numbers>
#include <random>
#include <sstream>
#include <unistd.h>

#include "GltfTestUtil.h"

using namespace cdlab;

namespace {

constexpr char kSuite[] = "cdlab_gltf_test";
using test::kGltf;
std::string tempPath(const std::string& name) {
    return test::gltfTempPath<kSuite>(name);
}

double f32(double x) {
    return double(float(x));
}
Vec3 f32(const Vec3& v) {
    return {f32(v.x), f32(v.y), f32(v.z)};
}
Quat f32(const Quat& q) {
    return Quat{f32(q.w), f32(q.x), f32(q.y), f32(q.z)}.normalized();
}

/// What a glTF file holds of `m`: each link's local transform joint * motion at its key times as float
/// translation and quaternion, key times as they come back (gltfKeyTime), vertices in float, and the base as
/// the root node's transform, which the importer folds into the root links' joints.
ArticulatedModel floatModel(const ArticulatedModel& m) {
    ArticulatedModel r;
    r.name = m.name;
    const Pose base{f32(Quat::fromMat3(m.base.R)).toMat3(), f32(m.base.t)};
    for (const Link& l : m.links) {
        Link x;
        x.name = l.name;
        x.parent = l.parent;
        auto mesh = std::make_shared<TriangleMesh>(*l.mesh);
        for (Vec3& v : mesh->vertices) v = f32(v);
        x.mesh = mesh;
        x.joint = l.parent < 0 ? base : Pose{};
        std::vector<Keyframe> keys = l.motion.keys();
        if (keys.empty()) keys.push_back(Keyframe{});
        const Quat joint = Quat::fromMat3(l.joint.R);
        for (Keyframe& k : keys) {
            k.time = gltfKeyTime(k.time);
            k.position = f32(l.joint.R * k.position + l.joint.t);
            k.rotation = f32((joint * k.rotation).normalized());
        }
        x.motion = PoseTrack(keys);
        r.links.push_back(x);
    }
    return r;
}

/// Largest difference of link poses at `times`: rotation entries, and translations relative to `scale`.
double poseError(const ArticulatedModel& a, const ArticulatedModel& b, const std::vector<double>& times,
                 double scale) {
    double worst = 0;
    for (double t : times) {
        std::vector<Pose> pa = a.linkPoses(t), pb = b.linkPoses(t);
        for (std::size_t i = 0; i < pa.size(); ++i) {
            for (int r = 0; r < 3; ++r)
                for (int c = 0; c < 3; ++c) worst = std::max(worst, std::fabs(pa[i].R(r, c) - pb[i].R(r, c)));
            worst = std::max(worst, length(pa[i].t - pb[i].t) / scale);
        }
    }
    return worst;
}

struct RoundTrip {
    double floatError = 0;  ///< pose error against the model in float (what the file can hold)
    double doubleError = 0; ///< pose error against the model as written, in double
    double vertexError = 0; ///< largest corner difference against the vertices in float
};

/// Assimp's JoinVertices, which its glTF exporter always runs, joins vertices closer than 1e-5 (absolute):
/// near-coincident vertices (a generated sphere's seam) come back at one of their positions.
constexpr double kAssimpWeld = 1e-5;

/// The links of `back` in the order of `like` (the importer lists them depth first), found by name.
ArticulatedModel reorderLike(const ArticulatedModel& back, const ArticulatedModel& like) {
    ArticulatedModel r = back;
    r.links.clear();
    std::map<std::string, int> index;
    for (std::size_t i = 0; i < like.links.size(); ++i) index[like.links[i].name] = int(i);
    r.links.resize(like.links.size());
    for (const Link& l : back.links) {
        auto it = index.find(l.name);
        if (it == index.end()) {
            ADD_FAILURE() << "link '" << l.name << "' read back was not written";
            continue;
        }
        Link x = l;
        x.parent = l.parent < 0 ? -1 : index.at(back.links[l.parent].name);
        r.links[it->second] = x;
    }
    return r;
}

/// Writes `model` to `file`, reads it back and compares link structure, meshes and poses at 100 times.
RoundTrip roundTrip(const ArticulatedModel& model, const std::string& file) {
    GltfExportSummary summary = exportGltfModel(model, file);
    EXPECT_EQ(summary.links, model.links.size());
    ArticulatedModel expected = floatModel(model);
    ArticulatedModel back = importGltfModel(file, 0);
    EXPECT_EQ(back.links.size(), model.links.size()) << file;
    if (back.links.size() != model.links.size()) return {1, 1, 1};
    back = reorderLike(back, model);
    RoundTrip r;
    double start = 0, end = 0, scale = 1;
    for (std::size_t i = 0; i < model.links.size(); ++i) {
        const Link &a = expected.links[i], &b = back.links[i];
        EXPECT_EQ(b.name, a.name);
        if (!b.mesh) return {1, 1, 1};
        EXPECT_EQ(b.parent, a.parent) << a.name;
        EXPECT_EQ(b.motion.keys().size(), a.motion.keys().size()) << a.name;
        for (std::size_t k = 0; k < std::min(a.motion.keys().size(), b.motion.keys().size()); ++k)
            EXPECT_EQ(b.motion.keys()[k].time, a.motion.keys()[k].time) << a.name << " key " << k;
        start = std::min(start, a.motion.startTime());
        end = std::max(end, a.motion.endTime());
        // Same triangles, corner by corner (the importer joins vertices at one position, so indices differ).
        EXPECT_EQ(b.mesh->triangles.size(), a.mesh->triangles.size()) << a.name;
        if (b.mesh->triangles.size() != a.mesh->triangles.size()) return {1, 1, 1};
        for (std::size_t t = 0; t < a.mesh->triangles.size(); ++t)
            for (int c = 0; c < 3; ++c)
                r.vertexError = std::max(r.vertexError, length(a.mesh->vertices[a.mesh->triangles[t][c]] -
                                                               b.mesh->vertices[b.mesh->triangles[t][c]]));
    }
    EXPECT_LE(r.vertexError, kAssimpWeld) << file;
    for (const Pose& p : model.linkPoses(start)) scale = std::max(scale, length(p.t));
    std::vector<double> times;
    const double span = std::max(end - start, 1.0);
    for (int i = 0; i < 100; ++i) times.push_back(start - 0.1 * span + 1.2 * span * i / 99);
    r.floatError = poseError(expected, back, times, scale);
    r.doubleError = poseError(model, back, times, scale);
    return r;
}

Quat randomRotation(std::mt19937_64& rng) {
    std::normal_distribution<double> g;
    return Quat{g(rng), g(rng), g(rng), g(rng)}.normalized();
}

/// A random tree of `n` links (each link's parent one of the links before it, mostly the one just before),
/// random joints, a few random keys per link at times of its own with rotations up to half a turn apart.
ArticulatedModel randomChain(std::mt19937_64& rng, int n) {
    std::uniform_real_distribution<double> u(-1, 1), unit(0, 1);
    ArticulatedModel m;
    m.name = "chain" + std::to_string(n);
    m.base = {randomRotation(rng).toMat3(), {u(rng), u(rng), u(rng)}};
    for (int i = 0; i < n; ++i) {
        Link l;
        l.name = "link" + std::to_string(i);
        l.parent = i == 0 ? -1 : (unit(rng) < 0.7 ? i - 1 : int(unit(rng) * i));
        l.joint = {randomRotation(rng).toMat3(), {u(rng), u(rng), u(rng)}};
        auto mesh = std::make_shared<TriangleMesh>();
        for (int v = 0; v < 4; ++v) mesh->vertices.push_back({u(rng), u(rng), u(rng)});
        mesh->triangles = {{0, 1, 2}, {0, 2, 3}};
        mesh->computeFaceNormals();
        l.mesh = mesh;
        std::vector<Keyframe> keys;
        int count = 1 + int(unit(rng) * 6);
        double t = 3 * unit(rng);
        Quat q = randomRotation(rng);
        for (int k = 0; k < count; ++k) {
            Vec3 axis{u(rng), u(rng), u(rng)};
            q = (Quat::fromAxisAngle(axis, u(rng) * std::numbers::pi * 0.95) * q).normalized();
            keys.push_back({t, {u(rng), u(rng), u(rng)}, q});
            t += 0.2 + 2 * unit(rng); // up to 0.95 pi in 0.2 s: 15 rad/s
        }
        l.motion = PoseTrack(keys);
        m.links.push_back(l);
    }
    return m;
}

#define EXPECT_CONTAINS(text, part) EXPECT_NE(std::string(text).find(part), std::string::npos) << (text)

} // namespace

TEST(GltfModel, SceneModelsRoundTrip) {
    // Every articulated model of every bundled scene, the test scene of the CLI tests and every generator.
    std::vector<std::filesystem::path> files{std::string(CDLAB_TEST_DATA) + "/gltf_arm.json"};
    for (const auto& p : test::bundledScenePaths()) files.push_back(p);
    int models = 0;
    double worstFloat = 0, worstDouble = 0, worstVertex = 0;
    for (const auto& f : files) {
        std::ifstream in(f);
        nlohmann::json doc = nlohmann::json::parse(in, nullptr, false);
        if (!doc.is_object() || !doc.contains("articulated")) continue; // no need to load its meshes
        Scene scene = loadScene(f.string());
        for (const ArticulatedModel& m : scene.models) {
            SCOPED_TRACE(f.filename().string() + " model " + m.name);
            std::string out = tempPath(f.stem().string() + "_" + m.name + (models % 2 ? ".gltf" : ".glb"));
            RoundTrip r = roundTrip(m, out);
            EXPECT_LE(r.floatError, 1e-9);
            worstFloat = std::max(worstFloat, r.floatError);
            worstDouble = std::max(worstDouble, r.doubleError);
            std::cout << "  " << f.filename().string() << " '" << m.name << "': " << m.links.size()
                      << " links, pose error " << r.floatError << " against the model in float, "
                      << r.doubleError << " against the double model; corners within " << r.vertexError
                      << "\n";
            worstVertex = std::max(worstVertex, r.vertexError);
            ++models;
        }
    }
    // Every registered model generator with its default parameters, bundled in a scene or not yet.
    for (const ModelGeneratorInfo& g : modelGenerators()) {
        SCOPED_TRACE("generator " + g.name);
        ArticulatedModel m = generateModel(g.name, nullptr, "<generator " + g.name + ">", "articulated[0]");
        m.name = g.name;
        RoundTrip r = roundTrip(m, tempPath("generator_" + g.name + ".glb"));
        EXPECT_LE(r.floatError, 1e-9);
        worstFloat = std::max(worstFloat, r.floatError);
        worstDouble = std::max(worstDouble, r.doubleError);
        worstVertex = std::max(worstVertex, r.vertexError);
        std::cout << "  generator " << g.name << ": " << m.links.size() << " links, pose error "
                  << r.floatError << " against the model in float, " << r.doubleError
                  << " against the double model\n";
        ++models;
    }
    EXPECT_GE(models, 1);
    EXPECT_LE(worstDouble, 1e-5); // single precision: about 1e-7 of the model's size and of a rotation
    std::cout << "scene models round-tripped: " << models << "; largest pose error " << worstFloat
              << " (float model), " << worstDouble << " (double model); corners within " << worstVertex
              << " of the float vertices (Assimp's weld)\n";
}

TEST(GltfModel, RandomChainsRoundTrip) {
    std::mt19937_64 rng(20260801);
    double worstFloat = 0, worstDouble = 0, worstVertex = 0;
    for (int n = 1; n <= 20; ++n) {
        SCOPED_TRACE("chain of " + std::to_string(n) + " links");
        ArticulatedModel m = randomChain(rng, n);
        RoundTrip r = roundTrip(m, tempPath("chain" + std::to_string(n) + (n % 2 ? ".glb" : ".gltf")));
        EXPECT_LE(r.floatError, 1e-9);
        worstFloat = std::max(worstFloat, r.floatError);
        worstDouble = std::max(worstDouble, r.doubleError);
        worstVertex = std::max(worstVertex, r.vertexError);
    }
    EXPECT_LE(worstDouble, 1e-5);
    std::cout << "random chains of 1-20 links: largest pose error " << worstFloat
              << " against the model in float, " << worstDouble
              << " against the double model; corners within " << worstVertex << "\n";
}

TEST(GltfModel, KeyTimesComeBackAsFloat) {
    // Assimp multiplies float seconds by 1000.f: the importer finds the float again.
    for (double t : {0.0, 0.1, 0.7, 1.9, 2.75, 1234.5678, -3.3}) EXPECT_EQ(gltfKeyTime(t), f32(t)) << t;
    int exact = 0, n = 100000;
    std::mt19937_64 rng(7);
    std::uniform_real_distribution<double> u(0, 100);
    for (int i = 0; i < n; ++i) {
        double t = u(rng);
        double back = gltfKeyTime(t);
        exact += back == f32(t);
        EXPECT_LE(std::fabs(back - f32(t)), std::fabs(std::nextafter(float(t), 1e9f) - float(t)) * 1.0001)
            << t;
    }
    std::cout << "key times recovered exactly: " << exact << " of " << n << "\n";
    EXPECT_GE(exact, n * 9 / 10);
}

TEST(GltfModel, FoldsMeshlessNodesAndBakesUniformScale) {
    // chain.gltf: 'holder' (no mesh; at (1, 0, 0), scale 2) above 'arm' (translation keys at 0 and 1,
    // rotation keys at 0, 0.5 and 2 s: 0, 90, 180 degrees about z) above 'hand' (static, 1 along x in arm's
    // units).
    ArticulatedModel m = importGltfModel(kGltf + "chain.gltf");
    ASSERT_EQ(m.links.size(), 2u);
    EXPECT_EQ(m.links[0].name, "arm");
    EXPECT_EQ(m.links[1].name, "hand");
    EXPECT_EQ(m.links[1].parent, 0);
    ASSERT_EQ(m.links[0].motion.keys().size(), 4u); // the union of {0, 1} and {0, 0.5, 2}
    EXPECT_EQ(m.links[0].mesh->vertices[1], (Vec3{2, 0, 0}));
    EXPECT_EQ(m.links[1].mesh->vertices[1], (Vec3{2, 0, 0}));
    std::vector<Pose> p = m.linkPoses(1.0); // arm at 120 degrees, translated by 2 * (1, 0, 0)
    const double c = std::cos(2 * std::numbers::pi / 3), s = std::sin(2 * std::numbers::pi / 3);
    EXPECT_NEAR(length(p[0].t - Vec3{3, 0, 0}), 0, 1e-6);
    EXPECT_NEAR(p[0].R(0, 0), c, 1e-6);
    EXPECT_NEAR(p[0].R(1, 0), s, 1e-6);
    EXPECT_NEAR(length(p[1].t - Vec3{3 + 2 * c, 2 * s, 0}), 0, 1e-6);
    // Between keys the poses follow linear translation and slerp: at 0.25 s, 45 degrees and (1.5, 0, 0).
    p = m.linkPoses(0.25);
    EXPECT_NEAR(length(p[0].t - Vec3{1.5, 0, 0}), 0, 1e-6);
    EXPECT_NEAR(p[0].R(1, 0), std::sin(std::numbers::pi / 4), 1e-6);
}

TEST(GltfModel, SceneFileForm) {
    // {"file": ..., "animation": 0, "base": ..., "skip_pairs": ...}, the path relative to the scene.
    Scene scene = parseScene(R"({"articulated": [{"name": "robot", "file": "chain.gltf", "animation": 0,
        "base": {"position": [0, 0, 5]}, "skip_pairs": [["arm", "hand"]]}]})",
                             kGltf + "scene.json", kGltf);
    ASSERT_EQ(scene.models.size(), 1u);
    EXPECT_EQ(scene.models[0].name, "robot");
    EXPECT_EQ(scene.models[0].links.size(), 2u);
    EXPECT_EQ(scene.models[0].skipPairs.size(), 1u);
    EXPECT_EQ(scene.models[0].base.t, (Vec3{0, 0, 5}));
    EXPECT_EQ(scene.startTime, 0);
    EXPECT_EQ(scene.endTime, 2);
    try {
        parseScene(R"({"articulated": [{"name": "robot", "file": "chain.gltf", "animation": 3}]})",
                   kGltf + "scene.json", kGltf);
        ADD_FAILURE() << "animation 3 accepted";
    } catch (const InputError& e) {
        EXPECT_CONTAINS(e.what(), "scene.json: articulated[0].file: ");
        EXPECT_CONTAINS(e.what(),
                        "chain.gltf: animation: animation 3 out of range: the file has 1 animation (0..0)");
    }
    try {
        parseScene(R"({"articulated": [{"name": "robot", "file": "chain.gltf", "animation": -1}]})",
                   kGltf + "scene.json", kGltf);
        ADD_FAILURE() << "animation -1 accepted";
    } catch (const InputError& e) {
        EXPECT_CONTAINS(e.what(), "articulated[0].animation: expected an animation index");
    }
}
