#include "culling/ContinuousCulling.h"

#include <cmath>

namespace cdlab {

namespace {
/// Relative margin: a bound must clear zero by more than its rounding to cull.
constexpr double kMargin = 1e-9;
} // namespace

ContinuousCulling::ContinuousCulling(const MotionWindow& m) : m_motion(m) {
    const Vec3& k = m.axis();
    const Vec3& dt = m.translation();
    m_k0 = m.start().R.mulTransposed(k);
    m_dtPar = k * dot(dt, k), m_dtPerp = dt - m_dtPar, m_kxdt = cross(k, dt);
    m_dtLength = length(dt);
    m_translating = m.rateMin() == 0 && m.rateMax() == 0;
}

template <class Corner> bool ContinuousCulling::moving(Corner corner, const Vec3* cone, int r) const {
    if (r == 0) return false;
    const MotionWindow& m = m_motion;
    const Mat3& r0 = m.start().R;
    // Per corner, formed on the first cone vector's pass (a later vector is reached only when every corner
    // passed the first): the corner's k0 x p and |p|. Plain storage: Vec3 would zero it first.
    double kxp[8][3], pLength[8];
    for (int j = 0; j < r; ++j) {
        const Vec3& n = cone[j];
        Vec3 n0 = r0 * n; // the cone vector in j's frame at s = 0
        // A(phi) = dt . R_k(phi) n0 = (R_k(-phi) dt) . n0
        double a = dot(m_dtPar, n0), b = dot(m_dtPerp, n0), c = -dot(m_kxdt, n0);
        double maxA = a + maxTrig(b, c, m.cosAngle(), m.sinAngle());
        double coneLength = length(n);
        if (m_translating) { // B's factor phi' is 0: every corner has the bound below
            if (!(maxA < -kMargin * m_dtLength * coneLength)) return false;
            continue;
        }
        for (int s = 0; s < 8; ++s) {
            if (j == 0) {
                Vec3 p = corner(s), q = cross(m_k0, p);
                kxp[s][0] = q.x, kxp[s][1] = q.y, kxp[s][2] = q.z, pLength[s] = length(p);
            }
            double bTerm = kxp[s][0] * n.x + kxp[s][1] * n.y + kxp[s][2] * n.z;
            double maxB = bTerm > 0 ? m.rateMax() * bTerm : m.rateMin() * bTerm;
            double scale = m_dtLength + m.rateMax() * pLength[s];
            if (!(maxA + maxB < -kMargin * scale * coneLength)) return false;
        }
    }
    return true;
}

template <class Corner> bool ContinuousCulling::fixed(Corner corner, const Vec3* cone, int r) const {
    if (r == 0) return false;
    const MotionWindow& m = m_motion;
    const Vec3& k = m.axis();
    const Vec3& t0 = m.start().t;
    double t0Length = length(t0);
    double kxx[8][3], xLength[8]; // k x (x - t0) and |x| per corner x, formed on the first cone vector's pass
    for (int j = 0; j < r; ++j) {
        const Vec3& n = cone[j];
        double a = dot(m.translation(), n), qTerm = dot(m_kxdt, n);
        double nLength = length(n);
        if (m_translating) { // the rotation terms are 0 at every corner
            if (!(a > kMargin * m_dtLength * nLength)) return false;
            continue;
        }
        for (int s = 0; s < 8; ++s) {
            if (j == 0) {
                Vec3 x = corner(s), q = cross(k, x - t0);
                kxx[s][0] = q.x, kxx[s][1] = q.y, kxx[s][2] = q.z, xLength[s] = length(x);
            }
            double p = kxx[s][0] * n.x + kxx[s][1] * n.y + kxx[s][2] * n.z;
            // min over phi' in [rateMin, rateMax], s in [0, 1] of phi' (p - s q): bilinear, so at a corner.
            double lo = std::min(std::min(m.rateMin() * p, m.rateMax() * p),
                                 std::min(m.rateMin() * (p - qTerm), m.rateMax() * (p - qTerm)));
            double scale = m_dtLength + m.rateMax() * (xLength[s] + t0Length + m_dtLength);
            // j moves backwards relative to i when i's field at x points along +n.
            if (!(a + lo > kMargin * scale * nLength)) return false;
        }
    }
    return true;
}

bool ContinuousCulling::movingCulled(const Obb& box, const Vec3* cone, int r) const {
    return moving([&](int s) { return box.corner(s); }, cone, r);
}

bool ContinuousCulling::movingCulled(const Vec3 corners[8], const Vec3* cone, int r) const {
    return moving([&](int s) { return corners[s]; }, cone, r);
}

bool ContinuousCulling::fixedCulled(const Obb& box, const Vec3* cone, int r) const {
    return fixed([&](int s) { return box.corner(s); }, cone, r);
}

bool ContinuousCulling::fixedCulled(const Vec3 corners[8], const Vec3* cone, int r) const {
    return fixed([&](int s) { return corners[s]; }, cone, r);
}

bool movingNodeCulled(const MotionWindow& m, const Vec3 corners[8], const Vec3* cone, int r) {
    return ContinuousCulling(m).movingCulled(corners, cone, r);
}

bool fixedNodeCulled(const MotionWindow& m, const Vec3 corners[8], const Vec3* cone, int r) {
    return ContinuousCulling(m).fixedCulled(corners, cone, r);
}

} // namespace cdlab
