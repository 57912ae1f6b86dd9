// Conservative advancement for articulated links (zhang2007 secs. 3.4, 6, 7): the motion bound mu covers
// every point's speed on fixed-seed random chains (and its projection, every point's speed along n); CA
// between spheres carried by random links never reports a TOC after a real contact (dense sampling of the
// exact sphere distance) and reports contact-free frames only when sampling finds none; temporal culling
// (Alg. 1) gives the same TOC as advancing every pair.
#include "ArticulatedTestUtil.h"
#include "articulated/MotionBound.h"
#include "articulated/TemporalCulling.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace cdlab;
using test::randomModel;

namespace {

/// A sphere carried by one link of a model.
struct Ball {
    const ArticulatedModel* model = nullptr;
    int link = 0;
    Vec3 centre; ///< in the link's frame
    double radius = 0;
    MotionBound bound;
    Vec3 at(double t) const { return model->linkPoses(t)[link].apply(centre); }
};

void prepare(Ball& b, double t0, double t1) {
    std::vector<double> radius(b.model->links.size(), 0);
    radius[b.link] = length(b.centre) + b.radius;
    b.bound.update(b.model->base, chainOf(*b.model), radius, t0, t1);
}

double gap(const Ball& a, const Ball& b, double t) {
    return length(a.at(t) - b.at(t)) - a.radius - b.radius;
}

CaResult advanceBalls(const Ball& a, const Ball& b, double from, const CaOptions& o, bool projected) {
    CaDistance distance = [&](double t, Vec3& pa, Vec3& pb) {
        Vec3 ca = a.at(t), cb = b.at(t), n = cb - ca;
        double len = length(n);
        n = len > 0 ? n / len : Vec3{1, 0, 0};
        pa = ca + n * a.radius;
        pb = cb - n * b.radius;
        return std::max(0.0, len - a.radius - b.radius);
    };
    CaSpeed speed = [&](double t, const Vec3& n) {
        if (!projected) return a.bound.speed(a.link, t) + b.bound.speed(b.link, t);
        return a.bound.projectedSpeed(a.link, n, t) + b.bound.projectedSpeed(b.link, -n, t);
    };
    return advance(from, distance, speed, o);
}

} // namespace

TEST(MotionBound, CoversEveryPointsSpeedAndItsProjection) {
    test::Rng rng(3001);
    int checked = 0;
    for (int c = 0; c < 300; ++c) {
        int n = rng.integer(1, 15);
        ArticulatedModel m = randomModel(rng, n, rng.uniform() < 0.5 ? 0.6 : 3.1);
        std::vector<Vec3> local(n);
        std::vector<double> radius(n);
        for (int i = 0; i < n; ++i) local[i] = rng.vec(-0.5, 0.5), radius[i] = length(local[i]);
        double t0 = rng.uniform(-0.1, 0.8), t1 = t0 + rng.uniform(0.01, 0.6);
        MotionBound mb;
        mb.update(m.base, chainOf(m), radius, t0, t1);
        const int samples = 200;
        const double h = (t1 - t0) / samples;
        std::vector<Pose> prev = m.linkPoses(t0);
        Vec3 dir = rng.unit();
        for (int s = 1; s <= samples; ++s) {
            double ta = t0 + h * (s - 1), tb = t0 + h * s;
            std::vector<Pose> cur = m.linkPoses(tb);
            for (int i = 0; i < n; ++i) {
                Vec3 moved = cur[i].apply(local[i]) - prev[i].apply(local[i]);
                double slack = 1e-12 * (1 + length(cur[i].t));
                ASSERT_LE(length(moved), mb.speed(i, ta) * h * (1 + 1e-9) + slack)
                    << "chain " << c << " link " << i << " at " << ta;
                ASSERT_LE(std::fabs(dot(moved, dir)), mb.projectedSpeed(i, dir, ta) * h * (1 + 1e-9) + slack)
                    << "chain " << c << " link " << i << " at " << ta;
                ASSERT_LE(mb.projectedSpeed(i, dir, ta), mb.speed(i, ta) * (1 + 1e-12));
                ++checked;
            }
            prev = std::move(cur);
        }
    }
    EXPECT_GT(checked, 100000);
}

