// The articulated spatial culling (`catch`, zhang2007 secs. 4-5) is conservative: every object pair the exact
// discrete triangle test finds intersecting at any of 200 (bundled scenes: 201) sampled times of a frame is
// among the frame's PCLs — on fixed-seed random articulated scenes (chains and trees of box links, a moving
// rigid body, a static floor) and on every bundled articulated scene.
#include "BundledScenes.h"
#include "TestPaths.h"
#include "TestUtil.h"
#include "articulated/SpatialCulling.h"
#include "bvh/Bvh.h"
#include "collision/BvhCollider.h"
#include "core/Assert.h"
#include "mesh/ProceduralMeshes.h"
#include "pipeline/AlgorithmRegistry.h"

#include <algorithm>
#include <filesystem>
#include <gtest/gtest.h>
#include <map>
#include <set>

using namespace cdlab;

namespace {

using Pair = std::pair<std::uint32_t, std::uint32_t>;

/// A box link reaching from its joint along +x, `length` long.
std::shared_ptr<const TriangleMesh> linkMesh(double length, double thickness) {
    TriangleMesh m = makeBox({length, thickness, thickness}, 12);
    for (Vec3& v : m.vertices) v.x += length / 2;
    m.computeFaceNormals();
    return std::make_shared<TriangleMesh>(std::move(m));
}

Scene randomScene(test::Rng& rng, double spread) {
    Scene s;
    s.startTime = 0, s.endTime = 1, s.frames = 8;
    int models = rng.integer(1, 3);
    for (int m = 0; m < models; ++m) {
        ArticulatedModel model;
        model.name = "m" + std::to_string(m);
        model.base = {rng.rotation(), rng.vec(-spread, spread)};
        int links = rng.integer(2, 8);
        for (int i = 0; i < links; ++i) {
            Link l;
            l.name = "l" + std::to_string(i);
            l.parent = i == 0 ? -1 : (rng.uniform() < 0.9 ? i - 1 : rng.integer(0, i - 1));
            double len = rng.uniform(0.6, 1.4);
            l.mesh = linkMesh(len, rng.uniform(0.15, 0.4));
            l.joint = {Quat::fromAxisAngle(rng.unit(), rng.uniform(0, 1.5)).toMat3(),
                       {i == 0 ? 0.0 : rng.uniform(0.5, 1.3), 0, 0}};
            std::vector<Keyframe> keys;
            for (int k = 0, n = rng.integer(2, 4); k < n; ++k) {
                Keyframe key;
                key.time = k == 0 ? 0.0 : keys.back().time + rng.uniform(0.2, 0.5);
                key.position = i == 0 ? rng.vec(-1, 1) : Vec3{0, 0, 0};
                key.rotation = Quat::fromAxisAngle(rng.unit(), rng.uniform(-1.2, 1.2));
                keys.push_back(key);
            }
            l.motion = PoseTrack(keys);
            model.links.push_back(std::move(l));
        }
        s.models.push_back(std::move(model));
    }
    Body floor;
    floor.name = "floor";
    floor.environment = true;
    floor.mesh = std::make_shared<TriangleMesh>(makeBox({3 * spread, 3 * spread, 0.2}, 200));
    floor.motion = PoseTrack({{0, {0, 0, -spread * 0.6}, Quat{}}});
    s.bodies.push_back(floor);
    Body ball;
    ball.name = "ball";
    ball.mesh = std::make_shared<TriangleMesh>(makeSphere(0.5, 80));
    ball.motion = PoseTrack({{0, rng.vec(-spread, spread), Quat{}}, {1, rng.vec(-spread, spread), Quat{}}});
    s.bodies.push_back(ball);
    return s;
}

struct Checked {
    int frames = 0, framesWithContact = 0;
    std::uint64_t linkPairs = 0, pcls = 0, touching = 0;
};

/// Runs `catch` with `params` over the scene's frames; at `samples` times per frame tests every pair the
/// scene tests with the exact discrete test and requires each intersecting pair to be a PCL. A pair the frame
/// lists as a PCL cannot fail that check: it is tested only at every `pclStride`-th sample, for the counts of
/// touching pairs (1 counts it at every sample; the bundled scenes' near pairs are the expensive tests).
void checkConservative(const Scene& scene, const std::map<std::string, std::string>& params, int frames,
                       int samples, Checked& out, int pclStride = 1) {
    CDLAB_ASSERT(samples >= 2 && pclStride >= 1 && (samples - 1) % pclStride == 0,
                 "the PCL samples include both ends");
    auto algo = AlgorithmRegistry::instance().create("catch", params);
    algo->prepare(scene);
    SceneObjects objects(scene);
    const BvhBuildOptions build{BvType::Obb, SplitRule::MinMax, SplitPosition::Median, 1};
    std::map<const TriangleMesh*, Bvh> bvhs;
    for (const auto& o : objects.objects())
        if (!bvhs.count(o.mesh)) bvhs[o.mesh].build(*o.mesh, build);
    BvhCollider collider;
    std::vector<Pose> poses, lastPoses;
    for (int f = 0; f + 1 < frames; ++f) {
        double t0 = scene.frameTime(f, frames), t1 = scene.frameTime(f + 1, frames);
        FrameResult r = algo->step(t0, t1);
        std::set<Pair> pcls(r.potentialPairs.begin(), r.potentialPairs.end());
        ASSERT_EQ(pcls.size(), r.potentialPairs.size()) << "PCLs are listed once each";
        out.linkPairs += r.counters.get(counter::LinkPairs);
        out.pcls += r.counters.get(counter::Pcls);
        std::set<Pair> touching;
        for (int s = 0; s < samples; ++s) {
            double t = t0 + (t1 - t0) * s / (samples - 1);
            objects.poses(t, poses);
            // Poses equal to the last sample's give the same answers (a scene at rest: assembly_rest).
            if (s > 0 && poses == lastPoses) continue;
            lastPoses = poses;
            for (const auto& [a, b] : objects.pairs()) {
                if (touching.count({a, b})) continue;
                if (s % pclStride != 0 && pcls.count({a, b})) continue;
                const auto& oa = objects.objects()[a];
                const auto& ob = objects.objects()[b];
                CollisionResult cr;
                collider.collide({oa.mesh, &bvhs[oa.mesh], poses[a]}, {ob.mesh, &bvhs[ob.mesh], poses[b]},
                                 ContactMode::FirstContact, cr);
                if (!cr.colliding()) continue;
                touching.insert({a, b});
                ASSERT_TRUE(pcls.count({a, b}))
                    << scene.file << ": " << oa.name << " and " << ob.name << " intersect at t = " << t
                    << " but catch culled the pair in [" << t0 << ", " << t1 << "]";
            }
        }
        ++out.frames;
        out.framesWithContact += !touching.empty();
        out.touching += touching.size();
    }
}

} // namespace

