// The rigid CCD pipelines against their reference, the registry's rigid-ccd-reference: the exact elementary
// tests on every triangle pair, no hierarchy, no swept boxes, no culling. Same earliest contact, same
// features.
#include "CcdCases.h"
#include "ccd/ElementaryCcd.h"
#include "ccd/RelativeMotion.h"
#include "geometry/TriangleTriangle.h"
#include "mesh/ProceduralMeshes.h"
#include "pipeline/AlgorithmRegistry.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <gtest/gtest.h>
#include <initializer_list>
#include <vector>

using namespace cdlab;

namespace {

/// A first contact's answer: time, kind and features (the triangles that carry them are a report).
std::tuple<double, int, std::uint64_t, std::uint64_t> key(const TimeOfContact& c) {
    return {c.time, int(c.kind), c.featureA.key(), c.featureB.key()};
}

/// The frame [0, 1] of `scene` through the registry's rigid-ccd-reference (every triangle pair's exact tests,
/// no hierarchy, no culling) and each pipeline: the same earliest contact, kind and features, and the same
/// reported contact (hash). Counts frames with a contact in `hits`.
void expectReferenceContact(Algorithm& reference, std::initializer_list<Algorithm*> pipelines, int i,
                            int& hits) {
    FrameResult want = reference.step(0, 1);
    hits += !want.firstContacts.empty();
    for (Algorithm* algo : pipelines) {
        FrameResult r = algo->step(0, 1);
        ASSERT_EQ(r.firstContacts.size(), want.firstContacts.size()) << "case " << i;
        if (r.firstContacts.empty()) continue;
        ASSERT_EQ(key(r.firstContacts[0]), key(want.firstContacts[0])) << "case " << i;
        ASSERT_EQ(r.hash(), want.hash()) << "case " << i;
    }
}

} // namespace

/// 2,000 random motions in 4 seeded shards (ctest runs them in parallel).
class RigidCcdReference : public ::testing::TestWithParam<int> {};

TEST_P(RigidCcdReference, PipelinesMatchAllTrianglePairs) {
    Scene scene = test::sphereAndBox();
    auto& reg = AlgorithmRegistry::instance();
    auto plain = reg.create("rigid-ccd", {}), culled = reg.create("rigid-ccd-bm", {});
    auto reference = reg.createReference(AlgorithmKind::Continuous);
    plain->prepare(scene), culled->prepare(scene), reference->prepare(scene);
    test::Rng rng(77 + GetParam());
    const int n = 500;
    int hits = 0;
    for (int i = 0; i < n; ++i) {
        test::randomApproach(scene, rng, 1.0); // turns of up to about 60 degrees
        ASSERT_NO_FATAL_FAILURE(expectReferenceContact(*reference, {plain.get(), culled.get()}, i, hits));
    }
    EXPECT_GT(hits, n * 3 / 10) << hits;
    EXPECT_LT(hits, n * 7 / 10) << hits;
}

INSTANTIATE_TEST_SUITE_P(Shards, RigidCcdReference, ::testing::Values(0, 1, 2, 3));

/// Deep trees against the reference: 600 motions of a knot (304 triangles) near a door (748) in 4 seeded
/// shards, close approaches and sliding motions in turn.
class RigidCcdDeepReference : public ::testing::TestWithParam<int> {};

TEST_P(RigidCcdDeepReference, PipelinesMatchAllTrianglePairs) {
    Scene scene = test::knotAndDoor(300, 500);
    auto& reg = AlgorithmRegistry::instance();
    auto plain = reg.create("rigid-ccd", {}), culled = reg.create("rigid-ccd-bm", {});
    auto reference = reg.createReference(AlgorithmKind::Continuous);
    plain->prepare(scene), culled->prepare(scene), reference->prepare(scene);
    test::SeparatedAtStart separated(scene);
    test::Rng rng(9001 + GetParam());
    const int n = 150;
    int hits = 0;
    for (int i = 0; i < n; ++i) {
        if (i % 2 == 0)
            test::randomCloseApproach(scene, rng, 0.8, separated);
        else
            test::randomSlidingApproach(scene, rng, 0.3, separated);
        ASSERT_NO_FATAL_FAILURE(expectReferenceContact(*reference, {plain.get(), culled.get()}, i, hits));
    }
    EXPECT_GT(hits, n * 3 / 10) << hits;
    EXPECT_LT(hits, n * 7 / 10) << hits;
}

