// MotionBound: zhang2007 sec. 6's upper bound mu on how fast any point of a link moves, for conservative
// advancement (eq. 4: a link pair at distance d cannot touch for d / (mu_A + mu_B)).
//
// Between keys every joint moves with a constant translational velocity v_j in its parent's frame and a
// constant angular velocity w_j about an axis fixed in its own key frame (eq. 2; SweptBoxes.h). A point x of
// link i then moves with (eq. 7, summed down the chain as in the paper's expansion)
//     dx/dt = sum over the joints j from the root to i of  R_parent(j) v_j + w_j x (x - o_j),
// o_j being joint j's origin. Bounding each term by its norm, |x - o_j| by the link's radius plus the
// lengths of the joint offsets between j and i (eq. 9: an offset moving linearly is longest at an end of the
// piece), gives the speed bound of eq. 10 without projection. Projected on a direction n (the paper's
// tighter bound), the root joint's terms are exact: its parent frame is the model's fixed base, so its v and
// w are fixed world vectors, |v.n| and |w x n| |x - o|; deeper joints keep their norms (their directions
// turn with their parents).
//
// The projected bound only bounds motion along n, which makes d / mu safe when n is the normal of a plane
// separating the two links: true for convex geometry (the links' hulls, as temporal culling uses it), not
// for polygon soups, whose advancement uses the full speed.
#pragma once

#include "articulated/SweptBoxes.h"

#include <vector>

namespace cdlab {

class MotionBound {
public:
    /// Prepares the bounds of a chain over [t0, t1] (split at its keys): `radius[i]` is the largest distance
    /// of link i's geometry from its frame's origin.
    void update(const Pose& base, const std::vector<ChainLink>& chain, const std::vector<double>& radius,
                double t0, double t1);

    /// Bound on |dx/dt| (scene units per unit time) over [t, t1] for every point x of link i.
    double speed(int link, double t) const;
    /// Bound on |dx/dt . n| over [t, t1] (n a unit vector in world space): sec. 6's projected bound.
    double projectedSpeed(int link, const Vec3& n, double t) const;

private:
    struct Piece {
        double start = 0, end = 0;
        std::vector<double> speed;   // per link: the unprojected bound
        std::vector<double> deep;    // per link: the terms of the joints below the root (norms)
        std::vector<double> rootArm; // per link: |x - o_root| bound
        std::vector<int> root;       // per link: its root joint
        std::vector<Vec3> v, w;      // per joint: world velocities, for root joints
    };
    std::vector<Piece> m_pieces;
    std::size_t m_count = 0;
};

} // namespace cdlab
