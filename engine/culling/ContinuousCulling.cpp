#include "culling/ContinuousCulling.h"

#include <cmath>

namespace cdlab {

namespace {
/// Relative margin: a bound must clear zero by more than its rounding to cull.
constexpr double kMargin = 1e-9;
} // namespace

bool movingNodeCulled(const MotionWindow& m, const Vec3 corners[8], const Vec3* cone, int r) {
    if (r == 0) return false;
    const Vec3& k = m.axis();
    const Mat3& r0 = m.start().R;
    Vec3 k0 = r0.mulTransposed(k); // the axis in i's frame at s = 0 (fixed by the rotation about it)
    Vec3 dt = m.translation();
    Vec3 dtPar = k * dot(dt, k), dtPerp = dt - dtPar, kxdt = cross(k, dt);
    for (int j = 0; j < r; ++j) {
        Vec3 n0 = r0 * cone[j]; // the cone vector in j's frame at s = 0
        // A(phi) = dt . R_k(phi) n0 = (R_k(-phi) dt) . n0
        double a = dot(dtPar, n0), b = dot(dtPerp, n0), c = -dot(kxdt, n0);
        double maxA = a + maxTrig(b, c, m.cosAngle(), m.sinAngle());
        for (int s = 0; s < 8; ++s) {
            double bTerm = dot(cross(k0, corners[s]), cone[j]);
            double maxB = bTerm > 0 ? m.rateMax() * bTerm : m.rateMin() * bTerm;
            double scale = length(dt) + m.rateMax() * length(corners[s]);
            if (!(maxA + maxB < -kMargin * scale * length(cone[j]))) return false;
        }
    }
    return true;
}

bool fixedNodeCulled(const MotionWindow& m, const Vec3 corners[8], const Vec3* cone, int r) {
    if (r == 0) return false;
    const Vec3& k = m.axis();
    Vec3 dt = m.translation(), t0 = m.start().t, kxdt = cross(k, dt);
    for (int j = 0; j < r; ++j) {
        const Vec3& n = cone[j];
        double a = dot(dt, n), qTerm = dot(kxdt, n);
        for (int s = 0; s < 8; ++s) {
            double p = dot(cross(k, corners[s] - t0), n);
            // min over phi' in [rateMin, rateMax], s in [0, 1] of phi' (p - s q): bilinear, so at a corner.
            double lo = std::min(std::min(m.rateMin() * p, m.rateMax() * p),
                                 std::min(m.rateMin() * (p - qTerm), m.rateMax() * (p - qTerm)));
            double scale = length(dt) + m.rateMax() * (length(corners[s]) + length(t0) + length(dt));
            // j moves backwards relative to i when i's field at x points along +n.
            if (!(a + lo > kMargin * scale * length(n))) return false;
        }
    }
    return true;
}

} // namespace cdlab
