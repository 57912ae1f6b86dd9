// The CGAL peer's exact intersection volume (cgalIntersectionVolume): boxes give their overlap to rounding,
// spheres a lens between the analytic lenses of the polyhedron's inscribed and circumscribed spheres,
// disjoint and touching solids nothing, and a mesh that is not closed an error naming what is wrong.
// Every test skips in a build without CGAL (libcgal-dev).
#include "peers/CgalVolume.h"
#include "TestUtil.h"
#include "mesh/ProceduralMeshes.h"
#include "mesh/SurfaceCheck.h"

#include <gtest/gtest.h>

#include <cmath>
#include <iostream>
#include <numbers>

using namespace cdlab;

namespace {

Pose at(double x, double y = 0, double z = 0) {
    return Pose{Mat3::identity(), {x, y, z}};
}

/// Volume of the lens where two balls of radius r, centres d apart, overlap.
double lens(double r, double d) {
    return d >= 2 * r ? 0 : std::numbers::pi * (4 * r + d) * (2 * r - d) * (2 * r - d) / 12;
}

} // namespace

TEST(CgalVolume, WithoutCgalSaysSo) {
    if (cgalAvailable()) GTEST_SKIP() << "built with CGAL";
    ExactVolume v = cgalIntersectionVolume(makeBox({1, 1, 1}, 12), at(0), makeBox({1, 1, 1}, 12), at(0.5));
    EXPECT_FALSE(v.ok);
    EXPECT_EQ(v.message, "built without CGAL (install libcgal-dev and reconfigure)");
}

TEST(CgalVolume, OffsetBoxesOverlapByTheirCommonBox) {
    if (!cgalAvailable()) GTEST_SKIP() << "built without CGAL";
    // Unit boxes (a 2 x 2 grid per face) offset by (0.5, 0.25, 0.125): the common box is 0.5 x 0.75 x 0.875.
    ExactVolume v =
        cgalIntersectionVolume(makeBox({1, 1, 1}, 48), at(0), makeBox({1, 1, 1}, 48), at(0.5, 0.25, 0.125));
    ASSERT_TRUE(v.ok) << v.message;
    EXPECT_TRUE(v.message.empty());
    EXPECT_NEAR(v.volume, 0.5 * 0.75 * 0.875, 1e-12);
    EXPECT_GT(v.milliseconds, 0);
    // Rotated a quarter turn about z the second box covers the same space.
    Pose turned{rotationAxisAngle({0, 0, 1}, std::numbers::pi / 2), {0.5, 0.25, 0.125}};
    ExactVolume r = cgalIntersectionVolume(makeBox({1, 1, 1}, 48), at(0), makeBox({1, 1, 1}, 48), turned);
    ASSERT_TRUE(r.ok) << r.message;
    EXPECT_NEAR(r.volume, 0.5 * 0.75 * 0.875, 1e-9);
}

TEST(CgalVolume, IdenticalPlacementsGiveTheWholeVolume) {
    if (!cgalAvailable()) GTEST_SKIP() << "built without CGAL";
    // Every face coplanar with its twin: the case inexact constructions get wrong.
    TriangleMesh sphere = makeSphere(1, 2000);
    ExactVolume v = cgalIntersectionVolume(sphere, at(0.3), sphere, at(0.3));
    ASSERT_TRUE(v.ok) << v.message;
    EXPECT_NEAR(v.volume, SurfaceCheck::of(sphere).volume, 1e-9);
}

TEST(CgalVolume, SphereLensLiesBetweenTheInscribedAndCircumscribedLenses) {
    if (!cgalAvailable()) GTEST_SKIP() << "built without CGAL";
    // The UV sphere is convex with its vertices on the unit sphere: it holds the ball of radius rIn (its
    // faces' least distance from the centre) and lies in the unit ball, so the polyhedral lens lies between
    // the analytic lenses of those two radii (rIn = 0.9989 at 20,000 triangles: a bound of 0.3 %).
    TriangleMesh sphere = makeSphere(1, 20000);
    double rIn = 1;
    for (std::size_t t = 0; t < sphere.triangleCount(); ++t) {
        Vec3 a, b, c;
        sphere.corners(t, a, b, c);
        rIn = std::min(rIn, std::abs(dot(sphere.faceNormals[t], a)));
    }
    ASSERT_GT(rIn, 0.998);
    for (double d : {0.3, 1.0, 1.7}) {
        SCOPED_TRACE(d);
        ExactVolume v = cgalIntersectionVolume(sphere, at(0), sphere, at(d, 0.01, -0.02));
        ASSERT_TRUE(v.ok) << v.message;
        double dist = std::sqrt(d * d + 0.01 * 0.01 + 0.02 * 0.02);
        EXPECT_GE(v.volume, lens(rIn, dist));
        EXPECT_LE(v.volume, lens(1, dist));
    }
}

