// The sampled baselines for CATCH: articulated-reference (discrete collision at N times per frame, then
// bisection) against rigid-ccd's exact earliest contact where both follow the same motion, its monotone
// refinement in N, its parameters; and the peer fcl-sampled against articulated-reference on the same
// sample times.
#include "CcdCases.h"
#include "TestPaths.h"
#include "TestUtil.h"
#include "ccd/RelativeMotion.h"
#include "core/InputError.h"
#include "peers/Peers.h"
#include "pipeline/AlgorithmRegistry.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace cdlab;
using test::bundled;

namespace {

Scene testScene(const std::string& name) {
    return loadScene(std::string(CDLAB_TEST_DATA) + "/" + name);
}

/// Whether every pair's motion over [t0, t1] in the scene (keyframe interpolation) is the in-between motion
/// rigid-ccd takes (RelativeMotion of the end poses) to within 1e-9 of the scene's size: translations and
/// resting bodies, where rigid-ccd's time of contact is the scene's.
bool rigidCcdFollowsTheScene(const SceneObjects& objects, double t0, double t1) {
    std::vector<Pose> p0, p1, ps;
    objects.poses(t0, p0);
    objects.poses(t1, p1);
    for (auto [a, b] : objects.pairs()) {
        const PairMotion pm = pairMotion(a, b, p0, p1);
        const Aabb box = objects.objects()[pm.i].mesh->bounds();
        const double size = length(box.extent()) + length(box.center()) + 1;
        for (int k = 1; k < 8; ++k) {
            const double s = k / 8.0;
            objects.poses(t0 + s * (t1 - t0), ps);
            const Pose scene = ps[pm.j].inverse() * ps[pm.i], rigid = pm.motion.at(s);
            for (int c = 0; c < 8; ++c) {
                const Vec3 corner{c & 1 ? box.hi.x : box.lo.x, c & 2 ? box.hi.y : box.lo.y,
                                  c & 4 ? box.hi.z : box.lo.z};
                if (length(scene.apply(corner) - rigid.apply(corner)) > 1e-9 * size) return false;
            }
        }
    }
    return true;
}

} // namespace

TEST(ArticulatedReference, MatchesRigidCcdWhereBothFollowTheSameMotion) {
    auto& reg = AlgorithmRegistry::instance();
    int compared = 0;
    // Rigid scenes only: rigid-ccd refuses a model whose joints swing its links (chain10's couplings), and
    // tests/articulated/ArticulatedMotionTest.cpp compares the two on a model it takes.
    for (const char* file : {"bullets.json", "cylinder_ball.json", "knot_teapot.json"}) {
        SCOPED_TRACE(file);
        Scene scene = bundled(file);
        SceneObjects objects(scene);
        auto reference = reg.create("articulated-reference", {{"samples", "64"}});
        auto rigid = reg.create("rigid-ccd", {});
        reference->prepare(scene), rigid->prepare(scene);
        for (int f = 0; f < scene.frames; ++f) {
            const double t1 = scene.frameTime(f, scene.frames), t0 = t1 - scene.frameLength();
            if (!rigidCcdFollowsTheScene(objects, t0, t1)) continue;
            const FrameResult want = rigid->step(t0, t1), got = reference->step(t0, t1);
            ASSERT_EQ(got.firstContactScope, FirstContactScope::Scene);
            const TimeOfContact* w = want.earliest();
            const TimeOfContact* g = got.earliest();
            if (g && g->time == t0) continue; // in contact from the start: rigid-ccd reports crossings only
            ASSERT_EQ(w != nullptr, g != nullptr) << "frame " << f;
            if (!w) continue;
            // Both are lower bounds of the first contact: rigid-ccd within 2^-24 of the frame (its
            // toc-depth), the reference within its tolerance (1e-6 of the frame).
            EXPECT_NEAR(g->time, w->time, 1.1e-6 * (t1 - t0)) << "frame " << f;
            EXPECT_FALSE(g->hasFeatures);
            ++compared;
        }
    }
    EXPECT_GE(compared, 3) << "too few frames with a contact where both motions agree";
}

