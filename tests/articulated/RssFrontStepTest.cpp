// C2A's directional step on the fronts of two RSS trees (articulated/RssFrontStep.h, issue 42), against
// brute force on fixed-seed random placements: a link of a random chain carrying a box or a polygon soup,
// near a static sphere or soup placed at a chosen distance. The step finds a contact exactly when the
// brute-force distance is under epsilon; its distance never exceeds the true one; it is never shorter than
// the unprojected step of the whole mesh over (1 + relativeError); and the motion over it never brings the
// meshes into contact (the exact distance at sampled times of the step stays above 0). Hit-rate guard: 30-70
// % of the placements within epsilon. A second step from the first's kept front (RssFrontCache), three
// quarters into the first, is checked the same way, and so is a third at the start of the next frame (its own
// motion bounds), from the front the second kept.
#include "articulated/RssFrontStep.h"
#include "ArticulatedTestUtil.h"
#include "RandomShapes.h"
#include "articulated/MotionBound.h"
#include "distance/DistanceTree.h"
#include "distance/MeshDistance.h"
#include "mesh/ProceduralMeshes.h"

#include <gtest/gtest.h>

#include <random>

using namespace cdlab;

TEST(RssFrontStep, AgreesWithBruteForceAndNeverStepsIntoAContact) {
    test::Rng rng(4201);
    std::mt19937_64 shapes(4202);
    const double epsilon = 0.02, relativeError = 0.1;
    int cases = 0, contacts = 0, longer = 0, closing = 0, seconds = 0, thirds = 0, thirdContacts = 0;
    RssFrontStats stats;     // over all the steps
    test::Rng nextRng(4204); // the next frames' motions
    for (int c = 0; c < 500; ++c) {
        const int n = rng.integer(1, 6);
        ArticulatedModel model = test::randomModel(rng, n, rng.uniform() < 0.5 ? 0.6 : 2.0);
        const int link = rng.integer(0, n - 1);
        TriangleMesh meshA =
            c % 3 == 0 ? makeBox({0.6, 0.3, 0.2}, 48) : test::randomSoup(shapes, rng.integer(1, 60));
        TriangleMesh meshB = c % 2 == 0 ? makeSphere(0.4, 120) : test::randomSoup(shapes, rng.integer(1, 60));
        const DistanceTree ta(meshA), tb(meshB);
        std::vector<double> radius(n, 0);
        radius[link] = test::radius(meshA);
        const double t0 = 0, t1 = 1, t = rng.uniform(t0, 0.9);
        MotionBound bound;
        bound.update(model.base, chainOf(model), radius, t0, t1);
        const Pose pa = model.linkPoses(t)[link];
        // B at rest, moved along the closest direction so that the meshes are `target` apart at t (moving
        // B by s towards A shortens their distance by exactly s while s <= the distance).
        Pose pb{rng.rotation(), pa.apply(rng.vec(-0.3, 0.3)) + rng.unit() * 2.0};
        const MeshDistanceResult before = bruteForceDistance(meshA, pa, meshB, pb);
        if (!(before.distance > 0)) continue;
        const double target = rng.uniform() < 0.7 ? rng.uniform(0, 2 * epsilon) : rng.uniform(2 * epsilon, 1);
        pb.t = pb.t - (before.pointB - before.pointA) / before.distance * (before.distance - target);
        const MeshDistanceResult truth = bruteForceDistance(meshA, pa, meshB, pb);
        ++cases;

        auto boundsAt = [&](double u) {
            DirectionalBounds out;
            out.projectedStep = [&bound, link, u, t1, at = bound.projection(u)](
                                    double d, const Vec3& dir, const MotionBound::Ball& ballA,
                                    const MotionBound::Ball&) {
                const double mu = bound.projectedSpeed(at, link, dir, ballA, t1 - u); // B does not move
                return mu > 0 ? d / mu : INFINITY;
            };
            out.fullSpeed = [&bound, link, u](double armA, double) { return bound.speed(link, u, armA); };
            double fixed = 0, perArm = 0;
            bound.speedLine(link, u, fixed, perArm);
            out.fullLine = {fixed, perArm, 0};
            return out;
        };
        const DirectionalBounds bounds = boundsAt(t);
        RssFrontCache cache; // the kept front, for the second step below
        const RssFrontFrame frame{t0, t1};
        const DirectionalStep s =
            rssFrontStep(ta, pa, tb, pb, t, frame, epsilon, relativeError, bounds, &stats, &cache);
        const std::string where = "case " + std::to_string(c);
        ASSERT_EQ(s.contact, truth.distance < epsilon) << where << ": brute force " << truth.distance;
        if (s.contact) {
            ++contacts;
            EXPECT_LT(s.closest.distance, epsilon) << where;
            EXPECT_EQ(s.closest.distance,
                      triangleDistance(pa.apply(meshA.vertices[meshA.triangles[s.closest.triA][0]]),
                                       pa.apply(meshA.vertices[meshA.triangles[s.closest.triA][1]]),
                                       pa.apply(meshA.vertices[meshA.triangles[s.closest.triA][2]]),
                                       pb.apply(meshB.vertices[meshB.triangles[s.closest.triB][0]]),
                                       pb.apply(meshB.vertices[meshB.triangles[s.closest.triB][1]]),
                                       pb.apply(meshB.vertices[meshB.triangles[s.closest.triB][2]]))
                          .distance)
                << where;
            continue;
        }
        ASSERT_LE(s.distance, truth.distance * (1 + 1e-9)) << where;
        // Every front pair's step is at least its distance over the full speed of its node's arm.
        double arm = 0;
        for (const DistanceNode& node : ta.nodes())
            arm = std::max(arm, length(node.rss.center) + node.rss.size());
        const double unprojected = truth.distance / bounds.fullLine(arm, 0);
        ASSERT_GE(s.step, unprojected / (1 + relativeError) * (1 - 1e-9)) << where;
        if (s.step > 1.5 * truth.distance / bound.speed(link, t)) ++longer;
        // The motion over the step: no contact before its end.
        const double end = std::min(t + s.step, t1);
        double least = truth.distance;
        for (int k = 1; k <= 24; ++k) {
            const double u = t + (end - t) * k / 24;
            const double d = bruteForceDistance(meshA, model.linkPoses(u)[link], meshB, pb).distance;
            ASSERT_GT(d, k < 24 ? 0.0 : -1e-12) << where << " at " << u << " (step " << s.step << ")";
            least = std::min(least, d);
        }
        if (least < 0.75 * truth.distance) ++closing;
        // A second step, three quarters into the first, from the first's kept front (each pair with what is
        // left of its safe time, some unmeasured): the same checks.
        const double u = t + 0.75 * (end - t);
        const Pose pu = model.linkPoses(u)[link];
        const double du = bruteForceDistance(meshA, pu, meshB, pb).distance;
        const DirectionalStep s2 =
            rssFrontStep(ta, pu, tb, pb, u, frame, epsilon, relativeError, boundsAt(u), &stats, &cache);
        ASSERT_EQ(s2.contact, du < epsilon) << where << ": second step, brute force " << du;
        if (!s2.contact) {
            ++seconds;
            ASSERT_LE(s2.distance, du * (1 + 1e-9)) << where;
            const double end2 = std::min(u + s2.step, t1);
            for (int k = 1; k <= 24; ++k) {
                const double w = u + (end2 - u) * k / 24;
                const double d = bruteForceDistance(meshA, model.linkPoses(w)[link], meshB, pb).distance;
                ASSERT_GT(d, k < 24 ? 0.0 : -1e-12)
                    << where << " second step at " << w << " (step " << s2.step << ")";
            }
        }
        // A third step, at the start of the next frame [t1, t1 + 1]: the front kept from the second step is
        // carried over, each of its pairs measured again (none after a contact, which drops the front). The
        // next frame's motion is another random chain's (its motion over [0, 1]), with B placed so that the
        // two meshes start it as they stood at the second step, then closer: the kept pairs' safe times and
        // distances are the first frame's and would be wrong here if they were carried over. The same checks.
        const double t2 = t1 + 1;
        const ArticulatedModel model2 = test::randomModel(nextRng, n, 2.0);
        MotionBound next;
        next.update(model2.base, chainOf(model2), radius, 0, 1); // frame time tau is model2's tau - t1
        const Pose pn = model2.linkPoses(0)[link];
        Pose pbn = pn * Pose::relative(pu, pb);
        // ... and then moved closer along their closest direction (to a random distance, mostly near
        // epsilon): the kept pairs' distances, measured at the second step, are no lower bounds any more.
        if (const MeshDistanceResult at = bruteForceDistance(meshA, pn, meshB, pbn); at.distance > 0) {
            const double target =
                std::min(at.distance,
                         nextRng.uniform() < 0.7 ? nextRng.uniform(0, 2 * epsilon) : nextRng.uniform(0, 0.5));
            pbn.t = pbn.t - (at.pointB - at.pointA) / at.distance * (at.distance - target);
        }
        const double dn = bruteForceDistance(meshA, pn, meshB, pbn).distance;
        DirectionalBounds nb;
        nb.projectedStep = [&next, link, at = next.projection(0)](double d, const Vec3& dir,
                                                                  const MotionBound::Ball& ballA,
                                                                  const MotionBound::Ball&) {
            const double mu = next.projectedSpeed(at, link, dir, ballA, 1);
            return mu > 0 ? d / mu : INFINITY;
        };
        nb.fullSpeed = [&next, link](double armA, double) { return next.speed(link, 0, armA); };
        double fixed = 0, perArm = 0;
        next.speedLine(link, 0, fixed, perArm);
        nb.fullLine = {fixed, perArm, 0};
        const std::uint64_t carriedBefore = stats.carriedFronts;
        const DirectionalStep s3 =
            rssFrontStep(ta, pn, tb, pbn, t1, {t1, t2}, epsilon, relativeError, nb, &stats, &cache);
        ASSERT_EQ(s3.contact, dn < epsilon) << where << ": next frame's step, brute force " << dn;
        if (s3.contact) {
            ++thirdContacts;
            continue;
        }
        thirds += stats.carriedFronts > carriedBefore;
        ASSERT_LE(s3.distance, dn * (1 + 1e-9)) << where;
        const double end3 = std::min(s3.step, 1.0);
        for (int k = 1; k <= 24; ++k) {
            const double w = end3 * k / 24;
            const double d = bruteForceDistance(meshA, model2.linkPoses(w)[link], meshB, pbn).distance;
            ASSERT_GT(d, k < 24 ? 0.0 : -1e-12)
                << where << " next frame's step at " << t1 + w << " (step " << s3.step << ")";
        }
    }
    EXPECT_GT(seconds, 50) << "few second steps from a kept front: the test does not exercise it";
    EXPECT_GT(stats.keptUnmeasured, 0u) << "no kept pair was left unmeasured: the lazy update never ran";
    EXPECT_GT(thirdContacts, 30) << "few next frames' steps find a contact: the test does not exercise it";
    EXPECT_GT(thirds, 50)
        << "few steps from a front kept from the frame before: the test does not exercise it";
    ASSERT_GT(cases, 400);
    EXPECT_GT(contacts, cases * 3 / 10) << contacts << " of " << cases;
    EXPECT_LT(contacts, cases * 7 / 10) << contacts << " of " << cases;
    EXPECT_GT(longer, 20) << "the projection lengthened few steps: the test does not exercise it";
    EXPECT_GT(closing, 10) << "few steps closed a quarter of the gap: the safety check is weak";
    std::cout << "[          ] " << cases << " placements, " << contacts << " within epsilon, " << longer
              << " steps 1.5x the unprojected one, " << closing << " closing a quarter of the gap, "
              << seconds << " second steps from a kept front (" << stats.keptUnmeasured
              << " kept pairs left unmeasured), " << thirds << " next frames' steps from a carried front ("
              << thirdContacts << " contacts)\n";
}

