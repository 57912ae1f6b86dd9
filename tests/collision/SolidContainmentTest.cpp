// SolidContainment: the ray-crossing winding number against the solid-angle sum, and the surface pieces.
#include "collision/SolidContainment.h"
#include "TestUtil.h"
#include "bvh/Bvh.h"
#include "mesh/ProceduralMeshes.h"

#include <cmath>
#include <gtest/gtest.h>

using namespace cdlab;

namespace {

/// Reference: the generalised winding number, the solid angles of all faces seen from p over 4 pi (Van
/// Oosterom and Strackee's formula per triangle). No BVH, no ray, no predicates.
double solidAngleWinding(const TriangleMesh& mesh, const Vec3& p) {
    double sum = 0;
    for (std::size_t t = 0; t < mesh.triangleCount(); ++t) {
        Vec3 a, b, c;
        mesh.corners(t, a, b, c);
        a -= p, b -= p, c -= p;
        double la = length(a), lb = length(b), lc = length(c);
        double num = dot(a, cross(b, c));
        double den = la * lb * lc + dot(a, b) * lc + dot(b, c) * la + dot(c, a) * lb;
        sum += 2 * std::atan2(num, den);
    }
    return sum / (4 * M_PI);
}

Bvh obbTree(const TriangleMesh& mesh) {
    Bvh bvh;
    bvh.build(mesh, {BvType::Obb, SplitRule::MinMax, SplitPosition::Median, 1});
    return bvh;
}

} // namespace

TEST(SolidContainment, WindingNumberMatchesSolidAngles) {
    // A knot (one closed piece), a door (closed pieces that overlap: points inside two pieces count 2) and a
    // sphere. Points just off the surface, on either side of a random face, plus a few anywhere in the box.
    const TriangleMesh meshes[] = {makeTorusKnot(2, 3, 0.12, 0.035, 900), makeDoor(0.6, 0.8, 0.04, 1300),
                                   makeSphere(0.3, 400)};
    test::Rng rng(77);
    for (const TriangleMesh& mesh : meshes) {
        Bvh bvh = obbTree(mesh);
        Obb root = bvh.nodeBox(0);
        int inside = 0, total = 0;
        for (int k = 0; k < 1000; ++k) {
            Vec3 p;
            if (k % 10 == 0) {
                p = root.center + rng.vec(-1.2, 1.2) * length(root.halfSize);
            } else {
                std::size_t t = std::size_t(rng.integer(0, int(mesh.triangleCount()) - 1));
                Vec3 a, b, c;
                mesh.corners(t, a, b, c);
                double u = rng.uniform(0.05, 0.9), v = rng.uniform(0.05, 0.95 - u);
                double offset = rng.uniform(1e-4, 0.01) * (rng.uniform() < 0.5 ? -1 : 1);
                p = a + (b - a) * u + (c - a) * v + mesh.faceNormals[t] * offset;
            }
            double reference = solidAngleWinding(mesh, p);
            ASSERT_NEAR(reference, std::round(reference), 1e-6) << mesh.name; // p is not on the surface
            std::optional<int> w = windingNumber(mesh, bvh, p);
            ASSERT_TRUE(w.has_value()) << mesh.name << " point " << k;
            ASSERT_EQ(*w, int(std::lround(reference))) << mesh.name << " point " << k;
            inside += *w != 0, ++total;
        }
        EXPECT_GE(inside, total * 3 / 10) << mesh.name; // hit-rate guard: both answers are exercised
        EXPECT_LE(inside, total * 7 / 10) << mesh.name;
    }
}

TEST(SolidContainment, PointsOnTheSurfaceHaveNoAnswer) {
    TriangleMesh box = makeBox({1, 1, 1}, 12);
    Bvh bvh = obbTree(box);
    EXPECT_EQ(windingNumber(box, bvh, {0, 0, 0}), 1);
    EXPECT_EQ(windingNumber(box, bvh, {0.2, -0.1, 0.49}), 1);
    EXPECT_EQ(windingNumber(box, bvh, {0.2, -0.1, 0.51}), 0);
    EXPECT_EQ(windingNumber(box, bvh, {3, 0, 0}), 0); // outside the root box: no ray needed
    EXPECT_FALSE(windingNumber(box, bvh, {0.2, -0.1, 0.5}).has_value()); // on a face
    EXPECT_FALSE(windingNumber(box, bvh, {0.5, 0.5, 0.5}).has_value());  // on a corner
    // Wound inwards, the same solid counts -1: only non-zero means inside.
    for (Triangle& t : box.triangles) std::swap(t[1], t[2]);
    box.computeFaceNormals();
    EXPECT_EQ(windingNumber(box, bvh, {0, 0, 0}), -1);
}

TEST(SolidContainment, OneVertexPerConnectedPiece) {
    TriangleMesh sphere = makeSphere(0.3, 200);
    EXPECT_EQ(pieceVertices(sphere).size(), 1u);
    // Unwelded (every face its own three vertices, as importers leave seams): still one piece.
    TriangleMesh soup;
    for (std::size_t t = 0; t < sphere.triangleCount(); ++t) {
        Vec3 a, b, c;
        sphere.corners(t, a, b, c);
        auto base = std::uint32_t(soup.vertices.size());
        soup.vertices.insert(soup.vertices.end(), {a, b, c});
        soup.triangles.push_back({base, base + 1, base + 2});
    }
    EXPECT_EQ(pieceVertices(soup).size(), 1u);
    TriangleMesh two = sphere;
    TriangleMesh box = makeBox({0.2, 0.2, 0.2}, 12);
    two.append(box);
    std::vector<std::uint32_t> reps = pieceVertices(two);
    ASSERT_EQ(reps.size(), 2u);
    EXPECT_LT(reps[0], sphere.vertices.size());
    EXPECT_GE(reps[1], sphere.vertices.size());
    EXPECT_GT(pieceVertices(makeDoor(0.6, 0.8, 0.04, 1300)).size(), 1u); // a soup of overlapping boxes
}
