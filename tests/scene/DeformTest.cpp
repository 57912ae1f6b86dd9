// Deforming bodies (issue 31): the "deform" block (formula, defaults, every bad field), the deformed meshes
// the pipelines test (refit BVHs equal brute force on random deformations, the peers agree), and the
// algorithms that take bodies as rigid refusing such scenes.
#include "TestUtil.h"
#include "collision/BruteForceCollider.h"
#include "core/InputError.h"
#include "mesh/MeshGenerators.h"
#include "peers/Peers.h"
#include "pipeline/AlgorithmRegistry.h"
#include "scene/SceneObjects.h"

#include <gtest/gtest.h>

#include <cmath>
#include <iostream>
#include <map>
#include <numbers>

using namespace cdlab;

namespace {

/// A one-body scene whose body carries `deform` (JSON text) and moves over [0, 1].
std::string withDeform(const std::string& deform) {
    return R"({"bodies": [{"name": "a", "mesh": {"generator": "sphere", "params": {"triangles": 50}},
               "keyframes": [{"t": 0}, {"t": 1, "position": [1, 0, 0]}], "deform": )" +
           deform + "}]}";
}

Deformation parsedDeform(const std::string& deform) {
    return parseScene(withDeform(deform), "s.json", ".").bodies[0].deform;
}

std::shared_ptr<const TriangleMesh> generated(const std::string& generator, const nlohmann::json& params) {
    auto m = std::make_shared<TriangleMesh>(generateMesh(generator, params, "test", "mesh"));
    m->computeFaceNormals();
    return m;
}

Deformation randomSine(test::Rng& rng) {
    Deformation d;
    d.type = Deformation::Type::Sine;
    d.amplitude = rng.uniform(0.02, 0.15);
    d.wavelength = rng.uniform(0.3, 1.5);
    d.speed = rng.uniform(-2, 2);
    d.axis = rng.unit();
    d.along = rng.unit();
    return d;
}

/// A flat, deforming slab at the origin; a deforming ball falling through it from (x0, y0, 0.7) to (x1, y1,
/// -0.7) over t in [0, 1]; and, sharing the ball's mesh, a rigid static twin that crosses the slab (a
/// deforming body's tree must be its own: refitting a shared one would move the twin's boxes).
Scene randomScene(test::Rng& rng) {
    Scene s;
    s.file = "random.json";
    s.startTime = 0, s.endTime = 1, s.frames = 12;
    auto slab = generated("superellipsoid", {{"radius_x", 1.0},
                                             {"radius_y", 0.7},
                                             {"radius_z", 0.1},
                                             {"north_south", 0.3},
                                             {"east_west", 0.5},
                                             {"triangles", 400}});
    auto ball = generated("sphere", {{"radius", 0.3}, {"triangles", 300}});
    Body a;
    a.name = "slab", a.mesh = slab, a.deform = randomSine(rng);
    a.motion = PoseTrack({Keyframe{}});
    Body b;
    b.name = "ball", b.mesh = ball, b.deform = randomSine(rng);
    Pose from, to;
    from.t = {rng.uniform(-1.0, 1.0), rng.uniform(-0.7, 0.7), 0.7};
    to.t = {rng.uniform(-1.0, 1.0), rng.uniform(-0.7, 0.7), -0.7};
    from.R = rng.rotation(), to.R = rng.rotation();
    b.motion = PoseTrack({test::keyframe(0, from), test::keyframe(1, to)});
    Body twin;
    twin.name = "twin", twin.mesh = ball;
    Pose at;
    at.t = {rng.uniform(-0.6, 0.6), rng.uniform(-0.4, 0.4), rng.uniform(-0.2, 0.2)};
    twin.motion = PoseTrack({test::keyframe(0, at)});
    s.bodies = {a, b, twin};
    return s;
}

/// The contacts of object pair (a, b) in `r`, sorted (empty when they do not touch).
std::vector<TrianglePair> pairContacts(const FrameResult& r, std::uint32_t a, std::uint32_t b) {
    for (const auto& c : r.contacts)
        if (c.objectA == a && c.objectB == b) return c.pairs;
    return {};
}

} // namespace

