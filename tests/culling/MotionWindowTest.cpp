// Windows of a frame's motion (MotionWindow): the swept boxes and the continuous culling test must hold over
// any [a, b] of the frame, and the pipelines that split fast frames into windows must give the answer of
// whole frames.
#include "CcdCases.h"
#include "ConedKnot.h"
#include "bvh/Bvh.h"
#include "ccd/RelativeMotion.h"
#include "culling/BmConeTree.h"
#include "culling/ContinuousCulling.h"
#include "mesh/ProceduralMeshes.h"
#include "pipeline/AlgorithmRegistry.h"

#include <cmath>
#include <gtest/gtest.h>

using namespace cdlab;

namespace {

/// A random window of the frame: the whole frame, a dyadic one as the pipeline uses, or any.
std::pair<double, double> randomWindow(test::Rng& rng, int i) {
    if (i % 5 == 0) return {0.0, 1.0};
    if (i % 5 == 1) {
        int level = 1 + int(rng.uniform(0, 6));
        double w = std::ldexp(1.0, -level), a = std::floor(rng.uniform(0, 1) / w) * w;
        return {a, a + w};
    }
    double a = rng.uniform(0, 1), b = rng.uniform(0, 1);
    if (a > b) std::swap(a, b);
    return {a, b + 1e-3 > 1 ? 1.0 : b + 1e-3};
}

/// i's velocity field in j's frame at s, at the point x (j's frame): phi'(s) k x (x - t(s)) + dt, by the
/// derivative of the motion. i's own points are carried by it; j's points see minus it (eq. 1).
Vec3 fieldAt(const RelativeMotion& m, const Vec3& x, double s) {
    double tau = std::tan(m.angle() / 2), rate = 2 * tau / (1 + tau * tau * s * s);
    return cross(m.axis(), x - m.at(s).t) * rate + m.translation();
}

} // namespace

TEST(MotionWindow, SweptBoxesContainTheBoxThroughoutTheWindow) {
    test::Rng rng(53);
    for (int i = 0; i < 2000; ++i) {
        Pose a{rng.rotation(), rng.vec(-2, 2)};
        Mat3 turn = i % 7 == 0 ? Mat3::identity() : rotationAxisAngle(rng.unit(), rng.uniform(0, 3.1));
        Pose b{turn * a.R, a.t + rng.vec(-3, 3)};
        RelativeMotion m(a, b);
        auto [s0, s1] = randomWindow(rng, i);
        MotionWindow w = m.window(s0, s1);
        Obb box{rng.vec(-1, 1), rng.rotation(), rng.vec(0.01, 0.8)};
        Obb swept = w.sweptBox(box);
        for (int q = 0; q <= 32; ++q) {
            double s = s0 + (s1 - s0) * q / 32.0;
            Pose p = m.at(s);
            for (int k = 0; k < 8; ++k) {
                Vec3 x = p.apply(box.corner(k)), l = swept.axes * (x - swept.center);
                Aabb pb = w.sweptBounds(box.corner(k));
                for (int c = 0; c < 3; ++c) {
                    ASSERT_LE(std::fabs(l[c]), swept.halfSize[c] + 1e-12) << i << " s=" << s;
                    ASSERT_GE(x[c], pb.lo[c] - 1e-12) << i;
                    ASSERT_LE(x[c], pb.hi[c] + 1e-12) << i;
                }
            }
        }
        // A window sweeps no more than its share of the frame (within the box's own size).
        if (s0 == 0 && s1 == 1) continue;
        double travel = m.travel(s0, s1, length(box.center) + length(box.halfSize));
        EXPECT_LE(length(swept.halfSize), length(box.halfSize) * std::sqrt(3.0) + travel + 1e-9) << i;
    }
}

