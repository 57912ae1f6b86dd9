#include "TestUtil.h"
#include "core/InputError.h"
#include "mesh/FeatureIndex.h"
#include "mesh/MeshGenerators.h"
#include "mesh/MeshImporter.h"
#include "mesh/ObjWriter.h"
#include "mesh/ProceduralMeshes.h"
#include "mesh/SurfaceCheck.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <vector>

using namespace cdlab;
using json = nlohmann::json;

namespace {

/// Runs `f`, expects an InputError whose message contains every string of `parts`.
template <class F> void expectInputError(F f, std::initializer_list<std::string> parts) {
    try {
        f();
        FAIL() << "expected InputError";
    } catch (const InputError& e) {
        std::string msg = e.what();
        for (const auto& p : parts)
            EXPECT_NE(msg.find(p), std::string::npos) << "'" << p << "' not in: " << msg;
    }
}

void expectSane(const TriangleMesh& m) {
    ASSERT_GT(m.triangleCount(), 0u);
    m.validate("test");
    ASSERT_EQ(m.faceNormals.size(), m.triangleCount());
    for (std::size_t i = 0; i < m.triangleCount(); ++i) {
        double l = length(m.faceNormals[i]);
        EXPECT_TRUE(l == 0 || std::fabs(l - 1) < 1e-9);
    }
}

} // namespace

TEST(Generators, HitTheirTargetTriangleCounts) {
    for (const auto& g : meshGenerators()) {
        for (int target : {1000, 10000}) {
            TriangleMesh m = generateMesh(g.name, json{{"triangles", target}}, "test", "params");
            SCOPED_TRACE(g.name + " " + std::to_string(target) + " -> " + std::to_string(m.triangleCount()));
            expectSane(m);
            EXPECT_GT(m.triangleCount(), target * 0.75);
            EXPECT_LT(m.triangleCount(), target * 1.25);
        }
    }
}

TEST(Generators, SpecDefaultsThroughTheirJsonBindingAreTheDefaults) {
    // Each parameter's ParamSpec (what `cdlab-bench list` prints) is the default the generator uses: a scene
    // that writes every default out (the JSON binding) builds the same mesh as one that gives none.
    for (const auto& g : meshGenerators()) {
        SCOPED_TRACE(g.name);
        json written = json::object();
        for (const ParamSpec& p : g.params) {
            if (p.name == "profile") continue; // structured: its default is a named profile
            written[p.name] = toJson(p.defaultValue);
            if (!p.choices.empty()) {
                EXPECT_NE(std::find(p.choices.begin(), p.choices.end(), toString(p.defaultValue)),
                          p.choices.end());
            } else if (!std::holds_alternative<bool>(p.defaultValue) && p.max > p.min) {
                EXPECT_TRUE(std::stod(toString(p.defaultValue)) >= p.min &&
                            std::stod(toString(p.defaultValue)) <= p.max)
                    << p.name;
            }
        }
        TriangleMesh a = generateMesh(g.name, json::object(), "test", "params");
        TriangleMesh b = generateMesh(g.name, written, "test", "params");
        EXPECT_EQ(a.vertices, b.vertices);
        EXPECT_EQ(a.triangles, b.triangles);
    }
}

TEST(Generators, ClosedShapesHaveOutwardNormals) {
    // For a closed, outward-oriented surface the signed volume (divergence theorem) is positive.
    EXPECT_NEAR(SurfaceCheck::of(makeSphere(1, 20000)).volume, 4.18879, 0.01);
    EXPECT_NEAR(SurfaceCheck::of(makeCylinder(0.5, 2, 20000)).volume, 3.14159 * 0.25 * 2, 0.01);
    EXPECT_NEAR(SurfaceCheck::of(makeBox({1, 2, 3}, 1200)).volume, 6.0, 1e-9);
    // Every generator but the teapot is closed (the door and panel as overlapping closed pieces).
    for (const auto& g : meshGenerators()) {
        SurfaceCheck c = SurfaceCheck::of(generateMesh(g.name, json::object(), "test", "params"));
        SCOPED_TRACE(g.name + ": " + c.describe());
        EXPECT_GT(c.volume, 0);
        if (g.name != "teapot") {
            EXPECT_TRUE(c.closedOutward());
        }
    }
    // Newell's teapot is open (spout tip, lid gap; the handle and spout end inside the body), its faces
    // wound outwards.
    SurfaceCheck teapot = SurfaceCheck::of(makeTeapot(1, 10000));
    EXPECT_GT(teapot.unmatchedEdges, 0u);
    EXPECT_GT(teapot.volume, 0);
}

