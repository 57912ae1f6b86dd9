#include "articulated/MotionBound.h"

#include "core/Assert.h"

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
    m_chain = chain;
    m_base = base;
    m_radius = radius;
    m_path.assign(m_count, {});
    m_pathStart.assign(m_count, 0);
    for (std::size_t i = 0, start = 0; i < m_count; ++i) {
        for (int j = int(i); j >= 0; j = chain[j].parent) {
            CDLAB_ASSERT(chain[j].parent < j, "a chain's parents come before their children");
            m_path[i].push_back(j);
        }
        m_pathStart[i] = start;
        start += m_path[i].size();
    }
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
        piece.v.resize(m_count), piece.w.resize(m_count);
        piece.vn.resize(m_count), piece.wn.resize(m_count), piece.turn.assign(m_count, 0);
        for (std::size_t j = 0; j < m_count; ++j) {
            piece.v[j] = joints[j].velocity, piece.w[j] = joints[j].angular;
            piece.vn[j] = length(piece.v[j]), piece.wn[j] = length(piece.w[j]);
            const int parent = chain[j].parent; // earlier: its sum is known
            if (parent >= 0) piece.turn[j] = piece.turn[parent] + piece.wn[parent];
        }
        piece.fixed.assign(m_count, 0), piece.perArm.assign(m_count, 0);
        piece.offsets.assign(m_count, {});
        piece.path.clear();
        for (std::size_t i = 0; i < m_count; ++i) {
            // Up the chain from link i: |x - o_j| grows by each offset passed (eq. 9).
            double offset = 0;
            for (int j : m_path[i]) {
                piece.offsets[i].push_back(offset);
                piece.path.push_back({piece.vn[j], piece.wn[j], piece.turn[j], offset, j});
                piece.fixed[i] += piece.vn[j] + piece.wn[j] * offset;
                piece.perArm[i] += piece.wn[j];
                offset += joints[j].offset;
            }
        }
    }
}

double MotionBound::speed(int link, double t) const {
    return speed(link, t, m_radius[link]);
}

double MotionBound::speed(int link, double t, double arm) const {
    double s = 0;
    for (const Piece& p : m_pieces)
        if (p.end > t || &p == &m_pieces.back()) s = std::max(s, p.fixed[link] + arm * p.perArm[link]);
    return s * kSlack;
}

void MotionBound::speedLine(int link, double t, double& fixed, double& perArm) const {
    // max over pieces of (f_p + arm k_p) <= max f_p + arm max k_p.
    fixed = perArm = 0;
    for (const Piece& p : m_pieces)
        if (p.end > t || &p == &m_pieces.back())
            fixed = std::max(fixed, p.fixed[link]), perArm = std::max(perArm, p.perArm[link]);
    fixed *= kSlack, perArm *= kSlack;
}

MotionBound::Projection MotionBound::projection(double t) const {
    Projection out;
    out.time = t;
    out.parent.resize(m_count);
    out.link.resize(m_count);
    for (std::size_t k = 0; k < m_count; ++k) { // parents first (update() checked)
        const ChainLink& l = m_chain[k];
        const Pose parent = l.parent < 0 ? m_base : out.link[l.parent];
        out.parent[k] = parent.R;
        Pose p = parent * l.joint;
        out.link[k] = l.motion && !l.motion->empty() ? p * l.motion->at(t) : p;
    }
    out.v.resize(m_pieces.size() * m_count);
    out.w.resize(m_pieces.size() * m_count);
    for (std::size_t i = 0; i < m_pieces.size(); ++i)
        for (std::size_t j = 0; j < m_count; ++j) {
            out.v[i * m_count + j] = out.parent[j] * m_pieces[i].v[j];
            out.w[i * m_count + j] = out.parent[j] * m_pieces[i].w[j];
        }
    return out;
}

double MotionBound::projectedSpeed(int link, const Vec3& n, double t) const {
    const double end = m_pieces.empty() ? t : m_pieces.back().end;
    return projectedSpeed(projection(t), link, n, m_radius[link], std::max(0.0, end - t));
}

double MotionBound::projectedSpeed(const Projection& at, int link, const Vec3& n, double arm,
                                   double horizon) const {
    return projected(at, link, n, arm, nullptr, horizon);
}

double MotionBound::projectedSpeed(const Projection& at, int link, const Vec3& n, const Ball& ball,
                                   double horizon) const {
    return projected(at, link, n, length(ball.centre) + ball.radius, &ball, horizon);
}

