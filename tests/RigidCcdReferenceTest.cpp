// The rigid CCD pipelines against their brute-force reference: the exact elementary tests on every triangle
// pair, no hierarchy, no swept boxes, no culling. Same earliest contact, same features.
#include "CcdCases.h"
#include "ccd/ElementaryCcd.h"
#include "ccd/RelativeMotion.h"
#include "mesh/ProceduralMeshes.h"
#include "pipeline/AlgorithmRegistry.h"

#include <cmath>
#include <functional>
#include <gtest/gtest.h>
#include <initializer_list>
#include <tuple>
#include <vector>

using namespace cdlab;

namespace {

using Key = std::tuple<double, int, std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t>;
constexpr std::uint32_t kFace = 0xffffffffu;

/// Box of a vertex's path over the frame from its trajectory numerator N(s) = d(s) x(s), d = 1 + tau^2 s^2
/// in [1, 1 + tau^2]: FloatPoly::range encloses N rigorously, and x = N / d lies between N and N / (1 +
/// tau^2). Independent of the pipelines' swept boxes; widened by 1e-9 for the divisions' rounding.
Aabb pathBox(const DoublePolyVec3& n, double tau2) {
    Aabb box;
    double lo[3], hi[3];
    n.x.range(0, 1, lo[0], hi[0]), n.y.range(0, 1, lo[1], hi[1]), n.z.range(0, 1, lo[2], hi[2]);
    for (int k = 0; k < 3; ++k) {
        box.lo[k] = std::min(lo[k], lo[k] / (1 + tau2)) - 1e-9;
        box.hi[k] = std::max(hi[k], hi[k] / (1 + tau2)) + 1e-9;
    }
    return box;
}

/// Earliest contact of mesh a moving by `m` against static mesh b over every triangle pair whose path boxes
/// meet (a triangle stays in the hull of its vertices, so the others cannot touch), ordered like the
/// pipeline's answer (time, kind, canonical features). Empty time (-1) when none.
Key bruteForce(const TriangleMesh& a, const TriangleMesh& b, const RelativeMotion& m) {
    CcdOptions o;
    o.earliest = true;
    Key best{-1, 0, 0, 0, 0, 0};
    auto consider = [&](const Key& k) {
        if (std::get<0>(best) < 0 || k < best) best = k;
        // Later contacts cannot win (CcdOptions::until keeps the dyadic grid, so the answer is unchanged).
        o.until = std::min(1.0, std::get<0>(best) + std::ldexp(1.0, -o.tocDepth));
    };
    const double tau = std::tan(m.angle() / 2), tau2 = tau * tau * (1 + 1e-12);
    std::vector<DoublePolyVec3> ma, fb;
    for (const Vec3& v : a.vertices) ma.push_back(m.movingApprox(v));
    for (const Vec3& v : b.vertices) fb.push_back(m.fixedApprox(v));
    auto triangleBoxes = [&](const TriangleMesh& mesh, const std::vector<DoublePolyVec3>& paths) {
        std::vector<Aabb> vertexBoxes, boxes(mesh.triangleCount());
        for (const DoublePolyVec3& n : paths) vertexBoxes.push_back(pathBox(n, tau2));
        for (std::uint32_t t = 0; t < mesh.triangleCount(); ++t)
            for (std::uint32_t v : mesh.triangles[t]) boxes[t].grow(vertexBoxes[v]);
        return boxes;
    };
    const std::vector<Aabb> boxA = triangleBoxes(a, ma), boxB = triangleBoxes(b, fb);
    auto mv = [&](std::uint32_t v) { return m.moving(a.vertices[v]); };
    auto mva = [&](std::uint32_t v) { return ma[v]; };
    auto fx = [&](std::uint32_t v) { return m.fixed(b.vertices[v]); };
    auto fxa = [&](std::uint32_t v) { return fb[v]; };
    for (std::uint32_t ti = 0; ti < a.triangleCount(); ++ti)
        for (std::uint32_t tj = 0; tj < b.triangleCount(); ++tj) {
            if (!boxA[ti].overlaps(boxB[tj])) continue;
            const Triangle &A = a.triangles[ti], &B = b.triangles[tj];
            CcdQueryStats st;
            for (int k = 0; k < 3; ++k) {
                if (vertexFaceCcd(
                        {mva(A[k]), fxa(B[0]), fxa(B[1]), fxa(B[2])},
                        [&] {
                            return std::array<PolyVec3, 4>{mv(A[k]), fx(B[0]), fx(B[1]), fx(B[2])};
                        },
                        o, &st))
                    consider({st.toc, int(TimeOfContact::Kind::VertexFace), A[k], A[k], tj, kFace});
                if (vertexFaceCcd(
                        {fxa(B[k]), mva(A[0]), mva(A[1]), mva(A[2])},
                        [&] {
                            return std::array<PolyVec3, 4>{fx(B[k]), mv(A[0]), mv(A[1]), mv(A[2])};
                        },
                        o, &st))
                    consider({st.toc, int(TimeOfContact::Kind::FaceVertex), ti, kFace, B[k], B[k]});
            }
            for (int e = 0; e < 3; ++e)
                for (int f = 0; f < 3; ++f) {
                    std::uint32_t a0 = A[e], a1 = A[(e + 1) % 3], b0 = B[f], b1 = B[(f + 1) % 3];
                    if (edgeEdgeCcd(
                            {mva(a0), mva(a1), fxa(b0), fxa(b1)},
                            [&] {
                                return std::array<PolyVec3, 4>{mv(a0), mv(a1), fx(b0), fx(b1)};
                            },
                            o, &st))
                        consider({st.toc, int(TimeOfContact::Kind::EdgeEdge), std::min(a0, a1),
                                  std::max(a0, a1), std::min(b0, b1), std::max(b0, b1)});
                }
        }
    return best;
}

/// The frame of `scene` (body 0 moving, body 1 resting) through each pipeline: the same earliest contact,
/// kind and features as the reference on every triangle pair. Counts frames with a contact in `hits`.
void expectReferenceContact(const Scene& scene, std::initializer_list<Algorithm*> pipelines, int i,
                            int& hits) {
    // The reference sees the same relative poses the pipelines compute from the tracks.
    Pose p0 = scene.bodies[1].motion.at(0).inverse() * scene.bodies[0].motion.at(0);
    Pose p1 = scene.bodies[1].motion.at(1).inverse() * scene.bodies[0].motion.at(1);
    Key want = bruteForce(*scene.bodies[0].mesh, *scene.bodies[1].mesh, RelativeMotion(p0, p1));
    hits += std::get<0>(want) >= 0;
    for (Algorithm* algo : pipelines) {
        FrameResult r = algo->step(0, 1);
        ASSERT_EQ(r.firstContacts.size(), std::get<0>(want) >= 0 ? 1u : 0u) << "case " << i;
        if (r.firstContacts.empty()) continue;
        const TimeOfContact& c = r.firstContacts[0];
        ASSERT_EQ(c.objectA, 0u);
        Key got{c.time, int(c.kind), c.featureA[0], c.featureA[1], c.featureB[0], c.featureB[1]};
        ASSERT_EQ(got, want) << "case " << i;
    }
}

} // namespace

