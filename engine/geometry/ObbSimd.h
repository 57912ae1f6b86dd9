// ObbSimd: the 15-axis OBB separating-axis test (obbOverlapScalar in Obb.h, Gottschalk et al. 1996) on SSE2
// vectors, two lanes of doubles. SSE2 is part of the x86-64 baseline, so this runs on every x86-64 CPU
// without -march=native or a run-time dispatch; elsewhere the scalar test is used.
//
// Bit-identical decisions, not merely close ones: every lane performs exactly the scalar test's operations
// in the scalar test's order (each entry of R = A^T B is (ax*bx + ay*by) + az*bz, each radius the same sum
// of the same products), IEEE double arithmetic is exact per operation, and x86-64 SSE2 has no fused
// multiply-add for the compiler to contract into. The test only evaluates the axes in a different order
// (the scalar one stops at the first separating axis; here the lanes of one group are tested together),
// which cannot change the answer "some axis separates". A NaN compares false in both (no separation).
// tests/geometry/ObbSimdTest.cpp checks the agreement on 120,000 box pairs.
//
// What the vectors buy: R's rows are built two columns at a time from B's transposed axes, and the six
// b-face and nine edge-edge axes are tested two or three at a time; a's three face axes still leave early,
// one row of R each, since most separated pairs in a traversal part on one of them.
#pragma once

#include "geometry/Obb.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace cdlab {

#if defined(__SSE2__)
namespace obbsimd {

/// A 3-vector over the lanes j = 0, 1 (xy) and j = 2 (z, in both halves).
struct Lanes3 {
    __m128d xy, z;
};
inline Lanes3 operator+(Lanes3 p, Lanes3 q) {
    return {_mm_add_pd(p.xy, q.xy), _mm_add_pd(p.z, q.z)};
}
inline Lanes3 operator-(Lanes3 p, Lanes3 q) {
    return {_mm_sub_pd(p.xy, q.xy), _mm_sub_pd(p.z, q.z)};
}
inline Lanes3 operator*(__m128d s, Lanes3 p) {
    return {_mm_mul_pd(s, p.xy), _mm_mul_pd(s, p.z)};
}
inline Lanes3 operator*(Lanes3 p, Lanes3 q) {
    return {_mm_mul_pd(p.xy, q.xy), _mm_mul_pd(p.z, q.z)};
}
inline __m128d absPd(__m128d v) {
    return _mm_andnot_pd(_mm_set1_pd(-0.0), v);
}
inline Lanes3 abs(Lanes3 p) {
    return {absPd(p.xy), absPd(p.z)};
}
/// True when some lane has |proj| > radius.
inline bool anyGreater(Lanes3 proj, Lanes3 radius) {
    return (_mm_movemask_pd(_mm_cmpgt_pd(proj.xy, radius.xy)) |
            _mm_movemask_pd(_mm_cmpgt_pd(proj.z, radius.z))) != 0;
}
inline Lanes3 load(const Vec3& v) {
    return {_mm_loadu_pd(&v.x), _mm_set1_pd(v.z)};
}
/// The lanes (u.c, v.c, w.c): component c of three vectors.
inline Lanes3 gather(const Vec3& u, const Vec3& v, const Vec3& w, int c) {
    return {_mm_set_pd(v[c], u[c]), _mm_set1_pd(w[c])};
}
/// (p1, p2, p0) and (p2, p0, p1): the lanes rotated for the edge-edge radii (j1 = j+1, j2 = j+2 mod 3).
inline Lanes3 rotate1(Lanes3 p) {
    return {_mm_shuffle_pd(p.xy, p.z, 1), _mm_unpacklo_pd(p.xy, p.xy)};
}
inline Lanes3 rotate2(Lanes3 p) {
    return {_mm_unpacklo_pd(p.z, p.xy), _mm_unpackhi_pd(p.xy, p.xy)};
}
/// s.x * p.x + s.y * p.y + s.z * p.z, summed in that order (the scalar dot's order).
inline double dotLanes(const Vec3& s, Lanes3 p) {
    __m128d m = _mm_mul_pd(_mm_loadu_pd(&s.x), p.xy);
    __m128d sum = _mm_add_sd(m, _mm_unpackhi_pd(m, m));
    return _mm_cvtsd_f64(_mm_add_sd(sum, _mm_mul_sd(_mm_set_sd(s.z), p.z)));
}

} // namespace obbsimd
#endif