TEST(CgalVolume, DisjointAndTouchingSolidsHaveNoCommonVolume) {
    if (!cgalAvailable()) GTEST_SKIP() << "built without CGAL";
    TriangleMesh box = makeBox({1, 1, 1}, 48);
    ExactVolume apart = cgalIntersectionVolume(box, at(0), box, at(2.5, 0.3));
    ASSERT_TRUE(apart.ok) << apart.message;
    EXPECT_EQ(apart.volume, 0);
    // Face to face (x = 0.5 shared; the grids offset so no vertex of one lies on the other's), then edge to
    // edge and corner to corner.
    for (Pose p : {at(1, 0.3, 0.1), at(1, 1, 0.2), at(1, 1, 1)}) {
        SCOPED_TRACE(p.t.y);
        ExactVolume touching = cgalIntersectionVolume(box, at(0), box, p);
        ASSERT_TRUE(touching.ok) << touching.message;
        EXPECT_EQ(touching.volume, 0);
    }
}

TEST(CgalVolume, OpenMeshIsRefusedNamingTheProblem) {
    if (!cgalAvailable()) GTEST_SKIP() << "built without CGAL";
    ExactVolume v = cgalIntersectionVolume(makeBox({1, 1, 1}, 48), at(0), makeTeapot(0.5, 10000), at(0.2));
    EXPECT_FALSE(v.ok);
    EXPECT_EQ(v.volume, 0);
    EXPECT_NE(v.message.find("mesh B (teapot) is not a closed 2-manifold (open: "), std::string::npos)
        << v.message;
    EXPECT_NE(v.message.find("boundary edges"), std::string::npos) << v.message;
    // A box with one triangle wound against its neighbours.
    TriangleMesh flipped = makeBox({1, 1, 1}, 12);
    std::swap(flipped.triangles[0][1], flipped.triangles[0][2]);
    ExactVolume f = cgalIntersectionVolume(flipped, at(0), makeBox({1, 1, 1}, 12), at(0.5));
    EXPECT_FALSE(f.ok);
    EXPECT_NE(
        f.message.find("mesh A (box) is not a closed 2-manifold (inconsistently wound: 3 inconsistently "
                       "oriented edges"),
        std::string::npos)
        << f.message;
}

TEST(CgalVolume, SelfIntersectingMeshIsRefused) {
    if (!cgalAvailable()) GTEST_SKIP() << "built without CGAL";
    // Two closed boxes overlapping in one mesh: each a closed 2-manifold, together self-intersecting.
    TriangleMesh two = makeBox({1, 1, 1}, 12);
    TriangleMesh other = two;
    for (Vec3& p : other.vertices) p += Vec3{0.5, 0.5, 0.5};
    two.append(other);
    two.name = "two boxes";
    ExactVolume v = cgalIntersectionVolume(makeBox({1, 1, 1}, 12), at(0), two, at(0.1));
    EXPECT_FALSE(v.ok);
    EXPECT_EQ(v.message, "mesh B (two boxes) intersects itself");
}

TEST(CgalVolume, KnotThroughTheClosedTeapot) {
    if (!cgalAvailable()) GTEST_SKIP() << "built without CGAL";
    // scenes/knot_teapot_closed.json: the knot passes through the closed teapot's handle into its body, the
    // overlap changing from frame to frame.
    Scene scene = test::bundled("knot_teapot_closed.json");
    ASSERT_EQ(scene.bodies.size(), 2u);
    const Body &teapot = scene.bodies[0], &knot = scene.bodies[1];
    std::vector<double> volumes;
    for (int frame : {0, scene.frames - 1}) {
        double t = scene.frameTime(frame, scene.frames);
        ExactVolume v =
            cgalIntersectionVolume(*teapot.mesh, teapot.motion.at(t), *knot.mesh, knot.motion.at(t));
        ASSERT_TRUE(v.ok) << v.message;
        std::cout << "[          ] frame " << frame << ": |knot ∩ teapot| = " << v.volume << " in "
                  << v.milliseconds << " ms (" << teapot.mesh->triangleCount() << " + "
                  << knot.mesh->triangleCount() << " triangles)\n";
        // Between zero and the smaller solid's volume.
        EXPECT_GT(v.volume, 0);
        EXPECT_LT(v.volume, SurfaceCheck::of(*knot.mesh).volume);
        volumes.push_back(v.volume);
    }
    EXPECT_NE(volumes[0], volumes[1]);
}
