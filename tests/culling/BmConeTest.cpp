// BM-cones (redon2002 sec. 5): Wilhelmsen's projection against an independent solver, the inclusion property
// of every node's cone, and conservativeness of the culling test (6).
#include "ConedKnot.h"
#include "TestUtil.h"
#include "culling/BmConeTree.h"
#include "culling/ContinuousCulling.h"
#include "culling/PositiveCone.h"
#include "mesh/ProceduralMeshes.h"

#include <Eigen/Dense>
#include <cmath>
#include <gtest/gtest.h>

using namespace cdlab;

namespace {

/// Independent projection onto P(g): by Caratheodory the nearest point lies in the cone of at most 3
/// generators; solve every subset of size 1..3 by Eigen least squares and keep the best feasible one.
double referenceDistance(const std::vector<Vec3>& g, const Vec3& x) {
    double best = length(x); // the apex
    std::size_t k = g.size();
    auto consider = [&](const std::vector<std::size_t>& s) {
        Eigen::MatrixXd a(3, s.size());
        for (std::size_t i = 0; i < s.size(); ++i) a.col(i) << g[s[i]].x, g[s[i]].y, g[s[i]].z;
        Eigen::VectorXd mu = a.colPivHouseholderQr().solve(Eigen::Vector3d(x.x, x.y, x.z));
        if ((mu.array() < -1e-12).any()) return;
        Eigen::Vector3d p = a * mu.cwiseMax(0.0);
        best = std::min(best, (Eigen::Vector3d(x.x, x.y, x.z) - p).norm());
    };
    for (std::size_t i = 0; i < k; ++i) {
        consider({i});
        for (std::size_t j = i + 1; j < k; ++j) {
            consider({i, j});
            for (std::size_t l = j + 1; l < k; ++l) consider({i, j, l});
        }
    }
    return best;
}

bool referenceInCone(const std::vector<Vec3>& g, const Vec3& x) {
    return referenceDistance(g, x) <= 1e-7 * length(x);
}

} // namespace

TEST(PositiveCone, WilhelmsenMatchesIndependentProjection) {
    test::Rng rng(21);
    int inside = 0, n = 3000;
    for (int i = 0; i < n; ++i) {
        std::vector<Vec3> g;
        int k = rng.integer(1, 9);
        Vec3 axis = rng.unit();
        double spreadAngle = rng.uniform(0.2, 2.0); // narrow cones and ones wider than a half-space
        for (int j = 0; j < k; ++j)
            g.push_back(normalize(axis + rng.unit() * spreadAngle) * rng.uniform(0.5, 2));
        Vec3 x = rng.unit() * rng.uniform(0.1, 3);
        ConeProjection w = projectOntoCone(g, x);
        double ref = referenceDistance(g, x);
        ASSERT_NEAR(w.distance, ref, 1e-9 * (1 + length(x))) << "case " << i;
        // The projection is a point of the cone: non-negative coefficients reproduce it.
        Vec3 p;
        for (std::size_t s = 0; s < w.support.size(); ++s) {
            ASSERT_GE(w.coefficients[s], 0);
            p += g[w.support[s]] * w.coefficients[s];
        }
        ASSERT_LT(length(p - w.point), 1e-9 * (1 + length(x)));
        inside += w.distance <= 1e-9 * length(x);
    }
    EXPECT_GT(inside, n / 10); // both inside and outside points are exercised
    EXPECT_LT(inside, n * 9 / 10);
}

TEST(BmCone, PreliminaryTestRejectsConesSpanningSpace) {
    // Normals of a closed sphere span R^3: no non-empty BM-cone exists (Lemma 1, 2).
    TriangleMesh s = makeSphere(1, 500);
    EXPECT_TRUE(buildBmCone(s.faceNormals, {}, 1).empty());
    // A narrow bundle gets a cone that contains every input (Lemma 3).
    test::Rng rng(5);
    std::vector<Vec3> bundle;
    for (int i = 0; i < 40; ++i) bundle.push_back(normalize(Vec3{0, 0, 1} + rng.unit() * 0.4));
    BmConeStats st;
    auto cone = buildBmCone(bundle, {}, 1, &st);
    ASSERT_FALSE(cone.empty());
    EXPECT_LE(int(cone.size()), 5);
    EXPECT_GT(st.minimalSubset, 5); // the annealing path (steps 3-4) was taken
    for (const Vec3& n : bundle) EXPECT_TRUE(referenceInCone(cone, n));
}

