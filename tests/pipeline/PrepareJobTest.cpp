// Preparation on a worker thread (what the viewer does while a big mesh gets its BVH and BM-cones): the
// progress an algorithm reports, and PrepareJob's outcome, errors and cancellation.
#include "pipeline/PrepareJob.h"
#include "TestPaths.h"
#include "TestUtil.h"
#include "ccd/CcdCounters.h"
#include "culling/BmConeTree.h"
#include "mesh/ObjWriter.h"
#include "mesh/ProceduralMeshes.h"
#include "pipeline/AlgorithmRegistry.h"
#include "scene/SceneLoader.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <set>
#include <thread>

using namespace cdlab;
using test::bundled;

namespace {

/// Two bodies sharing one mesh, a third with its own.
Scene spheresScene(int triangles) {
    Scene scene;
    auto big = std::make_shared<TriangleMesh>(makeSphere(1.0, triangles));
    auto small = std::make_shared<TriangleMesh>(makeSphere(0.5, 200));
    for (int i = 0; i < 3; ++i) {
        Body b;
        b.name = "body" + std::to_string(i);
        b.mesh = i < 2 ? big : small;
        Keyframe k0, k1;
        k0.position = {3.0 * i, 0, 0}, k1.position = {3.0 * i + 0.5, 0, 0}, k1.time = 1;
        b.motion = PoseTrack({k0, k1});
        scene.bodies.push_back(b);
    }
    return scene;
}

struct Report {
    double fraction;
    std::string what;
};

/// An algorithm whose prepare reports progress until it is cancelled (or after `limit` reports), so a test
/// of cancellation hangs (and times out) instead of passing when cancelling does not work.
class EndlessPrepare : public Algorithm {
public:
    explicit EndlessPrepare(long limit) : m_limit(limit) {}
    PrepareReport prepare(const Scene&, const Progress& progress) override {
        for (long k = 0; k < m_limit; ++k) {
            progress(0.5, "step " + std::to_string(k));
            std::this_thread::sleep_for(std::chrono::microseconds(100));
        }
        PrepareReport r;
        r.notes = "finished";
        return r;
    }
    FrameResult step(double, double, DebugSink*) override { return {}; }

private:
    long m_limit;
};

} // namespace

TEST(PrepareProgress, RigidCcdReportsTreesAndConesInOrder) {
    // The progress the viewer shows: by triangles over the distinct meshes (the shared one once), the tree
    // before the cones, never going back, ending at 1.
    Scene scene = spheresScene(3000);
    for (const char* name : {"rigid-ccd", "rigid-ccd-bm"}) {
        auto algo = AlgorithmRegistry::instance().create(name, {});
        std::vector<Report> seen;
        algo->prepare(scene, [&](double f, const std::string& what) { seen.push_back({f, what}); });
        ASSERT_GE(seen.size(), 20u) << name; // reported along the way, not once per mesh
        for (std::size_t k = 1; k < seen.size(); ++k)
            EXPECT_GE(seen[k].fraction, seen[k - 1].fraction)
                << name << " report " << k << " " << seen[k].what;
        EXPECT_LE(seen.front().fraction, 0.01) << name;
        EXPECT_DOUBLE_EQ(seen.back().fraction, 1.0) << name;
        std::vector<std::string> order;
        for (const auto& r : seen)
            if (order.empty() || order.back() != r.what) order.push_back(r.what);
        std::vector<std::string> expected = {"BVH body0", "BVH body2"};
        if (std::string(name) == "rigid-ccd-bm")
            expected = {"BVH body0", "BM-cones body0", "BVH body2", "BM-cones body2"};
        EXPECT_EQ(order, expected) << name;
    }
}

TEST(PrepareProgress, BmConeTreeReportsAboutAHundredTimes) {
    TriangleMesh mesh = makeSphere(1.0, 2000);
    Bvh bvh;
    bvh.build(mesh, {BvType::Obb, SplitRule::MinMax, SplitPosition::Median, 1});
    std::vector<double> seen;
    BmConeTree tree;
    tree.build(bvh, mesh, BmBuildMode::BottomUp, {}, [&](double f) { seen.push_back(f); });
    ASSERT_GE(seen.size(), 90u);
    EXPECT_LE(seen.size(), 110u);
    EXPECT_EQ(seen.front(), 0.0);
    EXPECT_EQ(seen.back(), 1.0);
    for (std::size_t k = 1; k < seen.size(); ++k) EXPECT_GE(seen[k], seen[k - 1]);
    // The same cones as a build without progress.
    BmConeTree plain;
    plain.build(bvh, mesh, BmBuildMode::BottomUp, {});
    EXPECT_EQ(tree.stats().nodesWithCone, plain.stats().nodesWithCone);
    EXPECT_EQ(tree.stats().projections, plain.stats().projections);
}