TEST(RssSeparation, ASlabBetweenTheTwoVolumesAsWideAsTheLowerBound) {
    test::Rng rng(4203);
    int separated = 0;
    for (int c = 0; c < 3000; ++c) {
        // Two point sets, each fitted with its own axes; b's placed relative to a's.
        auto points = [&](int count, double spread) {
            std::vector<Vec3> p;
            const Vec3 scale{rng.uniform(0.01, 1), rng.uniform(0.01, 1), rng.uniform(0, 0.3)};
            for (int i = 0; i < count; ++i) {
                Vec3 v = rng.vec(-spread, spread);
                p.push_back({v.x * scale.x, v.y * scale.y, v.z * scale.z});
            }
            return p;
        };
        const std::vector<Vec3> pa = points(rng.integer(1, 12), 1), pbLocal = points(rng.integer(1, 12), 1);
        const Mat3 axesA = rng.rotation(), axesB = rng.rotation();
        const Rss a = Rss::fit(axesA, pa), b = Rss::fit(axesB, pbLocal);
        const Pose rel{rng.rotation(), rng.vec(-1, 1)};
        Mat3 bAxes;
        bAxes.r[0] = rel.R * b.axes.r[0], bAxes.r[1] = rel.R * b.axes.r[1];
        const Vec3 bCenter = rel.apply(b.center);
        const RssSeparation s = rssSeparation(a, bAxes, bCenter, b);
        const double lower = rssLowerBound(a, bAxes, bCenter, b);
        ASSERT_NEAR(s.gap, lower, 1e-12 * (1 + lower)) << "case " << c;
        if (!(s.gap > 0)) continue;
        ++separated;
        ASSERT_NEAR(length(s.axis), 1, 1e-12);
        // Every point of a at or below the slab, every point of b (in a's frame) at or above it.
        double highA = -INFINITY, lowB = INFINITY;
        for (const Vec3& p : pa) highA = std::max(highA, dot(s.axis, p));
        for (const Vec3& q : pbLocal) lowB = std::min(lowB, dot(s.axis, rel.apply(q)));
        ASSERT_GE(lowB - highA, s.gap * (1 - 1e-9) - 1e-12) << "case " << c;
        // Stopping at the cheap axes once they suffice gives no wider gap than the full search.
        const RssSeparation early = rssSeparation(a, bAxes, bCenter, b, 0.0);
        ASSERT_LE(early.gap, s.gap);
    }
    EXPECT_GT(separated, 3000 * 3 / 10);
    EXPECT_LT(separated, 3000 * 7 / 10);
}