TEST(MotionBound, RigidTranslationProjectsExactly) {
    // One link sliding along x without turning: its speed along x is exact, across it zero (sec. 6's point).
    ArticulatedModel m;
    Link l;
    Keyframe a, b;
    a.time = 0, b.time = 1, b.position = {2, 0, 0};
    l.motion = PoseTrack({a, b});
    m.links.push_back(l);
    MotionBound mb;
    mb.update(m.base, chainOf(m), {0.5}, 0, 1);
    EXPECT_NEAR(mb.speed(0, 0), 2, 1e-8);
    EXPECT_NEAR(mb.projectedSpeed(0, {1, 0, 0}, 0), 2, 1e-8);
    EXPECT_NEAR(mb.projectedSpeed(0, {0, 1, 0}, 0), 0, 1e-12);
}

// sec. 6, eq. 10 per joint: at a time t with a horizon h, the bound projected on n for the points within an
// arm of their link's origin covers every such point's motion along n over [t, t + h] (dense sampling), and
// never exceeds the unprojected bound for that arm.
TEST(MotionBound, PerJointProjectionCoversEveryPointOverItsHorizon) {
    test::Rng rng(3003);
    int checked = 0;
    for (int c = 0; c < 300; ++c) {
        int n = rng.integer(1, 15);
        ArticulatedModel m = randomModel(rng, n, rng.uniform() < 0.5 ? 0.6 : 3.1);
        std::vector<Vec3> local(n);
        std::vector<double> radius(n);
        for (int i = 0; i < n; ++i) local[i] = rng.vec(-0.5, 0.5), radius[i] = 0.9;
        double t0 = rng.uniform(-0.1, 0.8), t1 = t0 + rng.uniform(0.01, 0.6);
        MotionBound mb;
        mb.update(m.base, chainOf(m), radius, t0, t1);
        const double t = rng.uniform(t0, t1), h = (t1 - t) * rng.uniform(0.01, 1.0);
        const MotionBound::Projection at = mb.projection(t);
        Vec3 dir = rng.unit();
        const int samples = 100;
        const double dt = h / samples;
        for (int i = 0; i < n; ++i) {
            const double arm = length(local[i]) * rng.uniform(1.0, 1.5);
            const double mu = mb.projectedSpeed(at, i, dir, arm, h);
            ASSERT_LE(mu, mb.speed(i, t, arm) * (1 + 1e-12)) << "chain " << c << " link " << i;
            Vec3 prev = m.linkPoses(t)[i].apply(local[i]);
            for (int s = 1; s <= samples; ++s) {
                Vec3 cur = m.linkPoses(t + dt * s)[i].apply(local[i]);
                double slack = 1e-12 * (1 + length(cur));
                ASSERT_LE(std::fabs(dot(cur - prev, dir)), mu * dt * (1 + 1e-9) + slack)
                    << "chain " << c << " link " << i << " at " << t + dt * s;
                prev = cur;
                ++checked;
            }
        }
    }
    EXPECT_GT(checked, 100000);
}

