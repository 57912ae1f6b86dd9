// Palette: what "the same hue" means for the viewer's colours (issue 43: orange swept boxes on an orange
// door, tested and culled boxes in near-identical cyan and blue, two legend entries sharing one magenta), and
// the bodies' colours. Overlay categories drawn in one view take hues apart from each other; the bodies take
// pale colours (saturation at most kVividSaturation) that recede behind the overlays, their hues apart from
// each other.
#pragma once

#include "debug/DebugSink.h"

#include <span>

namespace cdlab {

/// Below this saturation a colour reads as a grey (white, a pale body): it has no hue to share.
inline constexpr float kVividSaturation = 0.2f;
/// Two vivid colours whose hues are closer than this read as one colour on screen.
inline constexpr float kSameHueDegrees = 20;

/// The colour's hue in degrees [0, 360) and its HSV saturation [0, 1].
float hueDegrees(Rgba c);
float saturation(Rgba c);
/// The distance between two hues on the colour circle, in degrees [0, 180].
float hueDistance(Rgba a, Rgba b);
/// Both vivid (saturation above kVividSaturation) and hues less than kSameHueDegrees apart.
bool sameHue(Rgba a, Rgba b);

/// The bodies' colours, by object index (repeating): pale, each of its own hue.
std::span<const Rgba> bodyPalette();

} // namespace cdlab
