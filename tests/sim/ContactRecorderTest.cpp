// The contact recorder (cdlab-bench record) and what it rests on: mass properties against closed forms, and
// recorded motions that follow the hand, stop on obstacles without passing through them and rebound by
// their restitution.
#include "sim/ContactRecorder.h"
#include "TestUtil.h"
#include "core/InputError.h"
#include "mesh/ProceduralMeshes.h"
#include "pipeline/AlgorithmRegistry.h"
#include "sim/MassProperties.h"

#include <gtest/gtest.h>

using namespace cdlab;
using namespace cdlab::test;

namespace {

/// A ball (body 0, keyframed: the hand) and a static slab 0.2 thick whose top face is the plane z = 0.
Scene ballAndSlab(std::vector<Keyframe> hand) {
    Scene scene;
    scene.name = scene.file = "ball-and-slab";
    scene.startTime = hand.front().time, scene.endTime = hand.back().time;
    Body ball;
    ball.name = "ball";
    ball.mesh = std::make_shared<TriangleMesh>(makeSphere(0.1, 320));
    ball.motion = PoseTrack(std::move(hand));
    Body slab;
    slab.name = "slab";
    slab.mesh = std::make_shared<TriangleMesh>(makeBox({2, 2, 0.2}, 1200));
    slab.motion = PoseTrack({Keyframe{0, {0, 0, -0.1}, {}}});
    scene.bodies = {ball, slab};
    scene.frames = 61;
    return scene;
}

/// Lowest point of the ball (its vertices) at a recorded key.
double lowest(const Scene& scene, const Keyframe& k) {
    double z = 1e9;
    Mat3 R = k.rotation.toMat3();
    for (const Vec3& v : scene.bodies[0].mesh->vertices) z = std::min(z, (R * v + k.position).z);
    return z;
}

} // namespace

TEST(MassProperties, BoxMatchesTheClosedForm) {
    // A 2 x 1 x 0.5 box moved off the origin: mass 1, inertia m/12 (b^2 + c^2) about each axis.
    TriangleMesh box = makeBox({2, 1, 0.5}, 300);
    for (Vec3& v : box.vertices) v += Vec3{0.3, -1, 2};
    MassProperties m = MassProperties::of(box);
    EXPECT_NEAR(m.volume, 1.0, 1e-12);
    EXPECT_NEAR(length(m.centroid - Vec3{0.3, -1, 2}), 0, 1e-12);
    EXPECT_NEAR(m.inertia(0, 0), (1 + 0.25) / 12, 1e-12);
    EXPECT_NEAR(m.inertia(1, 1), (4 + 0.25) / 12, 1e-12);
    EXPECT_NEAR(m.inertia(2, 2), (4 + 1) / 12.0, 1e-12);
    EXPECT_NEAR(m.inertia(0, 1), 0, 1e-12);
    Mat3 product = m.inertia * m.inverseInertia;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) EXPECT_NEAR(product(i, j), i == j ? 1 : 0, 1e-9);
}

TEST(MassProperties, SphereApproachesTheBall) {
    MassProperties m = MassProperties::of(makeSphere(1, 20000)); // inscribed polyhedron: a little less
    EXPECT_NEAR(m.volume, 4 * M_PI / 3, 0.01);
    EXPECT_NEAR(m.inertia(2, 2), 0.4 * m.volume, 0.01);
}

TEST(MassProperties, RefusesAMeshWithoutVolume) {
    TriangleMesh inward = makeBox({1, 1, 1}, 12);
    for (auto& t : inward.triangles) std::swap(t[1], t[2]); // inward winding: negative volume
    inward.name = "inward.obj";
    EXPECT_THROW(MassProperties::of(inward), InputError);
    TriangleMesh flat;
    flat.name = "flat.obj";
    flat.vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    flat.triangles = {{0, 1, 2}, {0, 2, 1}};
    try {
        MassProperties::of(flat);
        FAIL() << "a flat mesh has no mass";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("flat.obj"), std::string::npos) << e.what();
    }
}

