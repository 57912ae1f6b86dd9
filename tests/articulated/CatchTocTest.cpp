// CATCH's time of contact (zhang2007 secs. 6-7): on fixed-seed random articulated scenes (chains and trees of
// 2-15 links, some links polygon soups, self-collision on, a moving rigid body, a floor), `catch` never
// reports a TOC after a real contact — the exact discrete test finds no intersection at any sampled time
// before it, and the witness pair is within epsilon there — and when it says a frame is free, the sampled
// reference (`articulated-reference`) finds no contact in it. Temporal culling and the interval bounds
// change no answer. Pairs that start interpenetrated report TOC = frame start; degenerate links work.
#include "ArticulatedTestUtil.h"
#include "articulated/CatchDetail.h"
#include "articulated/TimeOfContactSearch.h"
#include "bvh/Bvh.h"
#include "collision/BvhCollider.h"
#include "core/InputError.h"
#include "debug/DebugSink.h"
#include "distance/MeshDistance.h"
#include "mesh/ProceduralMeshes.h"
#include "pipeline/AlgorithmRegistry.h"

#include <gtest/gtest.h>
#include <map>

using namespace cdlab;

namespace {

/// A link reaching from its joint along +x: a closed box, or (soup) loose triangles filling that box,
/// some of them collapsed to segments.
std::shared_ptr<const TriangleMesh> linkMesh(test::Rng& rng, double length, double thickness, bool soup) {
    TriangleMesh m;
    if (!soup) {
        m = makeBox({length, thickness, thickness}, 12);
        for (Vec3& v : m.vertices) v.x += length / 2;
    } else {
        for (int t = 0, n = rng.integer(1, 40); t < n; ++t) {
            Vec3 c{rng.uniform(0, length), rng.uniform(-thickness, thickness) / 2,
                   rng.uniform(-thickness, thickness) / 2};
            std::uint32_t base = std::uint32_t(m.vertices.size());
            Vec3 a = c + rng.vec(-0.2, 0.2), b = c + rng.vec(-0.2, 0.2);
            Vec3 d = t % 7 == 3 ? (a + b) * 0.5 : c + rng.vec(-0.2, 0.2); // every 7th collapsed
            m.vertices.insert(m.vertices.end(), {a, b, d});
            m.triangles.push_back({base, base + 1, base + 2});
        }
    }
    m.computeFaceNormals();
    return std::make_shared<TriangleMesh>(std::move(m));
}

/// Chains, or (branches) trees: then a link may hang off any earlier link, part-way along it and turned
/// well away from it, so that links i and i + 1 need not be adjacent (they are tested for self-collision).
Scene randomScene(test::Rng& rng, double spread, bool branches = false, bool still = false) {
    Scene s;
    s.startTime = 0, s.endTime = 1, s.frames = 2;
    for (int m = 0, models = rng.integer(1, 2); m < models; ++m) {
        ArticulatedModel model;
        model.name = "m" + std::to_string(m);
        model.base = {rng.rotation(), rng.vec(-spread, spread)};
        std::vector<double> lengths;
        for (int i = 0, links = rng.integer(2, 15); i < links; ++i) {
            Link l;
            l.name = "l" + std::to_string(i);
            l.parent = i - 1; // chains (siblings at one joint would start inside each other)
            bool branch = branches && i >= 2 && rng.uniform() < 0.4;
            if (branch) l.parent = rng.integer(0, i - 2);
            double len = rng.uniform(0.5, 1.2);
            lengths.push_back(len);
            l.mesh = linkMesh(rng, len, rng.uniform(0.08, 0.25), rng.uniform() < 0.25);
            // (the draws in this order: the chains' scenes are those of the seeds before branches came)
            Mat3 turn = Quat::fromAxisAngle(rng.unit(), branch ? rng.uniform(0.9, 2.2) : rng.uniform(0, 0.8))
                            .toMat3();
            double along = i == 0   ? 0.0
                           : branch ? rng.uniform(0.3, 1.0) * lengths[l.parent]
                                    : rng.uniform(0.5, 1.1);
            l.joint = {turn, {along, 0, 0}};
            std::vector<Keyframe> keys;
            for (int k = 0, n = rng.integer(2, 4); k < n; ++k) {
                Keyframe key;
                key.time = k == 0 ? 0.0 : keys.back().time + rng.uniform(0.2, 0.5);
                key.position = i == 0 ? rng.vec(-1, 1) : Vec3{0, 0, 0};
                key.rotation = Quat::fromAxisAngle(rng.unit(), rng.uniform(-0.9, 0.9));
                keys.push_back(key);
            }
            // `still`: some joints hold still (one key), so that links whose joints up to a common
            // ancestor all hold still keep their relative pose (catch's pairs at relative rest).
            if (still && i > 0 && rng.uniform() < 0.3) keys.resize(1);
            l.motion = PoseTrack(keys);
            model.links.push_back(std::move(l));
        }
        s.models.push_back(std::move(model));
    }
    Body floor;
    floor.name = "floor";
    floor.environment = true;
    floor.mesh = std::make_shared<TriangleMesh>(makeBox({3 * spread, 3 * spread, 0.2}, 200));
    floor.motion = PoseTrack({{0, {0, 0, -spread * 0.8}, Quat{}}});
    s.bodies.push_back(floor);
    Body ball;
    ball.name = "ball";
    ball.mesh = std::make_shared<TriangleMesh>(makeSphere(0.5, 80));
    ball.motion = PoseTrack({{0, rng.vec(-spread, spread), Quat{}}, {1, rng.vec(-spread, spread), Quat{}}});
    s.bodies.push_back(ball);
    return s;
}

/// The exact discrete test of every pair the scene tests at time t: the first intersecting pair, or none.
/// Without `selfPairs`, pairs of links of one model are left out (what catch's self=off asks).
struct DiscreteOracle {
    explicit DiscreteOracle(const Scene& scene) : objects(scene) {
        const BvhBuildOptions build{BvType::Obb, SplitRule::MinMax, SplitPosition::Median, 1};
        for (const auto& o : objects.objects())
            if (!bvhs.count(o.mesh)) bvhs[o.mesh].build(*o.mesh, build);
    }
    bool anyIntersect(double t, std::string& which) {
        objects.poses(t, poses);
        for (const auto& [a, b] : objects.pairs()) {
            const auto &oa = objects.objects()[a], &ob = objects.objects()[b];
            if (!selfPairs && oa.model >= 0 && oa.model == ob.model) continue;
            CollisionResult cr;
            collider.collide({oa.mesh, &bvhs[oa.mesh], poses[a]}, {ob.mesh, &bvhs[ob.mesh], poses[b]},
                             ContactMode::FirstContact, cr);
            if (cr.colliding()) {
                which = oa.name + " / " + ob.name;
                return true;
            }
        }
        return false;
    }
    /// Brute-force distance of objects a and b at time t (capped at `below`: found() false beyond it).
    double distance(std::uint32_t a, std::uint32_t b, double t, double below = INFINITY) {
        objects.poses(t, poses);
        DistanceOptions o;
        o.upperBound = below;
        const auto& objs = objects.objects();
        return bruteForceDistance(*objs[a].mesh, poses[a], *objs[b].mesh, poses[b], o).distance;
    }
    SceneObjects objects;
    std::map<const TriangleMesh*, Bvh> bvhs;
    BvhCollider collider;
    std::vector<Pose> poses;
    bool selfPairs = true;
};

/// A sink that draws nothing: with a sink, catch replays the TOC pair's advancement into advanceSteps.
struct StepsOnly : DebugSink {
    void line(const Vec3&, const Vec3&, Rgba, DebugCategory) override {}
    void triangle(const Vec3&, const Vec3&, const Vec3&, Rgba, DebugCategory) override {}
    void point(const Vec3&, Rgba, DebugCategory) override {}
    void text(const Vec3&, const std::string&, DebugCategory) override {}
    bool wants(DebugCategory, const DebugTag&) const override { return false; }
};

struct Tally {
    int frames = 0, contacts = 0, startedInside = 0, epsilonChecked = 0;
};

using Params = std::map<std::string, std::string>;

/// Runs `catch` with `params` over the scene's frames, checking every TOC against the exact discrete test
/// at `samples` times before it and the distance at it, and every free frame against articulated-reference.
/// For frames whose PCLs all start at least epsilon apart, the TOC is the first epsilon-crossing: every
/// PCL's brute-force distance is >= epsilon at the sampled times before it, but in the TOC pair's last
/// advancement step (CA measures >= epsilon at each step and the motion bound keeps the gap above 0 in
/// between, not above epsilon), and each step's distance is a lower bound of the brute-force one.
void checkScene(const Scene& scene, int samples, Tally& tally, const Params& params = {}) {
    auto catchAlgo = AlgorithmRegistry::instance().create("catch", params);
    catchAlgo->prepare(scene);
    auto reference =
        AlgorithmRegistry::instance().create("articulated-reference", {{"samples", std::to_string(samples)}});
    reference->prepare(scene);
    DiscreteOracle oracle(scene);
    auto get = [&](const char* key, const char* fallback) {
        auto it = params.find(key);
        return it == params.end() ? std::string(fallback) : it->second;
    };
    oracle.selfPairs = get("self", "on") == "on";
    // Planning mode stops at the first contact it finds, not the earliest: nothing is promised before it.
    const bool earliest = get("mode", "toc") == "toc";
    const double epsilon = std::stod(get("epsilon", "0.001"));
    std::string label = scene.file;
    for (const auto& [k, v] : params) label += " " + k + "=" + v;
    StepsOnly steps;
    for (int f = 0; f + 1 < scene.frames; ++f) {
        double t0 = scene.frameTime(f, scene.frames), t1 = scene.frameTime(f + 1, scene.frames);
        FrameResult r = catchAlgo->step(t0, t1, &steps);
        ++tally.frames;
        std::string which;
        const TimeOfContact* c = r.earliest();
        if (!c) {
            if (oracle.selfPairs) {
                FrameResult ref = reference->step(t0, t1);
                ASSERT_EQ(ref.earliest(), nullptr)
                    << label << " frame " << f << ": catch says free, the reference finds a contact at "
                    << ref.earliest()->time;
            } else {
                for (int k = 0; k <= samples; ++k)
                    ASSERT_FALSE(oracle.anyIntersect(t0 + (t1 - t0) * k / samples, which))
                        << label << " frame " << f << ": catch says free, " << which << " intersect";
            }
            continue;
        }
        ++tally.contacts;
        ASSERT_GE(c->time, t0);
        ASSERT_LE(c->time, t1);
        if (c->kind == TimeOfContact::Kind::Penetrating) {
            ++tally.startedInside;
            EXPECT_EQ(c->time, t0) << label << " frame " << f;
            ASSERT_TRUE(oracle.anyIntersect(t0, which)) << label << " frame " << f;
            continue;
        }
        const auto& objs = oracle.objects.objects();
        EXPECT_LT(oracle.distance(c->objectA, c->objectB, c->time), epsilon * (1 + 1e-9))
            << label << " frame " << f << " at the TOC";
        if (!earliest) continue;
        for (int s = 0; s < samples; ++s) {
            double t = t0 + (c->time - t0) * s / samples; // [t0, toc)
            ASSERT_FALSE(oracle.anyIntersect(t, which))
                << label << " frame " << f << ": " << which << " intersect at " << t
                << ", before catch's TOC " << c->time;
        }
        // The TOC pair's advancement (replayed from the frame's start): each step's distance never above
        // the true one (the query's lower bound, MeshDistance.h's relativeError contract).
        const auto& advanceSteps = r.details.orEmpty<CatchDetail>().advanceSteps;
        ASSERT_FALSE(advanceSteps.empty()) << label << " frame " << f;
        double lastStep = t0;
        for (const AdvanceStep& st : advanceSteps) {
            if (st.distance < epsilon) break; // the contact: a pair's distance, not a bound
            lastStep = std::max(lastStep, st.time);
            double truth = oracle.distance(c->objectA, c->objectB, st.time);
            ASSERT_LE(st.distance, truth * (1 + 1e-9) + 1e-12)
                << label << " frame " << f << ": CA stepped by " << st.distance << " at " << st.time
                << " where the links are " << truth << " apart";
        }
        bool apart = true;
        for (const auto& [a, b] : r.potentialPairs)
            apart = apart && oracle.distance(a, b, t0, epsilon) >= epsilon;
        if (!apart) continue;
        ++tally.epsilonChecked;
        for (int s = 0; s < samples; ++s) {
            double t = t0 + (c->time - t0) * s / samples;
            if (t > lastStep) break;
            for (const auto& [a, b] : r.potentialPairs) {
                double d = oracle.distance(a, b, t, epsilon);
                ASSERT_GE(d, epsilon)
                    << label << " frame " << f << ": " << objs[a].name << " / " << objs[b].name
                    << " within epsilon at " << t << " (" << d << "), before catch's TOC " << c->time;
            }
        }
    }
}

void checkRandomScenes(std::uint64_t seed, int scenes, int samples, const Params& params = {},
                       bool branches = false, bool still = false) {
    test::Rng rng(seed);
    Tally tally;
    for (int i = 0; i < scenes; ++i) {
        // One frame per scene, starting free (a motion that passes through something stays inside it for
        // the next frames: those would test only the interpenetrating start).
        Scene s;
        std::string which;
        do s = randomScene(rng, 3.5, branches, still);
        while (DiscreteOracle(s).anyIntersect(0, which));
        s.file = "random scene " + std::to_string(i) + " (seed " + std::to_string(seed) + ")";
        checkScene(s, samples, tally, params);
        if (testing::Test::HasFatalFailure()) return;
    }
    // The hit-rate guard: frames with a contact are neither rare nor the rule.
    double share = double(tally.contacts) / tally.frames;
    EXPECT_GT(share, 0.3) << tally.contacts << " of " << tally.frames;
    EXPECT_LT(share, 0.7) << tally.contacts << " of " << tally.frames;
    // and the first-crossing check ran on most frames with a contact (planning asks for none)
    if (!params.count("mode")) {
        EXPECT_GE(tally.epsilonChecked, (tally.contacts - tally.startedInside) / 2);
    }
    std::cout << "[          ] " << tally.frames << " frames, " << tally.contacts << " with a contact ("
              << tally.startedInside << " interpenetrating at the start, " << tally.epsilonChecked
              << " checked for the first epsilon-crossing)\n";
}

/// Every value of every parameter of `catch` but the defaults (each alone; first-step also without temporal
/// culling).
std::vector<Params> catchVariants() {
    return {{},
            {{"temporal", "off"}},
            {{"bounds", "interval"}},
            {{"order", "1"}},
            {{"order", "5"}},
            {{"lower_bound", "first-step"}},
            {{"lower_bound", "first-step"}, {"temporal", "off"}},
            {{"epsilon", "0.01"}},
            {{"self", "off"}},
            {{"mode", "planning"}},
            {{"distance", "hulls"}},
            {{"distance", "hulls"}, {"lower_bound", "first-step"}}};
}

void checkEveryVariant(std::uint64_t seed, int scenes, int samples) {
    ASSERT_EQ(AlgorithmRegistry::instance().find("catch")->params.size(), 8u)
        << "catch has another set of parameters: add their values to catchVariants()";
    for (const Params& p : catchVariants()) {
        SCOPED_TRACE(testing::Message()
                     << "variant of " << p.size() << " parameter(s)"
                     << (p.empty() ? "" : ": " + p.begin()->first + "=" + p.begin()->second));
        checkRandomScenes(seed, scenes, samples, p, true);
        if (testing::Test::HasFatalFailure()) return;
    }
}

} // namespace

