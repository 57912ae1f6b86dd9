#include "TestUtil.h"
#include "core/InputError.h"
#include "core/Registry.h"
#include "culling/BmCounters.h"
#include "debug/DebugSink.h"
#include "mesh/ProceduralMeshes.h"
#include "peers/Peers.h"
#include "pipeline/AlgorithmRegistry.h"
#include "scene/SceneLoader.h"
#include "scene/SceneObjects.h"

#include <gtest/gtest.h>
#include <set>
#include <tuple>

using namespace cdlab;
using test::bundled;

namespace {

/// Counts primitives per category.
class CountingSink : public DebugSink {
public:
    std::size_t counts[static_cast<int>(DebugCategory::Count)] = {};
    void line(const Vec3&, const Vec3&, Rgba, DebugCategory c) override { counts[int(c)]++; }
    void triangle(const Vec3&, const Vec3&, const Vec3&, Rgba, DebugCategory c) override { counts[int(c)]++; }
    void point(const Vec3&, Rgba, DebugCategory c) override { counts[int(c)]++; }
    void text(const Vec3&, const std::string&, DebugCategory c) override { counts[int(c)]++; }
};

} // namespace

TEST(Registry, ListsAlgorithmsWithDocumentedParameters) {
    auto& reg = AlgorithmRegistry::instance();
    ASSERT_NE(reg.find("bvh"), nullptr);
    ASSERT_NE(reg.find("brute-force"), nullptr);
    for (const auto& a : reg.list()) {
        EXPECT_FALSE(a.description.empty()) << a.name;
        for (const auto& p : a.params) EXPECT_FALSE(p.help.empty()) << a.name << "." << p.name;
    }
}

TEST(Registry, ReferenceForEachKindThatHasOne) {
    auto& reg = AlgorithmRegistry::instance();
    ASSERT_NE(reg.referenceFor(AlgorithmKind::Discrete), nullptr);
    EXPECT_EQ(reg.referenceFor(AlgorithmKind::Discrete)->name, "brute-force");
    ASSERT_NE(reg.referenceFor(AlgorithmKind::Continuous), nullptr);
    // articulated-reference is continuous too, but its times carry a tolerance: not a hash reference.
    EXPECT_EQ(reg.referenceFor(AlgorithmKind::Continuous)->name, "rigid-ccd-reference");
    EXPECT_EQ(reg.referenceFor(AlgorithmKind::Culling), nullptr);
    for (const AlgorithmKind kind : {AlgorithmKind::Discrete, AlgorithmKind::Continuous}) {
        const AlgorithmInfo* ref = reg.referenceFor(kind);
        EXPECT_EQ(ref->role, Role::Reference);
        EXPECT_TRUE(ref->hashReference);
        EXPECT_NE(reg.createReference(kind), nullptr);
    }
    EXPECT_THROW(reg.createReference(AlgorithmKind::Culling), std::logic_error);
}

TEST(Registry, KeepsEntriesSortedAndReplacesByName) {
    struct Entry {
        std::string name;
        int value = 0;
    };
    Registry<Entry> r;
    EXPECT_EQ(r.names("none"), "none");
    r.add({"b", 1});
    r.add({"a", 2});
    r.add({"c", 3});
    r.add({"b", 4}); // replaces
    ASSERT_EQ(r.list().size(), 3u);
    EXPECT_EQ(r.names(), "a, b, c");
    ASSERT_NE(r.find("b"), nullptr);
    EXPECT_EQ(r.find("b")->value, 4);
    EXPECT_EQ(r.find("bb"), nullptr);
    EXPECT_EQ(r.find(""), nullptr);
}

TEST(Registry, BadAlgorithmOrParameterIsAClearError) {
    auto& reg = AlgorithmRegistry::instance();
    auto expectMsg = [&](const std::string& name, std::map<std::string, std::string> params,
                         const std::string& part) {
        try {
            reg.create(name, params, "--algo");
            FAIL() << name;
        } catch (const InputError& e) {
            EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
        }
    };
    expectMsg("bvhh", {}, "unknown algorithm");
    expectMsg("bvh", {{"bv", "sphere"}}, "expected one of aabb|obb");
    expectMsg("bvh", {{"leaf", "0"}}, "out of range");
    expectMsg("bvh", {{"leaf", "2.5"}}, "expected an integer");
    expectMsg("bvh", {{"leaf", "abc"}}, "expected a number");
    expectMsg("bvh", {{"depth", "3"}}, "unknown parameter");
}