/// Whenever the continuous test culls a node over a window, every vertex of every triangle below it moves
/// backwards at every sampled time of the window: i's nodes v . n < 0 with i's velocity, j's nodes
/// -v . n < 0 (eq. 1 and 3, sec. 6). Hit-rate guard on culled nodes. `rotating` false: pure translations,
/// where the test bounds every corner at once.
static void checkCullingHoldsThroughoutTheWindow(bool rotating, std::uint64_t seed) {
    const test::ConedKnot knot;
    const auto& [mesh, bvh, tree] = knot;
    test::Rng rng(seed);
    std::size_t culled = 0, tested = 0;
    for (int trial = 0; trial < 300; ++trial) {
        Pose a{rng.rotation(), rng.vec(-1, 1)};
        Mat3 turn = rotationAxisAngle(rng.unit(), rng.uniform(0, 0.6));
        Pose b{rotating ? turn * a.R : a.R, a.t + rng.unit() * rng.uniform(1, 4)};
        RelativeMotion m(a, b);
        auto [s0, s1] = randomWindow(rng, trial);
        MotionWindow w = m.window(s0, s1);
        bool moving = trial % 2 == 0;
        for (std::size_t i = trial % 5; i < bvh.nodes().size(); i += 5) {
            if (!tree.hasCone(i)) continue;
            ++tested;
            Obb box = bvh.nodeBox(i);
            Vec3 corners[8];
            for (int k = 0; k < 8; ++k) corners[k] = box.corner(k);
            bool c = moving ? movingNodeCulled(w, corners, tree.cone(i), tree.coneSize(i))
                            : fixedNodeCulled(w, corners, tree.cone(i), tree.coneSize(i));
            if (!c) continue;
            ++culled;
            const BvhNode& n = bvh.nodes()[i];
            for (int q = 0; q <= 8; ++q) {
                double s = s0 + (s1 - s0) * q / 8.0;
                Pose p = m.at(s);
                for (std::uint32_t k = n.firstTri; k < n.firstTri + n.triCount; ++k) {
                    std::uint32_t t = bvh.triIndex()[k];
                    for (std::uint32_t v : mesh.triangles[t]) {
                        const Vec3& x = mesh.vertices[v];
                        if (moving) { // i's point and normal, carried by the motion
                            ASSERT_LT(dot(fieldAt(m, p.apply(x), s), p.R * mesh.faceNormals[t]), 1e-12)
                                << trial;
                        } else { // j's point sees minus i's velocity field there
                            ASSERT_LT(dot(-fieldAt(m, x, s), mesh.faceNormals[t]), 1e-12) << trial;
                        }
                    }
                }
            }
        }
    }
    double rate = double(culled) / double(tested);
    EXPECT_GT(rate, 0.3) << rate;
    EXPECT_LT(rate, 0.7) << rate;
}

TEST(MotionWindow, ContinuousCullingHoldsThroughoutTheWindow) {
    checkCullingHoldsThroughoutTheWindow(true, 59);
}

TEST(MotionWindow, ContinuousCullingOfTranslationsHoldsThroughoutTheWindow) {
    checkCullingHoldsThroughoutTheWindow(false, 61);
}

TEST(MotionWindow, WindowedPipelinesGiveTheWholeFramesAnswer) {
    // Fast approaches (the sphere travels up to ~8 of its radii in the frame): splitting the frame into
    // windows (the default) must give exactly the first contact of whole-frame traversal, culled or not.
    Scene scene = test::sphereAndBox();
    auto& reg = AlgorithmRegistry::instance();
    std::unique_ptr<Algorithm> algos[4];
    const char* names[4] = {"rigid-ccd", "rigid-ccd-bm", "rigid-ccd", "rigid-ccd-bm"};
    for (int k = 0; k < 4; ++k) {
        std::map<std::string, std::string> params;
        if (k >= 2) params["window"] = "0";
        algos[k] = reg.create(names[k], params);
        algos[k]->prepare(scene);
    }
    test::Rng rng(61);
    const int n = 600;
    int hits = 0;
    std::uint64_t windowedBv = 0, wholeBv = 0;
    for (int i = 0; i < n; ++i) {
        // Like test::randomApproach, three times as far and fast.
        const double reach = 0.35 + 0.47;
        Pose b{rng.rotation(), rng.vec(-1, 1)};
        Vec3 dir = rng.unit();
        Pose a0{rng.rotation(), b.t + dir * (reach * rng.uniform(1.02, 4))};
        Pose a1{rotationAxisAngle(rng.unit(), rng.uniform(0, 2)) * a0.R,
                a0.t - dir * (reach * rng.uniform(0.3, 7)) + rng.vec(-1.1, 1.1)};
        scene.bodies[0].motion = PoseTrack({test::keyframe(0, a0), test::keyframe(1, a1)});
        scene.bodies[1].motion = PoseTrack({test::keyframe(0, b), test::keyframe(1, b)});
        FrameResult r[4];
        for (int k = 0; k < 4; ++k) r[k] = algos[k]->step(0, 1);
        windowedBv += r[0].counters.get(counter::BvTests), wholeBv += r[2].counters.get(counter::BvTests);
        for (int k = 1; k < 4; ++k) {
            ASSERT_EQ(r[k].firstContacts.size(), r[0].firstContacts.size()) << "case " << i << " algo " << k;
            if (r[0].firstContacts.empty()) continue;
            const TimeOfContact &x = r[0].firstContacts[0], &y = r[k].firstContacts[0];
            ASSERT_EQ(x.time, y.time) << "case " << i << " algo " << k;
            ASSERT_EQ(x.kind, y.kind) << "case " << i << " algo " << k;
            ASSERT_EQ(x.featureA.key(), y.featureA.key()) << "case " << i;
            ASSERT_EQ(x.featureB.key(), y.featureB.key()) << "case " << i;
        }
        hits += r[0].firstContacts.empty() ? 0 : 1;
    }
    EXPECT_GT(hits, n * 0.3) << hits;
    EXPECT_LT(hits, n * 0.7) << hits;
    EXPECT_LT(windowedBv, wholeBv); // the point of windows
}
