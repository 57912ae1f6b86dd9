#include "peers/Peers.h"

#ifdef CDLAB_HAVE_FCL
#include "peers/FclAlgorithm.h"
#include "peers/FclCcdAlgorithm.h"
#endif

namespace cdlab {

void registerPeerAlgorithms(AlgorithmRegistry& registry) {
#ifdef CDLAB_HAVE_FCL
    registry.add(FclAlgorithm::info());
    registry.add(FclCcdAlgorithm::info());
#endif
}

std::string peerVersions() {
#ifdef CDLAB_HAVE_FCL
    return FclAlgorithm::version();
#else
    return "none";
#endif
}

} // namespace cdlab