TEST(Catch, SpatialCullingIsConservativeOnRandomScenes) {
    test::Rng rng(2007);
    Checked c;
    for (int i = 0; i < 60; ++i) {
        Scene s = randomScene(rng, 6.0);
        s.file = "random scene " + std::to_string(i);
        std::map<std::string, std::string> params;
        if (i % 3 == 1) params["bounds"] = "interval";
        if (i % 3 == 2) params["order"] = std::to_string(1 + i % 5);
        checkConservative(s, params, 8, 200, c);
    }
    // The hit-rate guard: frames with a contact are neither rare nor the rule.
    double share = double(c.framesWithContact) / c.frames;
    EXPECT_GT(share, 0.3) << c.framesWithContact << " of " << c.frames;
    EXPECT_LT(share, 0.7) << c.framesWithContact << " of " << c.frames;
    // and the culling culls: far fewer PCLs than pairs, far more than the pairs that touch
    EXPECT_LT(c.pcls, c.linkPairs / 2);
    EXPECT_GE(c.pcls, c.touching);
    std::cout << "[          ] " << c.frames << " frames, " << c.linkPairs << " link pairs, " << c.pcls
              << " PCLs, " << c.touching << " touching\n";
}

std::vector<std::string> bundledArticulatedScenes() {
    std::vector<std::string> names;
    for (const auto& path : test::bundledScenePaths())
        if (!loadScene(path.string()).models.empty()) names.push_back(path.stem().string());
    return names;
}

/// One test per bundled articulated scene, so CTest runs them side by side.
class CatchBundled : public testing::TestWithParam<std::string> {};

TEST_P(CatchBundled, SpatialCullingIsConservative) {
    Scene s = loadScene(std::string(CDLAB_SOURCE_DIR) + "/scenes/" + GetParam() + ".json");
    Checked c;
    // Every culled pair at 201 sampled times of each frame; the PCL pairs (which pass by definition) at 9 of
    // them, for the "something touches" check alone.
    checkConservative(s, {}, std::min(s.frames, 40), 201, c, 25);
    EXPECT_GT(c.touching, 0u) << GetParam() << ": nothing ever touches";
}

INSTANTIATE_TEST_SUITE_P(Scenes, CatchBundled, testing::ValuesIn(bundledArticulatedScenes()),
                         [](const testing::TestParamInfo<std::string>& info) { return info.param; });

