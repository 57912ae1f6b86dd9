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

namespace cdlab {

using ObbOverlapFn = bool (*)(const Obb& a, const Obb& b);

/// True when this CPU runs obbOverlapAvx2 (x86-64 with AVX2 and an OS that saves the ymm registers).
bool cpuHasAvx2();

/// The AVX2 test. Call it only where cpuHasAvx2(); elsewhere (and on non-x86 builds) it is the SSE2 one.
bool obbOverlapAvx2(const Obb& a, const Obb& b);

/// The fastest OBB test this CPU runs, decided on the first call: obbOverlapAvx2 where cpuHasAvx2(),
/// otherwise obbOverlapSimd. The environment variable CDLAB_SIMD=sse2 forces the baseline (to compare the
/// two in one binary; docs/BENCHMARKS.md).
ObbOverlapFn obbOverlapFast();

/// The name of what obbOverlapFast() returns: "avx2" or "sse2" (or "scalar" without SSE2).
const char* obbOverlapFastName();

} // namespace cdlab
