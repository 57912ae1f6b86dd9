// Swept AABBs of moving links (zhang2007 sec. 5.2, Fig. 4): each link's motion over a frame is the product
// of its chain's joint motions (eq. 1), each joint moving with constant translational velocity and constant
// angular velocity about a fixed axis of its parent's frame between keys (eq. 2). Pushing the eight corners
// of the link's OBB through that product, computed with Taylor models (or plain intervals, the bound the
// paper compares against in Fig. 5), and bounding each coordinate over the frame gives an AABB that contains
// the link at every time of the frame (a convexity argument: the OBB is the hull of its corners).
//
// A frame that holds keys of the chain is split at them (the motion is one polynomial piece per key
// interval) and the pieces' boxes are joined. Rounding is not directed: every box is widened by 1e-11 of the
// chain's reach, far above the double rounding of the few hundred operations behind it and the tiny departure
// of PoseTrack's interpolation from constant angular velocity between nearly equal keys (SweptBoxes.cpp).
#pragma once

#include "geometry/Aabb.h"
#include "geometry/Obb.h"
#include "scene/Scene.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cdlab {

enum class SweptBounds : std::uint8_t { Taylor, Interval };
const char* toString(SweptBounds b);
bool parseSweptBounds(const std::string& s, SweptBounds& out);

struct SweptBoxOptions {
    SweptBounds bounds = SweptBounds::Taylor;
    int order = 3; ///< Taylor-model order, 1..5 (zhang2007 uses 3); ignored for intervals
};

/// One link of a kinematic chain: its parent (an earlier index, or -1 for the chain's base), the joint
/// frame in the parent's frame and the joint's keyframed motion (null: static).
struct ChainLink {
    int parent = -1;
    Pose joint;
    const PoseTrack* motion = nullptr;
};

/// Swept AABBs of every link of a chain over [t0, t1]: `obbs[i]` is link i's OBB in its own frame, `base`
/// the chain's world pose. `out` gets one box per link.
void sweptBoxes(const Pose& base, const std::vector<ChainLink>& chain, const std::vector<Obb>& obbs,
                double t0, double t1, const SweptBoxOptions& options, std::vector<Aabb>& out);

/// Whether a joint's pose changes over [t0, t1]: whether the keys that shape it there (the last at or
/// before t0 to the first at or after t1) differ. Between equal keys the pose is that key's (up to the
/// interpolation's rounding, far below any epsilon).
bool movesWithin(const PoseTrack& track, double t0, double t1);

/// Whether any joint of the chain moves over [t0, t1] (the base is fixed).
bool chainMovesWithin(const std::vector<ChainLink>& chain, double t0, double t1);

/// The chain of an articulated model (pointing into it).
std::vector<ChainLink> chainOf(const ArticulatedModel& model);

} // namespace cdlab