TEST(Deform, SineDisplacesAlongTheAxisByTheWaveAtTheRestPosition) {
    // axis and along are normalised on load: [0, 0, 2] -> z, [3, 0, 0] -> x.
    Deformation d = parsedDeform(
        R"({"type": "sine", "amplitude": 0.1, "wavelength": 2, "speed": 0.25, "axis": [0, 0, 2],
            "along": [3, 0, 0]})");
    EXPECT_EQ(d.type, Deformation::Type::Sine);
    EXPECT_EQ(d.axis, (Vec3{0, 0, 1}));
    EXPECT_EQ(d.along, (Vec3{1, 0, 0}));
    // p' = p + axis * A sin(2 pi (along.p / wavelength - speed t))
    Vec3 p{0.5, 0.3, -0.2}; // along.p / wavelength = 0.25: a crest at t = 0
    Vec3 crest = d.displace(p, 0);
    EXPECT_DOUBLE_EQ(crest.x, 0.5);
    EXPECT_DOUBLE_EQ(crest.y, 0.3);
    EXPECT_NEAR(crest.z, -0.2 + 0.1, 1e-15);
    EXPECT_NEAR(d.displace(p, 1).z, -0.2, 1e-15);       // a quarter period later the wave passes zero there
    EXPECT_NEAR(d.displace(p, 2).z, -0.2 - 0.1, 1e-15); // and half a period later, a trough
    EXPECT_NEAR(d.displace(p, 0.3).z, -0.2 + 0.1 * std::sin(2 * std::numbers::pi * (0.25 - 0.075)), 1e-15);
    // Off the axis of travel nothing changes the phase: y and z of the rest position do not matter.
    EXPECT_NEAR(d.displace({0.5, 7, 3}, 0).z, 3.1, 1e-14);
    EXPECT_DOUBLE_EQ(d.maxDisplacement(), 0.1);

    // A general direction: the displacement is amplitude * sin(phase) along the unit axis.
    Deformation g = parsedDeform(R"({"type": "sine", "amplitude": -0.3, "wavelength": 0.7, "speed": -1.5,
                                     "axis": [1, 2, 2], "along": [0, 3, 4]})");
    Vec3 q{0.2, -0.4, 0.9};
    double t = 0.37;
    double phase = 2 * std::numbers::pi * ((0.6 * q.y + 0.8 * q.z) / 0.7 + 1.5 * t);
    Vec3 moved = g.displace(q, t) - q;
    Vec3 expect = Vec3{1, 2, 2} / 3.0 * (-0.3 * std::sin(phase));
    EXPECT_NEAR(length(moved - expect), 0, 1e-15);
}

TEST(Deform, DefaultsForEveryFieldButTheType) {
    Deformation d = parsedDeform(R"({"type": "sine"})");
    Deformation defaults;
    EXPECT_EQ(d.type, Deformation::Type::Sine);
    EXPECT_EQ(d.amplitude, defaults.amplitude);
    EXPECT_EQ(d.wavelength, defaults.wavelength);
    EXPECT_EQ(d.speed, defaults.speed);
    EXPECT_EQ(d.axis, defaults.axis);
    EXPECT_EQ(d.along, defaults.along);
    EXPECT_EQ(defaults.amplitude, 0.05);
    EXPECT_EQ(defaults.wavelength, 0.5);
    EXPECT_EQ(defaults.speed, 1.0);
    EXPECT_FALSE(defaults.active()); // a body without a deform block is rigid
    Scene rigid = parseScene(R"({"bodies": [{"mesh": {"generator": "sphere"}}]})", "s.json", ".");
    EXPECT_FALSE(rigid.bodies[0].deform.active());
}

TEST(Deform, AppliedMeshKeepsTrianglesAndRecomputesNormals) {
    auto rest = generated("sphere", {{"radius", 1.0}, {"triangles", 200}});
    Deformation d = parsedDeform(R"({"type": "sine", "amplitude": 0.2, "wavelength": 0.8})");
    TriangleMesh out;
    for (double t : {0.0, 0.3, 0.3}) { // the same buffer again and again
        d.apply(*rest, t, out);
        ASSERT_EQ(out.triangles, rest->triangles);
        ASSERT_EQ(out.vertices.size(), rest->vertices.size());
        ASSERT_EQ(out.faceNormals.size(), rest->triangles.size());
        for (std::size_t v = 0; v < out.vertices.size(); ++v)
            ASSERT_EQ(out.vertices[v], d.displace(rest->vertices[v], t));
        for (std::size_t f = 0; f < out.triangles.size(); ++f) {
            Vec3 a, b, c;
            out.corners(f, a, b, c);
            EXPECT_NEAR(length(out.faceNormals[f] - normalize(cross(b - a, c - a))), 0, 1e-12);
        }
    }
    // The normals follow the shape: some face turned by more than a degree.
    double turned = 0;
    for (std::size_t f = 0; f < out.triangles.size(); ++f)
        turned = std::max(turned, length(out.faceNormals[f] - rest->faceNormals[f]));
    EXPECT_GT(turned, 0.02);
}

