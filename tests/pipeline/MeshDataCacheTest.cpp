// The per-mesh structure cache shared by the algorithms of a run: each structure is built once when the
// parameters that shape it agree, never shared across scenes or differing parameters, and sharing changes no
// answer.
#include "scene/MeshDataCache.h"
#include "TestUtil.h"
#include "bvh/Bvh.h"
#include "culling/BmConeTree.h"
#include "mesh/FeatureIndex.h"
#include "pipeline/AlgorithmRegistry.h"
#include "pipeline/PrepareJob.h"

#include <gtest/gtest.h>

#include <functional>
#include <stdexcept>

using namespace cdlab;
using test::bundled;

namespace {

std::unique_ptr<Algorithm> make(const std::string& spec) {
    return AlgorithmRegistry::instance().create(AlgorithmSpec::parse(spec, "test"), "test");
}

std::size_t distinctMeshes(const Scene& scene) {
    std::set<const TriangleMesh*> meshes;
    for (const Body& b : scene.bodies) meshes.insert(b.mesh.get());
    for (const ArticulatedModel& m : scene.models)
        for (const Link& l : m.links) meshes.insert(l.mesh.get());
    return meshes.size();
}

} // namespace

TEST(MeshDataCache, BuildsOnceKeepsWhatIsHeldAndStoresNothingWhenTheBuildThrows) {
    Scene scene = bundled("knot_teapot.json");
    MeshDataCache cache(scene);
    const TriangleMesh& mesh = *scene.bodies[0].mesh;
    int builds = 0;
    std::function<int()> count = [&] { return ++builds; };
    bool reused = true;
    auto a = cache.get<int>(mesh, "k", count, &reused);
    EXPECT_FALSE(reused);
    auto b = cache.get<int>(mesh, "k", count, &reused);
    EXPECT_TRUE(reused);
    EXPECT_EQ(a.get(), b.get());
    EXPECT_EQ(builds, 1);
    auto other = cache.get<int>(mesh, "other key", count); // another key: built again
    EXPECT_EQ(*other, 2);
    auto typed = cache.get<long>(mesh, "k", [] { return 7L; }); // another type: its own entry
    EXPECT_EQ(*typed, 7L);
    EXPECT_THROW(cache.get<double>(mesh, "k", []() -> double { throw std::runtime_error("cancelled"); }),
                 std::runtime_error);
    auto d = cache.get<double>(mesh, "k", [] { return 2.5; }); // the failed build left nothing
    EXPECT_EQ(*d, 2.5);
    EXPECT_EQ(cache.size(), 4u);
    // Entries live as long as someone holds them: dropped, they go, and the next get builds afresh.
    other.reset(), typed.reset();
    EXPECT_EQ(cache.size(), 2u);
    a.reset(), b.reset();
    EXPECT_EQ(*cache.get<int>(mesh, "k", count, &reused), 3);
    EXPECT_FALSE(reused);
}

TEST(MeshDataCache, ServesOnlyItsOwnScene) {
    Scene scene = bundled("knot_teapot.json");
    Scene other = bundled("knot_teapot.json"); // the same file loads into new meshes
    MeshDataCache cache(scene);
    EXPECT_TRUE(cache.serves(scene));
    EXPECT_FALSE(cache.serves(other));
    // An algorithm handed a cache of another scene builds its own and leaves it untouched.
    auto algo = make("rigid-ccd");
    auto shared = std::make_shared<MeshDataCache>(scene);
    algo->shareMeshData(shared);
    algo->prepare(other);
    EXPECT_EQ(shared->size(), 0u);
    auto alone = make("rigid-ccd");
    alone->prepare(other);
    EXPECT_EQ(algo->step(other.startTime, other.endTime).hash(),
              alone->step(other.startTime, other.endTime).hash());
}