TEST(SurfaceCheck, FindsHolesAndInwardFacesAndIgnoresSeams) {
    TriangleMesh box = makeBox({1, 1, 1}, 12);
    ASSERT_TRUE(SurfaceCheck::of(box).closedOutward()) << SurfaceCheck::of(box).describe();
    TriangleMesh holed = box;
    holed.triangles.pop_back();
    EXPECT_EQ(SurfaceCheck::of(holed).unmatchedEdges, 3u);
    EXPECT_EQ(SurfaceCheck::of(holed).boundaryEdges, 3u);
    EXPECT_FALSE(SurfaceCheck::of(holed).closed());
    EXPECT_EQ(SurfaceCheck::of(holed).describe(), "open: 3 boundary edges");
    TriangleMesh flipped = box;
    std::swap(flipped.triangles[0][1], flipped.triangles[0][2]);
    SurfaceCheck f = SurfaceCheck::of(flipped);
    EXPECT_FALSE(f.closedOutward());
    EXPECT_FALSE(f.closed());
    EXPECT_EQ(f.boundaryEdges, 0u);
    EXPECT_EQ(f.nonManifoldEdges, 0u);
    EXPECT_EQ(f.inconsistentEdges, 3u);
    EXPECT_EQ(f.describe(), "inconsistently wound: 3 inconsistently oriented edges, 6 unmatched edges");
    TriangleMesh inward = box;
    for (Triangle& t : inward.triangles) std::swap(t[1], t[2]);
    EXPECT_EQ(SurfaceCheck::of(inward).unmatchedEdges, 0u);
    EXPECT_NEAR(SurfaceCheck::of(inward).volume, -1, 1e-12);
    EXPECT_FALSE(SurfaceCheck::of(inward).closedOutward());
    EXPECT_TRUE(SurfaceCheck::of(inward).closed()); // closed and consistent, only facing the wrong way
    // A vertex per face corner (as importers write seams of normals or UVs) is still closed.
    TriangleMesh soup;
    for (const Triangle& t : box.triangles) {
        auto base = std::uint32_t(soup.vertices.size());
        for (std::uint32_t v : t) soup.vertices.push_back(box.vertices[v]);
        soup.triangles.push_back({base, base + 1, base + 2});
    }
    EXPECT_TRUE(SurfaceCheck::of(soup).closedOutward()) << SurfaceCheck::of(soup).describe();
    EXPECT_TRUE(SurfaceCheck::of(soup).closed());
    EXPECT_EQ(SurfaceCheck::of(soup).describe(), "closed, outward");
}

TEST(SurfaceCheck, CountsBoundaryNonManifoldAndInconsistentEdges) {
    TriangleMesh box = makeBox({1, 1, 1}, 1200);
    SurfaceCheck b = SurfaceCheck::of(box);
    EXPECT_TRUE(b.closed());
    EXPECT_EQ(b.boundaryEdges + b.nonManifoldEdges + b.inconsistentEdges, 0u);
    // Newell's teapot: the rim's inner edge, the lid's outer edge, the spout's tip and base and the handle's
    // two ends are holes, and the bottom's seam with the wall is one too (the bottom's patches sample it at
    // mirrored parameters, so its vertices differ in the last bits and are not welded); the knob's pole
    // samples differ in the last bits too, and two of their sliver edges are used by more than two triangles.
    SurfaceCheck t = SurfaceCheck::of(makeTeapot(0.5, 10000));
    EXPECT_EQ(t.boundaryEdges, 296u);
    EXPECT_EQ(t.nonManifoldEdges, 2u);
    EXPECT_EQ(t.inconsistentEdges, 0u);
    EXPECT_FALSE(t.closed());
    EXPECT_EQ(t.describe(), "open: 296 boundary edges, 2 non-manifold edges");
    // The door's boxes and tubes are closed pieces that share edges: outward, but not a 2-manifold.
    SurfaceCheck d = SurfaceCheck::of(makeDoor(0.9, 2, 0.045, 3500));
    EXPECT_EQ(d.boundaryEdges, 0u);
    EXPECT_EQ(d.nonManifoldEdges, 12u);
    EXPECT_TRUE(d.closedOutward());
    EXPECT_FALSE(d.closed());
    EXPECT_EQ(d.describe(), "closed, outward, not a 2-manifold: 12 non-manifold edges");
}

