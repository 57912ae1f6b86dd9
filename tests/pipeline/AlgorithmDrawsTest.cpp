// What each registered algorithm draws stays within what its registry entry declares (AlgorithmInfo::draws):
// the viewer offers an overlay only for algorithms that declare its categories, so an undeclared drawing
// would be an overlay a user cannot turn on, and a declared one that is never drawn an option that does
// nothing.
#include "TestUtil.h"
#include "debug/DebugSink.h"
#include "peers/Peers.h"
#include "pipeline/AlgorithmRegistry.h"

#include <gtest/gtest.h>

#include <set>

using namespace cdlab;
using test::bundled;

namespace {

/// Wants everything, keeps only which categories arrived.
struct CategorySink : DebugSink {
    std::set<DebugCategory> seen;
    void line(const Vec3&, const Vec3&, Rgba, DebugCategory c) override { seen.insert(c); }
    void triangle(const Vec3&, const Vec3&, const Vec3&, Rgba, DebugCategory c) override { seen.insert(c); }
    void point(const Vec3&, Rgba, DebugCategory c) override { seen.insert(c); }
    void text(const Vec3&, const std::string&, DebugCategory c) override { seen.insert(c); }
    void mesh(const TriangleMesh&, const Pose&, Rgba, DebugCategory c) override { seen.insert(c); }
};

std::string names(const std::set<DebugCategory>& s) {
    std::string out;
    for (DebugCategory c : s) out += std::string(out.empty() ? "" : ", ") + toString(c);
    return out;
}

} // namespace

TEST(AlgorithmDraws, EveryAlgorithmDrawsExactlyWhatItDeclares) {
    // The doors brush and slide past each other (contacts, culling); the default scene has articulated and
    // resting bodies; knot-teapot close is static and touching.
    std::vector<Scene> scenes = {bundled("doors.json"), bundled("default.json"),
                                 bundled("knot_teapot_close.json")};
    registerPeerAlgorithms(AlgorithmRegistry::instance());
    for (const AlgorithmInfo& info : AlgorithmRegistry::instance().list()) {
        CategorySink sink;
        // Parameters that draw more than the defaults: sbv's narrow phase (contacts), its SVM (support
        // vectors).
        std::vector<ParamSet> variants = {ParamSet(info.params)};
        if (info.name == "sbv")
            variants.push_back(
                AlgorithmRegistry::instance().parameters(AlgorithmSpec::parse("sbv:narrow=exact,osh=svm")));
        for (const ParamSet& params : variants)
            for (const Scene& scene : scenes) {
                auto algo = info.create(params);
                algo->prepare(scene);
                // Frames of the scene's own length (the reference tests every triangle pair): on the doors
                // the Figure 1 swivel, the brush's contact and the slide; the static scene's one frame.
                for (double t : {0.5, 3.733333333333333, 10.5}) {
                    double t1 = std::min(t, scene.endTime);
                    algo->step(std::max(scene.startTime, t1 - scene.frameLength()), t1, &sink);
                }
                if (const AlgorithmStructure* structure = algo->structure())
                    for (std::uint32_t object = 0; object < 2; ++object) {
                        structure->drawLevel(scene.startTime, object, 3, sink);
                        structure->drawNode(scene.startTime, object, 1, sink);
                    }
            }
        std::set<DebugCategory> declared(info.draws.begin(), info.draws.end());
        EXPECT_EQ(names(sink.seen), names(declared))
            << info.name << " draws what it does not declare, or declares "
            << "what it never draws";
    }
}
