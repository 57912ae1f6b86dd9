// SceneObjects: which object pairs the pipelines test. Environment bodies are never tested against each
// other (static scenery), a link is never tested against its own parent or child (they touch at their joint
// by construction); every other pair is — links against non-adjacent links of the same model, links of
// different models, bodies against links.
#include "scene/SceneObjects.h"
#include "TestPaths.h"
#include "TestUtil.h"
#include "geometry/TriangleTriangle.h"
#include "mesh/ProceduralMeshes.h"
#include "pipeline/AlgorithmRegistry.h"

#include <algorithm>
#include <cstdint>
#include <gtest/gtest.h>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

using namespace cdlab;

namespace {

using NamePair = std::pair<std::string, std::string>;

/// The pairs as names, each ordered as the objects are.
std::set<NamePair> pairNames(const SceneObjects& objects) {
    std::set<NamePair> out;
    for (auto [a, b] : objects.pairs()) {
        EXPECT_LT(a, b); // each pair once, in object order
        out.emplace(objects.objects()[a].name, objects.objects()[b].name);
    }
    return out;
}

Body body(const char* name, bool environment) {
    Body b;
    b.name = name;
    b.environment = environment;
    b.mesh = std::make_shared<TriangleMesh>(makeBox({0.1, 0.1, 0.1}, 12));
    b.motion = PoseTrack({Keyframe{}});
    return b;
}

Link link(const char* name, int parent) {
    Link l;
    l.name = name;
    l.parent = parent;
    l.mesh = std::make_shared<TriangleMesh>(makeBox({0.1, 0.1, 0.1}, 12));
    return l;
}

/// Does any triangle of object a meet any of object b at time t (exact static test)?
bool meshesIntersect(const SceneObjects& objects, std::uint32_t a, std::uint32_t b, double t) {
    std::vector<Pose> poses;
    objects.poses(t, poses);
    const TriangleMesh &ma = *objects.objects()[a].mesh, &mb = *objects.objects()[b].mesh;
    for (const Triangle& ta : ma.triangles)
        for (const Triangle& tb : mb.triangles) {
            auto pa = [&](int k) { return poses[a].apply(ma.vertices[ta[k]]); };
            auto pb = [&](int k) { return poses[b].apply(mb.vertices[tb[k]]); };
            if (trianglesIntersect(pa(0), pa(1), pa(2), pb(0), pb(1), pb(2))) return true;
        }
    return false;
}

} // namespace

TEST(SceneObjects, SkipsEnvironmentPairsAndAdjacentLinksOnly) {
    // Two environment bodies, a moving and a static body, an arm whose links branch (base -> upper -> fore ->
    // hand, base -> tool) and a one-link model whose link index (0) is the parent index of the arm's upper
    // link: adjacency is a relation within one model.
    Scene scene;
    scene.bodies = {body("floor", true), body("wall", true), body("ball", false), body("crate", false)};
    ArticulatedModel arm;
    arm.name = "arm";
    arm.links = {link("base", -1), link("upper", 0), link("fore", 1), link("hand", 2), link("tool", 0)};
    ArticulatedModel gripper;
    gripper.name = "gripper";
    gripper.links = {link("finger", -1)};
    scene.models = {arm, gripper};
    SceneObjects objects(scene);

    std::vector<std::string> names;
    for (const SceneObject& o : objects.objects()) names.push_back(o.name);
    EXPECT_EQ(names, (std::vector<std::string>{"floor", "wall", "ball", "crate", "arm/base", "arm/upper",
                                               "arm/fore", "arm/hand", "arm/tool", "gripper/finger"}));
    EXPECT_EQ(objects.find("arm/hand"), 7);
    EXPECT_EQ(objects.find("hand"), -1);
    EXPECT_TRUE(objects.objects()[0].environment);
    EXPECT_FALSE(objects.objects()[4].environment); // links are never scenery

    // The expected set, from the rule as stated: every pair of distinct objects but these.
    const std::set<NamePair> skipped = {{"floor", "wall"},
                                        {"arm/base", "arm/upper"},
                                        {"arm/upper", "arm/fore"},
                                        {"arm/fore", "arm/hand"},
                                        {"arm/base", "arm/tool"}};
    std::set<NamePair> want;
    for (std::size_t a = 0; a < names.size(); ++a)
        for (std::size_t b = a + 1; b < names.size(); ++b)
            if (!skipped.count({names[a], names[b]})) want.emplace(names[a], names[b]);
    std::set<NamePair> got = pairNames(objects);
    EXPECT_EQ(got, want);
    EXPECT_EQ(objects.pairs().size(), 45u - skipped.size()); // 10 objects, 45 pairs

    // Spelled out, as the rule's cases: kept are environment/body, environment/link, body/link, links two
    // apart, siblings, a link and its grandchild, links of different models with matching indices.
    for (const NamePair& kept : std::set<NamePair>{{"floor", "ball"},
                                                   {"wall", "arm/hand"},
                                                   {"ball", "crate"},
                                                   {"crate", "arm/base"},
                                                   {"arm/base", "arm/fore"},
                                                   {"arm/upper", "arm/tool"},
                                                   {"arm/upper", "arm/hand"},
                                                   {"arm/base", "gripper/finger"},
                                                   {"arm/upper", "gripper/finger"}})
        EXPECT_TRUE(got.count(kept)) << kept.first << " / " << kept.second;
    for (const NamePair& s : skipped) EXPECT_FALSE(got.count(s)) << s.first << " / " << s.second;
}