TEST(BmCone, EveryNodeConeContainsItsNormals) {
    // Inclusion property (5) via Lemma 3, checked with the independent solver, for both build orders.
    TriangleMesh mesh = makePanel(0.9, 2.0, 0.05, 0.08, 1500);
    TriangleMesh knot = makeTorusKnot(2, 3, 1, 0.2, 1200);
    for (const TriangleMesh* m : {&mesh, &knot})
        for (BmBuildMode mode : {BmBuildMode::TopDown, BmBuildMode::BottomUp}) {
            Bvh bvh;
            bvh.build(*m, {BvType::Obb, SplitRule::MinMax, SplitPosition::Median, 1});
            BmConeTree tree;
            tree.build(bvh, *m, mode, {});
            std::size_t checked = 0;
            for (std::size_t i = 0; i < bvh.nodes().size(); ++i) {
                if (!tree.hasCone(i)) continue;
                std::vector<Vec3> cone(tree.cone(i), tree.cone(i) + tree.coneSize(i));
                const BvhNode& n = bvh.nodes()[i];
                for (std::uint32_t k = n.firstTri; k < n.firstTri + n.triCount; ++k) {
                    Vec3 normal = m->faceNormals[bvh.triIndex()[k]];
                    if (lengthSquared(normal) == 0) continue;
                    ASSERT_TRUE(referenceInCone(cone, normal)) << toString(mode) << " node " << i;
                    ++checked;
                }
            }
            EXPECT_GT(tree.stats().nodesWithCone, bvh.nodes().size() / 3) << toString(mode);
            EXPECT_GT(checked, 0u);
        }
}

TEST(BmCone, CullingTestIsConservative) {
    // Whenever test (6) culls a node, every vertex of every triangle below it moves backwards relative to the
    // other body: v(p) . n < 0 (eq. 3), for random rigid relative motions. Hit-rate guard on culled nodes.
    const test::ConedKnot knot;
    const auto& [mesh, bvh, tree] = knot;
    test::Rng rng(31);
    std::size_t culled = 0, tested = 0;
    for (int trial = 0; trial < 400; ++trial) {
        Pose pose{rng.rotation(), rng.vec(-1, 1)};
        VelocityField rel = VelocityField::relative(
            pose.t, rng.unit() * rng.uniform(0, 2), rng.unit() * rng.uniform(0, 0.5), rng.vec(-3, 3),
            rng.unit() * rng.uniform(0, 1), rng.unit() * rng.uniform(0, 0.5));
        for (std::size_t i = 0; i < bvh.nodes().size(); i += 7) {
            if (!tree.hasCone(i)) continue;
            ++tested;
            if (!tree.culled(i, bvh.nodeBox(i), pose, rel)) continue;
            ++culled;
            const BvhNode& n = bvh.nodes()[i];
            for (std::uint32_t k = n.firstTri; k < n.firstTri + n.triCount; ++k) {
                std::uint32_t t = bvh.triIndex()[k];
                Vec3 normal = pose.R * mesh.faceNormals[t];
                for (std::uint32_t v : mesh.triangles[t])
                    ASSERT_LT(dot(rel.at(pose.apply(mesh.vertices[v])), normal), 0) << "node " << i;
            }
        }
    }
    double rate = double(culled) / double(tested);
    EXPECT_GT(rate, 0.3) << rate;
    EXPECT_LT(rate, 0.7) << rate;
}

TEST(BmCone, ThreadsBuildTheSameCones) {
    // Each node's cone depends on its inputs and its own seed (node index + 1) only, so any thread count
    // (levels deepest first bottom-up) gives the cones of a serial reverse sweep over the nodes, built here
    // with buildBmCone directly (children have larger indices than their parent), vector for vector.
    TriangleMesh knot = makeTorusKnot(2, 3, 1, 0.2, 3000);
    Bvh bvh;
    bvh.build(knot, {BvType::Obb, SplitRule::MinMax, SplitPosition::Median, 1});
    const auto& nodes = bvh.nodes();
    for (BmBuildMode mode : {BmBuildMode::TopDown, BmBuildMode::BottomUp}) {
        std::vector<std::vector<Vec3>> expected(nodes.size());
        for (std::size_t i = nodes.size(); i-- > 0;) {
            const BvhNode& n = nodes[i];
            std::vector<Vec3> inputs;
            if (mode == BmBuildMode::TopDown || n.isLeaf()) {
                for (std::uint32_t k = n.firstTri; k < n.firstTri + n.triCount; ++k)
                    inputs.push_back(knot.faceNormals[bvh.triIndex()[k]]);
            } else {
                const auto &a = expected[n.firstChild], &b = expected[n.firstChild + 1];
                if (a.empty() || b.empty()) continue;
                inputs = a;
                inputs.insert(inputs.end(), b.begin(), b.end());
            }
            expected[i] = buildBmCone(inputs, {}, i + 1);
        }
        std::size_t withCone = 0;
        for (const auto& c : expected) withCone += c.empty() ? 0 : 1;
        EXPECT_GT(withCone, nodes.size() / 3) << toString(mode);
        for (int threads : {1, 0, 2, 3}) {
            BmConeOptions options;
            options.threads = threads;
            BmConeTree tree;
            tree.build(bvh, knot, mode, options);
            EXPECT_EQ(tree.stats().nodesWithCone, withCone) << toString(mode) << " threads " << threads;
            for (std::size_t i = 0; i < nodes.size(); ++i) {
                ASSERT_EQ(tree.coneSize(i), int(expected[i].size())) << toString(mode) << " node " << i;
                for (int m = 0; m < tree.coneSize(i); ++m)
                    ASSERT_EQ(tree.cone(i)[m], expected[i][std::size_t(m)])
                        << toString(mode) << " node " << i;
            }
        }
    }
}

