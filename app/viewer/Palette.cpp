#include "Palette.h"

#include <algorithm>
#include <cmath>

namespace cdlab {

namespace {
// Pale blue, sand, sage, mauve, khaki, teal: saturation 0.12-0.18, so that no body competes with an overlay's
// colour (the moving door was the orange of the tested boxes and the time-of-contact ghost), and hues at
// least 24 degrees apart so that bodies stay told apart.
constexpr Rgba kBodies[] = {{0.66f, 0.73f, 0.82f, 1}, {0.83f, 0.76f, 0.69f, 1}, {0.71f, 0.82f, 0.71f, 1},
                            {0.82f, 0.71f, 0.80f, 1}, {0.80f, 0.80f, 0.67f, 1}, {0.69f, 0.80f, 0.82f, 1}};
} // namespace

float hueDegrees(Rgba c) {
    const float hi = std::max({c.r, c.g, c.b}), lo = std::min({c.r, c.g, c.b}), d = hi - lo;
    if (d <= 0) return 0;
    float h = hi == c.r   ? std::fmod((c.g - c.b) / d, 6.0f)
              : hi == c.g ? (c.b - c.r) / d + 2
                          : (c.r - c.g) / d + 4;
    h *= 60;
    return h < 0 ? h + 360 : h;
}

float saturation(Rgba c) {
    const float hi = std::max({c.r, c.g, c.b}), lo = std::min({c.r, c.g, c.b});
    return hi <= 0 ? 0 : (hi - lo) / hi;
}

float hueDistance(Rgba a, Rgba b) {
    const float d = std::fabs(hueDegrees(a) - hueDegrees(b));
    return std::min(d, 360 - d);
}

bool sameHue(Rgba a, Rgba b) {
    return saturation(a) > kVividSaturation && saturation(b) > kVividSaturation &&
           hueDistance(a, b) < kSameHueDegrees;
}

std::span<const Rgba> bodyPalette() {
    return kBodies;
}

} // namespace cdlab
