// Node picking (a ray against one level of a BVH) and the picked-node drawing, including the BM-cone arrows
// of redon2002 sec. 4.
#include "TestPaths.h"
#include "TestUtil.h"
#include "bvh/BvhDrawing.h"
#include "culling/BmCone.h"
#include "mesh/ProceduralMeshes.h"
#include "pipeline/AlgorithmRegistry.h"
#include "scene/SceneLoader.h"

#include <gtest/gtest.h>
#include <limits>
#include <regex>

using namespace cdlab;

namespace {

bool inside(const Obb& box, const Vec3& p, double tol) {
    Vec3 l = box.axes * (p - box.center);
    for (int i = 0; i < 3; ++i)
        if (std::fabs(l[i]) > box.halfSize[i] + tol) return false;
    return true;
}

struct Line {
    Vec3 a, b;
    Rgba c;
    DebugCategory cat;
};

class RecordingSink : public DebugSink {
public:
    std::vector<Line> lines;
    std::vector<std::string> texts;
    void line(const Vec3& a, const Vec3& b, Rgba c, DebugCategory cat) override {
        lines.push_back({a, b, c, cat});
    }
    std::size_t triangles = 0;
    void triangle(const Vec3&, const Vec3&, const Vec3&, Rgba, DebugCategory) override { ++triangles; }
    void point(const Vec3&, Rgba, DebugCategory) override {}
    void text(const Vec3&, const std::string& s, DebugCategory) override { texts.push_back(s); }
    std::size_t count(DebugCategory cat) const {
        std::size_t n = 0;
        for (const auto& l : lines) n += l.cat == cat;
        return n;
    }
    std::size_t arrowLines() const {
        std::size_t n = 0;
        for (const auto& l : lines) n += l.cat == DebugCategory::BmCone && isCyan(l.c);
        return n;
    }
    static bool isCyan(Rgba c) { return c.r == 0.2f && c.g == 0.9f && c.b == 1.0f; }
};

} // namespace

TEST(Picking, RayEntersBoxAgreesWithSamplingTheRay) {
    test::Rng rng(41);
    int hits = 0;
    const int cases = 3000;
    for (int c = 0; c < cases; ++c) {
        Obb box{rng.vec(-1, 1), rng.rotation(), rng.vec(0.05, 1)};
        // Aimed near the box, so that about half of the rays hit it.
        Vec3 origin = rng.vec(-3, 3), aim = box.center + rng.vec(-1.2, 1.2);
        Vec3 dir = (aim - origin) * rng.uniform(0.2, 2);
        double s = rayEntersBox(box, origin, dir);
        if (s >= 0) {
            ++hits;
            EXPECT_TRUE(inside(box, origin + dir * s, 1e-9)) << c;
            if (s > 1e-6) {
                EXPECT_FALSE(inside(box, origin + dir * (s * (1 - 1e-6)), 0)) << c;
            }
        } else {
            // Independent check: no sample of the ray up to well past the box is inside it.
            for (int k = 0; k <= 4000; ++k) ASSERT_FALSE(inside(box, origin + dir * (k * 0.005), -1e-9)) << c;
        }
    }
    EXPECT_GT(hits, cases * 3 / 10);
    EXPECT_LT(hits, cases * 7 / 10);
}

