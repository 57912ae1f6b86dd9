// The traversal step-through's colours (issue 43), GL-free so that the palette test checks them beside the
// overlay table's: each is either the BVH overlays' colour for the same fact (overlap green as the tested
// boxes that overlapped, separated blue as the boxes the BV test culled, BM-culled violet, a leaf's triangle
// test red as the colliding triangles, the BM-cone's cyan as the picked node's cone) or a hue of its own.
#pragma once

#include "debug/DebugSink.h"

#include <iterator>

namespace cdlab::traversal {

/// By BvhTraceOutcome's order, then the front: skipped (a node BM-culled earlier in the window) is a greyed
/// violet, the front a grey.
inline constexpr Rgba kStepColours[] = {{0.3f, 0.6f, 1.0f, 1},   // separated
                                        {0.35f, 0.9f, 0.35f, 1}, // overlap
                                        {0.6f, 0.35f, 1.0f, 1},  // BM-culled
                                        {1.0f, 0.1f, 0.1f, 1},   // leaf
                                        {0.72f, 0.68f, 0.8f, 1}, // culled before
                                        {0.75f, 0.75f, 0.75f, 1}};
/// Two legend lines of three, so that each fits a third of a 1280-pixel window.
inline constexpr const char* kStepWords[] = {"apart", "overlap", "BM-culled", "leaf", "skipped", "front"};
static_assert(std::size(kStepColours) == std::size(kStepWords));
inline constexpr Rgba kFrontColour = kStepColours[5];

/// One node's BM test (redon2002 sec. 4): the cone's vectors, and the eight characteristic points moving
/// backwards along every cone vector (blue, as culled) or with a forward component (rose: the leaf's red is
/// another fact).
inline constexpr Rgba kConeColour{0.2f, 0.9f, 1.0f, 1};
inline constexpr Rgba kBackwardColour{0.3f, 0.6f, 1.0f, 1};
inline constexpr Rgba kForwardColour{1.0f, 0.3f, 0.6f, 1};
inline constexpr Rgba kBmColours[] = {kConeColour, kBackwardColour, kForwardColour};
inline constexpr const char* kBmWords[] = {"cone", "backwards", "forwards"}; // short: a third of 1280 pixels
static_assert(std::size(kBmColours) == std::size(kBmWords));

} // namespace cdlab::traversal
