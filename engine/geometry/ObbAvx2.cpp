#include "geometry/ObbAvx2.h"

#include "geometry/ObbSimd.h"

#include <cstdlib>
#include <cstring>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define CDLAB_HAVE_AVX2_PATH 1
#include <immintrin.h>
#endif

namespace cdlab {

#if CDLAB_HAVE_AVX2_PATH

bool cpuHasAvx2() {
    // __builtin_cpu_supports checks the CPUID bit and that the OS enabled the ymm state (XGETBV).
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
}

namespace {

#define CDLAB_AVX2 __attribute__((target("avx2"), always_inline)) inline

CDLAB_AVX2 __m256d absPd(__m256d v) {
    return _mm256_andnot_pd(_mm256_set1_pd(-0.0), v);
}
/// True when some lane j < 3 has proj > radius (lane 3 is padding).
CDLAB_AVX2 bool anyGreater(__m256d proj, __m256d radius) {
    return (_mm256_movemask_pd(_mm256_cmp_pd(proj, radius, _CMP_GT_OQ)) & 7) != 0;
}
/// (p1, p2, p0, p3) and (p2, p0, p1, p3): the lanes j1 = j+1 and j2 = j+2 (mod 3) of the edge-edge radii.
CDLAB_AVX2 __m256d rotate1(__m256d p) {
    return _mm256_permute4x64_pd(p, _MM_SHUFFLE(3, 0, 2, 1));
}
CDLAB_AVX2 __m256d rotate2(__m256d p) {
    return _mm256_permute4x64_pd(p, _MM_SHUFFLE(3, 1, 0, 2));
}
/// (s.x * p0 + s.y * p1) + s.z * p2: the scalar dot's order.
CDLAB_AVX2 double dotLanes(__m256d s, __m256d p) {
    const __m256d m = _mm256_mul_pd(s, p);
    const __m128d lo = _mm256_castpd256_pd128(m), hi = _mm256_extractf128_pd(m, 1);
    return _mm_cvtsd_f64(_mm_add_sd(_mm_add_sd(lo, _mm_unpackhi_pd(lo, lo)), hi));
}

} // namespace

__attribute__((target("avx2"))) bool obbOverlapAvx2(const Obb& a, const ObbColumns& b) {
    const Vec3 &a0 = a.axes.r[0], &a1 = a.axes.r[1], &a2 = a.axes.r[2];
    // B's axes transposed: lane j of Bc is component c of b_j, so row i of R is a_i.x Bx + a_i.y By + a_i.z
    // Bz with lane j = dot(a_i, b_j) summed in the scalar order.
    const __m256d bx = _mm256_load_pd(b.axis[0]), by = _mm256_load_pd(b.axis[1]),
                  bz = _mm256_load_pd(b.axis[2]);
    const Vec3 d = Vec3{b.center[0], b.center[1], b.center[2]} - a.center;
    const Vec3 t = a.axes * d;
    const __m256d eps = _mm256_set1_pd(kSatEpsilon);
    const __m256d bh = _mm256_load_pd(b.half);
    auto row = [&](const Vec3& ai) __attribute__((target("avx2"), always_inline)) {
        return _mm256_add_pd(
            _mm256_add_pd(_mm256_mul_pd(_mm256_set1_pd(ai.x), bx), _mm256_mul_pd(_mm256_set1_pd(ai.y), by)),
            _mm256_mul_pd(_mm256_set1_pd(ai.z), bz));
    };
    // a's face normals, one row of R at a time: |t_i| > a_i + dot(b, |R_i|)
    const __m256d R0 = row(a0), A0 = _mm256_add_pd(absPd(R0), eps);
    if (std::fabs(t.x) > a.halfSize.x + dotLanes(bh, A0)) return false;
    const __m256d R1 = row(a1), A1 = _mm256_add_pd(absPd(R1), eps);
    if (std::fabs(t.y) > a.halfSize.y + dotLanes(bh, A1)) return false;
    const __m256d R2 = row(a2), A2 = _mm256_add_pd(absPd(R2), eps);
    if (std::fabs(t.z) > a.halfSize.z + dotLanes(bh, A2)) return false;
    // b's face normals, all three lanes: |t . R_col j| > a . |R_col j| + b_j
    const __m256d ax = _mm256_set1_pd(a.halfSize.x), ay = _mm256_set1_pd(a.halfSize.y),
                  az = _mm256_set1_pd(a.halfSize.z);
    const __m256d tx = _mm256_set1_pd(t.x), ty = _mm256_set1_pd(t.y), tz = _mm256_set1_pd(t.z);
    {
        const __m256d proj =
            _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(tx, R0), _mm256_mul_pd(ty, R1)), _mm256_mul_pd(tz, R2));
        const __m256d ra =
            _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(ax, A0), _mm256_mul_pd(ay, A1)), _mm256_mul_pd(az, A2));
        if (anyGreater(absPd(proj), _mm256_add_pd(ra, bh))) return false;
    }
    // a_i x b_j, the three j of one i at once:
    //   |t[i2] R[i1][j] - t[i1] R[i2][j]| > (a[i1] |R[i2][j]| + a[i2] |R[i1][j]|)
    //                                      + (b[j1] |R[i][j2]| + b[j2] |R[i][j1]|)
    const __m256d bh1 = rotate1(bh), bh2 = rotate2(bh);
    auto edges = [&](__m256d ai1, __m256d ai2, __m256d ti1, __m256d ti2, __m256d Ai, __m256d Ri1, __m256d Ai1,
                     __m256d Ri2, __m256d Ai2) __attribute__((target("avx2"), always_inline)) {
        const __m256d ra = _mm256_add_pd(_mm256_mul_pd(ai1, Ai2), _mm256_mul_pd(ai2, Ai1));
        const __m256d rb = _mm256_add_pd(_mm256_mul_pd(bh1, rotate2(Ai)), _mm256_mul_pd(bh2, rotate1(Ai)));
        const __m256d proj = _mm256_sub_pd(_mm256_mul_pd(ti2, Ri1), _mm256_mul_pd(ti1, Ri2));
        return anyGreater(absPd(proj), _mm256_add_pd(ra, rb));
    };
    if (edges(ay, az, ty, tz, A0, R1, A1, R2, A2)) return false; // i = 0: i1 = 1, i2 = 2
    if (edges(az, ax, tz, tx, A1, R2, A2, R0, A0)) return false; // i = 1: i1 = 2, i2 = 0
    if (edges(ax, ay, tx, ty, A2, R0, A0, R1, A1)) return false; // i = 2: i1 = 0, i2 = 1
    return true;
}