TEST(Generators, TeapotIsTheUtahTeapot) {
    TriangleMesh t = makeTeapot(1.0, 10000);
    Aabb b = t.bounds();
    // Newell's data spans x in [-3, 3.434], y in [-2, 2], z in [0, 3.15] (spout tip and lid knob).
    EXPECT_NEAR(b.lo.x, -3.0, 1e-9);
    EXPECT_NEAR(b.hi.x, 3.434, 0.01);
    EXPECT_NEAR(b.lo.y, -2.0, 1e-9);
    EXPECT_NEAR(b.hi.z, 3.15, 1e-9);
    EXPECT_NEAR(b.lo.z, 0.0, 1e-9);
}

TEST(Generators, BadParametersNameTheField) {
    expectInputError(
        [] {
            generateMesh("sphere", json{{"radius", "big"}}, "s.json", "bodies[0].mesh");
        },
        {"s.json", "bodies[0].mesh.params.radius", "expected a number"});
    expectInputError(
        [] {
            generateMesh("sphere", json{{"radius", -1}}, "s.json", "p");
        },
        {"p.params.radius", "out of range [1e-09, 1000000.0]"});
    expectInputError(
        [] {
            generateMesh("sphere", json{{"radiu", 1}}, "s.json", "p");
        },
        {"p.params.radiu", "unknown parameter"});
    expectInputError([] { generateMesh("sphere", json::array({1}), "s.json", "p"); },
                     {"p.params", "expected an object of parameters, got array"});
    expectInputError(
        [] {
            generateMesh("chessman", json{{"kind", "dragon"}}, "s.json", "p");
        },
        {"p.params.kind", "expected one of pawn, rook"});
    expectInputError([] { generateMesh("dodecahedron", json{}, "s.json", "p"); },
                     {"p.generator", "unknown generator", "torus_knot"});
    expectInputError(
        [] {
            generateMesh("revolution", json{{"profile", json::array({json::array({1, 0})})}}, "s.json", "p");
        },
        {"p.params.profile", "at least two"});
}