TEST(MeshDataCache, AlgorithmsWhoseParametersAgreeBuildEachStructureOnce) {
    Scene scene = bundled("doors.json");
    const std::size_t meshes = distinctMeshes(scene);
    auto cache = std::make_shared<MeshDataCache>(scene);
    auto plain = make("rigid-ccd"), culled = make("rigid-ccd-bm"),
         same = make("bvh:split=minmax,position=median"), other = make("bvh");
    for (Algorithm* a : {plain.get(), culled.get(), same.get(), other.get()}) a->shareMeshData(cache);

    PrepareReport p = plain->prepare(scene);
    EXPECT_EQ(cache->size(), 2 * meshes); // an OBB tree and a feature index per mesh
    EXPECT_EQ(p.notes.find("shared"), std::string::npos) << p.notes;
    PrepareReport c = culled->prepare(scene);
    EXPECT_EQ(cache->size(), 4 * meshes); // + a surface check and BM-cones per mesh; the trees reused
    EXPECT_NE(c.notes.find("(" + std::to_string(meshes) + (meshes == 1 ? " structure" : " structures") +
                           " shared with another algorithm)"),
              std::string::npos)
        << c.notes;
    PrepareReport s = same->prepare(scene); // rigid-ccd's tree: OBB, MinMax, median, leaf 1
    EXPECT_EQ(cache->size(), 4 * meshes);
    EXPECT_NE(s.notes.find("shared with another algorithm"), std::string::npos) << s.notes;
    other->prepare(scene); // longest side at the mean: trees of its own
    EXPECT_EQ(cache->size(), 5 * meshes);
    // Every parameter that shapes a structure is in its key: other cone sizes, build order or leaf sizes
    // build their own.
    auto rmax = make("rigid-ccd-bm:rmax=6"), topDown = make("rigid-ccd-bm:build=top-down"),
         leaf = make("bvh:split=minmax,position=median,leaf=2");
    for (Algorithm* a : {rmax.get(), topDown.get(), leaf.get()}) a->shareMeshData(cache);
    rmax->prepare(scene);
    EXPECT_EQ(cache->size(), 6 * meshes);
    topDown->prepare(scene);
    EXPECT_EQ(cache->size(), 7 * meshes);
    leaf->prepare(scene);
    EXPECT_EQ(cache->size(), 8 * meshes);
    // An algorithm that goes (a view switched to another one) takes what only it held along.
    rmax.reset(), topDown.reset(), leaf.reset();
    EXPECT_EQ(cache->size(), 5 * meshes);

    // Sharing changes no answer: frame by frame the same hashes as algorithms that built alone.
    auto alonePlain = make("rigid-ccd"), aloneCulled = make("rigid-ccd-bm"),
         aloneSame = make("bvh:split=minmax,position=median");
    alonePlain->prepare(scene), aloneCulled->prepare(scene), aloneSame->prepare(scene);
    for (int f = 1; f < scene.frames; f += 3) {
        double t0 = scene.frameTime(f - 1, scene.frames), t1 = scene.frameTime(f, scene.frames);
        EXPECT_EQ(plain->step(t0, t1).hash(), alonePlain->step(t0, t1).hash()) << "frame " << f;
        EXPECT_EQ(culled->step(t0, t1).hash(), aloneCulled->step(t0, t1).hash()) << "frame " << f;
        EXPECT_EQ(same->step(t0, t1).hash(), aloneSame->step(t0, t1).hash()) << "frame " << f;
    }
}

TEST(MeshDataCache, PrepareJobsOnOneSceneShareTheirStructures) {
    Scene scene = bundled("knot_teapot.json");
    const std::size_t meshes = distinctMeshes(scene);
    PrepareJob job;
    PrepareTask first;
    first.scene = &scene;
    first.create = {[] { return make("rigid-ccd"); }};
    job.start(std::move(first));
    PrepareOutcome one = job.wait();
    ASSERT_TRUE(one.meshData);
    EXPECT_EQ(one.meshData->size(), 2 * meshes);

    PrepareTask second; // the viewer re-prepares one view with BM-culling on
    second.scene = &scene;
    second.meshData = one.meshData;
    second.create = {[] { return make("rigid-ccd-bm"); }};
    job.start(std::move(second));
    PrepareOutcome two = job.wait();
    EXPECT_EQ(two.meshData, one.meshData);
    EXPECT_EQ(two.meshData->size(), 4 * meshes);
    ASSERT_TRUE(two.algorithms[0].algo);
    EXPECT_NE(two.algorithms[0].report.notes.find("shared with another algorithm"), std::string::npos);
}