INSTANTIATE_TEST_SUITE_P(Shards, RigidCcdDeepReference, ::testing::Values(0, 1, 2, 3));

/// `until` (a pipeline passes its best time so far) only decides which contacts a query reports: a contact
/// whose time cell (the unlimited query's time t, 2^-toc-depth wide) ends by `until` is reported with that
/// same time, one after `until` not at all, one whose cell holds `until` with that time or not at all.
/// Before, a decision proven on an interval reaching past `until` reported that interval's start — up to
/// its width before the contact, early enough to beat the true first contact of another pair of features.
/// Every elementary test of the triangle pairs of random rigid motions turning up to 170 degrees (the
/// rotations' polynomials, where such proofs happen), `until` one grid cell before, at and after the time,
/// and at a random grid time.
TEST(RigidCcdElementary, UntilOnlyDropsLaterContacts) {
    Scene scene = test::sphereAndBox();
    const TriangleMesh &a = *scene.bodies[0].mesh, &b = *scene.bodies[1].mesh;
    test::Rng rng(4242);
    const CcdOptions unlimited = [] {
        CcdOptions o;
        o.earliest = true;
        return o;
    }();
    const double cell = std::ldexp(1.0, -unlimited.tocDepth);
    int contacts = 0, queries = 0, motionsWithContact = 0;
    const int n = 20;
    for (int i = 0; i < n; ++i) {
        test::randomApproach(scene, rng, 3.0);
        Pose p0 = scene.bodies[1].motion.at(0).inverse() * scene.bodies[0].motion.at(0);
        Pose p1 = scene.bodies[1].motion.at(1).inverse() * scene.bodies[0].motion.at(1);
        RelativeMotion m(p0, p1);
        const int before = contacts;
        // One elementary test, given as the query it runs with some options.
        auto check = [&](const std::function<bool(const CcdOptions&, CcdQueryStats&)>& query) {
            ++queries;
            CcdQueryStats st;
            if (!query(unlimited, st)) return;
            ++contacts;
            const double t = st.toc;
            double grid = std::ldexp(std::floor(rng.uniform() * 0x1p24), -24);
            for (double until : {t - cell, t, t + cell, grid}) {
                if (until < 0 || until > 1) continue;
                CcdOptions o = unlimited;
                o.until = until;
                CcdQueryStats su;
                bool hit = query(o, su);
                if (until < t) {
                    ASSERT_FALSE(hit)
                        << "motion " << i << " time " << t << " until " << until << " reported " << su.toc;
                } else if (until >= t + cell) { // the contact's whole cell is in time
                    ASSERT_TRUE(hit) << "motion " << i << " time " << t << " until " << until;
                }
                if (hit) {
                    ASSERT_EQ(su.toc, t) << "motion " << i << " until " << until;
                }
            }
        };
        for (std::uint32_t ti = 0; ti < a.triangleCount(); ++ti)
            for (std::uint32_t tj = 0; tj < b.triangleCount(); ++tj) {
                const Triangle &A = a.triangles[ti], &B = b.triangles[tj];
                auto mv = [&](std::uint32_t v) { return m.moving(a.vertices[v]); };
                auto fx = [&](std::uint32_t v) { return m.fixed(b.vertices[v]); };
                for (int k = 0; k < 3; ++k) {
                    ASSERT_NO_FATAL_FAILURE(check([&](const CcdOptions& o, CcdQueryStats& st) {
                        return vertexFaceCcd({mv(A[k]), fx(B[0]), fx(B[1]), fx(B[2])}, o, &st);
                    }));
                    ASSERT_NO_FATAL_FAILURE(check([&](const CcdOptions& o, CcdQueryStats& st) {
                        return vertexFaceCcd({fx(B[k]), mv(A[0]), mv(A[1]), mv(A[2])}, o, &st);
                    }));
                }
                for (int e = 0; e < 3; ++e)
                    for (int f = 0; f < 3; ++f)
                        ASSERT_NO_FATAL_FAILURE(check([&](const CcdOptions& o, CcdQueryStats& st) {
                            return edgeEdgeCcd({mv(A[e]), mv(A[(e + 1) % 3]), fx(B[f]), fx(B[(f + 1) % 3])},
                                               o, &st);
                        }));
            }
        motionsWithContact += contacts > before;
    }
    EXPECT_GT(contacts, 1000) << queries; // 1,571 of 86,400
    // Hit-rate guard over the motions (the share of elementary tests with a contact is necessarily small).
    EXPECT_GT(motionsWithContact, n * 3 / 10);
    EXPECT_LT(motionsWithContact, n * 7 / 10);
}

