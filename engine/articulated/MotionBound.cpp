#include "articulated/MotionBound.h"

#include <algorithm>
#include <cmath>

namespace cdlab {

namespace {

/// Widening of every bound: double rounding, and PoseTrack's normalised blend between nearly equal keys
/// (off the constant angular velocity by 2.9e-12 rad at most, SweptBoxes.cpp), far below CA's epsilon.
constexpr double kSlack = 1 + 1e-9;

/// One joint's motion over a piece of duration T: translational velocity (parent frame), angular speed and
/// axis (its own key frame), and the longest its offset from the parent's origin gets (eq. 9).
struct JointMotion {
    Vec3 velocity;     // joint frame applied: J.R (p_b - p_a) / T
    Vec3 angular;      // J.R R_a k angle / T: angular velocity in the parent's frame
    double offset = 0; // max |J.R p + J.t| at the piece's ends
};

JointMotion jointMotion(const ChainLink& link, double a, double b) {
    JointMotion m;
    const double T = b - a;
    if (!link.motion || link.motion->empty()) {
        m.offset = length(link.joint.t);
        return m;
    }
    Keyframe ka = link.motion->sample(a), kb = link.motion->sample(b);
    m.offset = std::max(length(link.joint.R * ka.position + link.joint.t),
                        length(link.joint.R * kb.position + link.joint.t));
    if (T <= 0) return m;
    m.velocity = link.joint.R * (kb.position - ka.position) / T;
    Quat rel = ka.rotation.conjugate() * kb.rotation;
    if (rel.w < 0) rel = {-rel.w, -rel.x, -rel.y, -rel.z}; // the shortest arc, as slerp takes it
    Vec3 v{rel.x, rel.y, rel.z};
    double sinHalf = length(v);
    if (sinHalf > 0) {
        double angle = 2 * std::atan2(sinHalf, rel.w);
        m.angular = link.joint.R * (ka.rotation.toMat3() * (v / sinHalf)) * (angle / T);
    }
    return m;
}

} // namespace

void MotionBound::update(const Pose& base, const std::vector<ChainLink>& chain,
                         const std::vector<double>& radius, double t0, double t1) {
    m_count = chain.size();
    // The pieces: the frame split at every key of the chain inside it (as SweptBoxes splits it).
    std::vector<double> cuts{t0, t1};
    for (const ChainLink& l : chain) {
        if (!l.motion) continue;
        for (const Keyframe& k : l.motion->keys())
            if (k.time > t0 && k.time < t1) cuts.push_back(k.time);
    }
    std::sort(cuts.begin(), cuts.end());
    cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
    m_pieces.resize(std::max<std::size_t>(cuts.size(), 2) - 1);
    std::vector<JointMotion> joints(chain.size());
    for (std::size_t p = 0; p < m_pieces.size(); ++p) {
        Piece& piece = m_pieces[p];
        piece.start = cuts[p];
        piece.end = p + 1 < cuts.size() ? cuts[p + 1] : cuts[p];
        for (std::size_t j = 0; j < chain.size(); ++j)
            joints[j] = jointMotion(chain[j], piece.start, piece.end);
        piece.speed.assign(m_count, 0);
        piece.deep.assign(m_count, 0);
        piece.rootArm.assign(m_count, 0);
        piece.root.assign(m_count, 0);
        piece.v.assign(m_count, Vec3{});
        piece.w.assign(m_count, Vec3{});
        for (std::size_t i = 0; i < m_count; ++i) {
            // Up the chain from link i: |x - o_j| grows by each offset passed (eq. 9).
            double reach = radius[i], deep = 0;
            int j = int(i);
            for (;;) {
                double term = length(joints[j].velocity) + length(joints[j].angular) * reach;
                if (chain[j].parent < 0) {
                    piece.speed[i] = (deep + term) * kSlack;
                    piece.deep[i] = deep * kSlack;
                    piece.rootArm[i] = reach * kSlack;
                    piece.root[i] = j;
                    break;
                }
                deep += term;
                reach += joints[j].offset;
                j = chain[j].parent;
            }
            if (chain[i].parent < 0) { // a root joint: its velocities as fixed world vectors
                piece.v[i] = base.R * joints[i].velocity;
                piece.w[i] = base.R * joints[i].angular;
            }
        }
    }
}

double MotionBound::speed(int link, double t) const {
    double s = 0;
    for (const Piece& p : m_pieces)
        if (p.end > t || &p == &m_pieces.back()) s = std::max(s, p.speed[link]);
    return s;
}

double MotionBound::projectedSpeed(int link, const Vec3& n, double t) const {
    double s = 0;
    for (const Piece& p : m_pieces) {
        if (!(p.end > t || &p == &m_pieces.back())) continue;
        int r = p.root[link];
        double along = std::fabs(dot(p.v[r], n)) + length(cross(p.w[r], n)) * p.rootArm[link];
        s = std::max(s, p.deep[link] + along * kSlack);
    }
    return s;
}

} // namespace cdlab