TEST(SceneObjects, KeepsTheBodyLinkPairOfALoadedScene) {
    // record_link.json: a table (a body) and an arm of one link: one pair, body/link.
    Scene scene = loadScene(std::string(CDLAB_TEST_DATA) + "/record_link.json");
    SceneObjects objects(scene);
    ASSERT_EQ(objects.objects().size(), 2u);
    EXPECT_EQ(objects.objects()[1].name, "arm/upper");
    EXPECT_EQ(objects.objects()[1].model, 0);
    EXPECT_EQ(objects.objects()[1].link, 0);
    EXPECT_EQ(pairNames(objects), (std::set<NamePair>{{"table", "arm/upper"}}));
    EXPECT_EQ(objects.nameList(), "table, arm/upper");
}

TEST(SceneObjects, DiscretePipelinesAgreeFrameByFrameOnAnArticulatedScene) {
    // so_arm.json: an arm whose adjacent links overlap at their joints at every frame, over an environment
    // table with an environment post standing in it; the hand strikes the table when the arm hangs down.
    // Brute force and the BVH must report the same contacts every frame; the contacts are never the skipped
    // pairs, though those pairs do intersect (so it is the filtering that keeps them out); some frames
    // collide and some do not.
    Scene scene = loadScene(std::string(CDLAB_TEST_DATA) + "/so_arm.json");
    SceneObjects objects(scene);
    const int table = objects.find("table"), post = objects.find("post"), upper = objects.find("arm/upper"),
              fore = objects.find("arm/fore"), hand = objects.find("arm/hand");
    ASSERT_GE(std::min({table, post, upper, fore, hand}), 0) << objects.nameList();
    const std::set<std::pair<std::uint32_t, std::uint32_t>> skipped = {
        {table, post}, {upper, fore}, {fore, hand}};
    auto& reg = AlgorithmRegistry::instance();
    auto brute = reg.createReference(AlgorithmKind::Discrete), bvh = reg.create("bvh", {});
    brute->prepare(scene), bvh->prepare(scene);
    const int ball = objects.find("ball");
    int colliding = 0, tableLink = 0, ballLink = 0;
    for (int f = 0; f < scene.frames; ++f) {
        const double t = scene.frameTime(f, scene.frames);
        for (auto [a, b] : skipped) ASSERT_TRUE(meshesIntersect(objects, a, b, t)) << "frame " << f;
        FrameResult rb = brute->step(t, t), rv = bvh->step(t, t);
        ASSERT_EQ(rv.hash(), rb.hash()) << "frame " << f;
        ASSERT_EQ(rv.contactPairCount(), rb.contactPairCount()) << "frame " << f;
        for (const BodyPairContacts& c : rb.contacts) {
            EXPECT_FALSE(skipped.count({c.objectA, c.objectB}))
                << "frame " << f << ": " << objects.objects()[c.objectA].name << " / "
                << objects.objects()[c.objectB].name;
            bool withLink = objects.objects()[c.objectB].link >= 0;
            tableLink += withLink && int(c.objectA) == table;
            ballLink += withLink && int(c.objectA) == ball;
        }
        colliding += rb.contacts.empty() ? 0 : 1;
    }
    EXPECT_GT(colliding, scene.frames / 10) << colliding << " of " << scene.frames;
    EXPECT_LT(colliding, scene.frames * 9 / 10) << colliding << " of " << scene.frames;
    EXPECT_GT(tableLink, 0); // environment/link contacts
    EXPECT_GT(ballLink, 0);  // body/link contacts
}