bool obbOverlapAvx2(const Obb& a, const Obb& b) {
    return obbOverlapAvx2(a, toColumns(b));
}

__attribute__((target("avx2"))) void transformToColumns(const Obb& b, const Pose& pose, ObbColumns& out) {
    // Obb::transformed: axes (R X)^T with X = axes^T, entry (c, j) of R X being R[c].x X[0][j] + R[c].y
    // X[1][j] + R[c].z X[2][j] (Mat3::operator*); row c of R X is axis[c] here, X's rows are b's columns.
    const Vec3 &u = b.axes.r[0], &v = b.axes.r[1], &w = b.axes.r[2];
    const __m256d x0 = _mm256_set_pd(0.0, w.x, v.x, u.x), x1 = _mm256_set_pd(0.0, w.y, v.y, u.y),
                  x2 = _mm256_set_pd(0.0, w.z, v.z, u.z);
    for (int c = 0; c < 3; ++c) {
        const Vec3& rc = pose.R.r[c];
        _mm256_store_pd(out.axis[c], _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(_mm256_set1_pd(rc.x), x0),
                                                                 _mm256_mul_pd(_mm256_set1_pd(rc.y), x1)),
                                                   _mm256_mul_pd(_mm256_set1_pd(rc.z), x2)));
    }
    const Vec3 c = pose.apply(b.center);
    out.center[0] = c.x, out.center[1] = c.y, out.center[2] = c.z, out.center[3] = 0.0;
    out.half[0] = b.halfSize.x, out.half[1] = b.halfSize.y, out.half[2] = b.halfSize.z, out.half[3] = 0.0;
}

#else

bool cpuHasAvx2() {
    return false;
}
bool obbOverlapAvx2(const Obb& a, const Obb& b) {
    return obbOverlapSimd(a, b);
}
bool obbOverlapAvx2(const Obb& a, const ObbColumns& b) {
    Obb o;
    for (int j = 0; j < 3; ++j) o.axes.r[j] = {b.axis[0][j], b.axis[1][j], b.axis[2][j]};
    o.center = {b.center[0], b.center[1], b.center[2]}, o.halfSize = {b.half[0], b.half[1], b.half[2]};
    return obbOverlapSimd(a, o);
}
void transformToColumns(const Obb& b, const Pose& pose, ObbColumns& out) {
    out = toColumns(b.transformed(pose));
}

#endif

ObbColumns toColumns(const Obb& b) {
    ObbColumns o;
    for (int c = 0; c < 3; ++c)
        for (int j = 0; j < 3; ++j) o.axis[c][j] = b.axes.r[j][c];
    for (int c = 0; c < 3; ++c) o.center[c] = b.center[c], o.half[c] = b.halfSize[c];
    return o;
}

namespace {

bool baselineOverlap(const Obb& a, const Obb& b) {
    return obbOverlapSimd(a, b);
}

bool forcedBaseline() {
    const char* v = std::getenv("CDLAB_SIMD");
    return v && std::strcmp(v, "sse2") == 0;
}

} // namespace

bool obbUseAvx2() {
    static const bool use = cpuHasAvx2() && !forcedBaseline();
    return use;
}

ObbOverlapFn obbOverlapFast() {
    return obbUseAvx2() ? static_cast<ObbOverlapFn>(&obbOverlapAvx2) : &baselineOverlap;
}

const char* obbOverlapFastName() {
#if defined(__SSE2__)
    return obbUseAvx2() ? "avx2" : "sse2";
#else
    return "scalar";
#endif
}

} // namespace cdlab