TEST(Catch, SkipPairsAndAdjacentLinksAreNeverPcls) {
    // A crowded scene whose first model's first and last links are a PCL without the skip pair (the positive
    // control), and never with it; adjacent links never are.
    test::Rng rng(11);
    Scene s;
    int last = 0;
    auto selfPairs = [&] {
        SceneObjects objects(s);
        auto algo = AlgorithmRegistry::instance().create("catch", {});
        algo->prepare(s);
        std::set<std::pair<int, int>> seen;
        for (int f = 0; f < 7; ++f) {
            FrameResult r = algo->step(s.frameTime(f, 8), s.frameTime(f + 1, 8));
            for (const auto& [a, b] : r.potentialPairs) {
                const auto &oa = objects.objects()[a], &ob = objects.objects()[b];
                if (oa.model != 0 || ob.model != 0) continue;
                EXPECT_TRUE(s.models[0].selfTested(oa.link, ob.link)) << oa.name << " / " << ob.name;
                seen.insert({std::min(oa.link, ob.link), std::max(oa.link, ob.link)});
            }
        }
        return seen;
    };
    // The first fixed-seed scene (of at most 200) whose first model folds back onto its first link.
    bool control = false;
    for (int tries = 0; tries < 200 && !control; ++tries) {
        s = randomScene(rng, 0.5);
        last = int(s.models.front().links.size()) - 1;
        control = last >= 3 && selfPairs().count({0, last});
    }
    ASSERT_TRUE(control) << "no scene brings the first and last links together: no control";
    s.models.front().skipPairs = {{last, 0}};
    EXPECT_FALSE(selfPairs().count({0, last}));
}

namespace {

/// randomScene's models and ball, but every joint (and the ball) holds still over some stretches of the
/// motion (consecutive equal keys), and some models and balls never move.
Scene randomSceneAtRest(test::Rng& rng, double spread) {
    Scene s = randomScene(rng, spread);
    auto still = [&](PoseTrack& track, double share) {
        std::vector<Keyframe> keys;
        for (double t : {0.0, 0.3, 0.45, 0.7, 1.0}) {
            Keyframe k = track.sample(t);
            k.time = t;
            if (!keys.empty() && rng.uniform() < share)
                k.position = keys.back().position, k.rotation = keys.back().rotation;
            keys.push_back(k);
        }
        track = PoseTrack(keys);
    };
    for (ArticulatedModel& m : s.models) {
        const double share = rng.uniform() < 0.4 ? 1.0 : 0.6;
        for (Link& l : m.links) still(l.motion, share);
    }
    still(s.bodies.back().motion, rng.uniform() < 0.5 ? 1.0 : 0.5);
    return s;
}

} // namespace

// Spatial culling keeps a group's swept boxes while its joints hold still (SpatialCulling::cull, issue 42):
// over frames visited in order and then at random, one culling that reuses them gives exactly the PCLs of a
// culling prepared afresh for each frame (the reference, which sweeps every group over the frame).
TEST(Catch, SpatialCullingKeepsTheBoxesOfGroupsAtRest) {
    test::Rng rng(4207);
    const BvhBuildOptions build{BvType::Obb, SplitRule::MinMax, SplitPosition::Median, 1};
    int frames = 0, withPcls = 0, reusedFrames = 0;
    for (int i = 0; i < 60; ++i) {
        Scene s = randomSceneAtRest(rng, 8.0);
        s.file = "random scene at rest " + std::to_string(i);
        SceneObjects objects(s);
        std::map<const TriangleMesh*, Bvh> bvhs;
        std::vector<const Bvh*> bvhOf;
        for (const auto& o : objects.objects()) {
            if (!bvhs.count(o.mesh)) bvhs[o.mesh].build(*o.mesh, build);
            bvhOf.push_back(&bvhs[o.mesh]);
        }
        SweptBoxOptions options;
        if (i % 3 == 1) options.bounds = SweptBounds::Interval;
        SpatialCulling reusing;
        reusing.prepare(s, objects, bvhOf);
        const int count = 20;
        std::vector<int> order;
        for (int f = 0; f < count; ++f) order.push_back(f);
        for (int f = 0; f < count; ++f) order.push_back(rng.integer(0, count - 1));
        for (int f : order) {
            const double t0 = double(f) / count, t1 = double(f + 1) / count;
            SpatialCulling fresh;
            fresh.prepare(s, objects, bvhOf);
            std::vector<SpatialCulling::ObjectPair> expected, got;
            SpatialCullingStats stats;
            fresh.cull(t0, t1, options, expected, stats);
            reusing.cull(t0, t1, options, got, stats);
            ASSERT_EQ(got, expected) << s.file << ", frame [" << t0 << ", " << t1 << "]";
            ++frames;
            withPcls += !expected.empty();
            reusedFrames += stats.boxTests == 0;
        }
    }
    EXPECT_GT(withPcls, frames * 3 / 10) << withPcls << " of " << frames;
    EXPECT_LT(withPcls, frames * 7 / 10) << withPcls << " of " << frames;
    EXPECT_GT(reusedFrames, frames / 10) << "few frames kept every box: the test does not exercise the reuse";
    std::cout << "[          ] " << frames << " frames, " << withPcls << " with PCLs, " << reusedFrames
              << " with every group's boxes kept\n";
}
