#include "mesh/SpurGear.h"

#include "core/Assert.h"

#include <algorithm>
#include <cmath>

namespace cdlab {

namespace {

constexpr double kPi = 3.141592653589793;

/// inv(a) = tan a - a: the polar angle the involute of the base circle has turned through at pressure angle
/// a.
double involute(double a) {
    return std::tan(a) - a;
}

} // namespace

double spurGearPitchRadius(const SpurGearShape& s) {
    return s.module * s.teeth / 2;
}

TriangleMesh makeSpurGear(const SpurGearShape& s, std::size_t targetTriangles) {
    CDLAB_ASSERT(s.teeth >= 6 && s.module > 0 && s.width > 0, "a gear needs teeth, a size and a width");
    const int z = s.teeth;
    const double alpha = s.pressureAngle * kPi / 180;
    const double r = spurGearPitchRadius(s), rb = r * std::cos(alpha);
    const double ra = r + s.module, rf = r - 1.25 * s.module; // addendum m, dedendum 1.25 m
    // Half the tooth's angular thickness at radius rho: at the pitch circle half of (pi m / 2 - backlash),
    // narrowing along the involute (the flank at rho has turned inv(acos(rb / rho)) from the base circle).
    const double psi = (kPi * s.module / 2 - s.backlash) / (2 * r);
    auto halfAngle = [&](double rho) { return psi + involute(alpha) - involute(std::acos(rb / rho)); };
    const double flankStart = std::max(rb, rf);
    const double pitchAngle = 2 * kPi / z;
    // The outline's points per tooth: each becomes a side quad and a cap triangle on each side (a quad on
    // each and one of the bore's wall with a bore), so a tooth costs 4 (8) triangles per point.
    const std::size_t perPoint = s.bore > 0 ? 8 : 4;
    const int perTooth = std::max(12, int(targetTriangles / (perPoint * std::size_t(z))));
    const int tip = std::max(2, perTooth / 8), root = std::max(2, perTooth / 8);
    const int flank = std::max(3, (perTooth - tip - root) / 2);

    // One tooth's outline in increasing polar angle (star-shaped about the axis): the root corner, the left
    // flank up, the tip arc, the right flank down; the root arc to the next tooth follows. Below the base
    // circle the flank runs to the root circle a little outside the radial line (a radial edge would give
    // the cap's fan a zero-area triangle).
    std::vector<std::pair<double, double>> tooth; // (radius, angle about the tooth's centre)
    const double startHalf = halfAngle(flankStart);
    const double gapHalf = pitchAngle / 2 - startHalf;
    CDLAB_ASSERT(gapHalf > 0 && halfAngle(ra) > 0, "the teeth neither meet nor come to a point");
    CDLAB_ASSERT(s.bore < rf, "the bore lies inside the root circle");
    if (rf < rb) tooth.push_back({rf, -(startHalf + 0.15 * gapHalf)});
    for (int i = 0; i < flank; ++i) {
        const double rho = flankStart + (ra - flankStart) * i / flank;
        tooth.push_back({rho, -halfAngle(rho)});
    }
    for (int i = 0; i <= tip; ++i) tooth.push_back({ra, -halfAngle(ra) + 2 * halfAngle(ra) * i / tip});
    for (int i = flank - 1; i >= 0; --i) {
        const double rho = flankStart + (ra - flankStart) * i / flank;
        tooth.push_back({rho, halfAngle(rho)});
    }
    const double rootFrom = rf < rb ? startHalf + 0.15 * gapHalf : startHalf;
    if (rf < rb) tooth.push_back({rf, rootFrom});
    for (int i = 1; i < root; ++i) tooth.push_back({rf, rootFrom + (pitchAngle - 2 * rootFrom) * i / root});

    TriangleMesh m;
    m.name = "spur_gear";
    const double h = s.width / 2;
    std::vector<Vec3> outline;
    for (int k = 0; k < z; ++k)
        for (const auto& [rho, a] : tooth) {
            const double angle = k * pitchAngle + a;
            outline.push_back({rho * std::cos(angle), rho * std::sin(angle), 0});
        }
    const auto n = std::uint32_t(outline.size());
    for (const Vec3& p : outline) m.vertices.push_back({p.x, p.y, -h});
    for (const Vec3& p : outline) m.vertices.push_back({p.x, p.y, h});
    for (std::uint32_t i = 0; i < n; ++i) {
        const std::uint32_t j = (i + 1) % n;
        m.triangles.push_back({i, j, n + j});     // the teeth's sides, facing outwards (the outline runs
        m.triangles.push_back({i, n + j, n + i}); // anticlockwise)
    }
    if (s.bore <= 0) { // solid: each cap a fan from the axis
        const std::uint32_t bottom = 2 * n, top = 2 * n + 1;
        m.vertices.push_back({0, 0, -h});
        m.vertices.push_back({0, 0, h});
        for (std::uint32_t i = 0; i < n; ++i) {
            const std::uint32_t j = (i + 1) % n;
            m.triangles.push_back({top, n + i, n + j}); // facing +z
            m.triangles.push_back({bottom, j, i});      // facing -z
        }
    } else { // a bore: each cap a ring of quads from the outline in to the bore circle at the same angles
        const std::uint32_t in = 2 * n;
        for (double z : {-h, h})
            for (const Vec3& p : outline) {
                const double rho = std::hypot(p.x, p.y);
                m.vertices.push_back({p.x * s.bore / rho, p.y * s.bore / rho, z});
            }
        for (std::uint32_t i = 0; i < n; ++i) {
            const std::uint32_t j = (i + 1) % n;
            m.triangles.push_back({n + i, n + j, in + n + j}); // top, facing +z
            m.triangles.push_back({n + i, in + n + j, in + n + i});
            m.triangles.push_back({j, i, in + i}); // bottom, facing -z
            m.triangles.push_back({j, in + i, in + j});
            m.triangles.push_back({in + j, in + i, in + n + i}); // the bore's wall, facing the axis
            m.triangles.push_back({in + j, in + n + i, in + n + j});
        }
    }
    m.computeFaceNormals();
    return m;
}

} // namespace cdlab