/// Same answer as obbOverlapScalar(a, b) for every pair of boxes (bit-identical decisions, see above).
inline bool obbOverlapSimd(const Obb& a, const Obb& b) {
#if defined(__SSE2__)
    using namespace obbsimd;
    const Vec3 &a0 = a.axes.r[0], &a1 = a.axes.r[1], &a2 = a.axes.r[2];
    const Vec3 &b0 = b.axes.r[0], &b1 = b.axes.r[1], &b2 = b.axes.r[2];
    // B's axes transposed: lane j of Bc holds component c of axis j, so row i of R is a_i.x Bx + a_i.y By +
    // a_i.z Bz, lane j being dot(a_i, b_j) in the scalar order.
    const Lanes3 bx = gather(b0, b1, b2, 0), by = gather(b0, b1, b2, 1), bz = gather(b0, b1, b2, 2);
    const Vec3 d = b.center - a.center;
    const Vec3 t = a.axes * d;
    const Lanes3 eps{_mm_set1_pd(kSatEpsilon), _mm_set1_pd(kSatEpsilon)};
    auto row = [&](const Vec3& ai) {
        return _mm_set1_pd(ai.x) * bx + _mm_set1_pd(ai.y) * by + _mm_set1_pd(ai.z) * bz;
    };
    // a's face normals, one row of R at a time: |t_i| > a_i + dot(b, |R_i|)
    const Lanes3 R0 = row(a0), A0 = abs(R0) + eps;
    if (std::fabs(t.x) > a.halfSize.x + dotLanes(b.halfSize, A0)) return false;
    const Lanes3 R1 = row(a1), A1 = abs(R1) + eps;
    if (std::fabs(t.y) > a.halfSize.y + dotLanes(b.halfSize, A1)) return false;
    const Lanes3 R2 = row(a2), A2 = abs(R2) + eps;
    if (std::fabs(t.z) > a.halfSize.z + dotLanes(b.halfSize, A2)) return false;
    // b's face normals, all three lanes: |t . R_col j| > a . |R_col j| + b_j
    const __m128d ax = _mm_set1_pd(a.halfSize.x), ay = _mm_set1_pd(a.halfSize.y),
                  az = _mm_set1_pd(a.halfSize.z);
    const __m128d tx = _mm_set1_pd(t.x), ty = _mm_set1_pd(t.y), tz = _mm_set1_pd(t.z);
    const Lanes3 bh = load(b.halfSize);
    if (anyGreater(abs(tx * R0 + ty * R1 + tz * R2), ax * A0 + ay * A1 + az * A2 + bh)) return false;
    // a_i x b_j, the three j of one i at once:
    //   |t[i2] R[i1][j] - t[i1] R[i2][j]| > a[i1] |R[i2][j]| + a[i2] |R[i1][j]| + b[j1] |R[i][j2]| + b[j2]
    //   |R[i][j1]|
    const Lanes3 bh1 = rotate1(bh), bh2 = rotate2(bh);
    auto edges = [&](__m128d ai1, __m128d ai2, __m128d ti1, __m128d ti2, Lanes3 Ai, Lanes3 Ri1, Lanes3 Ai1,
                     Lanes3 Ri2, Lanes3 Ai2) {
        const Lanes3 ra = ai1 * Ai2 + ai2 * Ai1;
        const Lanes3 rb = bh1 * rotate2(Ai) + bh2 * rotate1(Ai);
        return anyGreater(abs(ti2 * Ri1 - ti1 * Ri2), ra + rb);
    };
    if (edges(ay, az, ty, tz, A0, R1, A1, R2, A2)) return false; // i = 0: i1 = 1, i2 = 2
    if (edges(az, ax, tz, tx, A1, R2, A2, R0, A0)) return false; // i = 1: i1 = 2, i2 = 0
    if (edges(ax, ay, tx, ty, A2, R0, A0, R1, A1)) return false; // i = 2: i1 = 0, i2 = 1
    return true;
#else
    return obbOverlapScalar(a, b);
#endif
}

} // namespace cdlab