TEST(BmCone, ContinuousTestHearsEveryCharacteristicPoint) {
    // Sec. 6, redon2002: a node is culled only when all 8 characteristic points (its box's corners) move
    // backwards over the window. Constructed nodes: body i turns about z (rate in [0.3, 0.5], a drift along
    // z), so a point p moves along z x p and, against the cone vector n = +x (moving node) or -x (fixed
    // node: it sees minus i's field), backwards exactly where p.y > 0. A cube tilted so that its corner k
    // points down (-y) and centred at y = 0.5 has that one corner below y = 0, every other corner above: only
    // corner k moves forward, and the node must not be culled, for each k. Raised to y = 1.5 the whole cube
    // moves backwards and is culled (the test is not vacuous).
    const MotionWindow window({Mat3::identity(), {0, 0, 0}}, {0, 0, 1}, std::cos(0.4), std::sin(0.4),
                              {0, 0, 0.3}, 0.3, 0.5, rotationAxisAngle({0, 0, 1}, 0.2));
    const ContinuousCulling test(window);
    const Vec3 forwardOnMoving[1] = {{1, 0, 0}}, forwardOnFixed[1] = {{-1, 0, 0}};
    for (int k = 0; k < 8; ++k) {
        const Vec3 sign{k & 1 ? 1.0 : -1.0, k & 2 ? 1.0 : -1.0, k & 4 ? 1.0 : -1.0};
        const Vec3 d = normalize(sign), down{0, -1, 0};
        // The rotation taking d to -y; the box's axes are its rows, corner(k) = centre + axesᵀ (sign ∘ h).
        const Mat3 turn = rotationAxisAngle(normalize(cross(d, down)), std::acos(dot(d, down)));
        Obb box{{1.0, 0.5, -0.1}, turn.transposed(), {0.5, 0.5, 0.5}};
        Vec3 corners[8];
        for (int s = 0; s < 8; ++s) {
            corners[s] = box.corner(s);
            ASSERT_EQ(corners[s].y < 0, s == k) << "corner " << s << " of node " << k;
        }
        EXPECT_FALSE(test.movingCulled(box, forwardOnMoving, 1)) << "corner " << k;
        EXPECT_FALSE(test.movingCulled(corners, forwardOnMoving, 1)) << "corner " << k;
        EXPECT_FALSE(test.fixedCulled(box, forwardOnFixed, 1)) << "corner " << k;
        EXPECT_FALSE(test.fixedCulled(corners, forwardOnFixed, 1)) << "corner " << k;
        // Two cone vectors, the first kept by every corner (p.x > 0 everywhere: z x p . -y < 0), the second
        // failing at corner k only: the corners cached on the first vector's pass decide the second's.
        const Vec3 twoMoving[2] = {{0, -1, 0}, {1, 0, 0}}, twoFixed[2] = {{0, 1, 0}, {-1, 0, 0}};
        EXPECT_FALSE(test.movingCulled(box, twoMoving, 2)) << "corner " << k;
        EXPECT_FALSE(test.fixedCulled(box, twoFixed, 2)) << "corner " << k;
        box.center.y = 1.5;
        for (int s = 0; s < 8; ++s) corners[s] = box.corner(s);
        EXPECT_TRUE(test.movingCulled(box, forwardOnMoving, 1)) << "node " << k << " raised";
        EXPECT_TRUE(test.movingCulled(corners, forwardOnMoving, 1)) << "node " << k << " raised";
        EXPECT_TRUE(test.fixedCulled(box, forwardOnFixed, 1)) << "node " << k << " raised";
        EXPECT_TRUE(test.fixedCulled(corners, forwardOnFixed, 1)) << "node " << k << " raised";
        EXPECT_TRUE(test.movingCulled(box, twoMoving, 2)) << "node " << k << " raised";
        EXPECT_TRUE(test.fixedCulled(box, twoFixed, 2)) << "node " << k << " raised";
    }
}
