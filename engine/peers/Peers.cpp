#include "peers/Peers.h"

#ifdef CDLAB_HAVE_FCL
#include "peers/FclAlgorithm.h"
#include "peers/FclCcdAlgorithm.h"
#include "peers/FclDistanceMethod.h"
#include "peers/FclSampledAlgorithm.h"
#endif
#ifdef CDLAB_HAVE_BULLET
#include "peers/BulletAlgorithm.h"
#endif
#ifdef CDLAB_HAVE_ODE
#include "peers/OpcodeAlgorithm.h"
#endif

namespace cdlab {

void registerPeerAlgorithms(AlgorithmRegistry& registry) {
#ifdef CDLAB_HAVE_FCL
    registry.add(FclAlgorithm::info());
    registry.add(FclCcdAlgorithm::info());
    registry.add(FclSampledAlgorithm::info());
    DistanceMethodRegistry::instance().add(fclDistanceMethod());
#endif
#ifdef CDLAB_HAVE_BULLET
    registry.add(BulletAlgorithm::info());
#endif
#ifdef CDLAB_HAVE_ODE
    registry.add(OpcodeAlgorithm::info());
#endif
}

std::string peerVersions() {
    std::string v;
#ifdef CDLAB_HAVE_FCL
    v += FclAlgorithm::version();
#endif
#ifdef CDLAB_HAVE_BULLET
    v += (v.empty() ? "" : ", ") + BulletAlgorithm::version();
#endif
#ifdef CDLAB_HAVE_ODE
    v += (v.empty() ? "" : ", ") + OpcodeAlgorithm::version();
#endif
    return v.empty() ? "none" : v;
}

} // namespace cdlab
