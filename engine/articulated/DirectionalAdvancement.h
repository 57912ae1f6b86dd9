// DirectionalAdvancement: conservative advancement of two links on their hull trees (convex/HullTree.h) with
// sec. 6's motion bound *projected* on each piece pair's closest-points direction (zhang2007 sec. 3.4:
// "a tighter bound on mu can be obtained by projecting the motion ... on to the direction n corresponding to
// the shortest distance"; sec. 6, eq. 10). The projection is safe only between convex shapes — their closest
// points give a separating slab — and every node of a hull tree is convex, so each iteration advances the
// *front* of the two trees: the step is the minimum over the front's node pairs i of d_i / mu_i(n_i) (C2A's
// controlled advancement, Tang, Kim, Manocha, ICRA 2009). Why that is safe: node pair i's hulls hold every
// triangle below them; at time t they are d_i apart along n_i (GJK's lower bound is a slab width along its
// direction), and within d_i / mu_i(n_i) neither side moves across the slab; every pair of pieces lies below
// some front pair.
//
// The traversal goes best-first by each pair's step. A pair is cut (joins the front) when its step cannot
// lower the best step found and its hulls are at least epsilon apart (a pair nearer than epsilon may hold the
// contact, so it is always opened). A leaf pair (two pieces) whose step would lower the best, or whose hulls
// are within epsilon, is measured exactly on the surfaces (distance/HullTreeDistance.h): under epsilon it is
// the contact; otherwise its step is the larger of the projected one and the exact surface distance over the
// full speed bound (both safe). A cheap first test: the node pair's bounding spheres' gap over the full speed
// bound (safe without a direction).
#pragma once

#include "articulated/ConservativeAdvancement.h"
#include "articulated/MotionBound.h"
#include "distance/HullTreeDistance.h"

#include <functional>
#include <vector>

namespace cdlab {

/// One iteration's answer for a pair of hull trees in given poses.
struct DirectionalStep {
    bool contact = false;       ///< a piece pair's surfaces are closer than epsilon
    double step = INFINITY;     ///< the safe step (a duration): min over the front of d_i / mu_i(n_i)
    double distance = INFINITY; ///< never above the surfaces' distance: the least d_i over the front
    Vec3 pointA, pointB;        ///< the closest points of the pair that limits the step (or of the contact)
    MeshDistanceResult closest; ///< the contact's triangle pair (when contact)
};

/// The pair's motion bounds at its current time, per node pair: a node's points lie in its ball (centre and
/// radius in its link's frame), whose lever's direction the projected bound uses (C2A's bound), and `arm`
/// is how far they lie from its link's frame origin (|centre| + radius), which bounds their lever
/// (MotionBound.h).
struct DirectionalBounds {
    /// A duration within which two convex sets d apart along the unit direction n (from A towards B), held
    /// in balls a and b, cannot close that gap: d / mu with sec. 6's projected bound (or safer).
    std::function<double(double d, const Vec3& n, const MotionBound::Ball& a, const MotionBound::Ball& b)>
        projectedStep;
    /// mu_A + mu_B unprojected, for the nodes' points.
    std::function<double(double armA, double armB)> fullSpeed;
    /// The same as a line in the arms (never below fullSpeed): fixed + armA * perArmA + armB * perArmB.
    struct Line {
        double fixed = INFINITY, perArmA = 0, perArmB = 0;
        double operator()(double armA, double armB) const { return fixed + armA * perArmA + armB * perArmB; }
    } fullLine;
};

/// One iteration at fixed poses (see the header). `cache` (optional) starts from the piece pair that
/// limited the last step and keeps this one's.
DirectionalStep directionalStep(const HullTree& a, const Pose& pa, const HullTree& b, const Pose& pb,
                                double epsilon, const DirectionalBounds& bounds,
                                HullDistanceStats* stats = nullptr, HullPairCache* cache = nullptr);

/// The poses of the pair's two links at time t.
using PairPoses = std::function<void(double t, Pose& pa, Pose& pb)>;
/// The pair's bounds at time t (over [t, end]).
using PairBounds = std::function<DirectionalBounds(double t)>;

/// One directional step of a pair at time t (its poses and bounds at t).
using StepAt = std::function<DirectionalStep(double t)>;
/// The CA loop over directional steps, shared by the hull trees' and the RSS trees' advancement: step from
/// `start` until a contact, the limit or the iteration cap (CaOptions and CaResult as advance()'s;
/// `history` receives each iteration with speed = distance / step).
CaResult advanceBySteps(double start, const StepAt& step, const CaOptions& options,
                        std::vector<CaStep>* history = nullptr);

/// Conservative advancement of the pair from `start` by directional steps (CaOptions and CaResult as
/// ConservativeAdvancement.h's advance(); `history` receives each iteration with speed = distance / step).
CaResult advanceDirectional(double start, const HullTree& a, const HullTree& b, const PairPoses& poses,
                            const PairBounds& bounds, const CaOptions& options,
                            HullDistanceStats* stats = nullptr, std::vector<CaStep>* history = nullptr);

} // namespace cdlab
