// MotionBound: zhang2007 sec. 6's upper bound mu on how fast any point of a link moves, for conservative
// advancement (eq. 4: a link pair at distance d cannot touch for d / (mu_A + mu_B)).
//
// Between keys every joint moves with a constant translational velocity v_j in its parent's frame and a
// constant angular velocity w_j about an axis fixed in its own key frame (eq. 2; SweptBoxes.h). A point x of
// link i then moves with (eq. 7, summed down the chain as in the paper's expansion)
//     dx/dt = sum over the joints j from the root to i of  R_parent(j) v_j + w_j x (x - o_j),
// o_j being joint j's origin. Bounding each term by its norm, |x - o_j| by the link's radius plus the
// lengths of the joint offsets between j and i (eq. 9: an offset moving linearly is longest at an end of the
// piece), gives the speed bound of eq. 10 without projection.
//
// Projected on a direction n (the paper's tighter bound, eq. 10), every joint's terms are projected
// (sec. 6: "by projecting the velocity on to the closest direction vector n"): |R_parent(j)(s) v_j . n| and
// |(R_parent(j)(s) w_j) x (x - o_j) . n| <= |x - o_j| |n x R_parent(j)(s) w_j|. A deeper joint's directions
// turn with its parent's frame, so they are taken at the query's time t (Projection) and widened by how far
// that frame can turn over the horizon [t, t + h] (angle theta <= h * the sum of its ancestors' angular
// speeds; |R u - u| <= theta |u|), each term capped by its norm: the root's terms are exact (its parent is
// the fixed base), a deep joint's tighten as the horizon shrinks. Callers step by min(h, d / mu_h), safe for
// any h (PairStep below picks it).
//
// The arm |x - o_j| is the link's radius plus the joint offsets in between (eq. 9) for the whole link, or a
// hull-tree node's own arm (|centre| + radius in the link's frame) plus the same offsets: a node near its
// joint moves slower than the link's far end (C2A's per-node bound, Tang, Kim, Manocha 2009).
//
// The lever's direction (C2A's bound, Tang, Kim, Manocha, ICRA 2009, sec. 4: the arm's actual direction at
// the query's time plus how far it can drift over the step's horizon). For a ball of centre c and radius rho
// in link i's frame and joint j on its path, x = c(s) + e with |e| <= rho, r(s) = c(s) - o_j(s) (world):
//     (w_j(s) x (x - o_j(s))) . n = w_j(s) . (r(s) x n) + (w_j(s) x e) . n.
// The second term is <= rho |n x w_j(s)| (the "across" term above). The first, with w_j(s) = w_t + dw and
// r(s) = r_t + dr (w_t, r_t taken at the query's time t from the chain's poses):
//     |w_j(s) . (r(s) x n)| <= |w_t . (r_t x n)| + |w_j| |dr| + |dw| |r(s)|,
// |dw| <= theta |w_j| (its parent's frame turning, as above), |r(s)| <= min(|r_t| + |dr|, |c| + offsets)
// (eq. 9), and |dr| <= h * (how fast c moves relative to o_j): the joints below j (from i up, not j) move c
// by at most sum (|v_m| + |w_m| (|c| + offsets_m)); j's own rotation and its ancestors' turn r itself by at
// most (|w_j| + their angular speeds) |r(s)| (an ancestor a moves both c and o_j: w_a x (c - o_a) -
// w_a x (o_j - o_a) = w_a x r; its translation cancels). Each joint's lever term is the smaller of this and
// the norm-based (|c| + rho + offsets) |n x w_j| bound, both safe. It is exact at h = 0 for a point (rho =
// 0): the lever's component along the axis, and the part of it along n, move nothing along n.
//
// The projected bound only bounds motion along n, which makes d / mu safe when n is the normal of a plane
// separating the two links: true for convex geometry (the links' hulls, as temporal culling uses it, the
// nodes of hull trees and of RSS trees, two triangles), not for polygon soups as a whole, which therefore
// advance over a front of their trees' node pairs, each with its own direction (RssFrontStep.h).
#pragma once

#include "articulated/SweptBoxes.h"