/// 2,000 random motions in 4 seeded shards (ctest runs them in parallel).
class RigidCcdReference : public ::testing::TestWithParam<int> {};

TEST_P(RigidCcdReference, PipelinesMatchAllTrianglePairs) {
    Scene scene = test::sphereAndBox();
    auto& reg = AlgorithmRegistry::instance();
    auto plain = reg.create("rigid-ccd", {}), culled = reg.create("rigid-ccd-bm", {});
    plain->prepare(scene), culled->prepare(scene);
    test::Rng rng(77 + GetParam());
    const int n = 500;
    int hits = 0;
    for (int i = 0; i < n; ++i) {
        test::randomApproach(scene, rng, 1.0); // turns of up to about 60 degrees
        ASSERT_NO_FATAL_FAILURE(expectReferenceContact(scene, {plain.get(), culled.get()}, i, hits));
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
    plain->prepare(scene), culled->prepare(scene);
    test::SeparatedAtStart separated(scene);
    test::Rng rng(9001 + GetParam());
    const int n = 150;
    int hits = 0;
    for (int i = 0; i < n; ++i) {
        if (i % 2 == 0)
            test::randomCloseApproach(scene, rng, 0.8, separated);
        else
            test::randomSlidingApproach(scene, rng, 0.3, separated);
        ASSERT_NO_FATAL_FAILURE(expectReferenceContact(scene, {plain.get(), culled.get()}, i, hits));
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