TEST(ArticulatedReference, MatchesRigidCcdOnRandomTranslations) {
    // A sphere translating toward a resting box (no turn: the scene's motion is rigid-ccd's), 300 frames
    // [0, 1] of which about half touch: the same first contact within both tolerances.
    Scene scene = test::sphereAndBox();
    auto& reg = AlgorithmRegistry::instance();
    auto reference = reg.create("articulated-reference", {{"samples", "64"}});
    auto rigid = reg.create("rigid-ccd", {});
    reference->prepare(scene), rigid->prepare(scene);
    test::Rng rng(30);
    const int n = 300;
    int hits = 0;
    for (int i = 0; i < n; ++i) {
        test::randomApproach(scene, rng, 0.0);
        const FrameResult want = rigid->step(0, 1), got = reference->step(0, 1);
        const TimeOfContact *w = want.earliest(), *g = got.earliest();
        ASSERT_EQ(w != nullptr, g != nullptr) << "case " << i;
        if (!w) continue;
        ++hits;
        EXPECT_NEAR(g->time, w->time, 1.1e-6) << "case " << i;
        EXPECT_EQ(got.contacts[0].objectA, want.contacts[0].objectA);
        EXPECT_EQ(got.contacts[0].objectB, want.contacts[0].objectB);
    }
    EXPECT_GT(hits, n * 3 / 10) << hits;
    EXPECT_LT(hits, n * 7 / 10) << hits;
}

TEST(ArticulatedReference, MoreSamplesNeverReportALaterContact) {
    auto& reg = AlgorithmRegistry::instance();
    int hits = 0;
    for (const char* file : {"chain10.json", "bullets.json", "cylinder_ball.json"}) {
        SCOPED_TRACE(file);
        Scene scene = std::string(file) == "chain10.json" ? testScene(file) : bundled(file);
        std::vector<std::unique_ptr<Algorithm>> algos;
        for (const char* n : {"4", "8", "16", "32"}) {
            algos.push_back(reg.create("articulated-reference", {{"samples", n}}));
            algos.back()->prepare(scene);
        }
        const int frames = std::min(scene.frames, 40);
        for (int f = 0; f < frames; ++f) {
            const double t1 = scene.frameTime(f, scene.frames), t0 = t1 - scene.frameLength();
            const TimeOfContact* before = nullptr;
            FrameResult previous;
            for (auto& algo : algos) {
                FrameResult r = algo->step(t0, t1);
                const TimeOfContact* c = r.earliest();
                if (before) {
                    // N samples lie on the 2N grid: the first colliding one is found again, or an earlier
                    // one.
                    ASSERT_NE(c, nullptr) << "frame " << f;
                    EXPECT_LE(c->time, before->time + 1e-12 * (t1 - t0)) << "frame " << f;
                }
                hits += c != nullptr;
                previous = std::move(r);
                before = previous.earliest();
            }
        }
    }
    EXPECT_GE(hits, 8);
}

