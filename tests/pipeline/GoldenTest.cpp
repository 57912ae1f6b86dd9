// Pinned answers (Box2D's determinism test, Jolt's -validate_hash): every bundled scene x every cdlab
// algorithm, its run hash (contact sets, times of contact and features of every frame) and its counters
// summed over the scene's frames, against tests/data/golden.txt. A speed-up or a refactor that changes one
// answer or one count fails here, with the lines that changed. After a change that is meant to change
// answers, rewrite the table and say why in the commit:
//   CDLAB_GOLDEN_UPDATE=1 build/tests/cdlab-tests --gtest_filter='Golden.*'
// The whole table is slow (minutes; tests/CMakeLists.txt labels it so the sanitizer run skips it);
// GoldenSubset pins a few lines of it that take a fraction of a second each, in the suite every build runs.
#include "BundledScenes.h"
#include "TestPaths.h"
#include "TestUtil.h"
#include "pipeline/AlgorithmRegistry.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <map>
#include <sstream>
#include <stdexcept>

using namespace cdlab;

namespace {

struct GoldenSpec {
    std::string label; ///< as the bench names it
    std::string name;
    std::map<std::string, std::string> params;
};

/// Every cdlab algorithm with its defaults, plus the parameter values that change its structures.
const std::vector<GoldenSpec>& goldenSpecs() {
    static const std::vector<GoldenSpec> specs{
        {"brute-force", "brute-force", {}},
        {"bvh", "bvh", {}},
        {"bvh:bv=aabb", "bvh", {{"bv", "aabb"}}},
        {"rigid-ccd", "rigid-ccd", {}},
        {"rigid-ccd-bm", "rigid-ccd-bm", {}},
        {"rigid-ccd-bm:build=top-down", "rigid-ccd-bm", {{"build", "top-down"}}},
        {"rigid-ccd-reference", "rigid-ccd-reference", {}},
        {"articulated-reference", "articulated-reference", {}},
        {"sbv", "sbv", {}},
        {"sbv:narrow=exact", "sbv", {{"narrow", "exact"}}},
    };
    return specs;
}

/// The articulated culling (zhang2007): its potentially colliding pairs and counters, both bounds, on every
/// scene (articulated or not: a rigid body is a one-link model).
const std::vector<GoldenSpec>& cullingSpecs() {
    static const std::vector<GoldenSpec> specs{
        {"catch", "catch", {}},
        {"catch:bounds=interval", "catch", {{"bounds", "interval"}}},
        // The paper's distance path (sec. 3: convex pieces, hull trees, directional advancement).
        {"catch:distance=hulls", "catch", {{"distance", "hulls"}}},
    };
    return specs;
}

/// The references test every triangle pair: on the doors (3,324 x 3,324 triangles) that is seconds per
/// frame, so they run the first frames of each scene only (their answers equal the fast algorithms' on every
/// frame: the bench's --verify and the property tests).
constexpr int kReferenceFrames = 8;

std::string hex(std::uint64_t h) {
    std::ostringstream s;
    s << std::hex << std::setw(16) << std::setfill('0') << h;
    return s.str();
}

/// One line per scene and algorithm: "scene algorithm frames=N hash=H counter=value ...".
std::string goldenLine(const std::string& sceneName, const Scene& scene, const GoldenSpec& spec) {
    auto algo = AlgorithmRegistry::instance().create(spec.name, spec.params);
    algo->prepare(scene);
    int frames = scene.frames;
    if (AlgorithmRegistry::instance().find(spec.name)->role == Role::Reference)
        frames = std::min(frames, kReferenceFrames);
    std::uint64_t h = 0;
    Counters total;
    for (int f = 0; f < frames; ++f) {
        // As the bench steps them (its run hashes are these): each frame ends on the scene's grid and is
        // one frame long, the first one included.
        double t = scene.frameTime(f, scene.frames);
        FrameResult r = algo->step(t - scene.frameLength(), t);
        h = combineHash(h, r.hash());
        total.merge(r.counters);
    }
    std::ostringstream line;
    line << sceneName << " " << spec.label << " frames=" << frames << " hash=" << hex(h);
    std::vector<std::pair<std::string, std::uint64_t>> items;
    for (const auto& [counter, value] : total.items()) items.emplace_back(toString(counter), value);
    std::sort(items.begin(), items.end());
    for (const auto& [name, value] : items) line << " " << name << "=" << value;
    return line.str();
}

std::string goldenPath() {
    return std::string(CDLAB_TEST_DATA) + "/golden.txt";
}

/// The table's line for `sceneName` and `label` (empty when it has none).
std::string pinnedLine(const std::string& sceneName, const std::string& label) {
    std::ifstream in(goldenPath());
    const std::string prefix = sceneName + " " + label + " frames=";
    for (std::string l; std::getline(in, l);)
        if (l.rfind(prefix, 0) == 0) return l;
    return {};
}

const GoldenSpec& specLabelled(const std::string& label) {
    for (const auto* specs : {&goldenSpecs(), &cullingSpecs()})
        for (const auto& spec : *specs)
            if (spec.label == label) return spec;
    throw std::logic_error("no golden spec " + label);
}

void expectPinned(const std::string& sceneName, const std::string& label) {
    const std::string want = pinnedLine(sceneName, label);
    ASSERT_FALSE(want.empty()) << goldenPath() << " has no line for " << sceneName << " " << label;
    EXPECT_EQ(goldenLine(sceneName, test::bundled(sceneName), specLabelled(label)), want);
}

} // namespace