TEST(Registry, ParametersDescribeWhatDiffersFromTheDefaults) {
    const AlgorithmInfo* info = AlgorithmRegistry::instance().find("rigid-ccd-bm");
    ASSERT_NE(info, nullptr);
    ParamSet p(info->params);
    EXPECT_EQ(p.describeChanged(info->params), "");
    p.setFromString(info->params, "test", "per-face", "--algo");
    p.setFromString(info->params, "rmax", "5", "--algo"); // the default, so not named
    EXPECT_EQ(p.describeChanged(info->params), "test=per-face");
    p.setFromString(info->params, "build", "top-down", "--algo");
    EXPECT_EQ(p.describeChanged(info->params), "build=top-down,test=per-face");
}

TEST(Pipeline, AllDiscreteAlgorithmsAgreeOnBundledScenes) {
    registerPeerAlgorithms(AlgorithmRegistry::instance());
    for (const char* file : {"knot_teapot.json", "cylinder_ball.json", "default.json"}) {
        SCOPED_TRACE(file);
        Scene scene = bundled(file);
        const int frames = 12;
        std::vector<std::string> specs = {"bvh", "bvh:bv=aabb", "bvh:split=minmax,position=median,leaf=4"};
        std::vector<std::unique_ptr<Algorithm>> algos;
        auto& reg = AlgorithmRegistry::instance();
        algos.push_back(reg.createReference(AlgorithmKind::Discrete));
        algos.push_back(reg.create("bvh", {}));
        algos.push_back(reg.create("bvh", {{"bv", "aabb"}}));
        algos.push_back(reg.create("bvh", {{"split", "minmax"}, {"position", "median"}, {"leaf", "4"}}));
        for (auto& a : algos) a->prepare(scene);
        int colliding = 0;
        std::set<std::uint64_t> answers;
        for (int f = 0; f < frames; ++f) {
            double t = scene.frameTime(f, frames);
            FrameResult ref = algos[0]->step(t, t);
            colliding += ref.contacts.empty() ? 0 : 1;
            answers.insert(ref.hash());
            for (std::size_t i = 1; i < algos.size(); ++i) {
                FrameResult r = algos[i]->step(t, t);
                ASSERT_EQ(r.hash(), ref.hash()) << "algorithm " << i << " frame " << f;
                ASSERT_EQ(r.contactPairCount(), ref.contactPairCount());
                EXPECT_EQ(r.counters.get(counter::Pairs), ref.counters.get(counter::Pairs));
                EXPECT_GT(r.stages.items().size(), 0u);
            }
        }
        EXPECT_GT(colliding, 0);       // the scene does collide
        EXPECT_GT(answers.size(), 5u); // and the contact sets change along the motion
    }
}

TEST(Pipeline, FclPeerReportsTheSameContactsOnKnotTeapot) {
    registerPeerAlgorithms(AlgorithmRegistry::instance());
    if (!AlgorithmRegistry::instance().find("fcl")) GTEST_SKIP() << "FCL not built";
    Scene scene = bundled("knot_teapot.json");
    auto ours = AlgorithmRegistry::instance().create("bvh", {});
    auto fcl = AlgorithmRegistry::instance().create("fcl", {});
    ours->prepare(scene), fcl->prepare(scene);
    std::size_t total = 0;
    for (int f = 0; f < 10; ++f) {
        double t = scene.frameTime(80 + f * 4, 120);
        FrameResult a = ours->step(t, t), b = fcl->step(t, t);
        EXPECT_EQ(a.hash(), b.hash()) << "frame time " << t;
        total += a.contactPairCount();
    }
    EXPECT_GT(total, 0u);
}

// The peers draw what they report, so a viewport running FCL or Bullet shows its contacts like ours do.
TEST(Pipeline, PeersDrawTheTrianglesTheyReport) {
    registerPeerAlgorithms(AlgorithmRegistry::instance());
    Scene scene = bundled("cylinder_ball.json");
    double t = scene.frameTime(50, 100);
    int peers = 0;
    for (const char* name : {"fcl", "bullet"}) {
        if (!AlgorithmRegistry::instance().find(name)) continue;
        ++peers;
        auto algo = AlgorithmRegistry::instance().create(name, {});
        algo->prepare(scene);
        CountingSink sink;
        FrameResult with = algo->step(t, t, &sink);
        FrameResult without = algo->step(t, t, nullptr);
        ASSERT_GT(with.contactPairCount(), 0u) << name;
        EXPECT_EQ(with.hash(), without.hash()) << name;
        EXPECT_EQ(sink.counts[int(DebugCategory::TriangleHit)], with.contactPairCount() * 2) << name;
        EXPECT_GT(sink.counts[int(DebugCategory::Contact)], 0u) << name;
    }
    if (peers == 0) GTEST_SKIP() << "no peer built";
}