TEST(PrepareJob, LoadsAndPreparesLikeTheCallerWould) {
    // A scene loaded and two algorithms prepared on the worker answer exactly as when done in line, while
    // the calling thread keeps stepping another algorithm on a scene of its own.
    const std::string path = std::string(CDLAB_SOURCE_DIR) + "/scenes/doors.json";
    Scene own = loadScene(path);
    auto running = AlgorithmRegistry::instance().create("rigid-ccd", {});
    running->prepare(own);
    PrepareJob job;
    PrepareTask task;
    task.load = [path](const SceneLoadProgress& p) { return std::make_unique<Scene>(loadScene(path, p)); };
    for (const char* name : {"rigid-ccd", "rigid-ccd-bm"}) {
        task.create.push_back([name] { return AlgorithmRegistry::instance().create(name, {}); });
        task.labels.push_back(name);
    }
    job.start(std::move(task));
    EXPECT_TRUE(job.busy());
    std::optional<PrepareOutcome> out;
    int stepped = 0;
    while (!(out = job.take())) { // what the viewer's frame loop does
        double t = own.frameTime(stepped % own.frames, own.frames);
        running->step(t - own.frameLength(), t);
        ++stepped;
    }
    EXPECT_FALSE(job.busy());
    EXPECT_FALSE(out->cancelled);
    EXPECT_EQ(out->error, "");
    ASSERT_TRUE(out->scene);
    EXPECT_EQ(out->scene->name, own.name);
    ASSERT_EQ(out->algorithms.size(), 2u);
    EXPECT_DOUBLE_EQ(job.fraction(), 1.0);
    for (int a = 0; a < 2; ++a) {
        const PreparedAlgorithm& p = out->algorithms[std::size_t(a)];
        ASSERT_TRUE(p.algo) << p.error;
        auto inLine = AlgorithmRegistry::instance().create(a == 0 ? "rigid-ccd" : "rigid-ccd-bm", {});
        PrepareReport r = inLine->prepare(own);
        // The job's algorithms share one cache: the second reuses the first's tree.
        EXPECT_EQ(p.report.notes, r.notes + (a == 1 ? " (1 structure shared with another algorithm)" : ""));
        EXPECT_EQ(p.report.memoryBytes, r.memoryBytes);
        for (double t : {3.733333333333333, 10.5}) { // the brush's contact frame, the swivel
            FrameResult x = p.algo->step(t - own.frameLength(), t),
                        y = inLine->step(t - own.frameLength(), t);
            EXPECT_EQ(x.hash(), y.hash()) << a << " t " << t;
            EXPECT_EQ(x.counters.get(counter::EeTests), y.counters.get(counter::EeTests)) << a << " t " << t;
        }
    }
}

TEST(PrepareJob, ABadSceneOrAlgorithmIsReportedAndNothingElseIsLost) {
    PrepareJob job;
    PrepareTask bad;
    const std::string missing = std::string(CDLAB_SOURCE_DIR) + "/scenes/no_such_scene.json";
    bad.load = [missing](const SceneLoadProgress& p) {
        return std::make_unique<Scene>(loadScene(missing, p));
    };
    bad.create.push_back([] { return AlgorithmRegistry::instance().create("bvh", {}); });
    job.start(std::move(bad));
    PrepareOutcome out = job.wait();
    EXPECT_NE(out.error.find("no_such_scene.json"), std::string::npos) << out.error;
    EXPECT_FALSE(out.scene);
    EXPECT_TRUE(out.algorithms.empty());
    EXPECT_FALSE(out.cancelled);

    // On a given scene: a bad parameter fails its own algorithm only.
    Scene scene = bundled("cylinder_ball.json");
    PrepareTask task;
    task.scene = &scene;
    task.create.push_back([] {
        return AlgorithmRegistry::instance().create("bvh", {{"bv", "sphere"}}, "view 1");
    });
    task.create.push_back([] { return AlgorithmRegistry::instance().create("bvh", {}); });
    job.start(std::move(task));
    out = job.wait();
    EXPECT_FALSE(out.scene); // nothing loaded: prepared on the caller's scene
    ASSERT_EQ(out.algorithms.size(), 2u);
    EXPECT_FALSE(out.algorithms[0].algo);
    EXPECT_NE(out.algorithms[0].error.find("expected one of aabb|obb"), std::string::npos)
        << out.algorithms[0].error;
    ASSERT_TRUE(out.algorithms[1].algo) << out.algorithms[1].error;
    EXPECT_FALSE(out.algorithms[1].report.notes.empty());
}