TEST(ContactRecorder, FollowsTheHandInFreeSpace) {
    // Far above the slab the ball is where the hand is: the servo tracks a constant velocity without lag.
    Scene scene = ballAndSlab({{0, {0, 0, 1}, {}}, {2, {0.6, 0.2, 1.4}, Quat::fromAxisAngle({0, 0, 1}, 1)}});
    RecordReport r = ContactRecorder(scene, 0, {}).run();
    ASSERT_EQ(r.keys.size(), 61u);
    EXPECT_EQ(r.contacts, 0u);
    EXPECT_EQ(r.framesInContact, 0u);
    for (const Keyframe& k : r.keys) {
        Keyframe hand = scene.bodies[0].motion.sample(k.time);
        EXPECT_NEAR(length(k.position - hand.position), 0, 1e-6) << "t " << k.time;
    }
}

TEST(ContactRecorder, StopsOnTheObstacleAndNeverPassesThrough) {
    // The hand pushes the ball 5 cm into the slab and drags it along: recorded, it rests on the slab (within
    // the gap and the servo's push per substep) and slides, and no recorded pose interpenetrates.
    Scene scene = ballAndSlab({{0, {0, 0, 0.5}, {}}, {1, {0, 0, 0.05}, {}}, {2, {0.5, 0, 0.05}, {}}});
    RecordReport r = ContactRecorder(scene, 0, {}).run();
    EXPECT_GT(r.contacts, 0u);
    EXPECT_EQ(r.held, 0u);
    Scene replay = scene;
    auto bvh = AlgorithmRegistry::instance().create("bvh", {});
    replay.bodies[0].motion = PoseTrack(r.keys);
    bvh->prepare(replay);
    for (const Keyframe& k : r.keys) {
        EXPECT_EQ(bvh->step(k.time, k.time).contactPairCount(), 0u) << "t " << k.time;
        EXPECT_GT(lowest(scene, k), 0) << "t " << k.time;
    }
    const Keyframe& end = r.keys.back();
    EXPECT_LT(lowest(scene, end), 1e-3); // resting on the slab, not hovering
    EXPECT_GT(end.position.x, 0.3);      // and dragged along it
}

TEST(ContactRecorder, ReboundsByItsRestitution) {
    // A hand too weak to matter (0.01 Hz, undamped) throws the ball down at 1 m/s onto the slab: it leaves
    // at restitution times that speed (a sphere's contact normal points at its centre: no spin).
    for (double e : {0.0, 0.5, 0.8}) {
        Scene scene = ballAndSlab({{0, {0, 0, 0.4}, {}}, {1, {0, 0, -0.6}, {}}});
        RecordOptions o;
        o.servoHz = 0.01, o.dampingRatio = 0, o.restitution = e, o.friction = 0;
        RecordReport r = ContactRecorder(scene, 0, o).run();
        const Keyframe &a = r.keys[r.keys.size() - 2], &b = r.keys.back();
        double up = (b.position.z - a.position.z) / (b.time - a.time);
        EXPECT_NEAR(up, e * 1.0, 0.05 + 0.02 * e) << "restitution " << e;
        EXPECT_GT(lowest(scene, b), 0);
    }
}

