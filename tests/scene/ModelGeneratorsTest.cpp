// The procedural articulated models (engine/models) and the benchmark scenes built from them (zhang2007
// sec. 8): each generator's links, triangle budget, determinism and closed meshes; bad parameters named by
// file and field; and, with the engine's exact discrete collision at sampled times, the contacts each scene
// exists for — a foot striking a chessman and the legs crossing (walk), a hand on a foot (exercise), cars of
// different trains meeting (four_trains), cars landing on the mountain (falling_train).
#include "scene/ModelGenerators.h"
#include "TestUtil.h"
#include "bvh/Bvh.h"
#include "collision/BvhCollider.h"
#include "core/InputError.h"
#include "mesh/SurfaceCheck.h"
#include "scene/SceneObjects.h"

#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

using namespace cdlab;
using json = nlohmann::json;

namespace {

struct Target {
    std::string generator;
    json params;
    std::size_t links;
    double triangles;
};

/// What each generator promises: the paper's link and triangle counts (sec. 8), from its defaults or the
/// parameters its scene uses.
const std::vector<Target>& targets() {
    static const std::vector<Target> t{
        {"assembly", json::object(), 65, 12480}, // issue 42's many links at rest (no paper counterpart)
        {"excavator", json::object(), 5, 19000},
        {"mannequin", json::object(), 15, 20000},
        {"mannequin", {{"motion", "exercise"}}, 15, 20000},
        {"tower_crane", json::object(), 4, 1200},
        {"train", json::object(), 10, 23000},
        {"train", {{"cars", 17}, {"car_triangles", 2470}, {"motion", "fall"}}, 17, 42000},
    };
    return t;
}

std::size_t triangles(const ArticulatedModel& m) {
    std::size_t n = 0;
    for (const Link& l : m.links) n += l.mesh->triangleCount();
    return n;
}

/// A scene's objects with one BVH per mesh, and the exact discrete test between two objects at a time.
class Contacts {
public:
    explicit Contacts(Scene scene) : m_scene(std::move(scene)), m_objects(m_scene) {
        for (const SceneObject& o : m_objects.objects())
            if (!m_bvhs.count(o.mesh)) m_bvhs[o.mesh].build(*o.mesh, BvhBuildOptions{});
    }
    const Scene& scene() const { return m_scene; }
    int find(const std::string& name) const {
        int i = m_objects.find(name);
        EXPECT_GE(i, 0) << "no object " << name << " in " << m_objects.nameList();
        return i;
    }
    /// Objects whose name starts with `prefix`.
    std::vector<int> named(const std::string& prefix) const {
        std::vector<int> out;
        for (std::size_t i = 0; i < m_objects.objects().size(); ++i)
            if (m_objects.objects()[i].name.rfind(prefix, 0) == 0) out.push_back(int(i));
        return out;
    }
    /// Does any pair (a in as, b in bs, a != b) touch at time t?
    bool touch(const std::vector<int>& as, const std::vector<int>& bs, double t) {
        m_objects.poses(t, m_poses);
        for (int a : as)
            for (int b : bs) {
                if (a == b) continue;
                const SceneObject &oa = m_objects.objects()[a], &ob = m_objects.objects()[b];
                CollisionResult r;
                m_collider.collide({oa.mesh, &m_bvhs.at(oa.mesh), m_poses[a]},
                                   {ob.mesh, &m_bvhs.at(ob.mesh), m_poses[b]}, ContactMode::FirstContact, r);
                if (r.colliding()) return true;
            }
        return false;
    }
    /// How many of the scene's own frame times have as and bs touching.
    int framesTouching(const std::vector<int>& as, const std::vector<int>& bs) {
        int n = 0;
        for (int f = 0; f < m_scene.frames; ++f)
            n += touch(as, bs, m_scene.frameTime(f, m_scene.frames)) ? 1 : 0;
        return n;
    }

private:
    Scene m_scene;
    SceneObjects m_objects;
    std::map<const TriangleMesh*, Bvh> m_bvhs;
    BvhCollider m_collider;
    std::vector<Pose> m_poses;
};

} // namespace

TEST(ModelGenerators, BuildTheirLinksAndTriangleBudgets) {
    std::set<std::string> covered;
    for (const Target& t : targets()) {
        SCOPED_TRACE(t.generator + " " + t.params.dump());
        ArticulatedModel m = generateModel(t.generator, t.params, "test.json", "articulated[0]");
        covered.insert(t.generator);
        EXPECT_EQ(m.links.size(), t.links);
        EXPECT_NEAR(double(triangles(m)), t.triangles, 0.1 * t.triangles);
        std::set<std::string> names;
        for (std::size_t i = 0; i < m.links.size(); ++i) {
            const Link& l = m.links[i];
            EXPECT_LT(l.parent, int(i)) << l.name << ": parents precede children";
            EXPECT_EQ(l.parent < 0, i == 0) << "one root, first";
            EXPECT_TRUE(names.insert(l.name).second) << "duplicate link " << l.name;
            EXPECT_FALSE(l.motion.empty()) << l.name;
            l.mesh->validate(l.name);
            SurfaceCheck c = SurfaceCheck::of(*l.mesh);
            EXPECT_TRUE(c.closedOutward()) << l.name << ": " << c.describe();
        }
    }
    for (const ModelGeneratorInfo& g : modelGenerators())
        EXPECT_TRUE(covered.count(g.name)) << g.name << " untested";
}

