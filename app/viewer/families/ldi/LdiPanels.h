// LdiPanels: the viewer's views of the LDI penetration query (ldi-notes §5-7), drawn only from what the ldi
// and sbv-ldi algorithms report in their FrameResult. Two sections of a view's panel:
//  - the pairs: per body pair queried, the penetration volume, footprint and max depth, the direction that
//    reduces the volume, the layers and fragments against the pool's capacity, the window's resolution and
//    pixel size; in red a pool overflow, invalid or truncated pixels and why the pair is unreliable;
//  - the teaching view: the LDI of one pixel row of the chosen pair as intervals, pixel index across, depth
//    down, A's inside intervals, B's and their intersection (the penetration region) in three colours;
//    hovering a pixel column lists its fragments.
#pragma once

#include "LdiSummary.h"

namespace cdlab {

/// The pairs in the current ImGui window; clicking one picks it for the teaching view.
void ldiPairsSection(const FrameResult& r, const SceneObjects& objects, LdiView& view);
/// The kept row of the chosen pair as intervals (an ImGui draw list), its caption and the hover tooltip.
void ldiRowSection(const FrameResult& r, const SceneObjects& objects, LdiView& view);

} // namespace cdlab