// 2,000 one-frame scenes in the slow label; 200 always.
TEST(CatchToc, NeverAfterARealContactDeep) {
    checkRandomScenes(7001, 2000, 64);
}

TEST(CatchToc, NeverAfterARealContact) {
    checkRandomScenes(7002, 200, 48);
}

// The same on the hull trees' directional advancement (distance=hulls, issue 42).
TEST(CatchToc, NeverAfterARealContactOnHullsDeep) {
    checkRandomScenes(7001, 2000, 64, {{"distance", "hulls"}});
}

TEST(CatchToc, NeverAfterARealContactOnHulls) {
    checkRandomScenes(7002, 200, 48, {{"distance", "hulls"}});
}

// Every parameter value of catch (each alone), on random trees of links (consecutive links need not be
// adjacent): no contact before the TOC, the distance at it under epsilon, the TOC the first
// epsilon-crossing, free frames free for the reference. 200 scenes per variant in the slow label, 20 always.
TEST(CatchToc, EveryVariantIsSoundOnTreesDeep) {
    checkEveryVariant(7011, 200, 48);
}

TEST(CatchToc, EveryVariantIsSoundOnTrees) {
    checkEveryVariant(7012, 20, 32);
}

// Trees in which some joints hold still: pairs at relative rest (one "within epsilon?" test decides their
// frame) among moving ones, with the defaults and with first-step bounds; the soundness checks as above.
TEST(CatchToc, PairsAtRelativeRestAreSound) {
    checkRandomScenes(7014, 60, 32, {}, true, true);
    checkRandomScenes(7015, 30, 32, {{"lower_bound", "first-step"}, {"temporal", "off"}}, true, true);
}