TEST(Pipeline, DebugSinkSeesTraversalAndContacts) {
    Scene scene = bundled("cylinder_ball.json");
    auto algo = AlgorithmRegistry::instance().create("bvh", {});
    algo->prepare(scene);
    double t = scene.frameTime(50, 100);
    CountingSink sink;
    FrameResult with = algo->step(t, t, &sink);
    FrameResult without = algo->step(t, t, nullptr);
    ASSERT_GT(with.contactPairCount(), 0u);
    EXPECT_EQ(with.hash(), without.hash());
    // Every BV test draws two boxes of 12 edges; every contact pair two triangles.
    auto bv = with.counters.get(counter::BvTests);
    EXPECT_EQ(sink.counts[int(DebugCategory::BvOverlap)] + sink.counts[int(DebugCategory::BvSeparated)],
              bv * 24);
    EXPECT_EQ(sink.counts[int(DebugCategory::TriangleHit)], with.contactPairCount() * 2);
    // One contact segment and point per crossing (non-coplanar) pair.
    EXPECT_GT(sink.counts[int(DebugCategory::Contact)], with.contactPairCount());
    EXPECT_LE(sink.counts[int(DebugCategory::Contact)], with.contactPairCount() * 2);
    // Structure drawing: level 0 is the root box of the chosen object (12 edges).
    CountingSink structure;
    ASSERT_NE(algo->structure(), nullptr);
    algo->structure()->drawLevel(t, 0, 0, structure);
    EXPECT_EQ(structure.counts[int(DebugCategory::BvhNode)], 12u);
    EXPECT_GT(algo->structure()->depth(0), 5);
}

TEST(Pipeline, RigidCcdDrawsEveryBmCulledNode) {
    Scene scene = bundled("doors.json");
    auto algo = AlgorithmRegistry::instance().create("rigid-ccd-bm", {});
    algo->prepare(scene);
    std::uint64_t culled = 0;
    for (int f = 1; f < scene.frames; ++f) {
        CountingSink sink;
        FrameResult r =
            algo->step(scene.frameTime(f - 1, scene.frames), scene.frameTime(f, scene.frames), &sink);
        EXPECT_EQ(sink.counts[int(DebugCategory::BmCulled)], r.counters.get(counter::BmCulled) * 12);
        culled += r.counters.get(counter::BmCulled);
    }
    EXPECT_GT(culled, 0u);
}

TEST(Pipeline, RigidCcdDrawsTheBmTestOnWholeLevels) {
    // redon2002 Fig. 1: the door translating away from the other (doors.json, t 0-1) has nodes culled over
    // the frame on every deep level, whether or not the traversal reached them (here it reaches none: the
    // doors are 0.16 m apart or more). Without BM-culling there are no cones to test.
    Scene scene = bundled("doors.json");
    for (const char* name : {"rigid-ccd-bm", "rigid-ccd"}) {
        auto algo = AlgorithmRegistry::instance().create(name, {});
        algo->prepare(scene);
        CountingSink sink;
        FrameResult r = algo->step(0.4, 0.5, &sink);
        EXPECT_EQ(r.counters.get(counter::BmTests), 0u);
        std::uint64_t lines = sink.counts[int(DebugCategory::BmLevel)];
        EXPECT_EQ(lines % 12, 0u); // boxes
        if (std::string(name) == "rigid-ccd")
            EXPECT_EQ(lines, 0u);
        else
            EXPECT_GT(lines, 12u * 100);
    }
}

