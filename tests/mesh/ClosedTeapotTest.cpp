// The closed teapot (generator "teapot" with "closed": true): its parts are closed solids, their exact
// union (CGAL) is one closed, outward 2-manifold close to the open teapot, and a build without CGAL refuses
// the option naming the field instead of handing out an open mesh.
#include "mesh/ClosedTeapot.h"
#include "core/InputError.h"
#include "mesh/MeshGenerators.h"
#include "mesh/ProceduralMeshes.h"
#include "mesh/SolidUnion.h"
#include "mesh/SurfaceCheck.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace cdlab;

TEST(ClosedTeapot, PartsAreClosedOutwardSolids) {
    // Needs no union: body with lid (joined by the ring at the rim), spout and handle (capped).
    double sum = 0;
    for (const TriangleMesh& part : closedTeapotSolids(0.5, 12)) {
        SurfaceCheck c = SurfaceCheck::of(part);
        SCOPED_TRACE(part.name + ": " + c.describe());
        EXPECT_TRUE(c.closed());
        EXPECT_TRUE(c.closedOutward());
        sum += c.volume;
    }
    EXPECT_GT(sum, 0);
}

TEST(ClosedTeapot, IsOneClosedOutwardManifoldNearTheOpenTeapot) {
    if (!solidUnionAvailable()) GTEST_SKIP() << "built without CGAL";
    nlohmann::json params = {{"closed", true}, {"scale", 0.5}, {"triangles", 10000}};
    TriangleMesh closed = generateMesh("teapot", params, "test", "mesh");
    SurfaceCheck c = SurfaceCheck::of(closed);
    EXPECT_EQ(c.boundaryEdges, 0u) << c.describe();
    EXPECT_EQ(c.nonManifoldEdges, 0u) << c.describe();
    EXPECT_EQ(c.inconsistentEdges, 0u) << c.describe();
    EXPECT_TRUE(c.closed());
    EXPECT_TRUE(c.closedOutward());
    EXPECT_EQ(c.describe(), "closed, outward");
    // The parts inside the body (the spout's base, the handle's ends) are cut away: the union holds less
    // than the parts' sum and more than the body alone.
    std::vector<TriangleMesh> parts = closedTeapotSolids(0.5, 13);
    double body = SurfaceCheck::of(parts[0]).volume, sum = 0;
    for (const TriangleMesh& p : parts) sum += SurfaceCheck::of(p).volume;
    EXPECT_LT(c.volume, sum);
    EXPECT_GT(c.volume, body);
    // The open teapot's signed volume (the divergence theorem over its open surface) differs by the flux
    // through its holes and the parts' surfaces inside the body: within 5 %.
    double open = SurfaceCheck::of(makeTeapot(0.5, 10000)).volume;
    EXPECT_NEAR(c.volume, open, 0.05 * open);
    // Same place and size as the open teapot.
    Aabb a = closed.bounds(), b = makeTeapot(0.5, 10000).bounds();
    EXPECT_NEAR(a.lo.x, b.lo.x, 1e-9);
    EXPECT_NEAR(a.hi.z, b.hi.z, 1e-9);
}

TEST(ClosedTeapot, WithoutCgalTheOptionIsAnErrorNamingTheField) {
    nlohmann::json params = {{"closed", true}};
    if (solidUnionAvailable()) {
        EXPECT_GT(generateMesh("teapot", params, "scene.json", "bodies[0].mesh").triangleCount(), 0u);
        return;
    }
    try {
        generateMesh("teapot", params, "scene.json", "bodies[0].mesh");
        FAIL() << "no error";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("scene.json"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("bodies[0].mesh.params.closed"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("CGAL"), std::string::npos) << e.what();
    }
}

TEST(ClosedTeapot, ClosedMustBeABoolean) {
    try {
        generateMesh("teapot", {{"closed", 1}}, "scene.json", "m");
        FAIL() << "no error";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("m.params.closed"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("expected true or false"), std::string::npos) << e.what();
    }
}