namespace {

/// The same scene `dt` later: every key, the scene's range (frame times are absolute).
Scene shifted(Scene s, double dt) {
    s.startTime += dt, s.endTime += dt;
    auto shift = [dt](PoseTrack& track) {
        std::vector<Keyframe> keys = track.keys();
        for (Keyframe& k : keys) k.time += dt;
        track = PoseTrack(keys);
    };
    for (Body& b : s.bodies) {
        EXPECT_FALSE(b.deform.active()) << "shifted() moves no deformation";
        shift(b.motion);
    }
    for (ArticulatedModel& m : s.models)
        for (Link& l : m.links) shift(l.motion);
    return s;
}

} // namespace

// Nothing in catch may depend on where the scene sits in time: the same scene 5 s later (frames starting
// after 1 s, the default of every CaOptions time) gives the same contacts, times (shifted) and counters in
// every variant. Caught CaOptions::limit left at 1 in the hull bounds (their CA stopped at its first step
// in every frame after 1 s).
TEST(CatchToc, AShiftInTimeChangesNoAnswerAndNoCounter) {
    test::Rng rng(7013);
    int contacts = 0, frames = 0;
    std::uint64_t hullQueries = 0;
    for (int i = 0; i < 30; ++i) {
        Scene s;
        std::string which;
        do s = randomScene(rng, 3.5, true);
        while (DiscreteOracle(s).anyIntersect(0, which));
        s.frames = 4;
        const Scene later = shifted(s, 5.0);
        for (const Params& p : catchVariants()) {
            auto a = AlgorithmRegistry::instance().create("catch", p);
            auto b = AlgorithmRegistry::instance().create("catch", p);
            a->prepare(s), b->prepare(later);
            for (int f = 0; f + 1 < s.frames; ++f) {
                std::string where = "scene " + std::to_string(i) + " frame " + std::to_string(f) +
                                    (p.empty() ? "" : " " + p.begin()->first + "=" + p.begin()->second);
                FrameResult x = a->step(s.frameTime(f, s.frames), s.frameTime(f + 1, s.frames));
                FrameResult y = b->step(later.frameTime(f, s.frames), later.frameTime(f + 1, s.frames));
                ++frames;
                hullQueries += x.counters.get(counter::HullQueries);
                ASSERT_EQ(x.earliest() != nullptr, y.earliest() != nullptr) << where;
                EXPECT_EQ(x.potentialPairs, y.potentialPairs) << where;
                // Both distance paths step directionally: a step is a ratio of bounds taken at poses that
                // differ by the rounding of t - key time, and a front's cut (a step against the least so far)
                // or GJK's termination can flip on it, adding or dropping an iteration: the counters within
                // 1 % (+ 1; a frame limit at 1 s, the bug this test is for, moved them by 23-59 %), the
                // answers as exact as before.
                ASSERT_EQ(x.counters.items().size(), y.counters.items().size()) << where;
                for (std::size_t k = 0; k < x.counters.items().size(); ++k) {
                    const auto &u = x.counters.items()[k], &v = y.counters.items()[k];
                    EXPECT_EQ(u.first, v.first) << where;
                    // GJK's own iterations follow the warm starts, which a flipped cut changes (measured: up
                    // to 75 % on a frame of few iterations): not compared; the CA counters above are.
                    if (u.first == counter::GjkIterations) continue;
                    EXPECT_NEAR(double(u.second), double(v.second), 1 + 0.01 * double(u.second)) << where;
                }
                if (!x.earliest()) continue;
                ++contacts;
                const TimeOfContact &cx = *x.earliest(), &cy = *y.earliest();
                EXPECT_EQ(cx.objectA, cy.objectA) << where;
                EXPECT_EQ(cx.objectB, cy.objectB) << where;
                EXPECT_EQ(cx.kind, cy.kind) << where;
                EXPECT_NEAR(cy.time - 5.0, cx.time, 1e-9) << where;
            }
        }
    }
    EXPECT_GT(contacts, frames / 10);
    EXPECT_LT(contacts, frames * 9 / 10);
    EXPECT_GT(hullQueries, 0u);
}