void MotionBound::Directed::set(const MotionBound& bound, const Projection& p, int link, const Vec3& n,
                                double arm, const Ball* ball) {
    m_bound = &bound, m_at = &p, m_link = link, m_n = n;
    m_arm = ball ? length(ball->centre) + ball->radius : arm;
    m_ball = ball;
    m_centreArm = ball ? length(ball->centre) : 0;
    m_centre = ball ? p.link[link].apply(ball->centre) : Vec3{};
    m_ready = 0;
    const std::size_t pieces = bound.m_pieces.size(), count = bound.m_path[link].size();
    m_cached = pieces <= 64 && count <= kCapacity && pieces * count <= kCapacity;
}

void MotionBound::Directed::fill(std::size_t pi) {
    // The reference's terms and rates (projected() below), in the same operations, so the same bits.
    const MotionBound& mb = *m_bound;
    const Projection& at = *m_at;
    const Piece& p = mb.m_pieces[pi];
    const std::size_t count = mb.m_path[m_link].size();
    const Piece::PathJoint* path = p.path.data() + mb.m_pathStart[m_link];
    const bool prepared = at.w.size() == mb.m_pieces.size() * mb.m_count;
    Term* terms = m_terms + pi * count;
    double below = 0; // the joints under path[k] moving the ball's centre
    for (std::size_t k = 0; k < count; ++k) {
        const Piece::PathJoint& J = path[k];
        const int j = J.joint;
        const Vec3 w = prepared ? at.w[pi * mb.m_count + j] : at.parent[j] * p.w[j];
        const Vec3 v = prepared ? at.v[pi * mb.m_count + j] : at.parent[j] * p.v[j];
        Term& T = terms[k];
        T.along = std::fabs(dot(v, m_n));
        T.across = length(cross(m_n, w));
        T.directed = T.reach = 0;
        T.turnRate = J.turn;
        T.driftRate = 0;
        if (m_ball) {
            const double lever = m_centreArm + J.offset;
            T.driftRate = below + (J.wn + J.turn) * lever;
            below += J.vn + J.wn * lever;
            if (J.wn > 0) {
                const Vec3 r = m_centre - at.link[j].t;
                T.directed = std::fabs(dot(w, cross(r, m_n)));
                T.reach = length(r);
            }
        }
    }
    m_ready |= std::uint64_t(1) << pi;
}

double MotionBound::Directed::speed(double horizon) {
    if (!m_cached) return m_bound->projected(*m_at, m_link, m_n, m_arm, m_ball, horizon);
    const MotionBound& mb = *m_bound;
    const double t = m_at->time, until = t + horizon;
    const std::size_t pieces = mb.m_pieces.size(), count = mb.m_path[m_link].size();
    auto relevant = [&](std::size_t pi) {
        const Piece& p = mb.m_pieces[pi];
        return (p.end > t && p.start < until) || (pi + 1 == pieces && p.end <= t);
    };
    // Per path joint: the frame's turn and the lever's drift over the horizon, the largest over the pieces
    // it meets (h >= 0 and rounding is monotone: max(rate * h) is the reference's bits).
    double turned[kCapacity], drift[kCapacity];
    for (std::size_t k = 0; k < count; ++k) turned[k] = drift[k] = 0;
    for (std::size_t pi = 0; pi < pieces; ++pi) {
        if (!relevant(pi)) continue;
        if (!(m_ready >> pi & 1)) fill(pi);
        const Term* terms = m_terms + pi * count;
        for (std::size_t k = 0; k < count; ++k) {
            turned[k] = std::max(turned[k], terms[k].turnRate * horizon);
            if (m_ball) drift[k] = std::max(drift[k], terms[k].driftRate * horizon);
        }
    }
    double s = 0;
    for (std::size_t pi = 0; pi < pieces; ++pi) {
        if (!relevant(pi)) continue;
        const Term* terms = m_terms + pi * count;
        const Piece::PathJoint* path = mb.m_pieces[pi].path.data() + mb.m_pathStart[m_link];
        double sum = 0;
        for (std::size_t k = 0; k < count; ++k) {
            const Piece::PathJoint& J = path[k];
            const Term& T = terms[k];
            const double along = std::min(J.vn, T.along + turned[k] * J.vn);
            const double across = std::min(J.wn, T.across + turned[k] * J.wn);
            double lever = (m_arm + J.offset) * across;
            if (m_ball && J.wn > 0) {
                const double reach = std::min(T.reach + drift[k], m_centreArm + J.offset);
                const double directed =
                    T.directed + J.wn * drift[k] + turned[k] * J.wn * reach + m_ball->radius * across;
                lever = std::min(lever, directed);
            }
            sum += along + lever;
        }
        s = std::max(s, sum);
    }
    return s * kSlack;
}