TEST(Importer, ReadsObjPlyStlAndGltf) {
    test::TempDir dir;
    std::string obj = dir.write("quad.obj", "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3 4\n");
    std::string ply =
        dir.write("tri.ply", "ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\n"
                             "property float z\nelement face 1\nproperty list uchar int vertex_indices\n"
                             "end_header\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n");
    std::string stl =
        dir.write("tri.stl", "solid t\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\n"
                             "vertex 0 1 0\nendloop\nendfacet\nendsolid t\n");
    // glTF 2.0 with an embedded buffer: 3 float positions + 3 ushort indices (+2 bytes padding).
    std::string gltf = dir.write("tri.gltf", R"({
      "asset": {"version": "2.0"}, "scenes": [{"nodes": [0]}], "scene": 0, "nodes": [{"mesh": 0}],
      "meshes": [{"primitives": [{"attributes": {"POSITION": 1}, "indices": 0}]}],
      "buffers": [{"byteLength": 44, "uri": "data:application/octet-stream;base64,AAABAAIAAAAAAAAAAAAAAAAAAAAAAIA/AAAAAAAAAAAAAAAAAACAPwAAAAA="}],
      "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 6, "target": 34963},
                      {"buffer": 0, "byteOffset": 8, "byteLength": 36, "target": 34962}],
      "accessors": [{"bufferView": 0, "componentType": 5123, "count": 3, "type": "SCALAR"},
                    {"bufferView": 1, "componentType": 5126, "count": 3, "type": "VEC3",
                     "max": [1, 1, 0], "min": [0, 0, 0]}]})");
    // The same triangle as binary glTF: 12-byte header, a JSON chunk and a BIN chunk (little endian).
    std::string glbJson =
        R"({"asset":{"version":"2.0"},"scenes":[{"nodes":[0]}],"scene":0,"nodes":[{"mesh":0}],)"
        R"("meshes":[{"primitives":[{"attributes":{"POSITION":1},"indices":0}]}],)"
        R"("buffers":[{"byteLength":44}],"bufferViews":[{"buffer":0,"byteOffset":0,"byteLength":6},)"
        R"({"buffer":0,"byteOffset":8,"byteLength":36}],"accessors":[{"bufferView":0,)"
        R"("componentType":5123,"count":3,"type":"SCALAR"},{"bufferView":1,"componentType":5126,)"
        R"("count":3,"type":"VEC3","max":[1,1,0],"min":[0,0,0]}]})";
    while (glbJson.size() % 4) glbJson += ' ';
    std::string bin;
    auto u16 = [&](std::uint16_t v) { bin.append(reinterpret_cast<const char*>(&v), 2); };
    auto f32 = [&](float v) { bin.append(reinterpret_cast<const char*>(&v), 4); };
    u16(0), u16(1), u16(2), u16(0); // indices + padding
    for (float v : {0.f, 0.f, 0.f, 1.f, 0.f, 0.f, 0.f, 1.f, 0.f}) f32(v);
    std::string glb;
    auto u32 = [&](std::uint32_t v) { glb.append(reinterpret_cast<const char*>(&v), 4); };
    glb += "glTF", u32(2), u32(std::uint32_t(12 + 8 + glbJson.size() + 8 + bin.size()));
    u32(std::uint32_t(glbJson.size())), glb += "JSON", glb += glbJson;
    u32(std::uint32_t(bin.size())), glb.append("BIN\0", 4), glb += bin;
    std::string glbPath = dir.write("tri.glb", glb);
    EXPECT_EQ(importMesh(obj).triangleCount(), 2u); // quad triangulated
    for (const auto& p : {ply, stl, gltf, glbPath}) {
        SCOPED_TRACE(p);
        TriangleMesh m = importMesh(p);
        ASSERT_EQ(m.triangleCount(), 1u);
        Aabb b = m.bounds();
        EXPECT_EQ(b.lo, Vec3(0, 0, 0));
        EXPECT_EQ(b.hi, Vec3(1, 1, 0));
        EXPECT_NEAR(std::fabs(m.faceNormals[0].z), 1.0, 1e-12);
    }
}

TEST(Importer, BadFilesGiveClearErrors) {
    test::TempDir dir;
    expectInputError([&] { importMesh(dir.path("missing.obj")); }, {"missing.obj", "not found"});
    expectInputError([&] { importMesh(dir.path("")); }, {"directory"});
    std::string empty = dir.write("empty.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\n");
    expectInputError([&] { importMesh(empty); }, {"empty.obj"});
    std::string zero = dir.write("zero.stl", "");
    expectInputError([&] { importMesh(zero); }, {"zero.stl"});
    std::string truncated =
        dir.write("trunc.ply", "ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\n"
                               "property float y\nproperty float z\nelement face 1\nproperty list "
                               "uchar int vertex_indices\nend_header\n0 0 0\n1 0\n");
    expectInputError([&] { importMesh(truncated); }, {"trunc.ply"});
    std::string nan = dir.write("nan.obj", "v 0 0 0\nv nan 0 0\nv 0 1 0\nf 1 2 3\n");
    expectInputError([&] { importMesh(nan); },
                     {"nan.obj: line 2: vertex coordinate 'nan' is NaN or infinite"});
    std::string inf =
        dir.write("inf.ply", "ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\n"
                             "property float z\nelement face 1\nproperty list uchar int vertex_indices\n"
                             "end_header\n0 0 0\ninf 0 0\n0 1 0\n3 0 1 2\n");
    expectInputError([&] { importMesh(inf); }, {"inf.ply"});
    std::string range =
        dir.write("range.ply", "ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\n"
                               "property float z\nelement face 1\nproperty list uchar int vertex_indices\n"
                               "end_header\n0 0 0\n1 0 0\n0 1 0\n3 0 1 7\n");
    expectInputError([&] { importMesh(range); }, {"range.ply"});
    std::string garbage = dir.write("garbage.glb", "this is not a glb file at all");
    expectInputError([&] { importMesh(garbage); }, {"garbage.glb"});
}