static void checkVariants(std::uint64_t seed, int scenes) {
    test::Rng rng(seed);
    int contacts = 0, frames = 0;
    for (int i = 0; i < scenes; ++i) {
        Scene s;
        std::string which;
        do s = randomScene(rng, 5.0);
        while (DiscreteOracle(s).anyIntersect(0, which));
        std::vector<std::unique_ptr<Algorithm>> algos;
        for (auto params : std::vector<std::map<std::string, std::string>>{
                 {},
                 {{"temporal", "off"}},
                 {{"bounds", "interval"}},
                 {{"lower_bound", "first-step"}},
                 {{"distance", "hulls"}},
                 {{"distance", "hulls"}, {"lower_bound", "first-step"}}}) {
            algos.push_back(AlgorithmRegistry::instance().create("catch", params));
            algos.back()->prepare(s);
        }
        for (int f = 0; f + 1 < s.frames; ++f) {
            double t0 = s.frameTime(f, s.frames), t1 = s.frameTime(f + 1, s.frames);
            std::vector<FrameResult> r;
            for (auto& a : algos) r.push_back(a->step(t0, t1));
            ++frames;
            contacts += r[0].earliest() != nullptr;
            for (std::size_t k = 1; k < r.size(); ++k) {
                ASSERT_EQ(r[k].earliest() != nullptr, r[0].earliest() != nullptr)
                    << "scene " << i << " variant " << k;
                if (!r[0].earliest()) continue;
                // Both are times where some pair is within epsilon with no contact before: they differ by
                // the time the nearest pair takes to close epsilon, a small part of these frames.
                EXPECT_NEAR(r[k].earliest()->time, r[0].earliest()->time, 0.01 * (t1 - t0))
                    << "scene " << i << " frame " << f << " variant " << k;
            }
            // Spatial culling's bound changes only the PCLs: the same pairs are advanced the same way.
            if (r[0].earliest() && r[2].earliest()) {
                EXPECT_EQ(r[2].earliest()->time, r[0].earliest()->time);
            }
        }
    }
    EXPECT_GT(contacts, frames * 3 / 10);
    EXPECT_LT(contacts, frames * 7 / 10);
}