TEST(ContactRecorder, RefusesWhatItCannotSimulate) {
    auto message = [](const Scene& scene, int body) {
        try {
            ContactRecorder(scene, body, {});
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    Scene moving = ballAndSlab({{0, {0, 0, 1}, {}}, {1, {0, 0, 0.5}, {}}});
    moving.bodies[1].motion = PoseTrack({{0, {0, 0, -0.1}, {}}, {1, {0, 0, -0.2}, {}}});
    EXPECT_NE(message(moving, 0).find("ball-and-slab: bodies[1].keyframes: "), std::string::npos)
        << message(moving, 0);
    Scene still = ballAndSlab({{0, {0, 0, 1}, {}}}); // one key: no hand's path to follow
    EXPECT_NE(message(still, 0).find("ball-and-slab: bodies[0].keyframes: "), std::string::npos)
        << message(still, 0);
    EXPECT_NE(message(still, 2).find("ball-and-slab: bodies: no such body"), std::string::npos)
        << message(still, 2);
    // A body that starts in an obstacle could never be stopped short of a contact.
    Scene crossing = ballAndSlab({{0, {0, 0, 0.05}, {}}, {1, {0, 0, 1}, {}}}); // through the top face
    EXPECT_NE(message(crossing, 0)
                  .find("ball-and-slab: bodies[0].keyframes: the body starts interpenetrating "
                        "body 'slab'"),
              std::string::npos)
        << message(crossing, 0);
    Scene nested = ballAndSlab({{0, {0, 0, -0.5}, {}}, {1, {0, 0, 1}, {}}});
    nested.bodies[1].mesh = std::make_shared<TriangleMesh>(makeBox({2, 2, 2}, 1200)); // the ball inside it
    EXPECT_NE(message(nested, 0).find("ball-and-slab: bodies[0].keyframes: the body starts inside another "
                                      "body's solid"),
              std::string::npos)
        << message(nested, 0);
}

TEST(ContactRecorder, BundledRecordingReplaysWithIdenticalAnswers) {
    // scenes/doors_recorded.json (cdlab-bench record scenes/doors_hand.json): a replay of sliding contacts,
    // where both pipelines must report the same first contacts — the same features, and the same triangles
    // for them (their first carriers), though culling skips some of the triangles that carry them.
    Scene scene = bundled("doors_recorded.json");
    auto plain = AlgorithmRegistry::instance().create("rigid-ccd", {});
    auto culled = AlgorithmRegistry::instance().create("rigid-ccd-bm", {});
    plain->prepare(scene), culled->prepare(scene);
    int withContact = 0;
    for (int f = 1; f < scene.frames; ++f) {
        double t0 = scene.frameTime(f - 1, scene.frames), t1 = scene.frameTime(f, scene.frames);
        FrameResult a = plain->step(t0, t1), b = culled->step(t0, t1);
        withContact += !a.firstContacts.empty();
        ASSERT_EQ(a.hash(), b.hash()) << "frame " << f;
    }
    EXPECT_GT(withContact, 0);
}

TEST(ContactRecorder, FrictionFollowsCoulombsLaw) {
    // The ball is thrown at 45 degrees onto the slab (1 m/s along x and down) by a hand too weak to matter,
    // and stops falling at the impact (restitution 0). The normal impulse is m, so friction takes at most
    // mu m off the slide: at mu 0.1 and 0.2 the ball slides on at 1 - mu, spun by the same impulse at its
    // bottom; at mu 1 the bottom sticks and the ball rolls at 1 / (1 + k) = 5/7 of its speed, where
    // I = k m r^2 (k = 2/5 for a ball; a little more for the inscribed polyhedron). Without friction it
    // slides on at full speed without spin.
    for (double mu : {0.0, 0.1, 0.2, 1.0}) {
        Scene scene = ballAndSlab({{0, {-0.5, 0, 0.5}, {}}, {1, {0.5, 0, -0.5}, {}}});
        RecordOptions o;
        o.servoHz = 0.01, o.dampingRatio = 0, o.restitution = 0, o.friction = mu;
        RecordReport r = ContactRecorder(scene, 0, o).run();
        const Keyframe &a = r.keys[r.keys.size() - 2], &b = r.keys.back();
        double dt = b.time - a.time;
        Vec3 v = (b.position - a.position) / dt;
        Quat d = b.rotation * a.rotation.conjugate();
        double spin = 2 * std::atan2(d.y, d.w) / dt; // about y: the rotation stays about y
        EXPECT_NEAR(std::abs(v.z), 0, 1e-3) << "mu " << mu;
        EXPECT_GT(lowest(scene, b), 0) << "mu " << mu;
        if (mu < 0.5) {
            EXPECT_NEAR(v.x, 1 - mu, 1e-3) << "mu " << mu;
            EXPECT_NEAR(spin * 0.1, 2.5 * mu, 0.1 * mu + 1e-6) << "mu " << mu; // r J / I times r = mu / k
        } else {
            EXPECT_NEAR(v.x, 5.0 / 7, 0.015) << "rolling";
            EXPECT_NEAR(spin * 0.1, v.x, 0.01) << "rolling: the bottom point rests";
        }
    }
}
