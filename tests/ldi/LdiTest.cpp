// The LDI penetration query (issue 32; ldi-notes §5, §7): the CPU ray caster against closed forms, the GPU
// query (Mesa llvmpipe through EGL here and in CI) against the ray caster on random placements, overflow
// reporting, and the absence of GL errors.
#include "geometry/Quat.h"
#include "gpu/GpuDevice.h"
#include "ldi/CpuLdi.h"
#include "ldi/LdiGeometry.h"
#include "mesh/ProceduralMeshes.h"

#ifdef CDLAB_HAVE_GPU
#include "gpu/GpuLdi.h"
#endif

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>

namespace cdlab {
namespace {

/// The frame of two bodies' common bounding box (the `ldi` algorithm's Q), viewed along `axis`.
LdiFrame commonBoxFrame(const LdiBody& a, const LdiBody& b, const Vec3& axis, int resolution) {
    Aabb ba, bb;
    for (const Vec3& v : a.mesh->vertices) ba.grow(a.pose.apply(v));
    for (const Vec3& v : b.mesh->vertices) bb.grow(b.pose.apply(v));
    const Vec3 lo = vmax(ba.lo, bb.lo), hi = vmin(ba.hi, bb.hi);
    if (lo.x > hi.x || lo.y > hi.y || lo.z > hi.z) return {};
    std::vector<Vec3> corners;
    for (int k = 0; k < 8; ++k)
        corners.push_back({k & 1 ? hi.x : lo.x, k & 2 ? hi.y : lo.y, k & 4 ? hi.z : lo.z});
    return makeLdiFrame(corners, axis, resolution);
}

Pose at(const Vec3& t) {
    return {Mat3::identity(), t};
}

double lensVolume(double r, double d) { // two balls of radius r, centres d apart
    return d >= 2 * r ? 0 : std::numbers::pi * (4 * r + d) * (2 * r - d) * (2 * r - d) / 12;
}

TEST(Ldi, FrameHasSquarePixelsAndCoversThePoints) {
    const std::vector<Vec3> pts = {{0, 0, 0}, {2, 1, 0.5}};
    const LdiFrame f = makeLdiFrame(pts, {0, 0, 1}, 64);
    EXPECT_EQ(f.width, 64);
    EXPECT_EQ(f.height, 32);
    EXPECT_NEAR(f.pixel, 2.0 / 64, 1e-12);
    EXPECT_LE(f.x0, 0);
    EXPECT_GE(f.x0 + f.width * f.pixel, 2 - 1e-12);
    EXPECT_DOUBLE_EQ(f.z1 - f.z0, 0.5);
    EXPECT_NEAR(dot(cross(f.u, f.v), f.w), 1, 1e-12);
    EXPECT_TRUE(makeLdiFrame({}, {0, 0, 1}, 64).empty());
}

TEST(Ldi, CpuTwoBoxesGiveTheBoxVolume) {
    const TriangleMesh box = makeBox({1, 1, 1}, 12);
    const LdiBody a{&box, at({0, 0, 0})}, b{&box, at({0.5, 0.3, 0.2})};
    for (const Vec3& axis : {Vec3{1, 0, 0}, Vec3{0, 1, 0}, Vec3{0, 0, 1}}) {
        const LdiFrame f = commonBoxFrame(a, b, axis, 128);
        const LdiResult r = CpuLdi().run(a, b, f, {});
        ASSERT_TRUE(r.ok);
        EXPECT_TRUE(r.reliable());
        // Q is the overlap box; the window rounds its shorter side up to whole pixels, so the box's lateral
        // sides are sampled to within a pixel: the error is at most h times the sides' extents times the
        // depth.
        const double depth = dot(axis, Vec3{0.5, 0.7, 0.8});
        EXPECT_NEAR(r.volume, 0.5 * 0.7 * 0.8, f.pixel * (0.5 + 0.7 + 0.8 - depth) * depth)
            << "axis " << axis.x << axis.y << axis.z;
        EXPECT_NEAR(r.maxDepth, dot(axis, Vec3{0.5, 0.7, 0.8}), 1e-5);
    }
}

TEST(Ldi, CpuSphereLensConvergesToTheClosedForm) {
    const TriangleMesh sphere = makeSphere(1.0, 40000);
    const LdiBody a{&sphere, at({0, 0, 0})}, b{&sphere, at({1, 0, 0})};
    const double exact = lensVolume(1, 1);
    double previous = 1e9;
    for (int res : {64, 128, 256, 512}) {
        const LdiResult r = CpuLdi().run(a, b, commonBoxFrame(a, b, {1, 0, 0}, res), {});
        ASSERT_TRUE(r.reliable());
        const double error = std::abs(r.volume - exact) / exact;
        // The polyhedral spheres lie inside the round ones (≈0.2 % less volume at 40k triangles); the
        // sampling error shrinks with the pixel.
        EXPECT_LT(error, res >= 256 ? 0.01 : 0.03) << res;
        EXPECT_LE(error, previous + 0.002) << res;
        previous = error;
    }
}

TEST(Ldi, SeparatedAndTouchingBodiesHaveNoVolume) {
    const TriangleMesh box = makeBox({1, 1, 1}, 12);
    const LdiBody a{&box, at({0, 0, 0})};
    const LdiBody touching{&box, at({1, 0.2, 0.1})}, apart{&box, at({1.5, 0, 0})};
    for (const Vec3& axis : {Vec3{1, 0, 0}, Vec3{0, 0, 1}}) {
        const LdiFrame f = commonBoxFrame(a, touching, axis, 64);
        const LdiResult r = CpuLdi().run(a, touching, f, {});
        EXPECT_FALSE(r.collision);
        EXPECT_EQ(r.volume, 0);
    }
    EXPECT_TRUE(commonBoxFrame(a, apart, {1, 0, 0}, 64).empty());
}

TEST(Ldi, OpenMeshGivesInvalidPixels) {
    TriangleMesh open = makeBox({1, 1, 1}, 12);
    open.triangles.pop_back(); // a hole: rays through it leave the body without an exit
    const TriangleMesh box = makeBox({1, 1, 1}, 12);
    // Either body open: each body's winding counter must close (A's and B's checks are separate lines).
    for (bool openB : {false, true}) {
        const LdiBody a{openB ? &box : &open, at({0, 0, 0})}, b{openB ? &open : &box, at({0.3, 0.3, 0.3})};
        bool anyInvalid = false;
        for (const Vec3& axis : {Vec3{1, 0, 0}, Vec3{0, 1, 0}, Vec3{0, 0, 1}}) {
            const LdiResult r = CpuLdi().run(a, b, commonBoxFrame(a, b, axis, 32), {});
            anyInvalid |= r.invalidPixels > 0;
            if (r.invalidPixels > 0) {
                EXPECT_FALSE(r.reliable());
            }
        }
        EXPECT_TRUE(anyInvalid) << "open B " << openB;
    }
}

TEST(Ldi, RowIntervalsFollowTheWindingCounters) {
    const TriangleMesh box = makeBox({1, 1, 1}, 12);
    const LdiBody a{&box, at({0, 0, 0})}, b{&box, at({0.5, 0.1, 0.1})}; // A: [-0.5, 0.5]³, B: x in [0, 1]
    LdiOptions o;
    const LdiFrame f = makeLdiFrame(std::vector<Vec3>{{-0.6, -0.3, -0.3}, {1.1, 0.3, 0.3}}, {1, 0, 0}, 16);
    o.row = f.height / 2;
    const LdiResult r = CpuLdi().run(a, b, f, o);
    ASSERT_EQ(r.row, o.row);
    // Along +x through the middle: A is [-0.5, 0.5], B [0, 1], both [0, 0.5].
    const LdiIntervals iv = rowIntervals(r, f.width / 2);
    ASSERT_EQ(iv.a.size(), 1u);
    ASSERT_EQ(iv.b.size(), 1u);
    ASSERT_EQ(iv.both.size(), 1u);
    EXPECT_NEAR(iv.a[0].first, -0.5, 1e-6);
    EXPECT_NEAR(iv.a[0].second, 0.5, 1e-6);
    EXPECT_NEAR(iv.b[0].second, 1, 1e-6);
    EXPECT_NEAR(iv.both[0].first, 0, 1e-6);
    EXPECT_NEAR(iv.both[0].second, 0.5, 1e-6);
}

/// Two boxes offset along the view axis (ldi-notes §5's derivative in closed form): A = [-0.5, 0.5]³ and B
/// the same box moved by `side` · 0.5 along the view axis w and 0.25 across it, so the overlap is a slab 0.5
/// deep with a 0.75 x 1 cross-section. Moving B along +w changes the overlap's length at the rate of B's end
/// inside A (+1 when B's exit is the upper end, -1 when B's entry is the lower end), over the cross-section:
/// dV/ds = -side · 0.75, and the way out is side · w. The window covers both boxes with pixel edges on their
/// sides (h = 0.125), so the sampled cross-section is exact.
struct OffsetBoxes {
    TriangleMesh box = makeBox({1, 1, 1}, 12);
    LdiBody a, b;
    LdiFrame frame;
    OffsetBoxes(const Vec3& w, const Vec3& across, double side) {
        a = {&box, at({0, 0, 0})};
        b = {&box, at(w * (0.5 * side) + across * 0.25)};
        std::vector<Vec3> corners;
        for (const LdiBody* body : {&a, &b})
            for (const Vec3& v : box.vertices) corners.push_back(body->pose.apply(v));
        frame = makeLdiFrame(corners, w, 10);
    }
};

const Vec3 kAxes[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};

TEST(Ldi, CpuVolumeGradientOfBoxesOffsetAlongTheViewIsMinusTheCrossSection) {
    for (int k = 0; k < 3; ++k)
        for (double side : {1.0, -1.0}) {
            const OffsetBoxes s(kAxes[k], kAxes[(k + 1) % 3], side);
            ASSERT_EQ(s.frame.pixel, 0.125);
            const LdiResult r = CpuLdi().run(s.a, s.b, s.frame, {});
            ASSERT_TRUE(r.reliable()) << k << " " << side;
            EXPECT_NEAR(r.volume, 0.75 * 0.5, 1e-6) << k << " " << side;
            EXPECT_DOUBLE_EQ(r.volumeGradient, -side * 0.75) << k << " " << side;
            EXPECT_EQ(r.direction, kAxes[k] * side) << k << " " << side;
            // The derivative is the volume's: B moved by ds along +w changes V by dV/ds · ds.
            const double ds = 0.125 * side;
            const LdiBody moved{&s.box, {Mat3::identity(), s.b.pose.t + kAxes[k] * ds}};
            const LdiResult r2 = CpuLdi().run(s.a, moved, s.frame, {});
            EXPECT_NEAR(r2.volume - r.volume, r.volumeGradient * ds, 1e-6) << k << " " << side;
        }
}

/// Boxes whose faces are 2 x 2 grids: their shared interior edges at u = 0 and v = 0 run through the
/// centres of the middle column and row (odd resolution, h = 0.25). The top-left rule gives a ray through a
/// shared edge one fragment per surface: four per pixel here (each box's front and back, all inside Q), so
/// four layers resolve every pixel. A rule that gave the shared horizontal edge to both triangles would
/// double the middle row's fragments, truncate it at four layers and lose its volume.
struct GridBoxes {
    TriangleMesh box = makeBox({1.25, 1.25, 1.25}, 48);
    LdiBody a, b;
    LdiFrame frame;
    explicit GridBoxes(const Vec3& w) {
        a = {&box, at({0, 0, 0})};
        b = {&box, at(w * 0.5)};
        std::vector<Vec3> corners;
        for (const LdiBody* body : {&a, &b})
            for (const Vec3& v : box.vertices) corners.push_back(body->pose.apply(v));
        frame = makeLdiFrame(corners, w, 5);
    }
};

TEST(Ldi, CpuFillRuleGivesARowOnSharedEdgesOneFragmentPerSurface) {
    for (int w = 0; w < 3; ++w) {
        const GridBoxes s(kAxes[w]);
        ASSERT_EQ(s.box.triangles.size(), 48u);
        ASSERT_EQ(s.frame.width, 5);
        ASSERT_EQ(s.frame.height, 5);
        ASSERT_EQ(s.frame.pixel, 0.25);
        LdiOptions o;
        o.maxLayers = 4;
        o.keepImages = true;
        o.row = 2; // the row on the shared horizontal edges
        const LdiResult r = CpuLdi().run(s.a, s.b, s.frame, o);
        EXPECT_TRUE(r.reliable()) << w;
        EXPECT_EQ(r.truncatedPixels, 0u) << w;
        EXPECT_EQ(r.layersUsed, 4) << w;
        EXPECT_EQ(r.fragments, 4u * 25u) << w;
        EXPECT_EQ(r.overlapPixels, 25u) << w;
        EXPECT_NEAR(r.volume, 1.25 * 1.25 * 0.75, 1e-6) << w;
        for (std::size_t i = 0; i < r.rowFragments.size(); ++i)
            EXPECT_EQ(r.rowFragments[i].size(), 4u) << w << " pixel " << i;
    }
}

#ifdef CDLAB_HAVE_GPU

GpuDevice* deviceOrSkip() {
    std::string why;
    GpuDevice* d = GpuDevice::get(&why);
    return d;
}

#define REQUIRE_GPU()                                                                                        \
    if (!deviceOrSkip()) GTEST_SKIP() << "no OpenGL 4.5 device"

TEST(LdiGpu, AgreesWithTheRayCasterOnRandomPlacements) {
    REQUIRE_GPU();
    const TriangleMesh knot = makeTorusKnot(2, 3, 1.0, 0.3, 3000);
    const TriangleMesh sphere = makeSphere(0.8, 2000);
    const TriangleMesh box = makeBox({1.2, 0.8, 0.6}, 12);
    const TriangleMesh* meshes[3] = {&knot, &sphere, &box};
    std::mt19937 rng(32);
    std::uniform_real_distribution<double> u(-1, 1);
    GpuLdi gpu;
    CpuLdi cpu;
    int hits = 0, cases = 0;
    std::uint64_t disagreeing = 0, pixels = 0;
    const std::uint64_t errorsBefore = GpuDevice::get()->glErrors();
    for (int k = 0; k < 300; ++k) {
        const TriangleMesh& ma = *meshes[k % 3];
        const TriangleMesh& mb = *meshes[(k / 3) % 3];
        const Quat qa = Quat{u(rng), u(rng), u(rng), u(rng)}.normalized();
        const Quat qb = Quat{u(rng), u(rng), u(rng), u(rng)}.normalized();
        const LdiBody a{&ma, {qa.toMat3(), {0, 0, 0}}};
        const LdiBody b{&mb, {qb.toMat3(), Vec3{u(rng), u(rng), u(rng)} * 1.8}};
        const Vec3 axis =
            std::array<Vec3, 3>{Vec3{1, 0, 0}, Vec3{0, 1, 0}, Vec3{0, 0, 1}}[std::size_t(k % 3)];
        const LdiFrame f = commonBoxFrame(a, b, axis, 96);
        if (f.empty()) continue;
        LdiOptions o;
        o.keepImages = true;
        const LdiResult g = gpu.run(a, b, f, o), c = cpu.run(a, b, f, o);
        ASSERT_TRUE(g.ok) << g.error;
        ++cases;
        hits += c.collision;
        EXPECT_EQ(g.collision, c.collision) << "case " << k;
        ASSERT_EQ(g.length.size(), c.length.size());
        std::uint64_t differ = 0;
        for (std::size_t p = 0; p < g.length.size(); ++p)
            differ += std::abs(g.length[p] - c.length[p]) > 1e-4f * float(f.z1 - f.z0 + 1);
        disagreeing += differ, pixels += g.length.size();
        // Each disagreeing pixel can move the volume by at most one column of Q's depth.
        EXPECT_LE(std::abs(g.volume - c.volume),
                  double(differ) * f.pixelArea() * (f.z1 - f.z0) + 1e-6 * (1 + c.volume))
            << "case " << k;
    }
    const double rate = double(hits) / cases;
    EXPECT_GE(cases, 200);
    EXPECT_GE(rate, 0.3);
    EXPECT_LE(rate, 0.7);
    EXPECT_LE(double(disagreeing), 1e-3 * double(pixels)) << disagreeing << " of " << pixels;
    EXPECT_EQ(GpuDevice::get()->glErrors(), errorsBefore) << GpuDevice::get()->lastGlError();
}

TEST(LdiGpu, OverflowIsReportedAndGrowingRecovers) {
    REQUIRE_GPU();
    const TriangleMesh sphere = makeSphere(1.0, 4000);
    const LdiBody a{&sphere, at({0, 0, 0})}, b{&sphere, at({0.8, 0, 0})};
    const LdiFrame f = commonBoxFrame(a, b, {1, 0, 0}, 128);
    GpuLdi gpu;
    LdiOptions tiny;
    tiny.capacity = 0.01; // far fewer nodes than fragments
    tiny.growOnOverflow = false;
    const LdiResult lost = gpu.run(a, b, f, tiny);
    EXPECT_TRUE(lost.overflowed);
    EXPECT_FALSE(lost.reliable());
    EXPECT_GT(lost.fragments, lost.capacity);
    tiny.growOnOverflow = true;
    const LdiResult grown = gpu.run(a, b, f, tiny);
    EXPECT_FALSE(grown.overflowed);
    EXPECT_EQ(grown.attempts, 2);
    const LdiResult ref = CpuLdi().run(a, b, f, {});
    EXPECT_NEAR(grown.volume, ref.volume, 1e-3 * ref.volume);
    LdiOptions few;
    few.maxLayers = 1; // every covered pixel has at least two fragments inside Q
    EXPECT_GT(gpu.run(a, b, f, few).truncatedPixels, 0u);
}

TEST(LdiGpu, TouchingBoxesHaveNoVolumeAndOverlappingOnesTheirs) {
    REQUIRE_GPU();
    const TriangleMesh box = makeBox({1, 1, 1}, 12);
    const LdiBody a{&box, at({0, 0, 0})};
    GpuLdi gpu;
    for (const Vec3& axis : {Vec3{1, 0, 0}, Vec3{0, 1, 0}, Vec3{0, 0, 1}}) {
        // Faces of A and B on one plane give equal depths: exits sort first, so touching is no overlap.
        const LdiBody touching{&box, at({1, 0.2, 0.1})};
        const LdiResult t = gpu.run(a, touching, commonBoxFrame(a, touching, axis, 64), {});
        EXPECT_TRUE(t.ok);
        EXPECT_FALSE(t.collision);
        EXPECT_EQ(t.volume, 0);
        const LdiBody b{&box, at({0.5, 0.3, 0.2})};
        const LdiFrame f = commonBoxFrame(a, b, axis, 128);
        const LdiResult r = gpu.run(a, b, f, {});
        EXPECT_TRUE(r.reliable());
        const double depth = dot(axis, Vec3{0.5, 0.7, 0.8});
        EXPECT_NEAR(r.volume, 0.28, f.pixel * (0.5 + 0.7 + 0.8 - depth) * depth);
        EXPECT_NEAR(r.maxDepth, depth, 1e-5);
    }
}

TEST(LdiGpu, RowFragmentsMatchTheRayCaster) {
    REQUIRE_GPU();
    const TriangleMesh sphere = makeSphere(1.0, 2000);
    const LdiBody a{&sphere, at({0, 0, 0})}, b{&sphere, at({0.9, 0.1, 0})};
    const LdiFrame f = commonBoxFrame(a, b, {1, 0, 0}, 64);
    LdiOptions o;
    o.row = f.height / 2;
    const LdiResult g = GpuLdi().run(a, b, f, o), c = CpuLdi().run(a, b, f, o);
    ASSERT_EQ(g.rowFragments.size(), c.rowFragments.size());
    for (std::size_t i = 0; i < g.rowFragments.size(); ++i) {
        EXPECT_EQ(g.rowStart[i], c.rowStart[i]) << i;
        ASSERT_EQ(g.rowFragments[i].size(), c.rowFragments[i].size()) << i;
    }
}

TEST(LdiGpu, VolumeGradientEqualsTheRayCastersAndTheClosedForm) {
    REQUIRE_GPU();
    GpuLdi gpu;
    for (int k = 0; k < 3; ++k)
        for (double side : {1.0, -1.0}) {
            const OffsetBoxes s(kAxes[k], kAxes[(k + 1) % 3], side);
            const LdiResult g = gpu.run(s.a, s.b, s.frame, {}), c = CpuLdi().run(s.a, s.b, s.frame, {});
            ASSERT_TRUE(g.reliable()) << g.error;
            EXPECT_EQ(g.volumeGradient, c.volumeGradient) << k << " " << side;
            EXPECT_DOUBLE_EQ(g.volumeGradient, -side * 0.75) << k << " " << side;
            EXPECT_EQ(g.direction, c.direction) << k << " " << side;
            EXPECT_EQ(g.direction, kAxes[k] * side) << k << " " << side;
            EXPECT_NEAR(g.volume, c.volume, 1e-6) << k << " " << side;
        }
}

TEST(LdiGpu, FillRuleAgreesWithTheRayCasterOnARowOfSharedEdges) {
    REQUIRE_GPU();
    GpuLdi gpu;
    for (int w = 0; w < 3; ++w) {
        const GridBoxes s(kAxes[w]);
        LdiOptions o;
        o.maxLayers = 4;
        o.keepImages = true;
        o.row = 2;
        const LdiResult g = gpu.run(s.a, s.b, s.frame, o), c = CpuLdi().run(s.a, s.b, s.frame, o);
        ASSERT_TRUE(g.ok) << g.error;
        EXPECT_TRUE(g.reliable()) << w;
        EXPECT_EQ(g.layersUsed, c.layersUsed) << w;
        EXPECT_EQ(g.fragments, c.fragments) << w;
        EXPECT_NEAR(g.volume, c.volume, 1e-6) << w;
        ASSERT_EQ(g.length.size(), c.length.size());
        for (std::size_t p = 0; p < g.length.size(); ++p)
            EXPECT_EQ(g.length[p], c.length[p]) << w << " " << p;
        ASSERT_EQ(g.rowFragments.size(), c.rowFragments.size());
        for (std::size_t i = 0; i < g.rowFragments.size(); ++i)
            EXPECT_EQ(g.rowFragments[i].size(), c.rowFragments[i].size()) << w << " pixel " << i;
    }
}

#endif

} // namespace
} // namespace cdlab