TEST(Deform, SceneObjectsGiveTheDeformedMeshOfBodiesOnly) {
    Scene s = parseScene(R"({"bodies": [
        {"name": "wave", "mesh": {"generator": "sphere", "params": {"triangles": 60}},
         "deform": {"type": "sine", "amplitude": 0.1}, "environment": true},
        {"name": "still", "mesh": {"generator": "sphere", "params": {"triangles": 60}}}]})",
                         "s.json", ".");
    SceneObjects objects(s);
    EXPECT_TRUE(objects.deforms(0));
    EXPECT_FALSE(objects.deforms(1));
    EXPECT_TRUE(objects.anyDeforms());
    TriangleMesh m;
    objects.deformedMesh(0, 0.25, m);
    EXPECT_EQ(m.vertices[3], s.bodies[0].deform.displace(s.bodies[0].mesh->vertices[3], 0.25));
    objects.deformedMesh(1, 0.25, m); // a rigid object's shape is its rest mesh
    EXPECT_EQ(m.vertices, s.bodies[1].mesh->vertices);
    EXPECT_EQ(m.triangles, s.bodies[1].mesh->triangles);
}

TEST(Deform, EveryBadFieldIsAnInputErrorNamingFileAndField) {
    struct Case {
        std::string deform, where, what;
    };
    const std::vector<Case> cases{
        {"3", "bodies[0].deform", "expected an object, got number"},
        {"[]", "bodies[0].deform", "expected an object, got array"},
        {"{}", "bodies[0].deform", "missing required field 'type'"},
        {R"({"type": 1})", "bodies[0].deform.type", "expected a string, got number"},
        {R"({"type": "twist"})", "bodies[0].deform.type",
         "unknown deformation type 'twist' (expected: sine)"},
        {R"({"type": "sine", "phase": 1})", "bodies[0].deform.phase", "unknown field (expected one of: type"},
        {R"({"type": "sine", "amplitude": "big"})", "bodies[0].deform.amplitude",
         "expected a number, got string"},
        {R"({"type": "sine", "amplitude": null})", "bodies[0].deform.amplitude",
         "expected a number, got null"},
        {R"({"type": "sine", "wavelength": 0})", "bodies[0].deform.wavelength", "expected a length > 0"},
        {R"({"type": "sine", "wavelength": -0.5})", "bodies[0].deform.wavelength", "expected a length > 0"},
        {R"({"type": "sine", "wavelength": [1]})", "bodies[0].deform.wavelength",
         "expected a number, got array"},
        {R"({"type": "sine", "speed": true})", "bodies[0].deform.speed", "expected a number, got boolean"},
        {R"({"type": "sine", "axis": [0, 0, 0]})", "bodies[0].deform.axis", "direction has zero length"},
        {R"({"type": "sine", "axis": [0, 1]})", "bodies[0].deform.axis",
         "expected an array of 3 numbers, got an array of 2"},
        {R"({"type": "sine", "axis": [0, "1", 0]})", "bodies[0].deform.axis[1]",
         "expected a number, got string"},
        {R"({"type": "sine", "along": [0, 0, 0]})", "bodies[0].deform.along", "direction has zero length"},
        {R"({"type": "sine", "along": "x"})", "bodies[0].deform.along",
         "expected an array of 3 numbers, got string"},
        // Finite but meaningless: sin() of a phase beyond 1e12 radians has lost its periods.
        {R"({"type": "sine", "wavelength": 1e-300})", "bodies[0].deform", "the wave's phase reaches"},
        {R"({"type": "sine", "speed": 1e200})", "bodies[0].deform",
         "wavelength too small or speed too large"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.deform);
        std::string msg = test::sceneError(withDeform(c.deform));
        EXPECT_EQ(msg.rfind("bad.json: " + c.where + ": ", 0), 0u) << msg;
        EXPECT_NE(msg.find(c.what, c.where.size()), std::string::npos) << msg;
    }
    // JSON has no NaN or infinity: such a number is refused by the parser, naming the file and the line.
    for (const char* number : {"NaN", "Infinity", "-inf", "1e999"}) {
        SCOPED_TRACE(number);
        std::string msg =
            test::sceneError(withDeform(std::string(R"({"type": "sine", "amplitude": )") + number + "}"));
        EXPECT_EQ(msg.rfind("bad.json: line 2, column ", 0), 0u) << msg;
        EXPECT_NE(msg.find("invalid JSON"), std::string::npos) << msg;
    }
    // Articulated links are rigid: a deform block there is an unknown field.
    std::string msg =
        test::sceneError(R"({"articulated": [{"name": "arm", "links": [{"name": "l", "parent": null,
        "mesh": {"generator": "sphere"}, "deform": {"type": "sine"}}]}]})");
    EXPECT_EQ(msg.rfind("bad.json: articulated[0].links[0].deform: unknown field", 0), 0u) << msg;
}