// OBJ is edited by hand: its malformed vertex and face lines are named by line (Assimp names none).
TEST(Importer, ReportsProgressAndStopsWhenTheCallbackThrows) {
    // An OBJ of a few megabytes: the line check reports about every megabyte, Assimp while it reads the file
    // and after its post-processing steps.
    test::TempDir dir;
    TriangleMesh sphere = makeSphere(1, 60000);
    std::string obj = dir.path("sphere.obj");
    writeObj(sphere, obj);
    std::vector<double> seen;
    TriangleMesh m = importMesh(obj, [&](double f) { seen.push_back(f); });
    EXPECT_EQ(m.triangleCount(), sphere.triangleCount());
    ASSERT_GE(seen.size(), 5u);
    for (std::size_t k = 0; k < seen.size(); ++k) {
        EXPECT_GE(seen[k], 0.0);
        EXPECT_LE(seen[k], 1.0);
        if (k > 0) {
            EXPECT_GE(seen[k], seen[k - 1]) << k; // never goes back
        }
    }
    EXPECT_EQ(seen.back(), 1.0);
    EXPECT_TRUE(std::any_of(seen.begin(), seen.end(), [](double f) { return f > 0 && f < 0.1; }))
        << "the line check reports before Assimp starts";

    // Thrown in the line check, and inside Assimp (after the check's tenth): the callback's own exception
    // comes out, and the file is not half-read into a mesh.
    struct Stop : std::runtime_error {
        Stop() : std::runtime_error("stop") {}
    };
    for (double at : {0.05, 0.5}) {
        SCOPED_TRACE(at);
        int calls = 0;
        EXPECT_THROW(importMesh(obj,
                                [&](double f) {
                                    ++calls;
                                    if (f >= at) throw Stop();
                                }),
                     Stop);
        EXPECT_LT(calls, int(seen.size()));
    }
    // Without a callback nothing changes; with one, the same mesh.
    EXPECT_EQ(importMesh(obj).triangleCount(), m.triangleCount());
}