#include <cstdint>
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

    /// The chain's joint directions at time t (each joint's velocities turned into the world by its parent's
    /// rotation at t), for projected bounds at that time.
    struct Projection {
        double time = 0;
        std::vector<Mat3> parent; ///< per joint: its parent link's world rotation at `time`
        std::vector<Pose> link;   ///< per link: its world pose at `time` (for the levers' directions)
        /// per piece, per joint (piece * joints + joint): the joint's velocities turned into the world by
        /// its parent's rotation at `time` (computed once here, not per projected bound)
        std::vector<Vec3> v, w;
    };
    /// Points of a link: a ball of `radius` about `centre` (in the link's frame).
    struct Ball {
        Vec3 centre;
        double radius = 0;
    };
    Projection projection(double t) const;
    /// The link's radius passed to update().
    double radius(int link) const { return m_radius[link]; }
    /// Bound on |dx/dt| over [t, t1] for the points of link i within `arm` of its frame's origin.
    double speed(int link, double t, double arm) const;
    /// speed(link, t, arm) <= fixed + arm * perArm for every arm >= 0 (each the largest over the pieces
    /// after t): the same bound as a line, for callers that ask it of many arms at one time.
    void speedLine(int link, double t, double& fixed, double& perArm) const;
    /// Bound on |dx/dt . n| over [p.time, p.time + horizon] for the points of link i within `arm` of its
    /// frame's origin (n unit, world space).
    double projectedSpeed(const Projection& p, int link, const Vec3& n, double arm, double horizon) const;
    /// The same for the points of a ball of link i, with each lever's direction at p.time (C2A's bound,
    /// above): never above the arm-based bound for arm = |centre| + radius.
    double projectedSpeed(const Projection& p, int link, const Vec3& n, const Ball& ball,
                          double horizon) const;

    /// One direction's projected bounds over several horizons (TimeOfContactSearch::projectedStep tries
    /// 1-5 of them): what does not depend on the horizon is computed once per piece of the link's path, on
    /// first use of that piece, and reused: the direction's terms (|v . n|, |n x w| and the lever's
    /// |w . (r x n)|, |r|) and the rates at which each joint's frame turns and its lever drifts
    /// (MotionBound.h; the horizon scales them). Each horizon then costs one pass over the path's joints,
    /// read from the links' flattened paths (Piece::path). speed(h) is bit-identical to projectedSpeed(p,
    /// link, n, arm or ball, h), the reference kept beside it (MotionBoundTest compares them on random
    /// chains).
    class Directed {
    public:
        /// Unset: set() before speed().
        Directed() {}
        /// The whole link within `arm` of its origin (ball null), or the points of `ball` (arm ignored).
        /// `bound`, `p` and `ball` must outlive its use.
        void set(const MotionBound& bound, const Projection& p, int link, const Vec3& n, double arm,
                 const Ball* ball);
        bool isSet() const { return m_bound != nullptr; }
        double speed(double horizon);

    private:
        friend class MotionBound;
        static constexpr std::size_t kCapacity = 32; // pieces x path joints kept inline (else not cached)
        /// Per piece and path joint: the direction's terms and the horizon-free rates.
        struct Term {
            double along, across;   ///< |v . n|, |n x w| at the projection's time
            double directed, reach; ///< the lever's |w . (r x n)| and |r| (balls, turning joints)
            double turnRate;        ///< the joint's ancestors' angular speed sum (times h: theta)
            double driftRate;       ///< how fast the ball's lever can drift (times h: |dr|)
        };
        void fill(std::size_t piece);
        const MotionBound* m_bound = nullptr;
        const Projection* m_at = nullptr;
        int m_link = 0;
        Vec3 m_n;
        double m_arm = 0;
        const Ball* m_ball = nullptr;
        Vec3 m_centre;          // the ball's centre in the world at the projection's time
        double m_centreArm = 0; // |ball centre| in the link's frame
        bool m_cached = false;
        std::uint64_t m_ready = 0; // bit per piece
        Term m_terms[kCapacity];
    };

private:
    /// The reference: every term computed afresh (projectedSpeed; Directed is checked against it).
    double projected(const Projection& p, int link, const Vec3& n, double arm, const Ball* ball,
                     double horizon) const;
    struct Piece {
        double start = 0, end = 0;
        std::vector<Vec3> v, w;                   // per joint: velocities in its parent link's frame (eq. 2)
        std::vector<double> vn, wn;               // per joint: their norms
        std::vector<double> turn;                 // per joint: sum of its ancestors' angular speeds
        std::vector<double> fixed, perArm;        // per link: unprojected bound = fixed + arm * perArm
        std::vector<std::vector<double>> offsets; // per link, per joint of its path: offsets between (eq. 9)
        /// A joint of a link's path with what a projected bound reads of it (Directed), all links' paths
        /// one after the other (link i's from m_pathStart[i], in m_path[i]'s order).
        struct PathJoint {
            double vn, wn, turn, offset; ///< vn[j], wn[j], turn[j], offsets[i][k]
            int joint;
        };
        std::vector<PathJoint> path;
    };
    std::vector<std::size_t> m_pathStart; // per link: its path's first entry in Piece::path
    std::vector<Piece> m_pieces;
    std::vector<std::vector<int>> m_path; // per link: the joints from it up to its chain's root
    std::vector<double> m_radius;
    std::vector<ChainLink> m_chain;
    Pose m_base;
    std::size_t m_count = 0;
};

} // namespace cdlab