// 300 scenes in the slow label, 25 always.
TEST(CatchToc, TemporalCullingAndIntervalBoundsChangeNoAnswerDeep) {
    checkVariants(7004, 300);
}

TEST(CatchToc, TemporalCullingAndIntervalBoundsChangeNoAnswer) {
    checkVariants(7003, 25);
}

// Sec. 8's motion-planning question: mode=planning says whether a frame collides exactly when mode=toc does,
// with a contact no earlier than the first (it stops at the first one it finds), and does no more work.
TEST(CatchToc, PlanningModeAnswersWhetherAFrameCollides) {
    test::Rng rng(7005);
    int frames = 0, contacts = 0;
    for (int i = 0; i < 25; ++i) {
        Scene s;
        std::string which;
        do s = randomScene(rng, 3.5);
        while (DiscreteOracle(s).anyIntersect(0, which));
        auto toc = AlgorithmRegistry::instance().create("catch", {});
        auto plan = AlgorithmRegistry::instance().create("catch", {{"mode", "planning"}});
        toc->prepare(s), plan->prepare(s);
        FrameResult a = toc->step(0, 1), b = plan->step(0, 1);
        ++frames;
        ASSERT_EQ(a.earliest() != nullptr, b.earliest() != nullptr) << "scene " << i;
        EXPECT_LE(b.counters.get(counter::CaIterations), a.counters.get(counter::CaIterations))
            << "scene " << i;
        if (!a.earliest()) continue;
        ++contacts;
        EXPECT_GE(b.earliest()->time, a.earliest()->time - 0.01) << "scene " << i;
    }
    EXPECT_GT(contacts, frames * 3 / 10);
    EXPECT_LT(contacts, frames * 7 / 10);
}