// C2A's bound (Tang, Kim, Manocha 2009; MotionBound.h): with each lever's direction at t and its drift over
// [t, t + h], the projected bound for the points of a ball covers every point of the ball's motion along n
// (dense sampling of points inside and on the ball, random chains, horizons and directions, half of the
// directions across the lever where the bound is tightest), and never exceeds the norm-based bound for the
// ball's arm.
TEST(MotionBound, LeverDirectionBoundCoversEveryPointOfItsBallOverItsHorizon) {
    test::Rng rng(3005);
    int checked = 0, tighter = 0;
    for (int c = 0; c < 400; ++c) {
        int n = rng.integer(1, 15);
        ArticulatedModel m = randomModel(rng, n, rng.uniform() < 0.5 ? 0.6 : 3.1);
        std::vector<double> radius(n, 0.9);
        double t0 = rng.uniform(-0.1, 0.8), t1 = t0 + rng.uniform(0.01, 0.6);
        MotionBound mb;
        mb.update(m.base, chainOf(m), radius, t0, t1);
        const double t = rng.uniform(t0, t1);
        const double h = (t1 - t) * (rng.uniform() < 0.5 ? rng.uniform(0.0, 0.05) : rng.uniform(0.01, 1.0));
        const MotionBound::Projection at = mb.projection(t);
        const std::vector<Pose> poses = m.linkPoses(t);
        for (int i = 0; i < n; ++i) {
            MotionBound::Ball ball{rng.vec(-0.6, 0.6), rng.uniform() < 0.2 ? 0.0 : rng.uniform(0.0, 0.3)};
            Vec3 dir = rng.unit();
            if (rng.uniform() < 0.5 && i > 0) {
                // Across the lever from the root to the ball: the direction C2A's bound is built for.
                Vec3 lever = poses[i].apply(ball.centre) - poses[0].t;
                Vec3 across = cross(lever, rng.unit());
                if (length(across) > 1e-9) dir = across / length(across);
            }
            const double mu = mb.projectedSpeed(at, i, dir, ball, h);
            const double byArm = mb.projectedSpeed(at, i, dir, length(ball.centre) + ball.radius, h);
            ASSERT_LE(mu, byArm * (1 + 1e-12)) << "chain " << c << " link " << i;
            if (mu < byArm * 0.9) ++tighter;
            for (int q = 0; q < 6; ++q) {
                Vec3 e = rng.unit() * (q == 0 ? 0.0 : q < 3 ? ball.radius : ball.radius * rng.uniform());
                const Vec3 local = ball.centre + e;
                const int samples = 50;
                const double dt = h / samples;
                Vec3 prev = poses[i].apply(local);
                for (int s = 1; s <= samples; ++s) {
                    Vec3 cur = m.linkPoses(t + dt * s)[i].apply(local);
                    double slack = 1e-12 * (1 + length(cur));
                    ASSERT_LE(std::fabs(dot(cur - prev, dir)), mu * dt * (1 + 1e-9) + slack)
                        << "chain " << c << " link " << i << " at " << t + dt * s;
                    prev = cur;
                    ++checked;
                }
            }
        }
    }
    EXPECT_GT(checked, 100000);
    EXPECT_GT(tighter, 100); // the test exercises the lever's direction, not only the arm-based bound
}

// MotionBound::Directed keeps a direction's horizon-free terms between the horizons a caller tries
// (TimeOfContactSearch::projectedStep): the same bits as projectedSpeed at every horizon, whichever horizon
// fills its cache first, for arms and balls, on chains split into several pieces (keys inside the frame).
TEST(MotionBound, DirectedEqualsProjectedSpeedBitForBitOverHorizons) {
    test::Rng rng(3011);
    int compared = 0, partial = 0;
    for (int c = 0; c < 300; ++c) {
        int n = rng.integer(1, 15);
        ArticulatedModel m = randomModel(rng, n, rng.uniform() < 0.5 ? 0.6 : 3.1);
        std::vector<double> radius(n, 0.9);
        double t0 = rng.uniform(-0.1, 0.8), t1 = t0 + rng.uniform(0.01, 0.9);
        MotionBound mb;
        mb.update(m.base, chainOf(m), radius, t0, t1);
        const double t = rng.uniform(t0, t1);
        const MotionBound::Projection at = mb.projection(t);
        for (int i = 0; i < n; ++i) {
            const MotionBound::Ball ball{rng.vec(-0.6, 0.6),
                                         rng.uniform() < 0.2 ? 0.0 : rng.uniform(0.0, 0.3)};
            const Vec3 dir = rng.unit();
            const double arm = rng.uniform(0.0, 2.0);
            MotionBound::Directed byBall, byArm;
            byBall.set(mb, at, i, dir, 0.0, &ball);
            byArm.set(mb, at, i, dir, arm, nullptr);
            // Horizons from tiny (one piece: the cache only partly filled) to past the frame's end, in a
            // random order.
            for (int k = 0; k < 6; ++k) {
                const double h =
                    (t1 - t) * (rng.uniform() < 0.5 ? rng.uniform(0.0, 0.05) : rng.uniform(0.0, 1.5));
                partial += h < 0.05 * (t1 - t);
                const double expectBall = mb.projectedSpeed(at, i, dir, ball, h);
                const double expectArm = mb.projectedSpeed(at, i, dir, arm, h);
                ASSERT_EQ(byBall.speed(h), expectBall) << "chain " << c << " link " << i << " horizon " << h;
                ASSERT_EQ(byArm.speed(h), expectArm) << "chain " << c << " link " << i << " horizon " << h;
                ++compared;
            }
        }
    }
    EXPECT_GT(compared, 10000);
    EXPECT_GT(partial, 1000);
}

