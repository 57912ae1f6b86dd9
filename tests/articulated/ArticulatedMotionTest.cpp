// Continuous algorithms follow the scene's motion (issue 42): an articulated model moves a link along its
// joints, on an arc about a turning parent, and the algorithms that move every object on a straight screw
// between its poses at a frame's ends (rigid-ccd, rigid-ccd-bm, rigid-ccd-reference, fcl-ca) would cut
// across that arc. tests/data/arm_swing.json is such an arm: the joints swing its hand through a post that
// the straight screw misses. catch and articulated-reference find that contact; the straight-screw ones
// refuse the scene, naming themselves, the model and what to use instead.
#include "TestPaths.h"
#include "TestUtil.h"
#include "core/InputError.h"
#include "peers/Peers.h"
#include "pipeline/AlgorithmRegistry.h"
#include "scene/SceneObjects.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <utility>

using namespace cdlab;

namespace {

Scene armSwing() {
    return loadScene(std::string(CDLAB_TEST_DATA) + "/arm_swing.json");
}

/// The objects of `c`'s pair, in index order.
std::pair<std::uint32_t, std::uint32_t> pairOf(const TimeOfContact& c) {
    return std::minmax(c.objectA, c.objectB);
}

/// Whether the discrete collider (bvh: poses at the frame's end) finds a contact at time t.
bool touchesAt(Algorithm& discrete, double t) {
    return discrete.step(t, t).contactPairCount() > 0;
}

const std::string kRefusal = " does not follow articulated motion: it moves each link of model 'arm' on a "
                             "straight screw between its poses at a frame's two ends, while the joints swing "
                             "link 'hand' on an arc as 'shoulder' turns (a contact can be missed or reported "
                             "early); use catch or articulated-reference";

} // namespace

TEST(ArticulatedMotion, TheStraightScrewMissesTheContactThatTheJointsMake) {
    const Scene scene = armSwing();
    const SceneObjects objects(scene);
    const int post = objects.find("post"), hand = objects.find("arm/hand");
    ASSERT_GE(post, 0);
    ASSERT_GE(hand, 0);
    auto& reg = AlgorithmRegistry::instance();
    // The contact is real: half-way through the frame the hand (1 m out, turned 85 degrees) is inside the
    // post; at the frame's ends it is clear of it.
    auto discrete = reg.create("bvh", {});
    discrete->prepare(scene);
    EXPECT_FALSE(touchesAt(*discrete, 0));
    EXPECT_TRUE(touchesAt(*discrete, 0.5));
    EXPECT_FALSE(touchesAt(*discrete, 1));

    // What a straight screw makes of the hand: a rigid body with the hand's poses at the frame's ends as its
    // keys. rigid-ccd's exact answer on that motion is "free": taking the link on that screw would miss the
    // contact.
    std::vector<Pose> p0, p1;
    objects.poses(0, p0), objects.poses(1, p1);
    Scene screw;
    screw.name = "hand on a straight screw";
    screw.startTime = 0, screw.endTime = 1, screw.frames = 2;
    screw.bodies.push_back(scene.bodies[std::size_t(post)]);
    Body straight;
    straight.name = "hand";
    straight.mesh = scene.models[0].links[1].mesh;
    straight.motion =
        PoseTrack({test::keyframe(0, p0[std::size_t(hand)]), test::keyframe(1, p1[std::size_t(hand)])});
    screw.bodies.push_back(straight);
    auto rigid = reg.create("rigid-ccd", {});
    rigid->prepare(screw);
    EXPECT_EQ(rigid->step(0, 1).earliest(), nullptr) << "the straight screw meets the post after all";

    // The algorithms that follow the joints find it, on the right pair, at the same time within their
    // tolerances (catch stops a distance epsilon short of touching, the reference bisects to 1e-6 of the
    // frame; the hand moves about 3 m/s).
    auto reference = reg.create("articulated-reference", {});
    auto catchAlgo = reg.create("catch", {});
    reference->prepare(scene), catchAlgo->prepare(scene);
    const FrameResult want = reference->step(0, 1), got = catchAlgo->step(0, 1);
    ASSERT_NE(want.earliest(), nullptr);
    ASSERT_NE(got.earliest(), nullptr);
    const std::pair<std::uint32_t, std::uint32_t> expected =
        std::minmax(std::uint32_t(post), std::uint32_t(hand));
    EXPECT_EQ(pairOf(*want.earliest()), expected);
    EXPECT_EQ(pairOf(*got.earliest()), expected);
    const double toc = want.earliest()->time;
    EXPECT_GT(toc, 0.3);
    EXPECT_LT(toc, 0.5);
    EXPECT_NEAR(got.earliest()->time, toc, 1e-3);
    EXPECT_LE(got.earliest()->time, toc + 1e-6);
    // The reference's time is the first touch: clear just before it, touching just after.
    EXPECT_FALSE(touchesAt(*discrete, toc - 1e-4));
    EXPECT_TRUE(touchesAt(*discrete, toc + 1e-4));
}