TEST(Deform, AlgorithmsThatTakeBodiesAsRigidRefuseDeformingScenes) {
    registerPeerAlgorithms(AlgorithmRegistry::instance());
    Scene scene = parseScene(R"({"bodies": [
        {"name": "floor", "mesh": {"generator": "box", "params": {"size_z": 0.1}}},
        {"name": "sheet", "mesh": {"generator": "box", "params": {"size_z": 0.05}},
         "keyframes": [{"t": 0, "position": [0, 0, 1]}, {"t": 1}], "deform": {"type": "sine"}}]})",
                             "scenes/sheet.json", ".");
    int accepted = 0, refused = 0;
    for (const AlgorithmInfo& info : AlgorithmRegistry::instance().list()) {
        SCOPED_TRACE(info.name);
        auto algo = info.create(ParamSet(info.params));
        if (info.deformingBodies) {
            EXPECT_NO_THROW(algo->prepare(scene));
            EXPECT_NO_THROW(algo->step(0, 0.5));
            ++accepted;
            continue;
        }
        try {
            algo->prepare(scene);
            ADD_FAILURE() << info.name
                          << " prepared a deforming scene without AlgorithmInfo::deformingBodies";
        } catch (const InputError& e) {
            EXPECT_EQ(std::string(e.what()), "scenes/sheet.json: bodies[1].deform: " + info.name +
                                                 " does not support deforming bodies (body 'sheet' has a "
                                                 "deform block)");
            EXPECT_EQ(e.file(), "scenes/sheet.json");
        }
        ++refused;
    }
    EXPECT_GE(accepted, 2); // brute-force, bvh (and the peers)
    EXPECT_GE(refused, 5);  // rigid-ccd, rigid-ccd-bm, rigid-ccd-reference, catch, articulated-reference
    // The one the issue names, word for word.
    auto rigid = AlgorithmRegistry::instance().create("rigid-ccd", {});
    try {
        rigid->prepare(scene);
        FAIL() << "rigid-ccd prepared a deforming scene";
    } catch (const InputError& e) {
        EXPECT_EQ(std::string(e.what()), "scenes/sheet.json: bodies[1].deform: rigid-ccd does not support "
                                         "deforming bodies (body 'sheet' has a deform block)");
    }
}

