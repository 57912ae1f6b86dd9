// Peer algorithms: other libraries' best paths on the same queries, so the bench measures ratios in one run.
#pragma once

#include "pipeline/AlgorithmRegistry.h"

namespace cdlab {

/// Registers the peers this build found (FCL when libfcl-dev is installed); a no-op otherwise. FCL's
/// distance query joins the distance methods (DistanceMethodRegistry::instance()) as "fcl" at the same time.
void registerPeerAlgorithms(AlgorithmRegistry& registry);
/// Names of the peers compiled in, e.g. "fcl 0.7.0".
std::string peerVersions();

} // namespace cdlab
