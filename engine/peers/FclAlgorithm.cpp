#include "peers/FclAlgorithm.h"

#include "peers/FclConversions.h"

#include <fcl/config.h>
#include <fcl/fcl.h>
#include <map>

namespace cdlab {

struct FclAlgorithm::Impl {
    std::string bv;
    std::map<const TriangleMesh*, std::shared_ptr<fcl::CollisionGeometryd>> models;
    std::vector<std::shared_ptr<fcl::CollisionGeometryd>> modelOf;
    std::size_t memoryBytes = 0;
};

AlgorithmInfo FclAlgorithm::info() {
    AlgorithmInfo i;
    i.name = "fcl";
    i.kind = AlgorithmKind::Discrete;
    i.draws = {DebugCategory::TriangleHit, DebugCategory::Contact};
    i.role = Role::Peer;
    i.deformingBodies = true; // deforming objects get a model of their own, refit each step
    i.description =
        "Peer: FCL " FCL_VERSION " discrete mesh-mesh collide (BVHModel, contacts disabled), same "
        "frames and pairs. OBBRSS is FCL's fast path.";
    i.params = {
        {"bv",
         "FCL bounding volume: obbrss (FCL's fast mesh-mesh path), obb, or aabb (FCL refits AABB models in "
         "world space on every call).",
         std::string("obbrss"),
         {"obbrss", "obb", "aabb"}},
        contactModeParam(),
    };
    i.create = [](const ParamSet& p) { return std::make_unique<FclAlgorithm>(p); };
    return i;
}

std::string FclAlgorithm::version() {
    return "fcl " FCL_VERSION;
}

FclAlgorithm::FclAlgorithm(const ParamSet& p)
    : DiscretePipeline(contactMode(p)), m_impl(std::make_unique<Impl>()) {
    m_impl->bv = p.getString("bv");
}

FclAlgorithm::~FclAlgorithm() = default;

void FclAlgorithm::prepareObjects(const SceneObjects& objects, MeshDataCache&, PrepareReport& report,
                                  const Progress& progress) {
    m_impl->models.clear();
    m_impl->modelOf.clear();
    m_impl->memoryBytes = 0;
    auto build = [&](const TriangleMesh& mesh) -> std::shared_ptr<fcl::CollisionGeometryd> {
        if (m_impl->bv == "obbrss") return buildFclModel<fcl::OBBRSSd>(mesh, m_impl->memoryBytes);
        if (m_impl->bv == "obb") return buildFclModel<fcl::OBBd>(mesh, m_impl->memoryBytes);
        return buildFclModel<fcl::AABBd>(mesh, m_impl->memoryBytes);
    };
    std::size_t deforming = 0;
    for (std::uint32_t i = 0; i < objects.objects().size(); ++i) {
        const SceneObject& o = objects.objects()[i];
        if (objects.deforms(i)) { // a model of its own: its vertices change every step
            m_impl->modelOf.push_back(build(mesh(i)));
            ++deforming;
            continue;
        }
        auto [it, fresh] = m_impl->models.try_emplace(o.mesh);
        if (fresh) it->second = build(*o.mesh);
        m_impl->modelOf.push_back(it->second);
    }
    report.memoryBytes = m_impl->memoryBytes;
    report.notes = std::to_string(m_impl->models.size() + deforming) + " FCL BVHModel<" + m_impl->bv + ">";
    if (deforming) report.notes += ", " + std::to_string(deforming) + " refit per step (deforming)";
}

void FclAlgorithm::meshDeformed(std::uint32_t i, const TriangleMesh& mesh) {
    fcl::CollisionGeometryd* model = m_impl->modelOf[i].get();
    if (m_impl->bv == "obbrss")
        refitFclModel(static_cast<fcl::BVHModel<fcl::OBBRSSd>&>(*model), mesh);
    else if (m_impl->bv == "obb")
        refitFclModel(static_cast<fcl::BVHModel<fcl::OBBd>&>(*model), mesh);
    else
        refitFclModel(static_cast<fcl::BVHModel<fcl::AABBd>&>(*model), mesh);
}

void FclAlgorithm::collidePair(std::uint32_t a, std::uint32_t b, const Pose& pa, const Pose& pb,
                               CollisionResult& out, DebugSink* sink) {
    std::size_t maxContacts = m_mode == ContactMode::FirstContact ? 1 : 100'000'000;
    fcl::CollisionRequestd request(maxContacts, false);
    fcl::CollisionResultd result;
    fcl::collide(m_impl->modelOf[a].get(), toFcl(pa), m_impl->modelOf[b].get(), toFcl(pb), request, result);
    out.counters.pairsFound += result.numContacts();
    for (std::size_t i = 0; i < result.numContacts(); ++i) {
        const auto& c = result.getContact(i);
        out.pairs.push_back({static_cast<std::uint32_t>(c.b1), static_cast<std::uint32_t>(c.b2)});
    }
    if (sink) drawReportedPairs(a, b, pa, pb, out.pairs, *sink);
}

} // namespace cdlab