TEST(MotionBound, DeepJointTranslationProjectsExactlyAcrossIt) {
    // A still root and a child sliding along x: across x the child does not move. The projection of the
    // deep joint's terms (eq. 10) says so; the norms of the deep terms did not (they gave 2).
    ArticulatedModel m;
    Link root, child;
    child.parent = 0;
    child.joint.t = {1, 0, 0};
    Keyframe a, b;
    a.time = 0, b.time = 1, b.position = {2, 0, 0};
    child.motion = PoseTrack({a, b});
    m.links = {root, child};
    MotionBound mb;
    mb.update(m.base, chainOf(m), {0.5, 0.5}, 0, 1);
    EXPECT_NEAR(mb.speed(1, 0), 2, 1e-8);
    EXPECT_NEAR(mb.projectedSpeed(1, {1, 0, 0}, 0), 2, 1e-8);
    EXPECT_NEAR(mb.projectedSpeed(1, {0, 1, 0}, 0), 0, 1e-12);
}

// 2,000 random motions of a ball on one random chain against a ball on another (chains of 1-15 links); the
// radii are drawn so that 30-70 % of the frames collide.
TEST(ConservativeAdvancement, NeverReportsATimeOfContactAfterARealOne) {
    test::Rng rng(3002);
    int hits = 0, cases = 2000;
    long iterations = 0;
    for (int c = 0; c < cases; ++c) {
        ArticulatedModel ma = randomModel(rng, rng.integer(1, 15), 1.5);
        ArticulatedModel mb = randomModel(rng, rng.integer(1, 15), 1.5);
        Ball a, b;
        a.model = &ma, b.model = &mb;
        a.link = rng.integer(0, int(ma.links.size()) - 1), b.link = rng.integer(0, int(mb.links.size()) - 1);
        a.centre = rng.vec(-0.3, 0.3), b.centre = rng.vec(-0.3, 0.3);
        double t0 = 0, t1 = 1;
        // Radii from the centres' closest approach over 64 samples, so that about half the frames touch.
        double closest = INFINITY;
        for (int s = 0; s <= 64; ++s) closest = std::min(closest, length(a.at(s / 64.0) - b.at(s / 64.0)));
        double r = closest * rng.uniform(0.55, 1.45);
        a.radius = r * rng.uniform(0.2, 0.8), b.radius = r - a.radius;
        if (gap(a, b, t0) <= 0) a.radius = b.radius = 0.45 * length(a.at(t0) - b.at(t0));
        prepare(a, t0, t1), prepare(b, t0, t1);
        CaOptions o;
        o.epsilon = 1e-3, o.end = t1, o.limit = t1;
        bool projected = c % 2 == 1; // spheres are convex: the projected bound is safe for them
        CaResult res = advanceBalls(a, b, t0, o, projected);
        iterations += res.iterations;
        const int dense = 400;
        double until = res.outcome == CaOutcome::Contact ? res.time : t1;
        for (int s = 0; s <= dense; ++s) {
            double t = t0 + (until - t0) * s / dense;
            ASSERT_GT(gap(a, b, t), -1e-9) << "case " << c << ": contact at " << t << " before the reported "
                                           << toString(res.outcome) << " at " << res.time;
        }
        if (res.outcome == CaOutcome::Contact) {
            ++hits;
            EXPECT_LT(gap(a, b, res.time), o.epsilon + 1e-12) << "case " << c;
        } else {
            ASSERT_EQ(res.outcome, CaOutcome::Free) << "case " << c;
        }
    }
    EXPECT_GE(hits, cases * 3 / 10);
    EXPECT_LE(hits, cases * 7 / 10);
    EXPECT_LT(iterations, long(cases) * 200) << "CA took " << iterations << " iterations";
}

TEST(ConservativeAdvancement, StopsAtTheLimitAndTheIterationCap) {
    // Two points closing at unit speed from distance 1: TOC at 1 - epsilon/... within [0, 2].
    CaDistance d = [](double t, Vec3& pa, Vec3& pb) {
        pa = {0, 0, 0}, pb = {1 - t, 0, 0};
        return std::max(0.0, 1 - t);
    };
    CaSpeed twice = [](double, const Vec3&) { return 2.0; }; // an overestimate: geometric convergence
    CaOptions o;
    o.end = 2, o.limit = 2;
    CaResult r = advance(0, d, twice, o);
    EXPECT_EQ(r.outcome, CaOutcome::Contact);
    EXPECT_LE(r.time, 1.0);
    EXPECT_GT(r.time, 1 - o.epsilon);
    o.limit = 0.5;
    std::vector<CaStep> steps;
    r = advance(0, d, twice, o, &steps);
    EXPECT_EQ(r.outcome, CaOutcome::Abandoned);
    EXPECT_LE(r.time, 0.5);
    ASSERT_FALSE(steps.empty());
    EXPECT_DOUBLE_EQ(steps.front().step, 0.5);
    o.limit = 2, o.maxIterations = 3;
    r = advance(0, d, twice, o);
    EXPECT_EQ(r.outcome, CaOutcome::Unresolved);
    EXPECT_EQ(r.iterations, 3);
    CaSpeed still = [](double, const Vec3&) { return 0.0; };
    EXPECT_EQ(advance(0, d, still, CaOptions{}).outcome, CaOutcome::Free);
}