TEST(ArticulatedReference, ReportsTheContactItBracketsAndItsCounters) {
    Scene scene = testScene("chain10.json");
    SceneObjects objects(scene);
    auto algo = AlgorithmRegistry::instance().create("articulated-reference", {{"tolerance", "1e-9"}});
    algo->prepare(scene);
    int hits = 0;
    for (int f = 0; f < scene.frames; ++f) {
        const double t1 = scene.frameTime(f, scene.frames), t0 = t1 - scene.frameLength();
        FrameResult r = algo->step(t0, t1);
        EXPECT_GT(r.counters.get(counter::Samples), 0u);
        if (r.firstContacts.empty()) {
            EXPECT_EQ(r.counters.get(counter::Samples), 32u);
            continue;
        }
        ++hits;
        ASSERT_EQ(r.firstContacts.size(), 1u);
        ASSERT_EQ(r.contacts.size(), 1u);
        const TimeOfContact& c = r.firstContacts[0];
        EXPECT_EQ(r.contacts[0].objectA, c.objectA);
        EXPECT_EQ(r.contacts[0].pairs[0], (TrianglePair{c.triA, c.triB}));
        EXPECT_GE(c.time, t0);
        EXPECT_LT(c.time, t1);
        if (c.time > t0) { // not in contact from the start: bisection from 1/32 of a frame to 1e-9
            EXPECT_GT(r.counters.get(counter::Bisections), 20u);
        }
        EXPECT_EQ(r.counters.get(counter::Contacts), 1u);
        EXPECT_GT(r.counters.get(counter::TriTests), 0u);
    }
    EXPECT_GE(hits, 1);
}

TEST(ArticulatedReference, BadParametersAreRefused) {
    auto& reg = AlgorithmRegistry::instance();
    for (auto [name, value] : std::vector<std::pair<std::string, std::string>>{{"samples", "0"},
                                                                               {"samples", "100001"},
                                                                               {"samples", "2.5"},
                                                                               {"tolerance", "0"},
                                                                               {"tolerance", "2"},
                                                                               {"tolerance", "x"},
                                                                               {"steps", "4"}}) {
        EXPECT_THROW(reg.create("articulated-reference", {{name, value}}, "--algo"), InputError)
            << name << "=" << value;
    }
    registerPeerAlgorithms(reg);
    if (!reg.find("fcl-sampled")) GTEST_SKIP() << "FCL not built";
    EXPECT_THROW(reg.create("fcl-sampled", {{"steps", "0"}}, "--algo"), InputError);
    EXPECT_THROW(reg.create("fcl-sampled", {{"samples", "4"}}, "--algo"), InputError);
}

TEST(FclSampled, AgreesWithTheReferenceOnCollidingFramesAndTheFirstSample) {
    auto& reg = AlgorithmRegistry::instance();
    registerPeerAlgorithms(reg);
    if (!reg.find("fcl-sampled")) GTEST_SKIP() << "FCL not built";
    int hits = 0, frames = 0;
    for (const char* file : {"chain10.json", "bullets.json", "cylinder_ball.json", "default.json"}) {
        SCOPED_TRACE(file);
        Scene scene = std::string(file) == "chain10.json" ? testScene(file) : bundled(file);
        const int n = 10;
        auto peer = reg.create("fcl-sampled", {{"steps", std::to_string(n)}});
        auto reference = reg.create("articulated-reference", {{"samples", std::to_string(n)}});
        peer->prepare(scene), reference->prepare(scene);
        for (int f = 0; f < std::min(scene.frames, 40); ++f, ++frames) {
            const double t1 = scene.frameTime(f, scene.frames), t0 = t1 - scene.frameLength();
            const FrameResult p = peer->step(t0, t1), r = reference->step(t0, t1);
            ASSERT_EQ(p.firstContactScope, FirstContactScope::Scene);
            ASSERT_EQ(p.firstContacts.empty(), r.firstContacts.empty()) << "frame " << f;
            if (p.firstContacts.empty()) continue;
            ++hits;
            // The peer reports the first colliding sample; the reference a time in the spacing before it.
            const double h = (t1 - t0) / n, tp = p.firstContacts[0].time, tr = r.firstContacts[0].time;
            EXPECT_LE(tr, tp) << "frame " << f;
            EXPECT_GE(tr, tp - h * (1 + 1e-9)) << "frame " << f;
            EXPECT_NEAR(std::round((tp - t0) / h), (tp - t0) / h, 1e-9) << "a sample time";
            EXPECT_FALSE(p.firstContacts[0].hasFeatures);
        }
    }
    EXPECT_GE(hits, 4);
    EXPECT_GE(frames - hits, 4);
}