TEST(CatchToc, PairsThatStartInsideReportTheFrameStartAndTheirFeatures) {
    Scene s;
    s.startTime = 0, s.endTime = 1, s.frames = 2;
    for (int i = 0; i < 2; ++i) {
        Body b;
        b.name = i ? "b" : "a";
        b.mesh = std::make_shared<TriangleMesh>(makeBox({1, 1, 1}, 12));
        b.motion = PoseTrack({{0, {i * 0.5, 0, 0}, Quat{}}, {1, {i * 0.5, 2.0 * i, 0}, Quat{}}});
        s.bodies.push_back(b);
    }
    auto algo = AlgorithmRegistry::instance().create("catch", {});
    algo->prepare(s);
    FrameResult r = algo->step(0, 1);
    ASSERT_EQ(r.firstContacts.size(), 1u);
    const TimeOfContact& c = r.firstContacts[0];
    EXPECT_EQ(c.time, 0);
    EXPECT_EQ(c.kind, TimeOfContact::Kind::Penetrating);
    EXPECT_EQ(c.featureA.kind, MeshFeature::Kind::Face);
    EXPECT_EQ(c.featureB.kind, MeshFeature::Kind::Face);
    EXPECT_NE(describeContact(c, "a", "b").find("interpenetrating at the start"), std::string::npos);
}

