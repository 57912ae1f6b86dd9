// ObbAvx2: the 15-axis OBB separating-axis test (obbOverlapScalar in Obb.h) on AVX2 vectors of four doubles,
// chosen at run time: x86-64's baseline is SSE2 only, so the build never assumes AVX2 (no -march=native);
// obbOverlapFast() asks the CPU once and hands back this test where it runs, obbOverlapSimd (ObbSimd.h)
// elsewhere.
//
// Lane j (0..2) holds column j of R = A^T B, so a row of R, the three b-face axes and each group of three
// edge-edge axes are one vector each (lane 3 is padding that never separates); the SSE2 test needs two
// registers for the same three lanes. Bit-identical decisions for the reason ObbSimd.h gives: every lane
// does the scalar test's operations in the scalar order, and the function is compiled for "avx2" without
// "fma", so the compiler cannot fuse a multiply and an add (the build also has -ffp-contract=off).
// tests/geometry/ObbSimdTest.cpp compares it with the scalar test on the CPUs that have AVX2.
#pragma once

#include "geometry/Obb.h"
#include "geometry/Pose.h"

namespace cdlab {

/// An OBB laid out for the AVX2 test: its axes transposed (row c holds component c of axes 0, 1, 2, so a
/// row of R = A^T B is three vector products), each row padded to four doubles with a zero. The traversal
/// keeps B's boxes in this form once moved into A's frame (transformToColumns), so a test loads them
/// instead of gathering them.
struct alignas(32) ObbColumns {
    double axis[3][4]{}; ///< axis[c][j] = component c of axis j; axis[c][3] is padding, 0 or -0
    double center[4]{};  ///< x, y, z, 0
    double half[4]{};    ///< half extents, 0
};

/// The same box in column form (exact copies).
ObbColumns toColumns(const Obb& b);

using ObbOverlapFn = bool (*)(const Obb& a, const Obb& b);

/// True when this CPU runs obbOverlapAvx2 (x86-64 with AVX2 and an OS that saves the ymm registers).
bool cpuHasAvx2();

/// The AVX2 test. Call it only where cpuHasAvx2(); elsewhere (and on non-x86 builds) it is the SSE2 one.
bool obbOverlapAvx2(const Obb& a, const Obb& b);
/// The same test with b in column form: obbOverlapAvx2(a, b) == obbOverlapAvx2(a, toColumns(b)).
bool obbOverlapAvx2(const Obb& a, const ObbColumns& b);
/// toColumns(b.transformed(pose)), bit for bit (each entry the same products summed in the same order as
/// Obb::transformed), on AVX2 lanes. Only where cpuHasAvx2().
void transformToColumns(const Obb& b, const Pose& pose, ObbColumns& out);

/// Whether obbOverlapFast() is the AVX2 test: cpuHasAvx2() and CDLAB_SIMD is not "sse2"; decided once.
bool obbUseAvx2();

/// The fastest OBB test this CPU runs, decided on the first call: obbOverlapAvx2 where cpuHasAvx2(),
/// otherwise obbOverlapSimd. The environment variable CDLAB_SIMD=sse2 forces the baseline (to compare the
/// two in one binary; docs/BENCHMARKS.md).
ObbOverlapFn obbOverlapFast();

/// The name of what obbOverlapFast() returns: "avx2" or "sse2" (or "scalar" without SSE2).
const char* obbOverlapFastName();

} // namespace cdlab