TEST(Pipeline, RigidCcdClassifiesForwardAndBackwardFaces) {
    // Box A moves away from box B along +x: A's +x faces move forwards, its -x faces backwards, and its four
    // sides (velocity in their plane, v.n = 0) are not backwards; B sees the opposite motion (eq. 1, 3).
    Scene scene;
    for (double x : {0.0, 2.0}) {
        Body b;
        b.name = x == 0 ? "b" : "a";
        b.mesh = std::make_shared<TriangleMesh>(makeBox({1, 1, 1}, 12));
        Keyframe k0, k1;
        k0.position = {x, 0, 0}, k1.position = {x == 0 ? 0.0 : 3.0, 0, 0}, k1.time = 1;
        b.motion = PoseTrack({k0, k1});
        scene.bodies.push_back(b);
    }
    auto algo = AlgorithmRegistry::instance().create("rigid-ccd", {});
    algo->prepare(scene);
    CountingSink sink;
    algo->step(0, 1, &sink);
    // Both boxes: 10 triangles not moving backwards (filled), 2 backwards (3 wire edges each).
    EXPECT_EQ(sink.counts[int(DebugCategory::ForwardFace)], 20u);
    EXPECT_EQ(sink.counts[int(DebugCategory::BackwardFace)], 12u);
}

TEST(Pipeline, DoorsPermanentContactRidesTenMicronsClear) {
    // scenes/doors.json, t 8-12: the moving door's handle rides on the static door's moulding 10 um clear
    // (docs/BENCHMARKS.md). Moving the door 5 um closer keeps it clear; 15 um closer makes the two intersect.
    Scene scene = bundled("doors.json");
    auto rides = [&](double closer) {
        Scene s = scene;
        std::vector<Keyframe> keys = s.bodies[1].motion.keys();
        for (auto& k : keys)
            if (k.time >= 8 && k.time <= 12) k.position.y += closer; // the static door is at y = 0, faces -y
        s.bodies[1].motion = PoseTrack(keys);
        auto algo = AlgorithmRegistry::instance().create("bvh", {});
        algo->prepare(s);
        int touching = 0, samples = 0;
        for (double t = 8; t <= 12; t += 0.1, ++samples) touching += algo->step(t, t).contactPairCount() > 0;
        return std::pair{touching, samples};
    };
    auto [clear, n] = rides(5e-6);
    EXPECT_EQ(clear, 0);
    auto [pressed, m] = rides(15e-6);
    EXPECT_EQ(pressed, m);
}

TEST(Pipeline, RigidCcdFollowsTheKeyframedMotionOfTheMovingBody) {
    // bullets.json lists the resting box first. The continuous pipelines must solve the ball's keyframed
    // motion (constant velocities in the world), not the box's motion as seen from the spinning ball, which
    // is a different path between the same end poses: compare with dense discrete sampling of the keyframed
    // poses, frame by frame — the same contacts, no later than the first sample that touches.
    Scene scene = bundled("bullets.json");
    ASSERT_EQ(scene.bodies[0].motion.keys().size(), 1u); // the box rests and comes first
    auto& reg = AlgorithmRegistry::instance();
    auto discrete = reg.create("bvh", {});
    discrete->prepare(scene);
    for (const char* name : {"rigid-ccd", "rigid-ccd-bm"}) {
        auto ccd = reg.create(name, {});
        ccd->prepare(scene);
        int contacts = 0;
        for (int f = 1; f < scene.frames; ++f) {
            double t0 = scene.frameTime(f - 1, scene.frames), t1 = scene.frameTime(f, scene.frames);
            FrameResult r = ccd->step(t0, t1);
            double sampled = -1;
            const int steps = 400;
            for (int k = 0; k <= steps && sampled < 0; ++k) {
                double t = t0 + (t1 - t0) * k / steps;
                if (discrete->step(t, t).contactPairCount() > 0) sampled = t;
            }
            ASSERT_EQ(r.firstContacts.size(), sampled >= 0 ? 1u : 0u) << name << " frame " << f;
            if (sampled < 0) continue;
            ++contacts;
            EXPECT_LE(r.firstContacts[0].time, sampled + 1e-12) << name << " frame " << f;
            // Within two samples: a touching start (distance 0) may count only from the next sample on.
            EXPECT_GE(r.firstContacts[0].time, sampled - 2 * (t1 - t0) / steps) << name << " frame " << f;
        }
        EXPECT_EQ(contacts, 4)
            << name; // nick, tunnel, 1 mm edge graze, spinning nick; both misses stay misses
    }
}