double MotionBound::projected(const Projection& at, int link, const Vec3& n, double arm, const Ball* ball,
                              double horizon) const {
    const double t = at.time, until = t + horizon;
    auto relevant = [&](const Piece& p) {
        return (p.end > t && p.start < until) || (&p == &m_pieces.back() && p.end <= t);
    };
    // Per joint of the path: how far its parent frame can turn over [t, until] (the largest ancestors'
    // angular speed sum of the pieces it meets, over the horizon) and, for a ball, how far its lever
    // r = c - o_j can drift (MotionBound.h).
    const std::vector<int>& path = m_path[link];
    const std::size_t count = path.size();
    double stack[128];
    std::vector<double> spill;
    double* turned = stack;
    if (count > 64) spill.resize(2 * count), turned = spill.data();
    double* drift = turned + count;
    const double centreArm = ball ? length(ball->centre) : 0;
    for (std::size_t k = 0; k < count; ++k) turned[k] = drift[k] = 0;
    for (const Piece& p : m_pieces) {
        if (!relevant(p)) continue;
        double below = 0; // the joints under path[k] moving c: sum (|v_m| + |w_m| (|c| + offsets_m))
        for (std::size_t k = 0; k < count; ++k) {
            const int j = path[k];
            turned[k] = std::max(turned[k], p.turn[j] * horizon);
            if (ball) {
                const double lever = centreArm + p.offsets[link][k];
                drift[k] = std::max(drift[k], (below + (p.wn[j] + p.turn[j]) * lever) * horizon);
                below += p.vn[j] + p.wn[j] * lever;
            }
        }
    }
    const Vec3 centre = ball ? at.link[link].apply(ball->centre) : Vec3{};
    double s = 0;
    const bool prepared = at.w.size() == m_pieces.size() * m_count;
    double stackTerms[4 * 32];
    std::vector<double> spillTerms;
    double* terms = count <= 32 ? stackTerms : (spillTerms.resize(4 * count), spillTerms.data());
    for (std::size_t pi = 0; pi < m_pieces.size(); ++pi) {
        const Piece& p = m_pieces[pi];
        if (!relevant(p)) continue;
        // The piece's direction terms (no horizon in them).
        {
            for (std::size_t k = 0; k < count; ++k) {
                const int j = path[k];
                const Mat3& R = at.parent[j];
                const Vec3 w = prepared ? at.w[pi * m_count + j] : R * p.w[j];
                const Vec3 v = prepared ? at.v[pi * m_count + j] : R * p.v[j];
                double* tk = terms + 4 * k;
                tk[0] = std::fabs(dot(v, n));
                tk[1] = length(cross(n, w));
                if (ball && p.wn[j] > 0) {
                    const Vec3 r = centre - at.link[j].t;
                    tk[2] = std::fabs(dot(w, cross(r, n)));
                    tk[3] = length(r);
                }
            }
        }
        double sum = 0;
        for (std::size_t k = 0; k < count; ++k) {
            const int j = path[k];
            const double* tk = terms + 4 * k;
            // |R(s) u . n| <= |R(t) u . n| + theta |u|, and never above |u|; likewise |n x R(s) w|.
            const double along = std::min(p.vn[j], tk[0] + turned[k] * p.vn[j]);
            const double across = std::min(p.wn[j], tk[1] + turned[k] * p.wn[j]);
            double lever = (arm + p.offsets[link][k]) * across;
            if (ball && p.wn[j] > 0) {
                // C2A: the lever's direction at t, widened by its drift and the axis' turn (MotionBound.h).
                const double reach = std::min(tk[3] + drift[k], centreArm + p.offsets[link][k]);
                const double directed =
                    tk[2] + p.wn[j] * drift[k] + turned[k] * p.wn[j] * reach + ball->radius * across;
                lever = std::min(lever, directed);
            }
            sum += along + lever;
        }
        s = std::max(s, sum);
    }
    return s * kSlack;
}

} // namespace cdlab
