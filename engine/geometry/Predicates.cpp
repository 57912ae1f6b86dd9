#include "geometry/Predicates.h"

#include <cmath>
#include <gmpxx.h>

namespace cdlab {

namespace {

// Shewchuk, "Adaptive Precision Floating-Point Arithmetic and Fast Robust Geometric Predicates" (1997):
// epsilon is half an ulp of 1; the bounds cover every rounding of the floating-point evaluation below.
constexpr double kEps = 0x1p-53;
constexpr double kO3dErrBoundA = (7.0 + 56.0 * kEps) * kEps;
constexpr double kCcwErrBoundA = (3.0 + 16.0 * kEps) * kEps;

thread_local std::uint64_t t_fallbacks = 0;

int sign(const mpq_class& q) {
    return sgn(q);
}

int orient3dExact(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d) {
    ++t_fallbacks;
    mpq_class adx = mpq_class(a.x) - d.x, ady = mpq_class(a.y) - d.y, adz = mpq_class(a.z) - d.z;
    mpq_class bdx = mpq_class(b.x) - d.x, bdy = mpq_class(b.y) - d.y, bdz = mpq_class(b.z) - d.z;
    mpq_class cdx = mpq_class(c.x) - d.x, cdy = mpq_class(c.y) - d.y, cdz = mpq_class(c.z) - d.z;
    mpq_class det =
        adz * (bdx * cdy - cdx * bdy) + bdz * (cdx * ady - adx * cdy) + cdz * (adx * bdy - bdx * ady);
    return sign(det);
}

int orient2dExact(const Vec3& a, const Vec3& b, const Vec3& c, int i, int j) {
    ++t_fallbacks;
    mpq_class acx = mpq_class(a[i]) - c[i], acy = mpq_class(a[j]) - c[j];
    mpq_class bcx = mpq_class(b[i]) - c[i], bcy = mpq_class(b[j]) - c[j];
    mpq_class det = acx * bcy - acy * bcx;
    return sign(det);
}

} // namespace

int orient3d(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d) {
    double adx = a.x - d.x, bdx = b.x - d.x, cdx = c.x - d.x;
    double ady = a.y - d.y, bdy = b.y - d.y, cdy = c.y - d.y;
    double adz = a.z - d.z, bdz = b.z - d.z, cdz = c.z - d.z;
    double bdxcdy = bdx * cdy, cdxbdy = cdx * bdy;
    double cdxady = cdx * ady, adxcdy = adx * cdy;
    double adxbdy = adx * bdy, bdxady = bdx * ady;
    double det = adz * (bdxcdy - cdxbdy) + bdz * (cdxady - adxcdy) + cdz * (adxbdy - bdxady);
    double permanent = (std::fabs(bdxcdy) + std::fabs(cdxbdy)) * std::fabs(adz) +
                       (std::fabs(cdxady) + std::fabs(adxcdy)) * std::fabs(bdz) +
                       (std::fabs(adxbdy) + std::fabs(bdxady)) * std::fabs(cdz);
    double bound = kO3dErrBoundA * permanent;
    if (det > bound) return 1;
    if (-det > bound) return -1;
    return orient3dExact(a, b, c, d);
}

int orient2d(const Vec3& a, const Vec3& b, const Vec3& c, int i, int j) {
    double detLeft = (a[i] - c[i]) * (b[j] - c[j]);
    double detRight = (a[j] - c[j]) * (b[i] - c[i]);
    double det = detLeft - detRight;
    double bound = kCcwErrBoundA * (std::fabs(detLeft) + std::fabs(detRight));
    if (det > bound) return 1;
    if (-det > bound) return -1;
    return orient2dExact(a, b, c, i, j);
}

std::uint64_t exactFallbackCount() {
    return t_fallbacks;
}

} // namespace cdlab
