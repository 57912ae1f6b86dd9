// The spur gear generator (scenes/gears.json, issue 45): closed outward solids with and without a bore, and
// involute teeth that mesh as involutes do — at the sum of the pitch radii, turned in the ratio of the
// teeth, two gears with backlash never touch at any phase of a pitch, and two with negative backlash
// always interfere (conjugate action: the flanks stay the same distance apart along the line of action).
#include "mesh/SpurGear.h"
#include "TestUtil.h"
#include "bvh/Bvh.h"
#include "collision/BvhCollider.h"
#include "geometry/Mat3.h"
#include "mesh/SurfaceCheck.h"

#include <gtest/gtest.h>

using namespace cdlab;

namespace {

constexpr double kPi = 3.141592653589793;

/// Whether a driver of `teeth1` and a pinion of `teeth2` (module 0.1, `backlash` each) touch with the driver
/// turned by `turn` of one pitch, placed as scenes/gears.json places them.
class GearPair {
public:
    GearPair(int teeth1, int teeth2, double backlash) {
        m_shape1 = {teeth1, 0.1, 0.3, 20, backlash, 0.3};
        m_shape2 = {teeth2, 0.1, 0.24, 20, backlash, 0.2};
        m_mesh1 = makeSpurGear(m_shape1, 4000);
        m_mesh2 = makeSpurGear(m_shape2, 4000);
        const BvhBuildOptions build{BvType::Obb, SplitRule::MinMax, SplitPosition::Median, 1};
        m_bvh1.build(m_mesh1, build);
        m_bvh2.build(m_mesh2, build);
    }
    bool touch(double turn) {
        const double a1 = turn * 2 * kPi / m_shape1.teeth;
        // The pinion's gap faces the driver's tooth on +x (a half pitch), then turns back in the ratio.
        const double a2 = kPi / m_shape2.teeth - a1 * m_shape1.teeth / m_shape2.teeth;
        const Pose p1{rotationAxisAngle({0, 0, 1}, a1), {0, 0, 0}};
        const Pose p2{rotationAxisAngle({0, 0, 1}, a2),
                      {spurGearPitchRadius(m_shape1) + spurGearPitchRadius(m_shape2), 0, 0}};
        CollisionResult r;
        m_collider.collide({&m_mesh1, &m_bvh1, p1}, {&m_mesh2, &m_bvh2, p2}, ContactMode::FirstContact, r);
        return r.colliding();
    }

private:
    SpurGearShape m_shape1, m_shape2;
    TriangleMesh m_mesh1, m_mesh2;
    Bvh m_bvh1, m_bvh2;
    BvhCollider m_collider;
};

} // namespace

TEST(SpurGear, IsAClosedOutwardSolidWithOrWithoutABore) {
    for (int teeth : {8, 17, 24, 60})
        for (double bore : {0.0, 0.15}) {
            SpurGearShape s{teeth, 0.1, 0.2, 20, 0, bore};
            TriangleMesh m = makeSpurGear(s, 3000);
            SurfaceCheck c = SurfaceCheck::of(m);
            SCOPED_TRACE(std::to_string(teeth) + " teeth, bore " + std::to_string(bore) + ": " +
                         c.describe());
            EXPECT_TRUE(c.closed());
            EXPECT_TRUE(c.closedOutward());
            for (const Vec3& n : m.faceNormals) EXPECT_GT(length(n), 0.5) << "a degenerate triangle";
            // The volume lies between the root disc's and the tip disc's (less the bore).
            const double r = spurGearPitchRadius(s), hole = kPi * bore * bore * s.width;
            EXPECT_GT(c.volume, kPi * (r - 0.125) * (r - 0.125) * s.width - hole);
            EXPECT_LT(c.volume, kPi * (r + 0.1) * (r + 0.1) * s.width - hole);
        }
}

TEST(SpurGear, MeshesAtThePitchRadiiWithoutTouchingAndInterferesWithNegativeBacklash) {
    GearPair clear(24, 16, 0.01), tight(24, 16, -0.01);
    for (int k = 0; k < 24; ++k) {
        const double turn = k / 24.0;
        EXPECT_FALSE(clear.touch(turn)) << "backlash 0.01 touches at " << turn << " of a pitch";
        EXPECT_TRUE(tight.touch(turn)) << "backlash -0.01 does not interfere at " << turn << " of a pitch";
    }
}
