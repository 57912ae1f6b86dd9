// LdiSummary: the plain part of the viewer's LDI views (no ImGui), drawn only from what the ldi and sbv-ldi
// algorithms report in their FrameResult: each body pair's penetration numbers in words (LdiPairRecord,
// ldi-notes §5-7) and the teaching view's data, one pixel row's fragments and inside intervals. LdiPanels
// puts them into the view's panel; the tests call them directly.
#pragma once

#include "ldi/LdiDetail.h"
#include "pipeline/FrameResult.h"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <vector>

namespace cdlab {

class SceneObjects;

/// The frame's LDI records (empty when its algorithm reports none).
inline const LdiDetail& ldiOf(const FrameResult& r) {
    return r.details.orEmpty<LdiDetail>();
}

/// Per viewport: the chosen pair and what the sections showed on the last frame (the automated runs print
/// it, so tests see what a user saw).
struct LdiView {
    int pair = -1;       ///< the teaching view's pair: an index into LdiDetail::pairs; -1: defaultLdiPair's
    int pairsShown = -1; ///< pairs the panel listed on the last frame (-1: the section was not drawn)
    int rowDrawn = -1;   ///< the kept row the teaching view drew on the last frame (-1: none)
    int hovered = -1;    ///< the pixel of that row under the mouse (-1: none)
    std::string tooltip; ///< the hovered pixel's fragments, as the tooltip showed them
};

/// "ball / box", by the scene's object names.
std::string ldiPairName(const SceneObjects& objects, const LdiPairRecord& p);

/// One line of a pair's numbers; `loud` ones say the answer cannot be trusted (the panel shows them in red).
struct LdiLine {
    std::string text;
    bool loud = false;
};
/// The pair's lines as the panel shows them: volume, footprint, max depth, direction, layers, fragments of
/// the pool's capacity, the window (W x H pixels and their size), invalid and truncated pixels; then, loud,
/// a failed query, a pool that overflowed and why the pair is unreliable.
std::vector<LdiLine> ldiPairLines(const LdiPairRecord& p);

/// The teaching view's pair this frame: view.pair clamped to the frame's pairs, else the first pair in
/// collision, else the first (-1 when there are no pairs).
int chosenLdiPair(const FrameResult& r, const LdiView& view);

/// The pixels of the kept row that have fragments: [first, last], or {-1, -1} when none has (or no row was
/// kept). The teaching view shows this span, not the empty margins of the window.
std::pair<int, int> ldiRowSpan(const LdiResult& r);

/// Pixel i of the kept row in words, the hover tooltip: the counters at z0, then each fragment (depth, body,
/// entry or exit) and the penetration intervals. "pixel 12: no fragments" when it has none.
std::string ldiPixelText(const LdiResult& r, int i);

/// The automated runs' summary lines: "ldi pairs: 1 of 1 listed; left / right: volume 0.0412, footprint
/// 0.385, max depth 0.163, 6 layers, 41210 of 2097152 fragments, 512 x 256 pixels of 0.00391" and "ldi row
/// 128 of left / right: pixels 101-410 with fragments, 310 inside A, 310 inside B, 205 inside both".
std::string describeLdiPairs(const FrameResult& r, const SceneObjects& objects, const LdiView& view);
std::string describeLdiRow(const FrameResult& r, const SceneObjects& objects, const LdiView& view);

/// The same facts as fields of the JSON run report: pairs_listed (null: not shown), pairs [{pair, ok, error
/// or volume, footprint, max_depth, layers, fragments, capacity, width, height, pixel, overflowed,
/// unreliable}], row {pair, row (null: none kept), first, last, inside_a, inside_b, inside_both, hovered,
/// tooltip}.
nlohmann::json ldiReportFields(const FrameResult& r, const SceneObjects& objects, const LdiView& view);

} // namespace cdlab