TEST(Importer, ObjErrorsNameTheLine) {
    test::TempDir dir;
    auto expectLine = [&](const char* name, const std::string& text, const std::string& message) {
        std::string p = dir.write(name, text);
        expectInputError([&] { importMesh(p); }, {std::string(name) + ": " + message});
    };
    expectLine("two.obj", "# a comment\nv 0 0 0\nv 1 0\nv 0 1 0\nf 1 2 3\n",
               "line 3: vertex has 2 coordinates, expected 3 (x y z)");
    expectLine("word.obj", "v 0 0 0\nv 1 0 zero\nv 0 1 0\nf 1 2 3\n",
               "line 2: vertex coordinate 'zero' is not a number");
    expectLine("huge.obj", "v 0 0 1e400\nv 1 0 0\nv 0 1 0\nf 1 2 3\n",
               "line 1: vertex coordinate '1e400' is beyond double's range");
    expectLine("inf.obj", "v 0 0 0\nv 1 0 0\nv 0 -inf 0\nf 1 2 3\n",
               "line 3: vertex coordinate '-inf' is NaN or infinite");
    expectLine("beyond.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 4\nv 1 1 0\n",
               "line 4: face corner '4' refers to a vertex that does not exist (3 defined before this line)");
    expectLine("zero.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 0 1 2\n",
               "line 4: face corner '0' refers to a vertex that does not exist (3 defined before this line)");
    expectLine(
        "back.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf -1 -2 -4\n",
        "line 4: face corner '-4' refers to a vertex that does not exist (3 defined before this line)");
    expectLine("edge.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\n\nf 1 2\n",
               "line 5: face has 2 corners, expected at least 3");
    expectLine("slash.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1/1 x/2 3/3\n",
               "line 4: face corner 'x/2' is not a vertex index");
    // A statement continued with a backslash is named by its first line.
    expectLine("cont.obj", "v 0 0 0\nv 1 0 0\nv 0 1 \\\n  0\nv 1 \\\n 1\nf 1 2 3\n",
               "line 5: vertex has 2 coordinates, expected 3 (x y z)");
    // What the check accepts: texture and normal indices, negative (relative) indices, comments, CRLF,
    // a continued vertex line, other statements.
    std::string ok = dir.write(
        "ok.obj", "# header\r\nmtllib none.mtl\r\no quad\r\nv 0 0 0 1.0\r\nv 1 0 0\r\nv 1 \\\r\n 1 0\r\n"
                  "v 0 1 0 # last\r\nvt 0 0\r\nvn 0 0 1\r\ns off\r\nf 1/1/1 2//1 -2/1 -1\r\n");
    EXPECT_EQ(importMesh(ok).triangleCount(), 2u);
}

TEST(Mesh, ValidateNamesTheElement) {
    TriangleMesh m;
    m.vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    m.triangles = {{0, 1, 5}};
    expectInputError([&] { m.validate("m.obj"); }, {"m.obj", "triangle 0", "out of range"});
    m.triangles = {{0, 1, 2}};
    m.vertices[1].y = std::numeric_limits<double>::infinity();
    expectInputError([&] { m.validate("m.obj"); }, {"vertex 1", "NaN or infinite"});
    m.triangles.clear();
    expectInputError([&] { m.validate("m.obj"); }, {"no triangles"});
    // Collinear corners and a repeated vertex: no surface at all. One triangle with area is enough.
    m.vertices = {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0, 1e-300, 0}};
    m.triangles = {{0, 1, 2}, {0, 0, 1}};
    expectInputError([&] { m.validate("m.obj"); }, {"m.obj", "all 2 triangles are degenerate"});
    m.triangles.push_back({0, 1, 3});
    EXPECT_NO_THROW(m.validate("m.obj"));
}

TEST(FeatureIndex, NamesTheFirstTriangleCarryingAFeature) {
    // Triangles 0..2 fan around vertex 0; edge 0-2 is shared by triangles 1 and 2... in this order.
    TriangleMesh m;
    m.vertices = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {-1, 0, 0}};
    m.triangles = {{3, 4, 0}, {2, 3, 0}, {0, 1, 2}};
    FeatureIndex index(m);
    auto carrier = [&](const MeshFeature& f) { return index.carrier(f, 99); };
    EXPECT_EQ(carrier(MeshFeature::vertex(0)), 0u); // vertex 0: in every triangle
    EXPECT_EQ(carrier(MeshFeature::vertex(1)), 2u);
    EXPECT_EQ(carrier(MeshFeature::edge(2, 0)), 1u);  // edge 0-2: triangles 1 and 2
    EXPECT_EQ(carrier(MeshFeature::edge(0, 3)), 0u);  // edge 0-3: triangles 0 and 1
    EXPECT_EQ(carrier(MeshFeature::edge(1, 3)), 99u); // not an edge
    EXPECT_EQ(carrier(MeshFeature::face(2)), 2u);     // a face is its own triangle
    // The encoding run hashes use: a face's second index is UINT32_MAX, a vertex repeats its index.
    EXPECT_EQ(MeshFeature::face(2).key(), (std::uint64_t(2) << 32) | 0xffffffffu);
    EXPECT_EQ(MeshFeature::vertex(7).key(), (std::uint64_t(7) << 32) | 7u);
}