TEST(ModelGenerators, SpecDefaultsThroughTheirJsonBindingAreTheDefaults) {
    // Each parameter's ParamSpec default, written into the scene through the JSON binding, builds the same
    // model as no parameters at all.
    for (const ModelGeneratorInfo& g : modelGenerators()) {
        SCOPED_TRACE(g.name);
        nlohmann::json written = nlohmann::json::object();
        for (const ParamSpec& p : g.params) written[p.name] = toJson(p.defaultValue);
        ArticulatedModel a = generateModel(g.name, nullptr, "test.json", "articulated[0]");
        ArticulatedModel b = generateModel(g.name, written, "test.json", "articulated[0]");
        ASSERT_EQ(a.links.size(), b.links.size());
        for (std::size_t i = 0; i < a.links.size(); ++i) {
            EXPECT_EQ(a.links[i].mesh->vertices, b.links[i].mesh->vertices);
            ASSERT_EQ(a.links[i].motion.keys().size(), b.links[i].motion.keys().size());
            for (std::size_t k = 0; k < a.links[i].motion.keys().size(); ++k)
                EXPECT_EQ(a.links[i].motion.keys()[k].rotation.w, b.links[i].motion.keys()[k].rotation.w);
        }
    }
}

TEST(ModelGenerators, AreDeterministic) {
    for (const Target& t : targets()) {
        SCOPED_TRACE(t.generator + " " + t.params.dump());
        ArticulatedModel a = generateModel(t.generator, t.params, "test.json", "articulated[0]");
        ArticulatedModel b = generateModel(t.generator, t.params, "test.json", "articulated[0]");
        ASSERT_EQ(a.links.size(), b.links.size());
        for (std::size_t i = 0; i < a.links.size(); ++i) {
            EXPECT_EQ(a.links[i].mesh->vertices, b.links[i].mesh->vertices);
            EXPECT_EQ(a.links[i].mesh->triangles, b.links[i].mesh->triangles);
            ASSERT_EQ(a.links[i].motion.keys().size(), b.links[i].motion.keys().size());
            for (std::size_t k = 0; k < a.links[i].motion.keys().size(); ++k) {
                const Keyframe &ka = a.links[i].motion.keys()[k], &kb = b.links[i].motion.keys()[k];
                EXPECT_EQ(ka.time, kb.time);
                EXPECT_EQ(ka.position, kb.position);
                EXPECT_EQ(ka.rotation.w, kb.rotation.w);
                EXPECT_EQ(ka.rotation.x, kb.rotation.x);
            }
        }
    }
}

TEST(ModelGenerators, BadParametersNameTheFileAndField) {
    struct Bad {
        const char* generator;
        json params;
        const char* field;
        const char* what; ///< in the message: what was expected (the spec's range or choices)
    };
    const std::vector<Bad> bad{
        {"mannequin",
         {{"motion", "dance"}},
         "articulated[0].params.motion",
         "expected one of walk, exercise, still"},
        {"mannequin", {{"cycles", 0}}, "articulated[0].params.cycles", "out of range [1, 50]"},
        {"mannequin",
         {{"triangles", "many"}},
         "articulated[0].params.triangles",
         "expected a number, got string"},
        {"train", {{"cars", 2.5}}, "articulated[0].params.cars", "expected an integer"},
        {"train",
         {{"impact", 9}, {"duration", 6}},
         "articulated[0].params.impact",
         "not be later than duration"},
        {"train",
         {{"wagons", 3}},
         "articulated[0].params.wagons",
         "unknown parameter (known: cars, car_length"},
        {"excavator", {{"steps", -1}}, "articulated[0].params.steps", "out of range [1, 200]"},
        {"tower_crane", {{"seed", "x"}}, "articulated[0].params.seed", "expected a number"},
        {"assembly", {{"gap", 0.2}}, "articulated[0].params.gap", "[-pitch/2, pitch/2]"},
        {"mannequin", {{"stride", true}}, "articulated[0].params.stride", "expected a number, got boolean"},
    };
    for (const Bad& b : bad) {
        json scene{{"articulated", {{{"name", "m"}, {"generator", b.generator}, {"params", b.params}}}}};
        SCOPED_TRACE(scene.dump());
        try {
            parseScene(scene.dump(), "bad_model.json", ".");
            ADD_FAILURE() << "no error";
        } catch (const InputError& e) {
            EXPECT_EQ(e.file(), "bad_model.json");
            EXPECT_EQ(e.where(), b.field) << e.what();
            EXPECT_NE(std::string(e.what()).find(b.what), std::string::npos) << e.what();
        }
    }
}

