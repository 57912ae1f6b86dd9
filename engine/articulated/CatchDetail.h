// CatchDetail: what CATCH reports beyond contacts (zhang2007 sec. 7, Fig. 6): every PCL's temporal-culling
// record and, when the step draws, the advancement of the pair that gave the time of contact. The algorithm
// fills it in FrameResult::details; the viewer's CATCH panels and the tests read it.
#pragma once

#include "geometry/Vec3.h"

#include <cstdint>
#include <vector>

namespace cdlab {

/// CATCH's temporal culling (zhang2007 sec. 7, Fig. 6), per potentially colliding pair: its lower bound on
/// the time of contact, how far its advancement got and why it stopped, for the viewer's bars.
struct PairAdvance {
    enum class Fate : std::uint8_t {
        Culled,    ///< its lower bound passed the best TOC so far (or the frame): never advanced
        Abandoned, ///< advanced, then passed the best TOC so far
        Free,      ///< advanced to the frame's end without contact
        Contact,   ///< reached the distance threshold, after the scene's TOC
        Earliest   ///< gave the scene's TOC
    };
    std::uint32_t objectA = 0, objectB = 0;
    double lowerBound = 0; ///< absolute time; +inf when the bound shows no contact within the frame
    double reached = 0;    ///< where its advancement stopped (its TOC for a contact)
    double tMin = 0;       ///< the best TOC so far when its turn came (Fig. 6's running line)
    int iterations = 0;    ///< advancement iterations on the meshes
    Fate fate = Fate::Culled;
};
const char* toString(PairAdvance::Fate f);

/// One iteration of conservative advancement (zhang2007 eq. 4) of the pair that gave the TOC: the viewer's
/// step-through.
struct AdvanceStep {
    double time = 0, distance = 0, speed = 0, step = 0; ///< t, d, mu, d / mu
    Vec3 pointA, pointB;                                ///< closest points at t
};

struct CatchDetail {
    std::vector<PairAdvance> pairAdvances; ///< one per PCL, in the order temporal culling took them
    std::vector<AdvanceStep>
        advanceSteps; ///< when drawing: the TOC pair's advancement, iteration by iteration
};

} // namespace cdlab