TEST(Deform, RefitBvhEqualsBruteForceOnRandomDeformations) {
    // 30 random scenes x 12 frames: the slab and the falling ball both deform with random parameters. The
    // refit trees (OBB and AABB) must report exactly the pairs that all-pairs testing of the deformed meshes
    // at t1 reports, and the pipeline's brute force must be the brute force of SceneObjects::deformedMesh.
    test::Rng rng(31);
    auto& reg = AlgorithmRegistry::instance();
    int frames = 0, colliding = 0, shapeMatters = 0;
    for (int trial = 0; trial < 30; ++trial) {
        Scene scene = randomScene(rng);
        SceneObjects objects(scene);
        std::vector<std::unique_ptr<Algorithm>> algos;
        algos.push_back(reg.createReference(AlgorithmKind::Discrete));
        algos.push_back(reg.create("bvh", {}));
        algos.push_back(reg.create("bvh", {{"bv", "aabb"}}));
        algos.push_back(reg.create("bvh", {{"split", "minmax"}, {"leaf", "4"}}));
        algos.push_back(reg.create("sbv", {{"narrow", "exact"}})); // SBVs need no refit: a pass per frame
        // Two of them share per-mesh structures, as the viewer's views do.
        auto cache = std::make_shared<MeshDataCache>(scene);
        algos[1]->shareMeshData(cache), algos[2]->shareMeshData(cache);
        for (auto& a : algos) a->prepare(scene);
        BruteForceCollider direct;
        std::vector<Pose> poses;
        TriangleMesh slab, ball;
        for (int f = 0; f < scene.frames; ++f) {
            SCOPED_TRACE("trial " + std::to_string(trial) + " frame " + std::to_string(f));
            double t1 = scene.frameTime(f, scene.frames);
            FrameResult ref = algos[0]->step(t1 - scene.frameLength(), t1);
            for (std::size_t i = 1; i < algos.size(); ++i) {
                FrameResult r = algos[i]->step(t1 - scene.frameLength(), t1);
                ASSERT_EQ(r.hash(), ref.hash()) << "algorithm " << i;
            }
            // Independently: all pairs of the two deformed meshes at t1.
            objects.poses(t1, poses);
            objects.deformedMesh(0, t1, slab), objects.deformedMesh(1, t1, ball);
            CollisionResult want;
            direct.collide({&slab, nullptr, poses[0], 0}, {&ball, nullptr, poses[1], 1},
                           ContactMode::AllPairs, want);
            std::sort(want.pairs.begin(), want.pairs.end());
            ASSERT_EQ(pairContacts(ref, 0, 1), want.pairs);
            // And against the rest shapes: the deformation must change answers, or this proves nothing.
            CollisionResult rigid;
            direct.collide({scene.bodies[0].mesh.get(), nullptr, poses[0], 0},
                           {scene.bodies[1].mesh.get(), nullptr, poses[1], 1}, ContactMode::AllPairs, rigid);
            std::sort(rigid.pairs.begin(), rigid.pairs.end());
            shapeMatters += rigid.pairs != want.pairs;
            ++frames;
            colliding += want.colliding();
        }
    }
    double share = double(colliding) / frames;
    std::cout << "[          ] " << frames << " frames, slab/ball colliding in " << colliding << " ("
              << 100 * share << " %), " << shapeMatters << " answers changed by the deformation\n";
    EXPECT_GE(share, 0.3) << "the test must be representative: about half the frames colliding";
    EXPECT_LE(share, 0.7);
    EXPECT_GT(shapeMatters, frames / 4);
}

TEST(Deform, PeersAgreeWithBruteForceOnDeformedFrames) {
    // FCL (BVHModel replace + refit) and Bullet (GImpact postUpdate + updateBound): contact or no contact per
    // object pair and frame as brute force says, on the random deforming scenes. FCL reports the same pairs
    // with every bounding volume (its OBB trees once lost pairs to FCL's bottom-up OBB merge,
    // FclConversions.h).
    registerPeerAlgorithms(AlgorithmRegistry::instance());
    auto& reg = AlgorithmRegistry::instance();
    struct Peer {
        std::string label, name;
        std::map<std::string, std::string> params;
    };
    std::vector<Peer> peers;
    for (const Peer& p : std::vector<Peer>{{"fcl", "fcl", {}},
                                           {"fcl:bv=obb", "fcl", {{"bv", "obb"}}},
                                           {"fcl:bv=aabb", "fcl", {{"bv", "aabb"}}},
                                           {"bullet", "bullet", {}},
                                           // ODE's all-contacts mode drops shallow crossings (OpcodeTest)
                                           {"opcode:mode=first", "opcode", {{"mode", "first"}}}})
        if (reg.find(p.name)) peers.push_back(p);
    if (peers.empty()) GTEST_SKIP() << "no peer built";
    test::Rng rng(131);
    std::map<std::string, int> disagree;
    int samples = 0, colliding = 0;
    for (int trial = 0; trial < 20; ++trial) {
        Scene scene = randomScene(rng);
        SceneObjects objects(scene);
        auto ref = reg.createReference(AlgorithmKind::Discrete);
        ref->prepare(scene);
        std::vector<std::unique_ptr<Algorithm>> algos;
        for (const auto& p : peers) {
            algos.push_back(reg.create(p.name, p.params));
            algos.back()->prepare(scene);
        }
        for (int f = 0; f < scene.frames; ++f) {
            SCOPED_TRACE("trial " + std::to_string(trial) + " frame " + std::to_string(f));
            double t = scene.frameTime(f, scene.frames);
            FrameResult want = ref->step(t, t);
            for (std::size_t k = 0; k < peers.size(); ++k) {
                FrameResult got = algos[k]->step(t, t);
                if (peers[k].name == "fcl") {
                    EXPECT_EQ(got.hash(), want.hash()) << peers[k].label;
                }
                for (auto [a, b] : objects.pairs())
                    disagree[peers[k].label] +=
                        pairContacts(got, a, b).empty() != pairContacts(want, a, b).empty();
            }
            for (auto [a, b] : objects.pairs()) {
                ++samples;
                colliding += !pairContacts(want, a, b).empty();
            }
        }
    }
    std::cout << "[          ] " << samples << " pair-frames, " << colliding << " colliding;";
    for (const auto& p : peers) std::cout << " " << p.label << " disagrees on " << disagree[p.label];
    std::cout << "\n";
    EXPECT_GT(colliding, samples / 5);
    EXPECT_LT(colliding, samples * 4 / 5);
    for (const auto& p : peers) EXPECT_EQ(disagree[p.label], 0) << p.label;
}

