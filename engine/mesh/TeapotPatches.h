#pragma once

namespace cdlab {

constexpr int kTeapotPatchCount = 32;
/// Control points of the Utah teapot, [patch][v * 4 + u][xyz], z up.
extern const double kTeapotPatches[kTeapotPatchCount][16][3];

} // namespace cdlab