TEST(CatchToc, OneTriangleAndCollapsedLinksWork) {
    // A one-triangle blade swept through a segment-like sliver: contact found, at the right time.
    Scene s;
    s.startTime = 0, s.endTime = 1, s.frames = 2;
    Body blade, sliver;
    blade.name = "blade", sliver.name = "sliver";
    TriangleMesh one;
    one.vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    one.triangles = {{0, 1, 2}};
    one.computeFaceNormals();
    TriangleMesh flat; // two triangles collapsed onto the segment x in [0, 1] at y = z = 0
    flat.vertices = {{0, 0, 0}, {1, 0, 0}, {0.5, 0, 0}, {0.25, 0, 0}};
    flat.triangles = {{0, 1, 2}, {0, 3, 1}};
    flat.computeFaceNormals();
    blade.mesh = std::make_shared<TriangleMesh>(one);
    sliver.mesh = std::make_shared<TriangleMesh>(flat);
    blade.motion =
        PoseTrack({{0, {0.2, 0.2, 1}, Quat{}}, {1, {0.2, 0.2, -1}, Quat{}}}); // crosses z = 0 at t 0.5
    sliver.motion = PoseTrack({{0, {0, 0.3, 0}, Quat{}}});
    s.bodies = {blade, sliver};
    auto algo = AlgorithmRegistry::instance().create("catch", {});
    algo->prepare(s);
    FrameResult r = algo->step(0, 1);
    ASSERT_EQ(r.firstContacts.size(), 1u);
    EXPECT_NEAR(r.firstContacts[0].time, 0.5, 1e-3);
    EXPECT_LE(r.firstContacts[0].time, 0.5);
}

