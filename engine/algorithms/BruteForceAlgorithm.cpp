#include "algorithms/BruteForceAlgorithm.h"

namespace cdlab {

namespace {
const bool registered = registerAlgorithm(BruteForceAlgorithm::info());
} // namespace

AlgorithmInfo BruteForceAlgorithm::info() {
    AlgorithmInfo i;
    i.name = "brute-force";
    i.kind = AlgorithmKind::Discrete;
    i.draws = {DebugCategory::TriangleHit, DebugCategory::Contact};
    i.role = Role::Reference;
    i.deformingBodies = true; // nothing kept per mesh: it tests mesh(i) as it is
    i.description = "Reference: all triangle pairs (per-triangle box prefilter, same exact triangle test). "
                    "Quadratic; use it to check the fast algorithms' answers.";
    i.params = {contactModeParam()};
    i.create = [](const ParamSet& p) { return std::make_unique<BruteForceAlgorithm>(p); };
    return i;
}

BruteForceAlgorithm::BruteForceAlgorithm(const ParamSet& p) : DiscretePipeline(contactMode(p)) {}

void BruteForceAlgorithm::collidePair(std::uint32_t a, std::uint32_t b, const Pose& pa, const Pose& pb,
                                      CollisionResult& out, DebugSink* sink) {
    m_collider.collide({&mesh(a), nullptr, pa, std::int32_t(a)}, {&mesh(b), nullptr, pb, std::int32_t(b)},
                       m_mode, out, sink);
}

} // namespace cdlab
