#include "geometry/SegmentDistance.h"

#include <algorithm>

namespace cdlab {

void closestParametersOnSegments(const Vec3& p, const Vec3& q, const Vec3& r, const Vec3& s, double& outS,
                                 double& outU) {
    Vec3 d1 = q - p, d2 = s - r, w = p - r;
    double a = dot(d1, d1), e = dot(d2, d2), f = dot(d2, w);
    double sa = 0, ub = 0;
    if (a == 0 && e == 0) {
        sa = ub = 0;
    } else if (a == 0) {
        ub = std::clamp(f / e, 0.0, 1.0);
    } else {
        double c = dot(d1, w);
        if (e == 0) {
            sa = std::clamp(-c / a, 0.0, 1.0);
        } else {
            double b = dot(d1, d2), den = a * e - b * b;
            // (Nearly) parallel: any s works; the relative bound keeps cancellation from picking a far one.
            sa = den > 1e-14 * a * e ? std::clamp((b * f - c * e) / den, 0.0, 1.0) : 0.0;
            ub = (b * sa + f) / e;
            if (ub < 0)
                ub = 0, sa = std::clamp(-c / a, 0.0, 1.0);
            else if (ub > 1)
                ub = 1, sa = std::clamp((b - c) / a, 0.0, 1.0);
        }
    }
    outS = sa, outU = ub;
}

void closestPointsOnSegments(const Vec3& p, const Vec3& q, const Vec3& r, const Vec3& s, Vec3& outA,
                             Vec3& outB) {
    double sa = 0, ub = 0;
    closestParametersOnSegments(p, q, r, s, sa, ub);
    outA = p + (q - p) * sa, outB = r + (s - r) * ub;
}

} // namespace cdlab