TEST(Golden, EveryBundledSceneAndAlgorithmKeepsItsHashAndCounters) {
    const std::vector<std::string> scenes = test::bundledSceneNames();
    ASSERT_GE(scenes.size(), 9u);

    std::vector<std::string> got;
    for (const auto& name : scenes) {
        Scene scene = test::bundled(name);
        // The articulated benchmark scenes (zhang2007 sec. 8: walk, trains, construction sites) run the
        // culling only: with up to 0.4M triangles the references' all-pairs tests would take minutes per
        // frame, and the rigid pipelines pinned here are pinned on the rigid scenes already.
        // tests/scene/ModelGeneratorsTest.cpp checks what those scenes show with the exact discrete collider.
        // A scene with deforming bodies runs the algorithms that take them (the others refuse it).
        bool deforms = std::any_of(scene.bodies.begin(), scene.bodies.end(),
                                   [](const Body& b) { return b.deform.active(); });
        auto runs = [&](const GoldenSpec& spec) {
            return !deforms || AlgorithmRegistry::instance().find(spec.name)->deformingBodies;
        };
        if (scene.models.empty())
            for (const auto& spec : goldenSpecs())
                if (runs(spec)) got.push_back(goldenLine(name, scene, spec));
        for (const auto& spec : cullingSpecs())
            if (runs(spec)) got.push_back(goldenLine(name, scene, spec));
    }

    if (const char* update = std::getenv("CDLAB_GOLDEN_UPDATE"); update && std::string(update) == "1") {
        std::ofstream out(goldenPath());
        out << "# scene algorithm frames hash counters (tests/pipeline/GoldenTest.cpp writes this with "
               "CDLAB_GOLDEN_UPDATE=1)\n";
        for (const auto& l : got) out << l << "\n";
        GTEST_SKIP() << "wrote " << goldenPath();
    }

    std::ifstream in(goldenPath());
    ASSERT_TRUE(in) << goldenPath() << " is missing";
    std::vector<std::string> want;
    for (std::string l; std::getline(in, l);)
        if (!l.empty() && l[0] != '#') want.push_back(l);
    ASSERT_EQ(want.size(), got.size()) << "the table has another set of scenes or algorithms";
    int changed = 0;
    for (std::size_t i = 0; i < got.size(); ++i)
        if (got[i] != want[i]) {
            ++changed;
            ADD_FAILURE() << "changed:\n  was " << want[i] << "\n  now " << got[i];
        }
    EXPECT_EQ(changed, 0) << "answers or counts changed; if that is meant, rewrite the table (see the file's "
                             "header) and say why in the commit";
}

// The articulated CCD (zhang2007) on a static placement whose bodies touch in every frame, and on the
// exercising mannequin's self-collisions: its answers and counters under every build, the sanitizers' too.
TEST(GoldenSubset, CatchOnAStaticTouchingScene) {
    expectPinned("knot_teapot_close.json", "catch");
}

TEST(GoldenSubset, CatchOnExercise) {
    expectPinned("exercise.json", "catch");
}