TEST(ArticulatedMotion, AlgorithmsThatTakeAStraightScrewRefuseTheScene) {
    registerPeerAlgorithms(AlgorithmRegistry::instance());
    const Scene scene = armSwing();
    int followed = 0, refused = 0;
    for (const AlgorithmInfo& info : AlgorithmRegistry::instance().list()) {
        SCOPED_TRACE(info.name);
        auto algo = info.create(ParamSet(info.params));
        if (info.jointMotion) {
            EXPECT_NO_THROW(algo->prepare(scene));
            EXPECT_NO_THROW(algo->step(0, 1));
            ++followed;
            continue;
        }
        EXPECT_EQ(info.kind, AlgorithmKind::Continuous); // the end poses are the discrete ones' motion
        try {
            algo->prepare(scene);
            ADD_FAILURE() << info.name << " prepared a scene whose joints swing a link without "
                          << "AlgorithmInfo::jointMotion";
        } catch (const InputError& e) {
            EXPECT_EQ(std::string(e.what()), std::string(CDLAB_TEST_DATA) +
                                                 "/arm_swing.json: articulated[0]: " + info.name + kRefusal);
            EXPECT_EQ(e.file(), std::string(CDLAB_TEST_DATA) + "/arm_swing.json");
        }
        ++refused;
    }
    EXPECT_GE(followed, 4); // brute-force, bvh, catch, articulated-reference (and the peers)
    EXPECT_GE(refused, 3);  // rigid-ccd, rigid-ccd-bm, rigid-ccd-reference (and fcl-ca)
    for (const char* name : {"rigid-ccd", "rigid-ccd-bm", "rigid-ccd-reference", "fcl-ca"}) {
        const AlgorithmInfo* info = AlgorithmRegistry::instance().find(name);
        if (info) {
            EXPECT_FALSE(info->jointMotion) << name;
        }
    }
    for (const char* name : {"catch", "articulated-reference", "fcl-sampled"}) {
        const AlgorithmInfo* info = AlgorithmRegistry::instance().find(name);
        if (info) {
            EXPECT_TRUE(info->jointMotion) << name;
        }
    }
}

TEST(ArticulatedMotion, ALinkTurningOnlyAboutItsOwnJointMovesOnAScrewAndIsAccepted) {
    // The shoulder only translates and the hand turns about its own joint: the hand's origin moves on a line
    // and it turns about one axis, the straight screw's kind of motion, so rigid-ccd takes the scene; its
    // contact is the reference's (the same pair; the time within 1e-2 of the frame: rigid-ccd's in-between
    // rotation is the rational one of RelativeMotion, not the keys' constant angular velocity).
    const char* text = R"({"bodies": [
        {"name": "post", "environment": true, "pose": {"position": [1, 0.8, 0]},
         "mesh": {"generator": "box", "params": {"size_x": 0.2, "size_y": 0.2, "size_z": 0.2}}}],
      "articulated": [{"name": "arm", "links": [
        {"name": "shoulder", "parent": null,
         "mesh": {"generator": "box", "params": {"size_x": 0.5, "size_y": 0.05, "size_z": 0.05}},
         "keyframes": [{"t": 0}, {"t": 1, "position": [0, 0.8, 0]}]},
        {"name": "hand", "parent": "shoulder", "joint": {"position": [1, 0, 0]},
         "mesh": {"generator": "box", "params": {"size_x": 0.1, "size_y": 0.1, "size_z": 0.1}},
         "keyframes": [{"t": 0}, {"t": 1, "rotation": {"axis": [0, 0, 1], "angle": 60}}]}]}]})";
    const Scene scene = parseScene(text, "turning_hand.json", ".");
    auto& reg = AlgorithmRegistry::instance();
    auto rigid = reg.create("rigid-ccd", {}), reference = reg.create("articulated-reference", {});
    ASSERT_NO_THROW(rigid->prepare(scene));
    reference->prepare(scene);
    const FrameResult want = reference->step(0, 1), got = rigid->step(0, 1);
    ASSERT_NE(want.earliest(), nullptr);
    ASSERT_NE(got.earliest(), nullptr);
    EXPECT_EQ(pairOf(*got.earliest()), pairOf(*want.earliest()));
    EXPECT_NEAR(got.earliest()->time, want.earliest()->time, 1e-2);

    // The same arm with the shoulder turning (the hand on an arc about it) is refused; turning back to its
    // first orientation within the keys still turns.
    std::string turning = text;
    const std::string translate = R"({"t": 1, "position": [0, 0.8, 0]})";
    turning.replace(turning.find(translate), translate.size(),
                    R"({"t": 0.5, "rotation": {"axis": [0, 0, 1], "angle": 10}}, {"t": 1})");
    const Scene swung = parseScene(turning, "turning_hand.json", ".");
    try {
        reg.create("rigid-ccd", {})->prepare(swung);
        FAIL() << "rigid-ccd prepared an arm whose shoulder turns";
    } catch (const InputError& e) {
        EXPECT_EQ(std::string(e.what()), "turning_hand.json: articulated[0]: rigid-ccd" + kRefusal);
    }
}