// ---- Rotating motions against dense sampling with the exact static triangle test -------------------------
// A reference that shares nothing with the CCD code but the motion's definition: the moving body is posed at
// 65 times of the frame by the rotation and translation of RelativeMotion.h (computed here from its axis and
// angle), and the meshes are tested for intersection with the exact static triangle test
// (geometry/TriangleTriangle.h). The first contact must be reported no later than the first intersecting
// sample; and where the sampled distances, less what the fastest point can travel (a Lipschitz bound on the
// distance), prove the bodies apart, no contact may be reported there.

namespace {

/// Distance from p to segment ab.
double pointSegmentDistance(const Vec3& p, const Vec3& a, const Vec3& b) {
    Vec3 ab = b - a;
    double len2 = dot(ab, ab), t = len2 > 0 ? std::clamp(dot(p - a, ab) / len2, 0.0, 1.0) : 0.0;
    return length(p - (a + ab * t));
}

/// Distance from p to triangle abc: to the plane where p projects inside, else to the nearest edge.
double pointTriangleDistance(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c) {
    Vec3 n = cross(b - a, c - a);
    double nn = dot(n, n);
    if (nn > 0 && dot(cross(b - a, p - a), n) >= 0 && dot(cross(c - b, p - b), n) >= 0 &&
        dot(cross(a - c, p - c), n) >= 0)
        return std::fabs(dot(n, p - a)) / std::sqrt(nn);
    return std::min(
        {pointSegmentDistance(p, a, b), pointSegmentDistance(p, b, c), pointSegmentDistance(p, c, a)});
}

/// Distance between segments p0p1 and q0q1 (Ericson, Real-Time Collision Detection, 5.1.9: the closest
/// points of the lines, clamped to the segments in turn; parallel segments handled by the clamping).
double segmentDistance(const Vec3& p0, const Vec3& p1, const Vec3& q0, const Vec3& q1) {
    Vec3 d1 = p1 - p0, d2 = q1 - q0, r = p0 - q0;
    double a = dot(d1, d1), e = dot(d2, d2), f = dot(d2, r), s = 0, t = 0;
    if (a <= 0 && e <= 0) return length(r);
    if (a <= 0) {
        t = std::clamp(f / e, 0.0, 1.0);
    } else {
        double c = dot(d1, r);
        if (e <= 0) {
            s = std::clamp(-c / a, 0.0, 1.0);
        } else {
            double b = dot(d1, d2), den = a * e - b * b;
            s = den > 0 ? std::clamp((b * f - c * e) / den, 0.0, 1.0) : 0.0;
            t = (b * s + f) / e;
            if (t < 0) {
                t = 0, s = std::clamp(-c / a, 0.0, 1.0);
            } else if (t > 1) {
                t = 1, s = std::clamp((b - c) / a, 0.0, 1.0);
            }
        }
    }
    return length(p0 + d1 * s - (q0 + d2 * t));
}

/// Distance between two disjoint triangles: the closest pair involves a vertex of one and the other
/// triangle, or an edge of each.
double triangleDistance(const std::array<Vec3, 3>& p, const std::array<Vec3, 3>& q) {
    double d = 1e300;
    for (int i = 0; i < 3; ++i) {
        d = std::min({d, pointTriangleDistance(p[i], q[0], q[1], q[2]),
                      pointTriangleDistance(q[i], p[0], p[1], p[2])});
        for (int j = 0; j < 3; ++j)
            d = std::min(d, segmentDistance(p[i], p[(i + 1) % 3], q[j], q[(j + 1) % 3]));
    }
    return d;
}

/// The moving body's pose in the resting body's frame at s, from the motion's definition (RelativeMotion.h,
/// redon2002): about the fixed axis k by phi(s) with tan(phi/2) = s tan(theta/2) from the start pose, the
/// origin moving linearly. Computed here from the axis and angle alone, not by the CCD's trajectories.
Pose screwAt(const RelativeMotion& m, double s) {
    double phi = 2 * std::atan(s * std::tan(m.angle() / 2));
    return {rotationAxisAngle(m.axis(), phi) * m.start().R, m.start().t + m.translation() * s};
}

/// What dense sampling of one frame proves: the first sample where the meshes intersect (exact static
/// triangle test), and how long from the start they are proven apart (sampled distance and the largest
/// speed of a moving point, as in CcdSamplingTest.cpp).
struct FrameSamples {
    double firstHit = -1;  ///< the first sampled time at which the meshes intersect, -1 when none
    double apartUntil = 0; ///< apart over [0, apartUntil]
    bool apartThroughout() const { return apartUntil >= 1; }
};

FrameSamples sampleFrame(const TriangleMesh& a, const TriangleMesh& b, const RelativeMotion& m, int samples) {
    // Per-triangle bounding spheres (about the centroid), so far-apart pairs cost nothing.
    auto spheres = [](const TriangleMesh& mesh, const std::vector<Vec3>& v, std::vector<Vec3>& c,
                      std::vector<double>& r) {
        c.resize(mesh.triangleCount()), r.resize(mesh.triangleCount());
        for (std::size_t t = 0; t < mesh.triangleCount(); ++t) {
            const Triangle& tri = mesh.triangles[t];
            c[t] = (v[tri[0]] + v[tri[1]] + v[tri[2]]) / 3.0;
            r[t] = std::max({length(v[tri[0]] - c[t]), length(v[tri[1]] - c[t]), length(v[tri[2]] - c[t])}) *
                   (1 + 1e-12);
        }
    };
    std::vector<Vec3> cb, ca;
    std::vector<double> rb, ra;
    spheres(b, b.vertices, cb, rb);
    // A point p of the moving body moves at phi'(s) |k x R p| + |dt| <= 2 tan(theta/2) |p| + |dt| per unit s.
    double reach = test::radiusAboutOrigin(a);
    const double lipschitz = (2 * std::tan(m.angle() / 2) * reach + length(m.translation())) * (1 + 1e-9);
    FrameSamples out;
    bool gap = false;
    std::vector<Vec3> va(a.vertices.size());
    std::vector<double> lowers;
    for (int k = 0; k <= samples; ++k) {
        const double s = double(k) / samples;
        Pose pose = screwAt(m, s);
        for (std::size_t v = 0; v < va.size(); ++v) va[v] = pose.apply(a.vertices[v]);
        spheres(a, va, ca, ra);
        // A lower bound on the meshes' distance, within a factor 3/4 of it: a pair whose spheres are at least
        // 3/4 of the distance measured so far apart counts with that sphere bound instead of being measured
        // (the nearest pair by its spheres is measured first, so that few others are). Pairs whose spheres
        // meet are always tested for intersection.
        lowers.resize(a.triangleCount() * b.triangleCount());
        std::size_t nearest = 0;
        for (std::size_t i = 0, k = 0; i < a.triangleCount(); ++i)
            for (std::size_t j = 0; j < b.triangleCount(); ++j, ++k) {
                lowers[k] = length(ca[i] - cb[j]) - ra[i] - rb[j];
                if (lowers[k] < lowers[nearest]) nearest = k;
            }
        double dist = 1e300;
        bool hit = false;
        auto measure = [&](std::size_t k) {
            const Triangle &ta = a.triangles[k / b.triangleCount()], &tb = b.triangles[k % b.triangleCount()];
            std::array<Vec3, 3> p{va[ta[0]], va[ta[1]], va[ta[2]]},
                q{b.vertices[tb[0]], b.vertices[tb[1]], b.vertices[tb[2]]};
            if (lowers[k] <= 0 && trianglesIntersect(p[0], p[1], p[2], q[0], q[1], q[2]))
                hit = true;
            else
                dist = std::min(dist, triangleDistance(p, q));
        };
        measure(nearest);
        double skipped = 1e300;
        for (std::size_t k = 0; k < lowers.size() && !hit; ++k) {
            if (k == nearest || lowers[k] >= dist) continue;
            if (lowers[k] > 0.75 * dist)
                skipped = std::min(skipped, lowers[k]);
            else
                measure(k);
        }
        dist = std::min(dist, skipped);
        if (hit && out.firstHit < 0) out.firstHit = s;
        // Apart over [s - r, s + r] with r = dist / lipschitz, less a margin far above the rounding of the
        // sampled positions and distances.
        double r = hit ? 0 : (dist - 1e-9) / lipschitz;
        if (!gap && r > 0 && s - r <= out.apartUntil)
            out.apartUntil = std::min(1.0, std::max(out.apartUntil, s + r));
        else
            gap = true;
    }
    return out;
}

/// `n` frames from `draw` through both rigid CCD pipelines against dense sampling (`samples` + 1 times):
/// a sampled intersection is never missed and the first contact is no later; no contact where the samples
/// prove the bodies apart, none earlier than they are proven apart. Hit-rate guard on the contacts.
template <class Draw> void expectSampledFirstContacts(Scene& scene, int n, int samples, Draw&& draw) {
    auto& reg = AlgorithmRegistry::instance();
    auto plain = reg.create("rigid-ccd", {}), culled = reg.create("rigid-ccd-bm", {});
    plain->prepare(scene), culled->prepare(scene);
    const TriangleMesh &a = *scene.bodies[0].mesh, &b = *scene.bodies[1].mesh;
    const double cell = std::ldexp(1.0, -CcdOptions{}.tocDepth);
    int hits = 0, sampledHits = 0, provenApart = 0, undecided = 0;
    for (int i = 0; i < n; ++i) {
        draw();
        Pose p0 = scene.bodies[1].motion.at(0).inverse() * scene.bodies[0].motion.at(0);
        Pose p1 = scene.bodies[1].motion.at(1).inverse() * scene.bodies[0].motion.at(1);
        RelativeMotion m(p0, p1);
        // The motion as defined interpolates the key poses.
        Pose end = screwAt(m, 1);
        for (int r = 0; r < 3; ++r) ASSERT_NEAR(length(end.R.r[r] - p1.R.r[r]), 0, 1e-9) << "case " << i;
        ASSERT_NEAR(length(end.t - p1.t), 0, 1e-12) << "case " << i;
        FrameSamples ref = sampleFrame(a, b, m, samples);
        for (Algorithm* algo : {plain.get(), culled.get()}) {
            FrameResult r = algo->step(0, 1);
            bool hit = !r.firstContacts.empty();
            double toc = hit ? r.firstContacts[0].time : -1;
            if (ref.firstHit >= 0) {
                ASSERT_TRUE(hit) << "case " << i << ": intersecting at the sample " << ref.firstHit;
                ASSERT_LE(toc, ref.firstHit) << "case " << i;
            }
            if (ref.apartThroughout()) {
                ASSERT_FALSE(hit) << "case " << i << ": contact at " << toc
                                  << " though the bodies stay apart";
            } else if (hit) {
                ASSERT_GE(toc, ref.apartUntil - cell) << "case " << i << ": apart until " << ref.apartUntil;
            }
            if (algo == plain.get()) hits += hit;
        }
        sampledHits += ref.firstHit >= 0;
        provenApart += ref.apartThroughout();
        undecided += ref.firstHit < 0 && !ref.apartThroughout();
    }
    EXPECT_GT(hits, n * 3 / 10) << hits;
    EXPECT_LT(hits, n * 7 / 10) << hits;
    EXPECT_GT(sampledHits, hits * 8 / 10) << sampledHits << " of " << hits;
    EXPECT_LT(undecided, n / 4) << undecided;
}

} // namespace

