#include "peers/BulletAlgorithm.h"

#include <BulletCollision/BroadphaseCollision/btDbvtBroadphase.h>
#include <BulletCollision/CollisionDispatch/btCollisionDispatcher.h>
#include <BulletCollision/CollisionDispatch/btCollisionWorld.h>
#include <BulletCollision/CollisionDispatch/btDefaultCollisionConfiguration.h>
#include <BulletCollision/CollisionShapes/btTriangleIndexVertexArray.h>
#include <BulletCollision/Gimpact/btGImpactCollisionAlgorithm.h>
#include <BulletCollision/Gimpact/btGImpactShape.h>
#include <LinearMath/btScalar.h>
#include <algorithm>
#include <map>

namespace cdlab {

namespace {

/// Bullet keeps pointers into the vertex and index arrays, so they live beside the shape.
struct BulletMesh {
    std::vector<btScalar> vertices;
    std::vector<int> indices;
    std::unique_ptr<btTriangleIndexVertexArray> array;
    std::unique_ptr<btGImpactMeshShape> shape;
};

/// Collects the triangle pair of every contact point, with object a's triangle first.
struct PairCollector : btCollisionWorld::ContactResultCallback {
    const btCollisionObject* a = nullptr;
    std::vector<TrianglePair>* pairs = nullptr;
    btScalar addSingleResult(btManifoldPoint&, const btCollisionObjectWrapper* w0, int, int index0,
                             const btCollisionObjectWrapper*, int, int index1) override {
        bool aFirst = w0->getCollisionObject() == a;
        pairs->push_back({std::uint32_t(aFirst ? index0 : index1), std::uint32_t(aFirst ? index1 : index0)});
        return 0;
    }
};

btTransform toBullet(const Pose& p) {
    btMatrix3x3 R(btScalar(p.R(0, 0)), btScalar(p.R(0, 1)), btScalar(p.R(0, 2)), btScalar(p.R(1, 0)),
                  btScalar(p.R(1, 1)), btScalar(p.R(1, 2)), btScalar(p.R(2, 0)), btScalar(p.R(2, 1)),
                  btScalar(p.R(2, 2)));
    return btTransform(R, btVector3(btScalar(p.t.x), btScalar(p.t.y), btScalar(p.t.z)));
}

} // namespace

struct BulletAlgorithm::Impl {
    // Bullet's collision world, used only for its pair test (no broadphase pass, no simulation).
    btDefaultCollisionConfiguration config;
    btCollisionDispatcher dispatcher{&config};
    btDbvtBroadphase broadphase;
    btCollisionWorld world{&dispatcher, &broadphase, &config};
    std::map<const TriangleMesh*, std::unique_ptr<BulletMesh>> meshes;
    std::vector<std::unique_ptr<btCollisionObject>> objects;
    std::size_t memoryBytes = 0;

    btGImpactCollisionAlgorithm::CreateFunc gimpactPairTest;

    Impl() {
        btGImpactCollisionAlgorithm::registerAlgorithm(&dispatcher);
        // contactPairTest asks for the closest-points algorithm, which registerAlgorithm leaves out.
        dispatcher.registerClosestPointsCreateFunc(GIMPACT_SHAPE_PROXYTYPE, GIMPACT_SHAPE_PROXYTYPE,
                                                   &gimpactPairTest);
    }
};

AlgorithmInfo BulletAlgorithm::info() {
    AlgorithmInfo i;
    i.name = "bullet";
    i.kind = AlgorithmKind::Discrete;
    i.draws = {DebugCategory::TriangleHit, DebugCategory::Contact};
    i.role = AlgorithmRole::Peer;
    i.description = "Peer: " + version() +
                    " discrete mesh-mesh contact test (btGImpactMeshShape, margin 0, single precision), "
                    "same frames and pairs; every colliding triangle pair it reports.";
    i.create = [](const ParamSet& p) { return std::make_unique<BulletAlgorithm>(p); };
    return i;
}

std::string BulletAlgorithm::version() {
    int v = btGetVersion();
    return "bullet " + std::to_string(v / 100) + "." + std::to_string(v % 100);
}

BulletAlgorithm::BulletAlgorithm(const ParamSet&)
    : DiscretePipeline(ContactMode::AllPairs), m_impl(std::make_unique<Impl>()) {}

BulletAlgorithm::~BulletAlgorithm() = default;

void BulletAlgorithm::prepareObjects(const SceneObjects& objects, MeshDataCache&, PrepareReport& report,
                                     const Progress&) {
    m_impl->meshes.clear();
    m_impl->objects.clear();
    m_impl->memoryBytes = 0;
    for (const auto& o : objects.objects()) {
        auto [it, fresh] = m_impl->meshes.try_emplace(o.mesh);
        if (fresh) {
            auto m = std::make_unique<BulletMesh>();
            for (const Vec3& v : o.mesh->vertices)
                m->vertices.insert(m->vertices.end(), {btScalar(v.x), btScalar(v.y), btScalar(v.z)});
            for (const auto& t : o.mesh->triangles)
                m->indices.insert(m->indices.end(), {int(t[0]), int(t[1]), int(t[2])});
            m->array = std::make_unique<btTriangleIndexVertexArray>(
                int(o.mesh->triangles.size()), m->indices.data(), int(3 * sizeof(int)),
                int(o.mesh->vertices.size()), m->vertices.data(), int(3 * sizeof(btScalar)));
            m->shape = std::make_unique<btGImpactMeshShape>(m->array.get());
            m->shape->setMargin(0);  // no gap counts as contact (the default 0.01 reports millimetres)
            m->shape->updateBound(); // builds the box tree over the triangles
            // What Bullet keeps: the arrays it reads the triangles from and the GImpact box tree.
            const btGImpactBoxSet* tree = m->shape->getMeshPart(0)->getBoxSet();
            m_impl->memoryBytes += m->vertices.size() * sizeof(btScalar) + m->indices.size() * sizeof(int) +
                                   std::size_t(tree->getNodeCount()) * sizeof(GIM_BVH_TREE_NODE);
            it->second = std::move(m);
        }
        auto obj = std::make_unique<btCollisionObject>();
        obj->setCollisionShape(it->second->shape.get());
        m_impl->objects.push_back(std::move(obj));
    }
    report.memoryBytes = m_impl->memoryBytes;
    report.notes = std::to_string(m_impl->meshes.size()) + " Bullet btGImpactMeshShape (margin 0)";
}

void BulletAlgorithm::collidePair(std::uint32_t a, std::uint32_t b, const Pose& pa, const Pose& pb,
                                  CollisionResult& out, DebugSink* sink) {
    btCollisionObject* objA = m_impl->objects[a].get();
    btCollisionObject* objB = m_impl->objects[b].get();
    objA->setWorldTransform(toBullet(pa));
    objB->setWorldTransform(toBullet(pb));
    // The shapes' box trees are in mesh coordinates (built once, in prepare); the transforms place them.
    PairCollector collector;
    collector.a = objA;
    collector.pairs = &out.pairs;
    m_impl->world.contactPairTest(objA, objB, collector);
    // Several contact points per triangle pair: keep each pair once.
    std::sort(out.pairs.begin(), out.pairs.end());
    out.pairs.erase(std::unique(out.pairs.begin(), out.pairs.end()), out.pairs.end());
    out.counters.pairsFound += out.pairs.size();
    if (sink) drawReportedPairs(a, b, pa, pb, out.pairs, *sink);
}

} // namespace cdlab
