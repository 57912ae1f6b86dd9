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
    i.role = AlgorithmRole::Peer;
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
    for (const auto& o : objects.objects()) {
        auto [it, fresh] = m_impl->models.try_emplace(o.mesh);
        if (fresh) {
            if (m_impl->bv == "obbrss")
                it->second = buildFclModel<fcl::OBBRSSd>(*o.mesh, m_impl->memoryBytes);
            else if (m_impl->bv == "obb")
                it->second = buildFclModel<fcl::OBBd>(*o.mesh, m_impl->memoryBytes);
            else
                it->second = buildFclModel<fcl::AABBd>(*o.mesh, m_impl->memoryBytes);
        }
        m_impl->modelOf.push_back(it->second);
    }
    report.memoryBytes = m_impl->memoryBytes;
    report.notes = std::to_string(m_impl->models.size()) + " FCL BVHModel<" + m_impl->bv + ">";
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
