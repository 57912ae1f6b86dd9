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

std::unique_ptr<BulletMesh> makeBulletMesh(const TriangleMesh& mesh, double maxDisplacement) {
    auto m = std::make_unique<BulletMesh>();
    for (const Vec3& v : mesh.vertices)
        m->vertices.insert(m->vertices.end(), {btScalar(v.x), btScalar(v.y), btScalar(v.z)});
    for (const auto& t : mesh.triangles)
        m->indices.insert(m->indices.end(), {int(t[0]), int(t[1]), int(t[2])});
    m->array = std::make_unique<btTriangleIndexVertexArray>(int(mesh.triangles.size()), m->indices.data(),
                                                            int(3 * sizeof(int)), int(mesh.vertices.size()),
                                                            m->vertices.data(), int(3 * sizeof(btScalar)));
    m->shape = std::make_unique<btGImpactMeshShape>(m->array.get());
    if (maxDisplacement > 0) {
        // A deforming mesh: GImpact's box tree is quantized to 16 bits within the bounds it was built over
        // (padded by 1 scene unit), and its refit (postUpdate + updateBound) clamps to them: a vertex that
        // moves further out gets a box that misses it, and contacts are lost (tests/scene/DeformTest.cpp, a
        // sheet bobbing 2.5 units: all 13 colliding frames missed). Build it with every triangle's box grown
        // by the most a vertex can move from here (twice the amplitude), then refit at margin 0 inside that.
        m->shape->setMargin(btScalar(2 * maxDisplacement));
        m->shape->updateBound();
    }
    m->shape->setMargin(0);  // no gap counts as contact (the default 0.01 reports millimetres)
    m->shape->updateBound(); // builds the box tree over the triangles (refits it after the build above)
    return m;
}

} // namespace

struct BulletAlgorithm::Impl {
    // Bullet's collision world, used only for its pair test (no broadphase pass, no simulation).
    btDefaultCollisionConfiguration config;
    btCollisionDispatcher dispatcher{&config};
    btDbvtBroadphase broadphase;
    btCollisionWorld world{&dispatcher, &broadphase, &config};
    std::map<const TriangleMesh*, std::unique_ptr<BulletMesh>> meshes; // rigid objects' shapes, shared
    std::vector<std::unique_ptr<BulletMesh>> deformingMeshes;          // one per deforming object
    std::vector<BulletMesh*> deforming;                                // per object; null when rigid
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
    i.role = Role::Peer;
    i.deformingBodies = true; // deforming objects get a shape of their own, refit each step
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
    m_impl->deforming.assign(objects.objects().size(), nullptr);
    std::vector<std::unique_ptr<BulletMesh>>& own = m_impl->deformingMeshes;
    own.clear();
    auto count = [&](const BulletMesh& m) {
        // What Bullet keeps: the arrays it reads the triangles from and the GImpact box tree.
        const btGImpactBoxSet* tree = m.shape->getMeshPart(0)->getBoxSet();
        m_impl->memoryBytes += m.vertices.size() * sizeof(btScalar) + m.indices.size() * sizeof(int) +
                               std::size_t(tree->getNodeCount()) * sizeof(GIM_BVH_TREE_NODE);
    };
    for (std::uint32_t i = 0; i < objects.objects().size(); ++i) {
        const SceneObject& o = objects.objects()[i];
        BulletMesh* shape = nullptr;
        if (objects.deforms(i)) { // a shape of its own: its vertices change every step
            own.push_back(makeBulletMesh(mesh(i), objects.deformation(i).maxDisplacement()));
            count(*own.back());
            shape = m_impl->deforming[i] = own.back().get();
        } else {
            auto [it, fresh] = m_impl->meshes.try_emplace(o.mesh);
            if (fresh) {
                it->second = makeBulletMesh(*o.mesh, 0);
                count(*it->second);
            }
            shape = it->second.get();
        }
        auto obj = std::make_unique<btCollisionObject>();
        obj->setCollisionShape(shape->shape.get());
        m_impl->objects.push_back(std::move(obj));
    }
    report.memoryBytes = m_impl->memoryBytes;
    report.notes =
        std::to_string(m_impl->meshes.size() + own.size()) + " Bullet btGImpactMeshShape (margin 0)";
    if (!own.empty()) report.notes += ", " + std::to_string(own.size()) + " refit per step (deforming)";
}

void BulletAlgorithm::meshDeformed(std::uint32_t i, const TriangleMesh& mesh) {
    // Bullet reads the vertices from our array: overwrite them in place, then refit (Bullet's way for
    // deformable GImpact meshes: postUpdate() marks the box tree stale, updateBound() refits it).
    BulletMesh& m = *m_impl->deforming[i];
    for (std::size_t v = 0; v < mesh.vertices.size(); ++v) {
        m.vertices[3 * v] = btScalar(mesh.vertices[v].x);
        m.vertices[3 * v + 1] = btScalar(mesh.vertices[v].y);
        m.vertices[3 * v + 2] = btScalar(mesh.vertices[v].z);
    }
    m.shape->postUpdate();
    m.shape->updateBound();
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
