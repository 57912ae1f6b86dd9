#include "articulated/SweptBoxes.h"

#include "articulated/TaylorModel.h"
#include "geometry/Interval.h"

#include <algorithm>
#include <cmath>

namespace cdlab {

namespace {

bool samePose(const Keyframe& a, const Keyframe& b) {
    return a.position == b.position && a.rotation.w == b.rotation.w && a.rotation.x == b.rotation.x &&
           a.rotation.y == b.rotation.y && a.rotation.z == b.rotation.z;
}

} // namespace

bool movesWithin(const PoseTrack& track, double t0, double t1) {
    const std::vector<Keyframe>& keys = track.keys();
    if (keys.size() < 2) return false;
    auto first = std::upper_bound(keys.begin(), keys.end(), t0,
                                  [](double v, const Keyframe& k) { return v < k.time; });
    if (first != keys.begin()) --first;
    auto last = std::lower_bound(keys.begin(), keys.end(), t1,
                                 [](const Keyframe& k, double v) { return k.time < v; });
    if (last == keys.end()) --last;
    for (auto k = first; k <= last; ++k)
        if (!samePose(*k, *first)) return true;
    return false;
}

bool chainMovesWithin(const std::vector<ChainLink>& chain, double t0, double t1) {
    for (const ChainLink& l : chain)
        if (l.motion && movesWithin(*l.motion, t0, t1)) return true;
    return false;
}

namespace {

// The two number types, behind the same few operations: constants, a linear function of tau, sin and cos of
// a linear angle, multiply-adds, and the range of a box coordinate over the frame.
template <int Order> struct TaylorOps {
    using N = TaylorModel<Order>;
    static N constant(double v) { return N(v); }
    static N linear(double a, double b) { return N::linear(a, b); }
    static void sinCos(double theta0, double dtheta, N& s, N& c) { N::sinCos(theta0, dtheta, s, c); }
    static Interval polynomialBound(const N& v) { return v.polynomialRoughBound(); }
    static void addScaled(N& acc, const N& v, double s) { acc.addScaled(v, s); }
    static void addProduct(N& acc, const N& a, const Interval& pa, const N& b, const Interval& pb) {
        acc.addProduct(a, pa, b, pb);
    }
    static void addTimesTau(N& acc, const N& x) { acc.addTimesTau(x); }
    /// The range over the frame of P + sum_a sign_a V_a for every sign pattern (the eight corners of a box
    /// along one world axis): Bernstein coefficients are linear in the polynomial, so they are converted
    /// once per term and combined per corner.
    static Interval cornerRange(const N& P, const N* V) {
        if constexpr (Order <= 3) { // exact ranges of the combined cubics
            Interval out{INFINITY, -INFINITY};
            for (int k = 0; k < 8; ++k) {
                double c[Order + 1];
                Interval r = P.remainder();
                for (int i = 0; i <= Order; ++i) c[i] = P.coefficient(i);
                for (int a = 0; a < 3; ++a) {
                    double sign = (k >> a & 1) ? 1.0 : -1.0;
                    for (int i = 0; i <= Order; ++i) c[i] += sign * V[a].coefficient(i);
                    r += sign * V[a].remainder();
                }
                out = out.hull(taylor::cubicRange(c, Order) + r);
            }
            return out;
        }
        double bp[Order + 1], bv[3][Order + 1];
        taylor::toBernstein(P.coefficients().data(), Order, bp);
        for (int a = 0; a < 3; ++a) taylor::toBernstein(V[a].coefficients().data(), Order, bv[a]);
        Interval out{INFINITY, -INFINITY};
        for (int k = 0; k < 8; ++k) {
            double beta[Order + 1];
            Interval r = P.remainder();
            for (int i = 0; i <= Order; ++i) beta[i] = bp[i];
            for (int a = 0; a < 3; ++a) {
                double sign = (k >> a & 1) ? 1.0 : -1.0;
                for (int i = 0; i <= Order; ++i) beta[i] += sign * bv[a][i];
                r += sign * V[a].remainder();
            }
            out = out.hull(taylor::bernsteinRange(beta, Order) + r);
        }
        return out;
    }
};

struct IntervalOps {
    using N = Interval;
    static N constant(double v) { return N(v); }
    static N linear(double a, double b) { return b >= 0 ? N(a, a + b) : N(a + b, a); }
    static void sinCos(double theta0, double dtheta, N& s, N& c) {
        N angles = linear(theta0, dtheta);
        s = sin(angles);
        c = cos(angles);
    }
    static Interval polynomialBound(const N& v) { return v; }
    static void addScaled(N& acc, const N& v, double s) { acc += s * v; }
    static void addProduct(N& acc, const N& a, const Interval&, const N& b, const Interval&) { acc += a * b; }
    static void addTimesTau(N& acc, const N& x) { acc += Interval{0, 1} * x; }
    static Interval cornerRange(const N& P, const N* V) {
        Interval r = P;
        for (int a = 0; a < 3; ++a) r += Interval{-1, 1} * V[a];
        return r;
    }
};

/// A link frame's world motion over one piece of the frame: constant (a pose) or a matrix of numbers.
template <class N> struct MovingFrame {
    bool constant = true;
    Pose pose;
    N R[3][3];
    N t[3];
};

template <class Ops> class ChainSweep {
public:
    using N = typename Ops::N;

    /// A joint's motion over one piece, joint frame included: J M(tau) (eq. 2) =
    ///   rotation (A + C) + sin(phi) B - cos(phi) C   (Rodrigues, phi = angle tau; A = J Ra, B = A K, C = A
    ///   K^2) translation p0 + tau v0.
    /// Kept in this form (constant matrices and two scalar models) so that composing it with its parent's
    /// Taylor matrix takes 18 products of models instead of 36.
    struct LocalMotion {
        bool constant = true;
        Pose pose; // when constant
        bool rotates = false;
        Mat3 M0, B, Cn; // A + C, B, -C
        N s, c;
        Vec3 p0, v0;
    };

    static void local(const ChainLink& link, double a, double b, LocalMotion& f) {
        f.constant = true;
        if (!link.motion || link.motion->empty()) {
            f.pose = link.joint;
            return;
        }
        Keyframe ka = link.motion->sample(a), kb = link.motion->sample(b);
        Quat rel = ka.rotation.conjugate() * kb.rotation;
        if (rel.w < 0) rel = {-rel.w, -rel.x, -rel.y, -rel.z}; // the shortest arc, as slerp takes it
        Vec3 v{rel.x, rel.y, rel.z};
        double sinHalf = length(v);
        double angle = 2 * std::atan2(sinHalf, rel.w);
        Vec3 dp = kb.position - ka.position;
        Mat3 JRa = link.joint.R * ka.rotation.toMat3();
        f.p0 = link.joint.R * ka.position + link.joint.t;
        f.v0 = link.joint.R * dp;
        if (angle == 0 && dp == Vec3{0, 0, 0}) {
            f.pose = {JRa, f.p0};
            return;
        }
        f.constant = false;
        f.rotates = angle != 0;
        f.M0 = JRa;
        if (f.rotates) {
            Vec3 k = v / sinHalf;
            Mat3 K{{Vec3{0, -k.z, k.y}, Vec3{k.z, 0, -k.x}, Vec3{-k.y, k.x, 0}}};
            f.B = JRa * K;
            Mat3 C = f.B * K;
            for (int i = 0; i < 3; ++i) {
                f.M0.r[i] += C.r[i];
                f.Cn.r[i] = -C.r[i];
            }
            Ops::sinCos(0, angle, f.s, f.c);
        }
    }

    /// out = parent * local.
    static void compose(const MovingFrame<N>& p, const LocalMotion& l, MovingFrame<N>& out) {
        out.constant = p.constant && l.constant;
        if (out.constant) {
            out.pose = p.pose * l.pose;
            return;
        }
        if (l.constant) { // moving * constant
            for (int i = 0; i < 3; ++i) {
                for (int j = 0; j < 3; ++j) {
                    out.R[i][j] = Ops::constant(0);
                    for (int k = 0; k < 3; ++k) Ops::addScaled(out.R[i][j], p.R[i][k], l.pose.R.r[k][j]);
                }
                out.t[i] = p.t[i];
                for (int k = 0; k < 3; ++k) Ops::addScaled(out.t[i], p.R[i][k], l.pose.t[k]);
            }
            return;
        }
        if (p.constant) { // constant * moving: constant matrices times the two scalar models
            const Mat3& P = p.pose.R;
            Mat3 M0 = P * l.M0, B = P * l.B, Cn = P * l.Cn;
            Vec3 t0 = P * l.p0 + p.pose.t, v = P * l.v0;
            for (int i = 0; i < 3; ++i) {
                for (int j = 0; j < 3; ++j) {
                    out.R[i][j] = Ops::constant(M0.r[i][j]);
                    if (l.rotates) {
                        Ops::addScaled(out.R[i][j], l.s, B.r[i][j]);
                        Ops::addScaled(out.R[i][j], l.c, Cn.r[i][j]);
                    }
                }
                out.t[i] = Ops::linear(t0[i], v[i]);
            }
            return;
        }
        // Both moving: R = Rp M0 + s (Rp B) + c (Rp Cn), t = tp + Rp p0 + tau (Rp v0).
        Interval sb = Ops::polynomialBound(l.s), cb = Ops::polynomialBound(l.c);
        for (int i = 0; i < 3; ++i) {
            for (int j = 0; j < 3; ++j) {
                N m0 = Ops::constant(0);
                for (int k = 0; k < 3; ++k) Ops::addScaled(m0, p.R[i][k], l.M0.r[k][j]);
                out.R[i][j] = m0;
                if (l.rotates) {
                    N b = Ops::constant(0), cn = Ops::constant(0);
                    for (int k = 0; k < 3; ++k) {
                        Ops::addScaled(b, p.R[i][k], l.B.r[k][j]);
                        Ops::addScaled(cn, p.R[i][k], l.Cn.r[k][j]);
                    }
                    Ops::addProduct(out.R[i][j], b, Ops::polynomialBound(b), l.s, sb);
                    Ops::addProduct(out.R[i][j], cn, Ops::polynomialBound(cn), l.c, cb);
                }
            }
            out.t[i] = p.t[i];
            N v = Ops::constant(0);
            for (int k = 0; k < 3; ++k) {
                Ops::addScaled(out.t[i], p.R[i][k], l.p0[k]);
                Ops::addScaled(v, p.R[i][k], l.v0[k]);
            }
            Ops::addTimesTau(out.t[i], v);
        }
    }

    /// Grows `box` by the OBB's corners over the piece.
    static void grow(const MovingFrame<N>& w, const Obb& obb, Aabb& box) {
        if (w.constant) {
            for (int k = 0; k < 8; ++k) box.grow(w.pose.apply(obb.corner(k)));
            return;
        }
        // corner = P + sum_a (+-V_a) with P = R c + t, V_a = R (halfSize_a axis_a)
        for (int i = 0; i < 3; ++i) {
            N P = w.t[i], V[3];
            for (int k = 0; k < 3; ++k) Ops::addScaled(P, w.R[i][k], obb.center[k]);
            for (int a = 0; a < 3; ++a) {
                Vec3 e = obb.axes.r[a] * obb.halfSize[a];
                V[a] = Ops::constant(0);
                for (int k = 0; k < 3; ++k) Ops::addScaled(V[a], w.R[i][k], e[k]);
            }
            Interval r = Ops::cornerRange(P, V);
            box.lo[i] = std::min(box.lo[i], r.lo);
            box.hi[i] = std::max(box.hi[i], r.hi);
        }
    }
};

template <class Ops>
void sweep(const Pose& base, const std::vector<ChainLink>& chain, const std::vector<Obb>& obbs, double a,
           double b, std::vector<Aabb>& out) {
    using F = MovingFrame<typename Ops::N>;
    thread_local std::vector<F> world;
    if (world.size() < chain.size()) world.resize(chain.size());
    F root;
    typename ChainSweep<Ops>::LocalMotion local;
    root.pose = base;
    for (std::size_t i = 0; i < chain.size(); ++i) {
        const F& parent = chain[i].parent < 0 ? root : world[chain[i].parent];
        ChainSweep<Ops>::local(chain[i], a, b, local);
        ChainSweep<Ops>::compose(parent, local, world[i]);
        ChainSweep<Ops>::grow(world[i], obbs[i], out[i]);
    }
}

/// Widens every box of a chain by 1e-11 of the chain's reach L (the largest coordinate magnitude of its
/// boxes and base, at least 1). What it covers: double rounding (relative 1e-15 per operation, a few hundred
/// operations), and PoseTrack's interpolation between keys less than 9e-4 rad apart, which normalises a
/// linear blend instead of slerping (Quat::slerp's 0/0 guard): its angle is off the constant-velocity one by
/// at most 2.9e-12 rad, so a point at lever arm r <= 2L from the joint turning it is off by at most 5.8e-12
/// L.
void widen(const Pose& base, std::vector<Aabb>& boxes) {
    double reach = 1;
    for (int i = 0; i < 3; ++i) reach = std::max(reach, std::fabs(base.t[i]));
    for (const Aabb& b : boxes)
        for (int i = 0; i < 3; ++i) reach = std::max({reach, std::fabs(b.lo[i]), std::fabs(b.hi[i])});
    const Vec3 margin{1e-11 * reach, 1e-11 * reach, 1e-11 * reach};
    for (Aabb& b : boxes) {
        b.lo -= margin;
        b.hi += margin;
    }
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
    thread_local std::vector<double> cuts;
    cuts.assign({t0, t1});
    for (const ChainLink& l : chain) {
        if (!l.motion) continue;
        const auto& keys = l.motion->keys();
        auto it = std::upper_bound(keys.begin(), keys.end(), t0,
                                   [](double t, const Keyframe& k) { return t < k.time; });
        for (; it != keys.end() && it->time < t1; ++it) cuts.push_back(it->time);
    }
    std::sort(cuts.begin(), cuts.end());
    cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
    for (std::size_t p = 0; p + 1 < cuts.size() || p == 0; ++p) {
        double a = cuts[p], b = p + 1 < cuts.size() ? cuts[p + 1] : cuts[p];
        if (options.bounds == SweptBounds::Interval) {
            sweep<IntervalOps>(base, chain, obbs, a, b, out);
            continue;
        }
        switch (std::clamp(options.order, 1, taylor::kMaxOrder)) {
        case 1:
            sweep<TaylorOps<1>>(base, chain, obbs, a, b, out);
            break;
        case 2:
            sweep<TaylorOps<2>>(base, chain, obbs, a, b, out);
            break;
        case 3:
            sweep<TaylorOps<3>>(base, chain, obbs, a, b, out);
            break;
        case 4:
            sweep<TaylorOps<4>>(base, chain, obbs, a, b, out);
            break;
        default:
            sweep<TaylorOps<5>>(base, chain, obbs, a, b, out);
            break;
        }
    }
    widen(base, out);
}

} // namespace cdlab