TEST(Picking, PicksTheNodeOfTheLevelThatTheRayEntersFirst) {
    TriangleMesh mesh = makeTorusKnot(2, 3, 1.0, 0.3, 4000);
    Bvh bvh;
    bvh.build(mesh, {BvType::Obb, SplitRule::MinMax, SplitPosition::Median, 1});
    test::Rng rng(7);
    for (int c = 0; c < 300; ++c) {
        Pose pose{rng.rotation(), rng.vec(-2, 2)};
        int level = rng.integer(0, int(bvh.stats().maxDepth) + 1);
        // Aim at a triangle's centroid from outside: the node holding that triangle is hit, so is some node.
        std::uint32_t tri = std::uint32_t(rng.next() % mesh.triangleCount());
        Vec3 a, b, d;
        mesh.corners(tri, a, b, d);
        Vec3 target = pose.apply((a + b + d) / 3.0), origin = target + rng.unit() * 8.0;
        std::int64_t picked = pickBvhNode(bvh, pose, level, origin, target - origin);
        ASSERT_GE(picked, 0) << c;
        // Reference: every candidate placed in the world, nearest entry wins.
        double best = std::numeric_limits<double>::infinity();
        for (std::size_t i = 0; i < bvh.nodes().size(); ++i) {
            const BvhNode& n = bvh.nodes()[i];
            if (n.depth != level && !(n.isLeaf() && n.depth < level)) continue;
            double s = rayEntersBox(bvh.nodeBox(i).transformed(pose), origin, target - origin);
            if (s >= 0) best = std::min(best, s);
        }
        const BvhNode& p = bvh.nodes()[std::size_t(picked)];
        EXPECT_TRUE(p.depth == level || (p.isLeaf() && p.depth < level)) << c;
        EXPECT_NEAR(rayEntersBox(bvh.nodeBox(std::size_t(picked)).transformed(pose), origin, target - origin),
                    best, 1e-9)
            << c;
    }
    // A ray pointing away from the mesh picks nothing.
    EXPECT_EQ(pickBvhNode(bvh, Pose{}, 3, {20, 0, 0}, {1, 0, 0}), -1);
}

TEST(Picking, BackFaceCullingDrawsThePickedNodesBmCone) {
    Scene scene = loadScene(std::string(CDLAB_SOURCE_DIR) + "/scenes/doors.json");
    auto culled = AlgorithmRegistry::instance().create("rigid-ccd-bm", {});
    auto plain = AlgorithmRegistry::instance().create("rigid-ccd", {});
    culled->prepare(scene);
    plain->prepare(scene);
    std::regex coneText(R"(BM-cone of (\d+) vectors?)");
    int withCone = 0;
    for (std::uint32_t node = 0; node < 6000; node += 37) {
        RecordingSink sink;
        culled->structure()->drawNode(0.5, 1, node, sink);
        ASSERT_EQ(sink.texts.size(), 1u);
        EXPECT_EQ(sink.count(DebugCategory::PickedNode), 12u); // the box
        std::smatch tris;
        ASSERT_TRUE(std::regex_search(sink.texts[0], tris, std::regex(R"((\d+) triangles?)")));
        EXPECT_EQ(sink.triangles, std::stoul(tris[1])); // its triangles, filled
        std::smatch m;
        if (!std::regex_search(sink.texts[0], m, coneText)) {
            EXPECT_EQ(sink.arrowLines(), 0u) << sink.texts[0];
            continue;
        }
        ++withCone;
        int r = std::stoi(m[1]);
        // Each arrow: a shaft and a four-stroke head. The shafts start at the box centre; the grey strokes
        // (the node's triangle normals) all lie in the positive cone of the shafts (Lemma 3).
        std::vector<Vec3> shafts, normals;
        for (std::size_t k = 0; k < sink.lines.size(); ++k) {
            const Line& l = sink.lines[k];
            if (l.cat != DebugCategory::BmCone) continue;
            if (RecordingSink::isCyan(l.c)) {
                shafts.push_back(normalize(l.b - l.a));
                k += 4; // the head
            } else {
                normals.push_back(normalize(l.b - l.a));
            }
        }
        ASSERT_EQ(int(shafts.size()), r) << sink.texts[0];
        ASSERT_FALSE(normals.empty());
        EXPECT_TRUE(coneContainsAll(shafts, normals, 1e-6)) << sink.texts[0];
        // Without culling the same node is drawn without a cone.
        RecordingSink bare;
        plain->structure()->drawNode(0.5, 1, node, bare);
        ASSERT_EQ(bare.texts.size(), 1u);
        EXPECT_EQ(bare.texts[0].find("BM-cone"), std::string::npos);
        EXPECT_EQ(bare.count(DebugCategory::BmCone), 0u);
    }
    EXPECT_GT(withCone, 20);
}
