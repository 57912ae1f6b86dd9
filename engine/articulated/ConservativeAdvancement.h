// ConservativeAdvancement: zhang2007 sec. 3.4 (after Mirtich 1996) for one pair of links. At time t the pair
// is at distance d; nothing of either moves faster than mu (MotionBound), so they cannot touch before
// t + d / mu (eq. 4). Advancing by that step until d < epsilon gives the time of contact (TOC) tau with no
// real contact before it; passing the frame's end means the pair is free over the frame.
//
// The distance and the speed bound come from the caller (the mesh distance of the links, or their hulls' for
// temporal culling's lower bounds), so the same loop serves both and the tests can drive it with shapes whose
// answer is known.
#pragma once

#include "geometry/Vec3.h"

#include <functional>
#include <vector>

namespace cdlab {

/// One iteration, for the viewer's step-through (Box2D's distance query fills its simplex history the same
/// way).
struct CaStep {
    double time = 0;     ///< where the pair was measured
    double distance = 0; ///< d
    double speed = 0;    ///< mu_A + mu_B (0 when the step ended the advancement)
    double step = 0;     ///< d / mu
    Vec3 pointA, pointB; ///< closest points at `time`
};

struct CaOptions {
    double epsilon = 1e-3; ///< TOC when d < epsilon (zhang2007 uses 0.001 throughout)
    double end = 1;        ///< the frame's end: past it the pair is free
    double limit = 1;      ///< temporal culling's t_min: past it the pair is abandoned (<= end)
    int maxIterations =
        100000; ///< past it the pair is reported in contact at the time reached (conservative)
};

enum class CaOutcome : unsigned char {
    Contact,   ///< d < epsilon at `time`: the TOC
    Free,      ///< advanced past the frame's end (or nothing moves)
    Abandoned, ///< advanced past `limit` (< end): some other pair touches earlier
    Unresolved ///< maxIterations reached: reported as a contact at `time`, a lower bound of any real one
};
const char* toString(CaOutcome o);

struct CaResult {
    CaOutcome outcome = CaOutcome::Free;
    double time = 0; ///< TOC (Contact, Unresolved) or the last time measured
    int iterations = 0;
    double distance = 0; ///< the last distance measured
};

/// The pair's distance at time t, with its closest points.
using CaDistance = std::function<double(double t, Vec3& pointA, Vec3& pointB)>;
/// mu_A + mu_B over [t, end], given the unit direction n from A's closest point to B's (for projected
/// bounds).
using CaSpeed = std::function<double(double t, const Vec3& n)>;

/// The end of an iteration at time t that found no contact and a safe step, shared by advance() and
/// advanceDirectional(): whether CA goes on from t + step. When not, r.outcome says why: past the limit
/// (Free at the frame's end, Abandoned before it), or the iteration cap reached (Unresolved).
bool caGoesOn(CaResult& r, double t, double step, const CaOptions& options);

/// Advances from `start`; `history`, when given, receives every iteration.
CaResult advance(double start, const CaDistance& distance, const CaSpeed& speed, const CaOptions& options,
                 std::vector<CaStep>* history = nullptr);

} // namespace cdlab
