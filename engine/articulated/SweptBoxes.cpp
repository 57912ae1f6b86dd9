#include "articulated/SweptBoxes.h"

#include "articulated/Interval.h"
#include "articulated/TaylorModel.h"

#include <algorithm>
#include <cmath>

namespace cdlab {

namespace {

// The two number types, behind the same few operations: constants, sin/cos of a linear angle, a linear
// function of tau, products, and a range over the frame.
struct TaylorOps {
    using N = TaylorModel;
    int order;
    N constant(double v) const { return N(order, v); }
    N linear(double a, double b) const { return N::linear(order, a, b); }
    void sinCos(double theta0, double dtheta, N& s, N& c) const { N::sinCos(order, theta0, dtheta, s, c); }
    static Interval bound(const N& v) { return v.bound(); }
};

struct IntervalOps {
    using N = Interval;
    N constant(double v) const { return N(v); }
    N linear(double a, double b) const { return b >= 0 ? N(a, a + b) : N(a + b, a); }
    void sinCos(double theta0, double dtheta, N& s, N& c) const {
        N angles = linear(theta0, dtheta);
        s = sin(angles);
        c = cos(angles);
    }
    static Interval bound(const N& v) { return v; }
};

template <class N> void addScaled(N& acc, const N& v, double s) {
    if constexpr (std::is_same_v<N, TaylorModel>)
        acc.addScaled(v, s);
    else
        acc += s * v;
}

/// A link frame's world motion over one piece of the frame: constant (pose) or a matrix of numbers.
template <class N> struct MovingFrame {
    bool constant = true;
    Pose pose; // when constant
    N R[3][3]; // otherwise
    N t[3];
};

template <class Ops> class ChainSweep {
public:
    using N = typename Ops::N;
    explicit ChainSweep(const Ops& ops) : m_ops(ops) {}

    /// The joint's motion over [a, b] in the parent frame, joint frame included: J * M(tau) (eq. 2).
    MovingFrame<N> local(const ChainLink& link, double a, double b) const {
        MovingFrame<N> f;
        if (!link.motion || link.motion->empty()) {
            f.pose = link.joint;
            return f;
        }
        Keyframe ka = link.motion->sample(a), kb = link.motion->sample(b);
        Quat rel = ka.rotation.conjugate() * kb.rotation;
        if (rel.w < 0) rel = {-rel.w, -rel.x, -rel.y, -rel.z}; // the shortest arc, as slerp takes it
        Vec3 v{rel.x, rel.y, rel.z};
        double sinHalf = length(v);
        double angle = 2 * std::atan2(sinHalf, rel.w);
        Vec3 dp = kb.position - ka.position;
        Mat3 JRa = link.joint.R * ka.rotation.toMat3();
        Vec3 p0 = link.joint.R * ka.position + link.joint.t, v0 = link.joint.R * dp;
        if (angle == 0 && dp == Vec3{0, 0, 0}) {
            f.pose = {JRa, p0};
            return f;
        }
        f.constant = false;
        // Rodrigues: Rot(k, phi) = I + sin(phi) K + (1 - cos(phi)) K^2, phi = angle * tau.
        const Vec3 zero{0, 0, 0};
        Mat3 A = JRa, B{{zero, zero, zero}}, C{{zero, zero, zero}};
        N s = m_ops.constant(0), c = m_ops.constant(1);
        if (angle != 0) {
            Vec3 k = v / sinHalf;
            Mat3 K{{Vec3{0, -k.z, k.y}, Vec3{k.z, 0, -k.x}, Vec3{-k.y, k.x, 0}}};
            B = JRa * K;
            C = B * K;
            m_ops.sinCos(0, angle, s, c);
        }
        for (int i = 0; i < 3; ++i) {
            for (int j = 0; j < 3; ++j) {
                f.R[i][j] = m_ops.constant(A.r[i][j] + C.r[i][j]);
                if (angle != 0) {
                    addScaled(f.R[i][j], s, B.r[i][j]);
                    addScaled(f.R[i][j], c, -C.r[i][j]);
                }
            }
            f.t[i] = m_ops.linear(p0[i], v0[i]);
        }
        return f;
    }

    /// parent * local.
    MovingFrame<N> compose(const MovingFrame<N>& p, const MovingFrame<N>& l) const {
        if (p.constant && l.constant) return {true, p.pose * l.pose, {}, {}};
        if (p.constant) return leftConstantFrame(p.pose, l);
        MovingFrame<N> out;
        out.constant = false;
        for (int i = 0; i < 3; ++i) {
            for (int j = 0; j < 3; ++j) {
                if (l.constant) {
                    out.R[i][j] = p.R[i][0] * l.pose.R.r[0][j];
                    addScaled(out.R[i][j], p.R[i][1], l.pose.R.r[1][j]);
                    addScaled(out.R[i][j], p.R[i][2], l.pose.R.r[2][j]);
                } else {
                    out.R[i][j] = p.R[i][0] * l.R[0][j] + p.R[i][1] * l.R[1][j] + p.R[i][2] * l.R[2][j];
                }
            }
            if (l.constant) {
                out.t[i] = p.t[i];
                for (int k = 0; k < 3; ++k) addScaled(out.t[i], p.R[i][k], l.pose.t[k]);
            } else {
                out.t[i] = p.t[i] + p.R[i][0] * l.t[0] + p.R[i][1] * l.t[1] + p.R[i][2] * l.t[2];
            }
        }
        return out;
    }

    /// The box of the OBB's corners over the piece.
    Aabb box(const MovingFrame<N>& w, const Obb& obb) const {
        Aabb box;
        if (w.constant) {
            for (int k = 0; k < 8; ++k) box.grow(w.pose.apply(obb.corner(k)));
            return box;
        }
        // corner = P0 +- V0 +- V1 +- V2 with P0 = R c + t, V_a = R (halfSize_a axis_a)
        N P[3], V[3][3];
        for (int i = 0; i < 3; ++i) {
            P[i] = w.t[i];
            for (int k = 0; k < 3; ++k) addScaled(P[i], w.R[i][k], obb.center[k]);
            for (int a = 0; a < 3; ++a) {
                Vec3 e = obb.axes.r[a] * obb.halfSize[a];
                V[a][i] = w.R[i][0] * e.x;
                addScaled(V[a][i], w.R[i][1], e.y);
                addScaled(V[a][i], w.R[i][2], e.z);
            }
        }
        for (int i = 0; i < 3; ++i) {
            double lo = INFINITY, hi = -INFINITY;
            for (int k = 0; k < 8; ++k) {
                N x = P[i];
                for (int a = 0; a < 3; ++a) addScaled(x, V[a][i], (k >> a & 1) ? 1.0 : -1.0);
                Interval r = Ops::bound(x);
                lo = std::min(lo, r.lo);
                hi = std::max(hi, r.hi);
            }
            box.lo[i] = lo;
            box.hi[i] = hi;
        }
        return box;
    }

private:
    MovingFrame<N> leftConstantFrame(const Pose& c, const MovingFrame<N>& m) const {
        MovingFrame<N> out;
        out.constant = false;
        for (int i = 0; i < 3; ++i) {
            for (int j = 0; j < 3; ++j) {
                out.R[i][j] = m_ops.constant(0);
                for (int k = 0; k < 3; ++k) addScaled(out.R[i][j], m.R[k][j], c.R.r[i][k]);
            }
            out.t[i] = m_ops.constant(c.t[i]);
            for (int k = 0; k < 3; ++k) addScaled(out.t[i], m.t[k], c.R.r[i][k]);
        }
        return out;
    }
    Ops m_ops;
};

template <class Ops>
void sweep(const Ops& ops, const Pose& base, const std::vector<ChainLink>& chain,
           const std::vector<Obb>& obbs, double a, double b, std::vector<Aabb>& out) {
    ChainSweep<Ops> s(ops);
    std::vector<MovingFrame<typename Ops::N>> world(chain.size());
    MovingFrame<typename Ops::N> root;
    root.pose = base;
    for (std::size_t i = 0; i < chain.size(); ++i) {
        const auto& parent = chain[i].parent < 0 ? root : world[chain[i].parent];
        world[i] = s.compose(parent, s.local(chain[i], a, b));
        out[i].grow(s.box(world[i], obbs[i]));
    }
}

void widen(Aabb& box) {
    double m = 1;
    for (int i = 0; i < 3; ++i) m = std::max({m, std::fabs(box.lo[i]), std::fabs(box.hi[i])});
    Vec3 margin{1e-12 * m, 1e-12 * m, 1e-12 * m};
    box.lo -= margin;
    box.hi += margin;
}

} // namespace

const char* toString(SweptBounds b) {
    return b == SweptBounds::Taylor ? "taylor" : "interval";
}

bool parseSweptBounds(const std::string& s, SweptBounds& out) {
    if (s == "taylor") return out = SweptBounds::Taylor, true;
    if (s == "interval") return out = SweptBounds::Interval, true;
    return false;
}

std::vector<ChainLink> chainOf(const ArticulatedModel& model) {
    std::vector<ChainLink> chain;
    for (const Link& l : model.links) chain.push_back({l.parent, l.joint, &l.motion});
    return chain;
}

void sweptBoxes(const Pose& base, const std::vector<ChainLink>& chain, const std::vector<Obb>& obbs,
                double t0, double t1, const SweptBoxOptions& options, std::vector<Aabb>& out) {
    out.assign(chain.size(), Aabb{});
    // The pieces: the frame split at every key of the chain inside it.
    std::vector<double> cuts{t0, t1};
    for (const ChainLink& l : chain)
        if (l.motion)
            for (const Keyframe& k : l.motion->keys())
                if (k.time > t0 && k.time < t1) cuts.push_back(k.time);
    std::sort(cuts.begin(), cuts.end());
    cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
    for (std::size_t p = 0; p + 1 < cuts.size() || p == 0; ++p) {
        double a = cuts[p], b = p + 1 < cuts.size() ? cuts[p + 1] : cuts[p];
        if (options.bounds == SweptBounds::Taylor)
            sweep(TaylorOps{std::clamp(options.order, 1, TaylorModel::kMaxOrder)}, base, chain, obbs, a, b,
                  out);
        else
            sweep(IntervalOps{}, base, chain, obbs, a, b, out);
    }
    for (Aabb& box : out) widen(box);
}

} // namespace cdlab