/// Screw motions (turning by up to 2.5 radians while translating): a sphere approaching a box.
TEST(RigidCcdSampled, ScrewMotionsAgreeWithStaticSampling) {
    Scene scene = test::sphereAndBox();
    test::Rng rng(2718);
    expectSampledFirstContacts(scene, 1000, 64, [&] { test::randomApproach(scene, rng, 2.5); });
}

/// Pure rotations: a box spinning about its own origin (no translation) by up to 2.5 radians next to a
/// resting sphere placed where the box's corners may or may not sweep into it; drawn again until apart at
/// the start.
TEST(RigidCcdSampled, SpinsInPlaceAgreeWithStaticSampling) {
    Scene scene = test::restingPair({"box", makeBox({0.7, 0.5, 0.4}, 12)}, {"ball", makeSphere(0.35, 24)});
    test::SeparatedAtStart separated(scene);
    test::Rng rng(3141);
    expectSampledFirstContacts(scene, 1000, 64, [&] {
        do {
            Pose box0{rng.rotation(), rng.vec(-1, 1)};
            Pose box1{rotationAxisAngle(rng.unit(), rng.uniform(0.3, 2.5)) * box0.R, box0.t};
            Pose ball{rng.rotation(), box0.t + rng.unit() * rng.uniform(0.5, 0.8)};
            scene.bodies[0].motion = PoseTrack({test::keyframe(0, box0), test::keyframe(1, box1)});
            scene.bodies[1].motion = PoseTrack({test::keyframe(0, ball), test::keyframe(1, ball)});
        } while (!separated());
    });
}