TEST(CatchToc, ALinkWithoutTrianglesIsRefusedByName) {
    Scene s;
    s.startTime = 0, s.endTime = 1, s.frames = 2;
    Body a, b;
    a.name = "a", b.name = "empty";
    a.mesh = std::make_shared<TriangleMesh>(makeBox({1, 1, 1}, 12));
    b.mesh = std::make_shared<TriangleMesh>();
    a.motion = PoseTrack({{0, {0, 0, 0}, Quat{}}, {1, {1, 0, 0}, Quat{}}});
    b.motion = PoseTrack({{0, {3, 0, 0}, Quat{}}});
    s.bodies = {a, b};
    auto algo = AlgorithmRegistry::instance().create("catch", {});
    try {
        algo->prepare(s);
        FAIL() << "an empty link was accepted";
    } catch (const std::exception& e) {
        EXPECT_NE(std::string(e.what()).find("empty"), std::string::npos) << e.what();
    }
}

// A static model whose two sibling links rest pressed into each other (not adjacent: a self pair): every
// zero-length frame (t0 = t1, as a viewer steps one instant) and every frame reports that contact at its
// start, in every variant of catch but self=off (which does not ask about it). Temporal culling's edge: the
// pair's bound equals t_min there.
TEST(CatchToc, AStaticTouchingModelReportsItsContactInZeroLengthFrames) {
    Scene s;
    s.startTime = 0, s.endTime = 5, s.frames = 51;
    ArticulatedModel model;
    model.name = "rack";
    const Vec3 at[3] = {{0, 0, 0}, {0, 3, 0}, {0.9996, 3, 0}}; // links 1 and 2 overlap by 0.0004
    for (int i = 0; i < 3; ++i) {
        Link l;
        l.name = "l" + std::to_string(i);
        l.parent = i == 0 ? -1 : 0;
        l.mesh = std::make_shared<TriangleMesh>(makeBox({1, 1, 1}, 12));
        l.joint = {Mat3{}, at[i]};
        l.motion = PoseTrack({{0, {0, 0, 0}, Quat{}}});
        model.links.push_back(std::move(l));
    }
    s.models.push_back(std::move(model));
    SceneObjects objects(s);
    for (const Params& p : catchVariants()) {
        if (p.count("self")) continue;
        std::string label = p.empty() ? "defaults" : p.begin()->first + "=" + p.begin()->second;
        auto algo = AlgorithmRegistry::instance().create("catch", p);
        algo->prepare(s);
        int reported = 0;
        for (int k = 0; k < 50; ++k) {
            double t = s.frameTime(k, s.frames);
            for (double t1 : {t, s.frameTime(k + 1, s.frames)}) {
                FrameResult r = algo->step(t, t1);
                const TimeOfContact* c = r.earliest();
                if (!c) continue;
                ++reported;
                EXPECT_EQ(c->time, t) << label;
                EXPECT_EQ(objects.objects()[c->objectA].name, "rack/l1") << label;
                EXPECT_EQ(objects.objects()[c->objectB].name, "rack/l2") << label;
                EXPECT_EQ(c->kind, TimeOfContact::Kind::Penetrating) << label;
            }
        }
        EXPECT_EQ(reported, 100) << label << ": frames with the resting contact reported";
    }
}