// Alg. 1 on sets of 2-12 ball pairs: temporal culling (lower bounds from CA on larger balls, as hulls bound
// links) reports the same TOC as advancing every pair, and advances fewer pairs.
TEST(TemporalCulling, SameTimeOfContactAsAdvancingEveryPair) {
    test::Rng rng(3003);
    int contacts = 0, advancedOn = 0, advancedOff = 0;
    for (int c = 0; c < 300; ++c) {
        int pairs = rng.integer(2, 12);
        std::vector<ArticulatedModel> models;
        models.reserve(2 * pairs);
        std::vector<Ball> balls(2 * pairs);
        for (int p = 0; p < 2 * pairs; ++p) {
            models.push_back(randomModel(rng, rng.integer(1, 6), 1.5));
            balls[p].model = &models.back();
            balls[p].link = rng.integer(0, int(models.back().links.size()) - 1);
            balls[p].centre = rng.vec(-0.3, 0.3);
        }
        for (int p = 0; p < pairs; ++p) {
            Ball &a = balls[2 * p], &b = balls[2 * p + 1];
            double closest = INFINITY;
            for (int s = 0; s <= 32; ++s)
                closest = std::min(closest, length(a.at(s / 32.0) - b.at(s / 32.0)));
            double r = closest * rng.uniform(0.25, 0.53);
            a.radius = b.radius = r;
            if (gap(a, b, 0) <= 0) a.radius = b.radius = 0.45 * length(a.at(0) - b.at(0));
            prepare(a, 0, 1), prepare(b, 0, 1);
        }
        CaOptions o;
        auto run = [&](bool enabled, int& advanced) {
            std::vector<PclRecord> records(pairs);
            for (int p = 0; p < pairs; ++p) records[p].objectA = 2 * p, records[p].objectB = 2 * p + 1;
            auto bound = [&](int i) {
                // A lower bound from hulls: balls shrunk... grown by 10 %, which contain the real ones.
                Ball a = balls[2 * i], b = balls[2 * i + 1];
                a.radius *= 1.1, b.radius *= 1.1;
                prepare(a, 0, 1), prepare(b, 0, 1);
                CaResult r = advanceBalls(a, b, 0, o, true);
                records[i].lowerBound = r.outcome == CaOutcome::Contact ? r.time : INFINITY;
                records[i].boundIterations = r.iterations;
            };
            auto adv = [&](int i, double from, double limit) {
                CaOptions oi = o;
                oi.limit = limit;
                ++advanced;
                return advanceBalls(balls[2 * i], balls[2 * i + 1], from, oi, true);
            };
            TemporalCullingOptions to;
            to.enabled = enabled;
            return temporalCulling(records, bound, adv, to);
        };
        TemporalCullingResult on = run(true, advancedOn), off = run(false, advancedOff);
        ASSERT_EQ(on.contact, off.contact) << "case " << c;
        if (!on.contact) continue;
        ++contacts;
        // Both are CA times with d < epsilon and no contact before: within the time the pair needs to close
        // epsilon at the speeds involved; the balls move at most a few units per frame here.
        EXPECT_NEAR(on.toc, off.toc, 0.01) << "case " << c;
        for (double t : {on.toc, off.toc})
            for (int p = 0; p < pairs; ++p)
                for (int s = 0; s <= 200; ++s)
                    ASSERT_GT(gap(balls[2 * p], balls[2 * p + 1], t * s / 200), -1e-9) << "case " << c;
    }
    EXPECT_GT(contacts, 90);
    EXPECT_LT(contacts, 210);
    EXPECT_LT(advancedOn, advancedOff);
}

