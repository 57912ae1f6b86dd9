#include "articulated/TimeOfContactSearch.h"

#include "articulated/DirectionalAdvancement.h"
#include "articulated/RssFrontStep.h"
#include "convex/Gjk.h"
#include "core/Assert.h"
#include "core/Stopwatch.h"

#include <algorithm>
#include <cmath>

namespace cdlab {

const char* toString(TocLowerBound b) {
    return b == TocLowerBound::Hull ? "hull" : "first-step";
}

bool parseTocLowerBound(const std::string& s, TocLowerBound& out) {
    if (s == "hull") return out = TocLowerBound::Hull, true;
    if (s == "first-step") return out = TocLowerBound::FirstStep, true;
    return false;
}

const char* toString(TocDistance d) {
    return d == TocDistance::Rss ? "rss" : "hulls";
}

bool parseTocDistance(const std::string& s, TocDistance& out) {
    if (s == "rss") return out = TocDistance::Rss, true;
    if (s == "hulls") return out = TocDistance::Hulls, true;
    return false;
}

void TimeOfContactSearch::prepare(const SpatialCulling& culling,
                                  const std::vector<const DistanceTree*>& trees,
                                  const std::vector<const ConvexHull*>& hulls,
                                  const std::vector<const HullTree*>& hullTrees) {
    m_culling = &culling;
    m_restAnswers.clear(); // asked of the previous trees
    m_fronts = {};         // fronts of the previous trees
    m_hullTrees = hullTrees;
    m_trees = trees;
    m_hulls = hulls;
    const std::size_t n = trees.size();
    m_radius.assign(n, 0);
    m_linkOf.assign(n, -1);
    m_ball.assign(n, {});
    for (std::size_t o = 0; o < n; ++o) {
        Vec3 lo{INFINITY, INFINITY, INFINITY}, hi = -lo;
        for (const Vec3& v : hulls[o]->vertices()) {
            m_radius[o] = std::max(m_radius[o], length(v));
            lo = {std::min(lo.x, v.x), std::min(lo.y, v.y), std::min(lo.z, v.z)};
            hi = {std::max(hi.x, v.x), std::max(hi.y, v.y), std::max(hi.z, v.z)};
        }
        if (hulls[o]->vertices().empty()) continue;
        m_ball[o].centre = (lo + hi) * 0.5;
        for (const Vec3& v : hulls[o]->vertices())
            m_ball[o].radius = std::max(m_ball[o].radius, length(v - m_ball[o].centre));
        m_ball[o].radius *= 1 + 1e-12; // rounding of the centre's distance
    }
    const auto& groups = culling.groups();
    m_bounds.assign(groups.size(), MotionBound{});
    m_groupRadius.assign(groups.size(), {});
    for (std::size_t g = 0; g < groups.size(); ++g)
        for (std::size_t k = 0; k < groups[g].objects.size(); ++k) {
            m_linkOf[groups[g].objects[k]] = int(k);
            m_groupRadius[g].push_back(m_radius[groups[g].objects[k]]);
        }
}

Pose TimeOfContactSearch::pose(std::uint32_t o, double t) const {
    int g = m_culling->groupOf(o);
    if (g < 0) return m_culling->staticPose(o);
    const SpatialCulling::Group& group = m_culling->groups()[g];
    // parent * joint * motion(t) down the chain, as ArticulatedModel::linkPoses (recursion: chains of any
    // depth).
    auto linkPose = [&](auto&& self, int k) -> Pose {
        const ChainLink& l = group.chain[k];
        Pose p = (l.parent < 0 ? group.base : self(self, l.parent)) * l.joint;
        return l.motion && !l.motion->empty() ? p * l.motion->at(t) : p;
    };
    return linkPose(linkPose, m_linkOf[o]);
}

bool TimeOfContactSearch::atRelativeRest(std::uint32_t a, std::uint32_t b) const {
    const int ga = m_culling->groupOf(a), gb = m_culling->groupOf(b);
    // Whether every joint from link k up to (not including) link `stop` is still (stop -1: up to the base,
    // which is fixed).
    auto stillUpTo = [&](int g, int k, int stop) {
        const auto& chain = m_culling->groups()[g].chain;
        for (; k != stop; k = chain[k].parent)
            if (k < 0 || !m_still[g][k]) return false;
        return true;
    };
    if (ga >= 0 && ga == gb) {
        // Links of one chain: the joints below their lowest common ancestor.
        const auto& chain = m_culling->groups()[ga].chain;
        const int ka = m_linkOf[a], kb = m_linkOf[b];
        int common = kb;
        for (; common >= 0; common = chain[common].parent) {
            int k = ka;
            while (k >= 0 && k != common) k = chain[k].parent;
            if (k == common) break;
        }
        return stillUpTo(ga, ka, common) && stillUpTo(ga, kb, common);
    }
    // Different groups (or a static body): each still in the world.
    return (ga < 0 || stillUpTo(ga, m_linkOf[a], -1)) && (gb < 0 || stillUpTo(gb, m_linkOf[b], -1));
}

MotionBound::Projection TimeOfContactSearch::projection(std::uint32_t o, double t) const {
    int g = m_culling->groupOf(o);
    return g < 0 ? MotionBound::Projection{t, {}, {}, {}, {}} : m_bounds[g].projection(t);
}

double TimeOfContactSearch::fullSpeed(std::uint32_t a, std::uint32_t b, double t, double armA,
                                      double armB) const {
    auto one = [&](std::uint32_t o, double arm) {
        int g = m_culling->groupOf(o);
        if (g < 0) return 0.0;
        const MotionBound& mb = m_bounds[g];
        const int k = m_linkOf[o];
        return mb.speed(k, t, arm < 0 ? mb.radius(k) : arm);
    };
    return one(a, armA) + one(b, armB);
}

double TimeOfContactSearch::projectedStep(std::uint32_t a, const MotionBound::Projection& pa, std::uint32_t b,
                                          const MotionBound::Projection& pb, double d, const Vec3& n,
                                          const MotionBound::Ball* ballA, const MotionBound::Ball* ballB,
                                          double t1) const {
    const double t = pa.time, rest = std::max(0.0, t1 - t);
    // The horizons below share each side's direction terms (MotionBound::Directed): made on first use.
    MotionBound::Directed dirA[2], dirB[2];
    auto prepare = [&](std::uint32_t o, const MotionBound::Projection& p, const Vec3& dir,
                       const MotionBound::Ball* ball, MotionBound::Directed* out) {
        int g = m_culling->groupOf(o);
        if (g < 0) return; // a static body does not move
        const MotionBound& mb = m_bounds[g];
        const int k = m_linkOf[o];
        if (ball) {
            out[0].set(mb, p, k, dir, 0.0, ball);
            return;
        }
        // The whole link: the smaller of the bounds for the ball about its origin and the ball about its
        // hull's box centre (levers' directions), both holding it.
        out[0].set(mb, p, k, dir, mb.radius(k), nullptr);
        out[1].set(mb, p, k, dir, 0.0, &m_ball[o]);
    };
    const Vec3 nB = -n;
    bool prepared = false;
    auto mu = [&](double horizon) {
        if (!prepared) {
            prepare(a, pa, n, ballA, dirA), prepare(b, pb, nB, ballB, dirB);
            prepared = true;
        }
        auto one = [&](MotionBound::Directed* dir) {
            if (!dir[0].isSet()) return 0.0;
            return dir[1].isSet() ? std::min(dir[0].speed(horizon), dir[1].speed(horizon))
                                  : dir[0].speed(horizon);
        };
        return one(dirA) + one(dirB);
    };
    auto armOf = [](const MotionBound::Ball* ball) {
        return ball ? length(ball->centre) + ball->radius : -1.0;
    };
    const double armA = armOf(ballA), armB = armOf(ballB);
    // Over a horizon h the bound holds on [t, t + h]: the step is d / mu_h, capped at h unless h reaches the
    // frame's end (then nothing further matters). Start from the unprojected step (always safe) and grow h
    // towards d / mu_h while that is larger: the deep joints' turning slack shrinks with h.
    const double full = fullSpeed(a, b, t, armA, armB);
    double best = full > 0 ? d / full : INFINITY;
    if (!(best < rest)) return best;
    double h = best;
    for (int k = 0; k < 4; ++k) {
        const double horizon = std::min(h * 2, rest);
        const double m = mu(horizon);
        const double step = m > 0 ? d / m : INFINITY;
        if (horizon >= rest) return std::max(best, step);
        best = std::max(best, std::min(horizon, step));
        if (step <= horizon) break; // the fixed point is inside: a longer horizon only loosens mu
        h = step;
    }
    return best;
}

TocWitness TimeOfContactSearch::run(double t0, double t1, const std::vector<SpatialCulling::ObjectPair>& pcls,
                                    const TocSearchOptions& options, TocSearchStats& stats,
                                    std::vector<PclRecord>& records, int traceFor,
                                    std::vector<CaStep>* trace) {
    // The bound stage's clock starts here: preparing the frame's motion bounds (MotionBound::update, 1-2 %
    // of walk's and exercise's instructions) is part of the frame's work, and the bench times only stages.
    Stopwatch boundClock;
    TocWitness out;
    records.assign(pcls.size(), PclRecord{});
    for (std::size_t i = 0; i < pcls.size(); ++i)
        records[i].objectA = pcls[i].first, records[i].objectB = pcls[i].second;
    if (pcls.empty()) return out;
    {
        std::vector<bool> used(m_bounds.size(), false);
        for (const auto& [a, b] : pcls)
            for (std::uint32_t o : {a, b})
                if (int g = m_culling->groupOf(o); g >= 0) used[g] = true;
        const auto& groups = m_culling->groups();
        m_still.resize(groups.size());
        for (std::size_t g = 0; g < groups.size(); ++g) {
            if (!used[g]) continue;
            m_bounds[g].update(groups[g].base, groups[g].chain, m_groupRadius[g], t0, t1);
            m_still[g].assign(groups[g].chain.size(), 0);
            for (std::size_t k = 0; k < groups[g].chain.size(); ++k) {
                const PoseTrack* motion = groups[g].chain[k].motion;
                m_still[g][k] = !motion || !movesWithin(*motion, t0, t1);
            }
        }
    }
    std::vector<char> rest(pcls.size());
    for (std::size_t i = 0; i < pcls.size(); ++i) rest[i] = atRelativeRest(pcls[i].first, pcls[i].second);
    CaOptions ca;
    ca.epsilon = options.epsilon;
    ca.end = t1;
    // Frame times are absolute (a scene's frame may start at 5 s): the hull CA's limit is the frame's end,
    // not CaOptions' default, or in every frame after 1 s the hull bound would stop at its first step.
    ca.limit = t1;
    ca.maxIterations = options.maxIterations;

    // The meshes' exact distance at time t below `upperBound`: the witness's query (one distance query in
    // the counters, however it is answered).
    auto meshDistanceAt = [&](std::uint32_t a, std::uint32_t b, double t, double stopBelow,
                              double upperBound) {
        DistanceOptions d;
        d.stopBelow = stopBelow;
        d.upperBound = upperBound;
        return meshDistance(*m_trees[a], pose(a, t), *m_trees[b], pose(b, t), d);
    };
    // A pair at relative rest: whether it is within epsilon (the same at every time of the frame). One
    // query that stops at the first triangle pair under epsilon and looks at nothing beyond it.
    // The answer depends only on the trees, the two poses and epsilon: asked again at bit-identical poses
    // (the bound's query and the advancement's at the frame's start, or the next frame of an assembly at
    // rest) it is reused, not recomputed.
    auto withinEpsilon = [&](std::uint32_t a, std::uint32_t b, double t) {
        const Pose posA = pose(a, t), posB = pose(b, t);
        RestAnswer& known = m_restAnswers[(std::uint64_t(a) << 32) | b];
        if (known.epsilon == options.epsilon && known.epsilon > 0 && known.poseA == posA &&
            known.poseB == posB)
            return known.within;
        ++stats.distanceQueries;
        DistanceOptions d;
        d.stopBelow = d.upperBound = options.epsilon;
        known = {posA, posB, options.epsilon, meshDistance(*m_trees[a], posA, *m_trees[b], posB, d).found()};
        return known.within;
    };
    // The pair's bounds at time t for the hull trees' nodes (the projection prepared once per time).
    // Two links of one chain share its projection at t (computed once: the chain's poses and rotated joint
    // velocities, a few per cent of exercise's instructions when computed twice).
    auto sameChain = [&](std::uint32_t a, std::uint32_t b) {
        const int g = m_culling->groupOf(a);
        return g >= 0 && g == m_culling->groupOf(b);
    };
    auto pairBounds = [&](std::uint32_t a, std::uint32_t b, double t) {
        DirectionalBounds out;
        MotionBound::Projection projA = projection(a, t);
        MotionBound::Projection projB = sameChain(a, b) ? projA : projection(b, t);
        out.projectedStep = [this, a, b, t1, pa = std::move(projA),
                             pb = std::move(projB)](double d, const Vec3& n, const MotionBound::Ball& ballA,
                                                    const MotionBound::Ball& ballB) {
            return projectedStep(a, pa, b, pb, d, n, &ballA, &ballB, t1);
        };
        out.fullSpeed = [this, a, b, t](double armA, double armB) { return fullSpeed(a, b, t, armA, armB); };
        out.fullLine = {0, 0, 0};
        for (int side = 0; side < 2; ++side) {
            const std::uint32_t o = side == 0 ? a : b;
            const int g = m_culling->groupOf(o);
            if (g < 0) continue; // a static body does not move
            double fixed = 0, perArm = 0;
            m_bounds[g].speedLine(m_linkOf[o], t, fixed, perArm);
            out.fullLine.fixed += fixed;
            (side == 0 ? out.fullLine.perArmA : out.fullLine.perArmB) = perArm;
        }
        return out;
    };
    // The pair's directional step at time t: on its hull trees (distance=hulls, DirectionalAdvancement.h)
    // or on the fronts of its RSS trees (distance=rss, RssFrontStep.h).
    const bool onHulls = options.distance == TocDistance::Hulls;
    CDLAB_ASSERT(!onHulls || m_hullTrees.size() == m_trees.size(), "distance=hulls needs the hull trees");
    HullDistanceStats hullStats;
    RssFrontStats frontStats;
    // Per PCL: the leaf pair that limited its last RSS front step (its bound's, then its advancement's) and
    // that step's front with each pair's safe time (RssFrontStep.h), kept through the frame and into the
    // next one. A run that does not continue the last one's frame forgets them all: a repeated pass gives the
    // same answers as the first; a jump starts afresh, so its TOC may differ from a sequential run's within
    // the epsilon band (RssFrontStep.h).
    const RssFrontFrame frame{t0, t1};
    if (!m_fronts.lastFrame.followedBy(frame)) m_fronts.byPair.clear();
    m_fronts.lastFrame = frame;
    std::vector<RssFrontCache*> frontCache(pcls.size());
    for (std::size_t i = 0; i < pcls.size(); ++i) // node-based map: the pointers stay valid
        frontCache[i] = &m_fronts.byPair[(std::uint64_t(pcls[i].first) << 32) | pcls[i].second];
    auto directional = [&](int i, double t) {
        const std::uint32_t a = records[i].objectA, b = records[i].objectB;
        ++stats.distanceQueries;
        ++stats.caIterations;
        if (!onHulls) {
            return rssFrontStep(*m_trees[a], pose(a, t), *m_trees[b], pose(b, t), t, frame, options.epsilon,
                                options.distanceError, pairBounds(a, b, t), &frontStats, frontCache[i]);
        }
        return directionalStep(*m_hullTrees[a], pose(a, t), *m_hullTrees[b], pose(b, t), options.epsilon,
                               pairBounds(a, b, t), &hullStats);
    };

    auto bound = [&](int i) {
        PclRecord& r = records[i];
        const std::uint32_t a = r.objectA, b = r.objectB;
        if (rest[i] && options.lowerBound == TocLowerBound::FirstStep) {
            ++stats.caIterations;
            r.boundIterations = 1;
            r.lowerBound = withinEpsilon(a, b, t0) ? t0 : INFINITY;
            return;
        }
        if (options.lowerBound == TocLowerBound::FirstStep) {
            DirectionalStep s = directional(i, t0);
            r.boundIterations = 1;
            r.lowerBound = s.contact ? t0 : t0 + s.step;
            if (r.lowerBound > t1) r.lowerBound = INFINITY;
            return;
        }
        // CA on the convex hulls (sec. 7.2): their distance bounds the meshes' from below, and the projected
        // motion bound is safe for convex shapes.
        // advance() steps by d / speed: the speed handed back is d over the projected step (which needs d
        // to pick its horizon), the distance just measured at the same time.
        double measured = 0;
        CaDistance hullDistance = [&](double t, Vec3& pa, Vec3& pb) {
            ++stats.hullQueries;
            GjkResult g = gjkDistance(*m_hulls[a], pose(a, t), *m_hulls[b], pose(b, t));
            pa = g.pointA, pb = g.pointB;
            return measured = g.intersecting ? 0.0 : std::max(0.0, g.lowerBound);
        };
        CaSpeed projected = [&](double t, const Vec3& n) {
            if (rest[i] || !(measured > 0)) return 0.0;
            const MotionBound::Projection pa = projection(a, t);
            const bool same = sameChain(a, b);
            const MotionBound::Projection own = same ? MotionBound::Projection{} : projection(b, t);
            const double step = projectedStep(a, pa, b, same ? pa : own, measured, n, nullptr, nullptr, t1);
            return std::isfinite(step) && step > 0 ? measured / step : 0.0;
        };
        CaResult h = advance(t0, hullDistance, projected, ca);
        r.boundIterations = h.iterations;
        if (h.outcome == CaOutcome::Free) {
            r.lowerBound = INFINITY;
            return;
        }
        // Where the hulls come within epsilon (often at t0: links close together), the first CA step on the
        // meshes from there bounds the TOC as well; the larger of the two orders the PCLs far better (a pair
        // already touching sorts first, and its TOC culls the rest).
        if (rest[i]) { // the hulls within epsilon at t0 (they do not move): are the meshes?
            ++stats.caIterations;
            r.lowerBound = withinEpsilon(a, b, h.time) ? h.time : INFINITY;
            return;
        }
        DirectionalStep s = directional(i, h.time);
        r.lowerBound = s.contact ? h.time : h.time + s.step;
        if (r.lowerBound > t1) r.lowerBound = INFINITY;
    };

    Stopwatch advanceClock;
    double advanceMs = 0;
    auto advanceOne = [&](int i, double from, double limit) {
        Stopwatch sw;
        const std::uint32_t a = records[i].objectA, b = records[i].objectB;
        ++stats.pclsAdvanced;
        CaOptions o = ca;
        o.limit = limit;
        if (!rest[i]) { // a pair at relative rest takes the one "within epsilon?" below
            const PairPoses poses = [&](double t, Pose& pa, Pose& pb) { pa = pose(a, t), pb = pose(b, t); };
            const PairBounds bounds = [&](double t) { return pairBounds(a, b, t); };
            std::vector<CaStep>* history = i == traceFor ? trace : nullptr;
            CaResult r =
                onHulls ? advanceDirectional(from, *m_hullTrees[a], *m_hullTrees[b], poses, bounds, o,
                                             &hullStats, history)
                        : advanceOnRssFront(from, frame, *m_trees[a], *m_trees[b], poses, bounds,
                                            options.distanceError, o, &frontStats, history, frontCache[i]);
            stats.caIterations += std::uint64_t(r.iterations);
            stats.distanceQueries += std::uint64_t(r.iterations);
            if (r.outcome == CaOutcome::Unresolved) ++stats.unresolved;
            advanceMs += sw.ms();
            return r;
        }
        // At relative rest only "within epsilon?" matters (epsilon: a lower bound when it is not), and the
        // relative speed is 0: one iteration decides the frame.
        CaDistance distance = [&](double t, Vec3& pa, Vec3& pb) {
            ++stats.caIterations;
            pa = pose(a, t).t, pb = pose(b, t).t;
            return withinEpsilon(a, b, t) ? 0.0 : options.epsilon;
        };
        CaSpeed still = [](double, const Vec3&) { return 0.0; };
        CaResult r = advance(from, distance, still, o, i == traceFor ? trace : nullptr);
        if (r.outcome == CaOutcome::Unresolved) ++stats.unresolved;
        advanceMs += sw.ms();
        return r;
    };

    TemporalCullingOptions tc;
    tc.enabled = options.temporalCulling;
    tc.planning = options.planning;
    tc.start = t0;
    tc.end = t1;
    TemporalCullingResult res = temporalCulling(records, bound, advanceOne, tc);
    stats.advanceMs += advanceMs;
    stats.gjkIterations += hullStats.gjkIterations;
    stats.boundMs += std::max(0.0, boundClock.ms() - advanceMs);
    if (!res.contact) return out;
    const PclRecord& r = records[res.earliest];
    out.contact = true;
    out.objectA = r.objectA;
    out.objectB = r.objectB;
    out.time = res.toc;
    out.startedInside = res.toc <= t0;
    // The witness: the closest features at the TOC (a full query; CA's stopped at the first pair under
    // epsilon).
    // At the TOC the pair is within epsilon (the CA step that ended there met a triangle pair under it), so
    // the query looks only below epsilon first: an exact query's answer is the least pair in (distance,
    // triA, triB) order whatever it prunes (MeshDistance.h), so when that pair is under the bound the answer
    // is the unbounded query's to the last bit, and the node pairs at or beyond epsilon are never opened.
    // Nothing under it (a TOC that did not come from a pair within epsilon): the unbounded query.
    Stopwatch witnessClock;
    ++stats.distanceQueries;
    out.closest = meshDistanceAt(r.objectA, r.objectB, res.toc, 0, options.epsilon);
    if (!out.closest.found()) out.closest = meshDistanceAt(r.objectA, r.objectB, res.toc, 0, INFINITY);
    stats.witnessMs += witnessClock.ms();
    return out;
}

} // namespace cdlab
