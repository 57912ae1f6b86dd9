// SbvDetail: what the SBV algorithms report beyond contacts (sbv-reconstruction §4, CSBV): one record per
// pair whose SBVs were built and, when the step draws, every shrinking round. The algorithms fill it in
// FrameResult::details; the viewer's SBV panels, the bench's tables and the tests read it.
#pragma once

#include "geometry/ConvexPolytope.h"
#include "geometry/Vec3.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cdlab {

/// Separating bounding volumes (sbv-reconstruction §4, CSBV), per body pair whose SBVs were built: how the
/// pair ended and the region left for the narrow phase.
struct SbvPairRecord {
    enum class Outcome : std::uint8_t {
        Certified, ///< the slabs along d* are disjoint: separated without shrinking (the OSSHs separate)
        Shrunk,    ///< the shrinking emptied the overlap region: separated
        Region,    ///< a non-empty overlap region is left (the bodies may intersect inside it)
        Contained  ///< the guard: one body's support points all lie in the other's SBV (no SVM; U5)
    };
    std::uint32_t objectA = 0, objectB = 0;
    Outcome outcome = Outcome::Region;
    Vec3 direction;                ///< d*, unit, from A towards B; zero when the pair has none
    std::vector<HalfSpace> region; ///< the final overlap region; empty when separated
    std::uint32_t trianglesA = 0, trianglesB = 0, keptA = 0, keptB = 0;
    int iterations = 0;                       ///< shrinking rounds
    std::uint32_t samplesA = 0, samplesB = 0; ///< osh=svm: the training set, OS(A) and OS(B) (Table 1)
    std::uint32_t supportVectors = 0;         ///< osh=svm: the support vectors of this frame's training
    std::string oshError; ///< why no d* was found this frame (an SVM that failed to train), else empty
};
const char* toString(SbvPairRecord::Outcome o);

/// One round of CSBV's shrinking of one pair (filled only when the step draws into a sink): the viewer's
/// step-through. Round 0 is the region of the full SBVs.
struct SbvShrinkStep {
    std::uint32_t objectA = 0, objectB = 0;
    int iteration = 0;
    std::vector<HalfSpace> region;           ///< SBV(I(A)) ∩ SBV(I(B)) of this round
    std::vector<std::uint32_t> keptA, keptB; ///< triangles overlapping it, by mesh index
};

struct SbvDetail {
    std::vector<SbvPairRecord> pairs; ///< one per pair whose SBVs were built
    std::vector<SbvShrinkStep> steps; ///< when drawing: every shrinking round of every pair
};

} // namespace cdlab
