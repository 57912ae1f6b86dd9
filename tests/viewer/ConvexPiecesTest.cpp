// The convex pieces overlay's drawing (app/viewer/families/catch/ConvexPieces): every triangle of the link
// drawn once in its piece's colour, the chosen piece's hull translucent, the facts the panel shows equal to
// the engine's decomposition, the palette fixed and cycled by piece index.
#include "families/catch/ConvexPieces.h"
#include "OverlayTable.h"
#include "TestPaths.h"
#include "pipeline/AlgorithmRegistry.h"

#include "convex/SurfaceDecomposition.h"
#include "scene/SceneLoader.h"
#include "scene/SceneObjects.h"

#include <gtest/gtest.h>

#include <limits>
#include <set>

namespace cdlab {
namespace {

bool sameColour(const OverlayVertex& v, Rgba c) {
    return v.r == c.r && v.g == c.g && v.b == c.b && v.a == c.a;
}

TEST(ConvexPiecesTest, PaletteIsFixedAndCycledByIndex) {
    for (std::size_t i = 0; i < 3 * kConvexPiecePalette; ++i) {
        const Rgba a = convexPieceColor(i), b = convexPieceColor(i + kConvexPiecePalette);
        EXPECT_TRUE(a.r == b.r && a.g == b.g && a.b == b.b) << i;
        const Rgba next = convexPieceColor(i + 1); // neighbours in index order differ
        EXPECT_FALSE(a.r == next.r && a.g == next.g && a.b == next.b) << i;
        EXPECT_EQ(a.a, 1.0f);
    }
    std::set<std::tuple<float, float, float>> distinct;
    for (std::size_t i = 0; i < kConvexPiecePalette; ++i) {
        const Rgba c = convexPieceColor(i);
        distinct.insert({c.r, c.g, c.b});
        // None is the hull's white.
        EXPECT_FALSE(c.r == kConvexHullColor.r && c.g == kConvexHullColor.g && c.b == kConvexHullColor.b);
    }
    EXPECT_EQ(distinct.size(), kConvexPiecePalette);
}

// Every link of the walk's mannequin (and a chess piece): the facts and the drawing against the engine's
// decomposition of the same mesh.
TEST(ConvexPiecesTest, DrawsEveryTriangleInItsPieceColourAndOneHull) {
    const Scene scene = loadScene(test::sourceDir() + "/scenes/walk.json");
    const SceneObjects objects(scene);
    OverlaySettings settings;
    std::size_t multiPiece = 0;
    for (const SceneObject& o : objects.objects()) {
        if (o.name.rfind("walker/", 0) != 0 && o.name != "king") continue;
        const TriangleMesh& mesh = *o.mesh;
        const HullTree tree(mesh);
        const SurfaceDecomposition engine(mesh);
        ASSERT_EQ(tree.pieceCount(), engine.pieces().size()) << o.name;
        multiPiece += engine.pieces().size() > 1;
        for (std::size_t piece : {std::size_t(0), engine.pieces().size() / 2, engine.pieces().size() + 5}) {
            const ConvexPieceFacts f = convexPieceFacts(tree, piece);
            EXPECT_EQ(f.pieces, engine.pieces().size()) << o.name;
            const std::size_t chosen = std::min(piece, engine.pieces().size() - 1); // clamped
            EXPECT_EQ(f.piece, chosen) << o.name;
            EXPECT_EQ(f.triangles, engine.pieces()[chosen].size()) << o.name;
            const ConvexHull& hull = tree.nodes()[tree.leafOf(std::uint32_t(chosen))].hull;
            EXPECT_EQ(f.hullVertices, hull.vertices().size()) << o.name;
            EXPECT_GE(f.hullVertices, 3u) << o.name;

            DrawList draw(&settings);
            const Pose pose{Mat3::identity(), {1, 2, 3}};
            drawConvexPieces(tree, pose, piece, draw);
            ASSERT_EQ(draw.triangles.size(), 3 * mesh.triangleCount()) << o.name;
            for (std::size_t t = 0; t < mesh.triangleCount(); ++t) {
                const Vec3 p = pose.apply(mesh.vertices[mesh.triangles[t][0]]);
                const OverlayVertex& v = draw.triangles[3 * t];
                EXPECT_NEAR(v.x, p.x, 1e-5);
                EXPECT_NEAR(v.z, p.z, 1e-5);
                EXPECT_TRUE(sameColour(v, convexPieceColor(engine.pieceOf()[t])))
                    << o.name << " triangle " << t;
            }
            EXPECT_EQ(draw.translucent.size(), 3 * f.hullFaces) << o.name;
            EXPECT_EQ(draw.lines.size(), 2 * hull.edges().size()) << o.name;
            for (const OverlayVertex& v : draw.translucent) EXPECT_TRUE(sameColour(v, kConvexHullColor));
        }
    }
    EXPECT_GT(multiPiece, 5u); // the mannequin's links are not convex: several pieces each
}

// The count viewer.report.convex_pieces reads from the viewer's report for the exercise's left thigh, from
// the engine's decomposition of that link's mesh.
TEST(ConvexPiecesTest, ExerciseThighCount) {
    const Scene scene = loadScene(test::sourceDir() + "/scenes/exercise.json");
    const SceneObjects objects(scene);
    std::size_t found = 0;
    for (const SceneObject& o : objects.objects())
        if (o.name == "athlete/thigh_l") {
            EXPECT_EQ(SurfaceDecomposition(*o.mesh).pieces().size(), 33u);
            ++found;
        }
    EXPECT_EQ(found, 1u);
}

// The piece under the mouse: a ray through each triangle's centre (from outside, along the triangle's normal
// and against it) names that triangle's piece unless a nearer triangle is in the way, which brute force over
// every triangle decides; a ray that passes the link names none.
TEST(ConvexPiecesTest, PieceUnderARay) {
    const Scene scene = loadScene(test::sourceDir() + "/scenes/exercise.json");
    const SceneObjects objects(scene);
    std::vector<Pose> poses;
    objects.poses(1.0, poses);
    std::size_t checked = 0, direct = 0;
    for (std::size_t i = 0; i < objects.objects().size(); ++i) {
        const SceneObject& o = objects.objects()[i];
        if (o.name != "athlete/torso" && o.name != "athlete/thigh_l") continue;
        const TriangleMesh& mesh = *o.mesh;
        const HullTree tree(mesh);
        const Pose& pose = poses[i];
        const double size = length(mesh.bounds().extent());
        for (std::size_t t = 0; t < mesh.triangleCount(); t += 7) {
            Vec3 a, b, c;
            mesh.corners(t, a, b, c);
            const Vec3 n = cross(b - a, c - a);
            if (length(n) == 0) continue;
            const Vec3 centre = (a + b + c) / 3.0, unit = n / length(n);
            const Vec3 origin = centre + unit * (2 * size); // outside the link, in its frame
            const std::int64_t piece = convexPieceAt(tree, pose, pose.apply(origin), pose.R * (unit * -1.0));
            // The first hit by brute force: the triangle nearest along the ray through the centre.
            double best = std::numeric_limits<double>::infinity();
            std::size_t first = t;
            for (std::size_t u = 0; u < mesh.triangleCount(); ++u) {
                Vec3 p, q, r;
                mesh.corners(u, p, q, r);
                const Vec3 m = cross(q - p, r - p);
                const double den = dot(m, unit * -1.0);
                if (den == 0) continue;
                const double s = dot(m, p - origin) / den;
                const Vec3 x = origin + unit * -s;
                // Inside the triangle: the same side of each edge as the normal.
                if (dot(cross(q - p, x - p), m) < -1e-12 || dot(cross(r - q, x - q), m) < -1e-12 ||
                    dot(cross(p - r, x - r), m) < -1e-12)
                    continue;
                if (s >= 0 && s < best - 1e-12) best = s, first = u;
            }
            ASSERT_GE(piece, 0) << o.name << " triangle " << t;
            EXPECT_EQ(std::size_t(piece), tree.decomposition().pieceOf()[first])
                << o.name << " triangle " << t;
            direct += first == t;
            ++checked;
        }
        // Beside the link, parallel to nothing it holds: no piece.
        const Vec3 away = mesh.bounds().hi + Vec3{size, size, size};
        EXPECT_EQ(convexPieceAt(tree, pose, pose.apply(away), pose.R * Vec3{1, 0, 0}), -1);
    }
    EXPECT_GT(checked, 300u);
    EXPECT_GT(direct, checked / 2); // most centres are seen from outside
}

TEST(ConvexPiecesTest, EmptyTreeDrawsNothing) {
    const HullTree empty;
    const ConvexPieceFacts f = convexPieceFacts(empty, 3);
    EXPECT_EQ(f.pieces, 0u);
    EXPECT_EQ(f.triangles, 0u);
    OverlaySettings settings;
    DrawList draw(&settings);
    drawConvexPieces(empty, Pose{Mat3::identity(), {}}, 0, draw);
    EXPECT_TRUE(draw.triangles.empty() && draw.translucent.empty() && draw.lines.empty());
}

// The row: off by default, on with --overlays, and only for catch's views.
TEST(ConvexPiecesTest, OverlayRowAppliesToCatchOnly) {
    const OverlayInfo* row = findOverlay("convexPieces");
    ASSERT_NE(row, nullptr);
    EXPECT_FALSE(row->defaultOn);
    EXPECT_TRUE(row->withAll);
    AlgorithmInfo catchInfo, bvhInfo;
    catchInfo.name = "catch", bvhInfo.name = "bvh";
    std::string why;
    EXPECT_TRUE(overlayApplies(*row, catchInfo, &why));
    EXPECT_TRUE(why.empty());
    EXPECT_FALSE(overlayApplies(*row, bvhInfo, &why));
    EXPECT_NE(why.find("catch"), std::string::npos) << why;
}

} // namespace
} // namespace cdlab
