#include "algorithms/BruteForceAlgorithm.h"
#include "algorithms/DiscreteBvhAlgorithm.h"
#include "algorithms/RigidCcdAlgorithm.h"

namespace cdlab {

void registerBuiltinAlgorithms(AlgorithmRegistry& registry) {
    registry.add(DiscreteBvhAlgorithm::info());
    registry.add(BruteForceAlgorithm::info());
    registry.add(RigidCcdAlgorithm::info(false));
    registry.add(RigidCcdAlgorithm::info(true));
}

} // namespace cdlab