// Bullet is a peer with its own semantics (a triangle pair is reported when one triangle's points clip into
// the other's half-space, in single precision), so it is not held to the exact pair sets. What is checked is
// the wiring: every reported pair names triangles of the right meshes in the right order, and Bullet finds
// nearly every exact pair (it misses a handful that only touch; a swap of the two meshes would miss them
// all).
TEST(Pipeline, BulletPeerFindsTheExactPairsInTheRightOrder) {
    registerPeerAlgorithms(AlgorithmRegistry::instance());
    if (!AlgorithmRegistry::instance().find("bullet")) GTEST_SKIP() << "Bullet not built";
    for (const char* name : {"knot_teapot.json", "cylinder_ball.json"}) {
        Scene scene = bundled(name);
        SceneObjects objects(scene);
        auto ours = AlgorithmRegistry::instance().create("bvh", {});
        auto bullet = AlgorithmRegistry::instance().create("bullet", {});
        ours->prepare(scene), bullet->prepare(scene);
        using Key = std::tuple<std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t>;
        std::size_t exact = 0, found = 0, framesWithContact = 0;
        for (int f = 0; f <= 120; f += 2) {
            double t = scene.frameTime(f, 120);
            FrameResult a = ours->step(t, t), b = bullet->step(t, t);
            std::set<Key> reported;
            for (const auto& c : b.contacts)
                for (const auto& p : c.pairs) {
                    ASSERT_LT(p.a, objects.objects()[c.objectA].mesh->triangleCount()) << name;
                    ASSERT_LT(p.b, objects.objects()[c.objectB].mesh->triangleCount()) << name;
                    reported.insert({c.objectA, c.objectB, p.a, p.b});
                }
            for (const auto& c : a.contacts)
                for (const auto& p : c.pairs) found += reported.count({c.objectA, c.objectB, p.a, p.b});
            exact += a.contactPairCount();
            framesWithContact += !a.contacts.empty();
            EXPECT_EQ(a.contacts.empty(), b.contacts.empty()) << name << " at t " << t;
        }
        EXPECT_GT(framesWithContact, 20u) << name;
        EXPECT_GE(double(found), 0.999 * double(exact)) << name << ": " << found << " of " << exact;
    }
}

// The continuous traversal draws its BV tests as the discrete one does, with the moving body's node as the
// box its motion sweeps: the root's swept box, drawn in world space, holds the moving body at both ends of
// the frame.
TEST(Pipeline, ContinuousTraversalDrawsItsSweptBoxes) {
    class BoxSink : public CountingSink {
    public:
        std::vector<std::pair<DebugTag, Obb>> boxes;
        void setTag(const DebugTag& tag) override { m_tag = tag; }
        void box(const Obb& b, Rgba, DebugCategory c) override {
            counts[int(c)]++;
            boxes.push_back({m_tag, b});
        }

    private:
        DebugTag m_tag;
    };
    Scene scene = bundled("doors.json");
    SceneObjects objects(scene);
    const double t0 = 10.0, t1 = 10.0 + 1.0 / 30; // the swivel: moving and turning near the static door
    std::vector<Pose> p0, p1;
    objects.poses(t0, p0), objects.poses(t1, p1);
    for (const char* name : {"rigid-ccd", "rigid-ccd-bm"}) {
        // Whole frames: the root pair of a split frame is tested (and counted) without drawing.
        auto algo = AlgorithmRegistry::instance().create(name, {{"window", "0"}});
        algo->prepare(scene);
        BoxSink sink;
        FrameResult r = algo->step(t0, t1, &sink);
        EXPECT_EQ(r.hash(), algo->step(t0, t1, nullptr).hash()) << name;
        std::uint64_t bv = r.counters.get(counter::BvTests);
        ASSERT_GT(bv, 100u) << name;
        // Two boxes per test (the discrete pipeline's convention).
        EXPECT_EQ(sink.counts[int(DebugCategory::BvOverlap)] + sink.counts[int(DebugCategory::BvSeparated)],
                  2 * bv)
            << name;
        // Body 1 (the moving door) is i: its root, depth 0, is drawn swept and holds the door at t0 and t1.
        const TriangleMesh& door = *objects.objects()[1].mesh;
        int roots = 0;
        for (const auto& [tag, box] : sink.boxes) {
            if (tag.object != 1 || tag.depth != 0) continue;
            ++roots;
            for (const Pose& pose : {p0[1], p1[1]})
                for (const Vec3& v : door.vertices) {
                    Vec3 local = box.axes * (pose.apply(v) - box.center);
                    for (int k = 0; k < 3; ++k)
                        ASSERT_LE(std::abs(local[k]), box.halfSize[k] * (1 + 1e-9) + 1e-12) << name;
                }
        }
        EXPECT_GT(roots, 0) << name;
    }
}