TEST(PrepareJob, CancelStopsTheWorkerAndDropsItsWork) {
    Scene scene = bundled("cylinder_ball.json");
    PrepareJob job;
    PrepareTask task;
    task.scene = &scene;
    task.create.push_back([] { return std::make_unique<EndlessPrepare>(1L << 40); });
    task.labels.push_back("endless");
    job.start(std::move(task));
    while (job.what().find("endless: step 10") == std::string::npos) std::this_thread::yield();
    EXPECT_TRUE(job.busy());
    EXPECT_FALSE(job.take()); // still running
    job.cancel();             // returns only once the worker has stopped
    EXPECT_FALSE(job.busy());
    EXPECT_FALSE(job.take());

    // A new start cancels the running job; the second one finishes normally.
    PrepareTask endless;
    endless.scene = &scene;
    endless.create.push_back([] { return std::make_unique<EndlessPrepare>(1L << 40); });
    job.start(std::move(endless));
    PrepareTask finite;
    finite.scene = &scene;
    finite.create.push_back([] { return std::make_unique<EndlessPrepare>(5); });
    job.start(std::move(finite));
    PrepareOutcome out = job.wait();
    EXPECT_FALSE(out.cancelled);
    ASSERT_EQ(out.algorithms.size(), 1u);
    ASSERT_TRUE(out.algorithms[0].algo);
    EXPECT_EQ(out.algorithms[0].report.notes, "finished");
}

TEST(PrepareJob, CancelReachesThePipelineWithinAProgressReport) {
    // Cancelled while the real pipeline builds BM-cones: the worker stops at its next progress report.
    Scene scene = spheresScene(20000);
    PrepareJob job;
    PrepareTask task;
    task.scene = &scene;
    task.create.push_back([] { return AlgorithmRegistry::instance().create("rigid-ccd-bm", {}); });
    task.labels.push_back("view 1");
    job.start(std::move(task));
    std::string what;
    while ((what = job.what()).find("BM-cones body0") == std::string::npos && what != "done")
        std::this_thread::yield();
    ASSERT_NE(what, "done"); // the cones of 20,000 triangles take seconds
    auto before = std::chrono::steady_clock::now();
    job.cancel();
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - before).count();
    EXPECT_FALSE(job.busy());
    // About 1 % of the nodes between reports (tens of ms); the whole build takes seconds.
    EXPECT_LT(ms, 1000.0);
}

TEST(PrepareJob, CancelStopsAMeshImport) {
    // A scene whose mesh file takes a while to import (200,000 triangles, about 10 MB of OBJ): the import
    // reports its progress ("importing sphere.obj") and a cancel stops it at its next report.
    test::TempDir dir;
    writeObj(makeSphere(1, 200000), dir.path("sphere.obj"));
    std::string path =
        dir.write("s.json", R"({"bodies": [{"name": "ball", "mesh": {"file": "sphere.obj"}}]})");
    PrepareJob job;
    PrepareTask task;
    std::atomic<bool> stoppedInImport{false};
    task.load = [&](const SceneLoadProgress& progress) {
        try {
            return std::make_unique<Scene>(loadScene(path, progress));
        } catch (const PrepareCancelled&) {
            stoppedInImport = true;
            throw;
        }
    };
    job.start(std::move(task));
    std::string what;
    while ((what = job.what()).find("importing sphere.obj") == std::string::npos && what != "done")
        std::this_thread::yield();
    ASSERT_NE(what, "done");
    EXPECT_LE(job.fraction(), 0.1); // the load is the first tenth of the bar
    job.cancel();
    EXPECT_FALSE(job.busy());
    EXPECT_TRUE(stoppedInImport);

    // The same task, not cancelled, loads the mesh.
    PrepareTask again;
    again.load = [&](const SceneLoadProgress& progress) {
        return std::make_unique<Scene>(loadScene(path, progress));
    };
    job.start(std::move(again));
    PrepareOutcome out = job.wait();
    EXPECT_FALSE(out.cancelled);
    ASSERT_TRUE(out.scene);
    EXPECT_GT(out.scene->bodies.at(0).mesh->triangleCount(), 190000u);
}