TEST(ModelGenerators, TheStandingMannequinTouchesOnlyItsNeighbours) {
    // The rest pose is clean: every self-contact the walk and exercise scenes show comes from their motion.
    Scene s = parseScene(
        R"({"articulated": [{"name": "m", "generator": "mannequin", "params": {"motion": "still"}}]})",
        "still.json", ".");
    Contacts c(std::move(s));
    std::vector<int> all = c.named("m/");
    ASSERT_EQ(all.size(), 15u);
    const ArticulatedModel& m = c.scene().models[0];
    for (int a = 0; a < 15; ++a)
        for (int b = a + 1; b < 15; ++b)
            if (m.selfTested(a, b)) {
                EXPECT_FALSE(c.touch({a}, {b}, 0)) << m.links[a].name << " / " << m.links[b].name;
            }
}
TEST(BenchmarkScenes, LoadWithTheirDescriptionsAndViews) {
    for (const char* name : {"walk.json", "exercise.json", "four_trains.json", "falling_train.json",
                             "excavator.json", "tower_crane.json"}) {
        SCOPED_TRACE(name);
        Scene s = test::bundled(name);
        EXPECT_FALSE(s.description.empty());
        EXPECT_GT(length(s.viewFrom), 0);
        EXPECT_GT(s.endTime, s.startTime);
        EXPECT_FALSE(s.models.empty());
    }
}

TEST(BenchmarkScenes, WalkStrikesChessmenAndCrossesTheLegs) {
    Contacts c(test::bundled("walk.json"));
    std::vector<int> feet{c.find("walker/foot_l"), c.find("walker/foot_r")};
    std::vector<int> chessmen;
    for (const Body& b : c.scene().bodies)
        if (b.source.generator == "chessman") chessmen.push_back(c.find(b.name));
    ASSERT_EQ(chessmen.size(), 16u);
    int strikes = c.framesTouching(feet, chessmen);
    EXPECT_GT(strikes, 0) << "no foot meets a chessman";
    EXPECT_LT(strikes, c.scene().frames / 2) << "the feet should strike now and then, not all along";
    std::vector<int> left{c.find("walker/thigh_l"), c.find("walker/shin_l"), c.find("walker/foot_l")};
    std::vector<int> right{c.find("walker/thigh_r"), c.find("walker/shin_r"), c.find("walker/foot_r")};
    int crossings = c.framesTouching(left, right);
    EXPECT_GT(crossings, 0) << "the legs never meet";
    EXPECT_LT(crossings, c.scene().frames / 2);
}

TEST(BenchmarkScenes, ExerciseBringsAHandToAFoot) {
    Contacts c(test::bundled("exercise.json"));
    std::vector<int> hands{c.find("athlete/hand_l"), c.find("athlete/hand_r")};
    std::vector<int> feet{c.find("athlete/foot_l"), c.find("athlete/foot_r")};
    EXPECT_FALSE(c.touch(hands, feet, c.scene().startTime));
    EXPECT_GT(c.framesTouching({hands[0]}, {feet[0]}), 0) << "the left hand never reaches the left foot";
    EXPECT_GT(c.framesTouching({hands[1]}, {feet[1]}), 0) << "the right hand never reaches the right foot";
}

TEST(BenchmarkScenes, FourTrainsCollideAndTangle) {
    Contacts c(test::bundled("four_trains.json"));
    ASSERT_EQ(c.scene().models.size(), 4u);
    std::vector<std::vector<int>> trains;
    for (const ArticulatedModel& m : c.scene().models) trains.push_back(c.named(m.name + "/"));
    EXPECT_FALSE(c.touch(trains[0], trains[1], c.scene().startTime));
    // Every train is caught by another, and beyond the head cars: the folding cars tangle.
    for (std::size_t i = 0; i < trains.size(); ++i) {
        std::vector<int> others;
        for (std::size_t j = 0; j < trains.size(); ++j)
            if (j != i) others.insert(others.end(), trains[j].begin(), trains[j].end());
        SCOPED_TRACE(c.scene().models[i].name);
        EXPECT_FALSE(c.touch(trains[i], others, c.scene().startTime));
        EXPECT_TRUE(c.touch(trains[i], others, c.scene().endTime));
        std::vector<int> behind(trains[i].begin() + 1, trains[i].end());
        EXPECT_GT(c.framesTouching(behind, others), 0) << "only the head cars meet";
    }
}

TEST(BenchmarkScenes, FallingTrainLandsOnTheMountain) {
    Contacts c(test::bundled("falling_train.json"));
    std::vector<int> cars = c.named("train/");
    ASSERT_EQ(cars.size(), 17u);
    std::vector<int> mountain{c.find("mountain")};
    EXPECT_FALSE(c.touch(cars, mountain, c.scene().startTime)) << "it starts in the sky";
    int landed = 0;
    for (int car : cars) landed += c.touch({car}, mountain, c.scene().endTime) ? 1 : 0;
    EXPECT_GE(landed, 3) << "cars touching the mountain at the end";
}