TEST(Deform, RigidScenesKeepTheirStagesAndDeformingOnesTimeTheRefit) {
    Scene rigid = test::bundled("cylinder_ball.json");
    auto algo = AlgorithmRegistry::instance().create("bvh", {});
    algo->prepare(rigid);
    FrameResult r = algo->step(0, 0.1);
    for (const auto& [stage, ms] : r.stages.items()) EXPECT_NE(stage, "deform");
    test::Rng rng(7);
    Scene deforming = randomScene(rng);
    algo->prepare(deforming);
    r = algo->step(0, 0.1);
    bool timed = false;
    for (const auto& [stage, ms] : r.stages.items()) timed = timed || stage == "deform";
    EXPECT_TRUE(timed);
}

TEST(Deform, BulletRefitCoversDisplacementsBeyondItsQuantizationPad) {
    // GImpact quantizes its box tree within the build-time bounds padded by 1 scene unit and clamps a refit
    // to them. A sheet bobbing 2.5 units up and down as a whole (a wave far longer than the sheet) leaves
    // them, and meets a ball whose bottom is 1.5 above its rest height. Contact or no contact must still be
    // brute force's on every frame (BulletAlgorithm builds the tree with the motion as margin; without it the
    // clamped boxes stop at 1.25 and Bullet sees no contact at all).
    registerPeerAlgorithms(AlgorithmRegistry::instance());
    auto& reg = AlgorithmRegistry::instance();
    if (!reg.find("bullet")) GTEST_SKIP() << "Bullet not built";
    Scene scene = parseScene(R"({"frames": 40, "bodies": [
        {"name": "sheet", "mesh": {"generator": "box", "params": {"size_x": 24, "size_y": 18, "size_z": 0.5,
                                                                   "triangles": 2000}},
         "deform": {"type": "sine", "amplitude": 2.5, "wavelength": 1000, "speed": 0.5}},
        {"name": "ball", "mesh": {"generator": "sphere", "params": {"radius": 2, "triangles": 800}},
         "keyframes": [{"t": 0, "position": [-9, 0, 3.5]}, {"t": 4, "position": [9, 2, 3.5]}]}]})",
                             "big.json", ".");
    auto ref = reg.create("brute-force", {}), bullet = reg.create("bullet", {});
    ref->prepare(scene), bullet->prepare(scene);
    int colliding = 0, disagree = 0;
    for (int f = 0; f < scene.frames; ++f) {
        double t = scene.frameTime(f, scene.frames);
        bool want = !ref->step(t, t).contacts.empty(), got = !bullet->step(t, t).contacts.empty();
        colliding += want;
        disagree += want != got;
    }
    std::cout << "[          ] " << colliding << " of " << scene.frames
              << " frames colliding, bullet disagrees on " << disagree << "\n";
    EXPECT_GT(colliding, scene.frames / 5); // while the sheet is more than half way up
    EXPECT_LT(colliding, scene.frames * 4 / 5);
    EXPECT_EQ(disagree, 0);
}
