#include "algorithms/BruteForceAlgorithm.h"
#include "algorithms/DiscreteBvhAlgorithm.h"

namespace cdlab {

void registerBuiltinAlgorithms(AlgorithmRegistry& registry) {
    registry.add(DiscreteBvhAlgorithm::info());
    registry.add(BruteForceAlgorithm::info());
}

} // namespace cdlab