namespace {

/// Alg. 1 driven by fixed PCLs: each one's lower bound and the CA outcome its advancement reaches (a
/// contact at `toc`, or free), so that the tests put bounds exactly where they want them.
struct FixedPcl {
    double lowerBound;
    double toc; ///< +inf: free over the frame
};

TemporalCullingResult cullFixed(const std::vector<FixedPcl>& pcls, double start, double end,
                                std::vector<PclRecord>& records, bool enabled = true) {
    records.assign(pcls.size(), PclRecord{});
    for (std::size_t i = 0; i < pcls.size(); ++i)
        records[i].objectA = 0, records[i].objectB = std::uint32_t(i + 1);
    auto bound = [&](int i) { records[i].lowerBound = pcls[i].lowerBound; };
    auto adv = [&](int i, double from, double limit) {
        EXPECT_LE(from, pcls[i].toc) << "PCL " << i << " advanced from past its contact";
        CaResult r;
        r.iterations = 1;
        if (pcls[i].toc <= std::min(limit, end)) {
            r.outcome = CaOutcome::Contact, r.time = pcls[i].toc;
        } else {
            r.outcome = limit < end ? CaOutcome::Abandoned : CaOutcome::Free;
            r.time = std::min(limit, end);
        }
        return r;
    };
    TemporalCullingOptions o;
    o.enabled = enabled;
    o.start = start, o.end = end;
    return temporalCulling(records, bound, adv, o);
}

} // namespace

// Alg. 1, lines 7-8, at its edge: a PCL whose bound lies just below t_min can still come first and must be
// advanced; only a bound past t_min (or equal to it once a contact is found) culls. In absolute times after
// 1 s, as frames are.
TEST(TemporalCulling, BoundsJustBelowTMinAreAdvanced) {
    for (double start : {0.0, 5.0, 1000.0}) {
        for (double below : {1e-12, 1e-9, 1e-6, 1e-3 * 0.5}) {
            const double t = start + 0.5;
            std::vector<PclRecord> records;
            // PCL 0 sets t_min = t; PCL 1's bound is just below and its contact earlier still; PCL 2's bound
            // is just past t_min: culled.
            TemporalCullingResult r =
                cullFixed({{start + 0.1, t}, {t - below, t - below}, {t + below, t + below}}, start,
                          start + 1, records);
            ASSERT_TRUE(r.contact);
            EXPECT_EQ(r.toc, t - below) << "start " << start << " below " << below;
            EXPECT_EQ(r.earliest, 1);
            EXPECT_EQ(records[1].fate, PclFate::Earliest);
            EXPECT_EQ(records[0].fate, PclFate::Contact);
            EXPECT_EQ(records[2].fate, PclFate::CulledByBound);
            // A bound equal to t_min once a contact is found culls (only a strictly earlier one would win).
            cullFixed({{start + 0.1, t}, {t, t}}, start, start + 1, records);
            EXPECT_EQ(records[1].fate, PclFate::CulledByBound);
            // Before any contact, a bound at the frame's end is advanced (t_min is the end then).
            r = cullFixed({{start + 1, start + 1}}, start, start + 1, records);
            EXPECT_TRUE(r.contact);
            EXPECT_EQ(records[0].fate, PclFate::Earliest);
        }
    }
}

// Zero-length frames (t0 = t1: a static scene, or the viewer stepping one instant): every PCL's bound is the
// frame's start and end at once, and touching pairs must still be reported, with culling on or off.
TEST(TemporalCulling, ZeroLengthFramesReportTouchingPairs) {
    for (double t : {0.0, 0.5, 1.0, 7.25}) {
        for (bool enabled : {true, false}) {
            std::vector<PclRecord> records;
            TemporalCullingResult r =
                cullFixed({{INFINITY, INFINITY}, {t, t}, {t, INFINITY}, {t, t}}, t, t, records, enabled);
            ASSERT_TRUE(r.contact) << "t " << t << " culling " << enabled;
            EXPECT_EQ(r.toc, t);
            EXPECT_EQ(r.earliest, 1);                      // ties keep the first in order
            if (!enabled) records[3].fate = PclFate::Free; // a contact at t too, not earlier: not the TOC
            // With culling the others are culled by the contact's time (their bounds are not earlier).
            for (int i : {0, 2, 3})
                EXPECT_EQ(records[i].fate, enabled ? PclFate::CulledByBound : PclFate::Free) << i;
            // Nothing touching: no contact.
            r = cullFixed({{INFINITY, INFINITY}, {t, INFINITY}}, t, t, records, enabled);
            EXPECT_FALSE(r.contact);
        }
    }
}
