// SbvSummary: the plain part of the viewer's SBV views (no ImGui), drawn only from what the sbv algorithm
// reports in its FrameResult: each body pair's numbers in words (SbvPairRecord), the step-through's choice of
// CSBV's shrinking rounds (SbvShrinkStep, sbv-reconstruction §4) and that round's drawing in the 3-D view.
// SbvPanels puts them into the view's panel; the tests call them directly.
#pragma once

#include "DrawList.h"
#include "OverlayTable.h"
#include "pipeline/FrameResult.h"
#include "sbv/SbvDetail.h"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <vector>

namespace cdlab {

class SceneObjects;

/// The frame's SBV records (empty when its algorithm reports none).
inline const SbvDetail& sbvOf(const FrameResult& r) {
    return r.details.orEmpty<SbvDetail>();
}

/// Per viewport: the chosen pair and round, the round's 3-D drawing, and what the sections showed on the last
/// frame (the automated runs print it, so tests see what a user saw).
struct SbvView {
    explicit SbvView(const OverlaySettings* settings) : settings(settings), draw(settings) {}
    const OverlaySettings* settings;
    int pair = -1;         ///< the step-through's pair: an index into SbvDetail::pairs; -1: defaultSbvPair's
    int round = 0;         ///< the chosen shrinking round of that pair (clamped to its rounds)
    DrawList draw;         ///< the chosen round: the region's edges and faces, both bodies' kept triangles
    int pairsShown = -1;   ///< pairs the panel listed on the last frame (-1: the section was not drawn)
    int sliderRounds = -1; ///< rounds the slider offered on the last frame (-1: the section was not drawn)
    int regionFaces = 0;   ///< faces of the chosen round's region (0: an empty region, or no round)
};

/// The share of the pair's triangles (both bodies) that the SBVs culled, 0 to 1 (0 for a pair without any).
double cullingRatio(const SbvPairRecord& p);
/// "knot / teapot", by the scene's object names.
std::string sbvPairName(const SceneObjects& objects, const SbvPairRecord& p);
/// The pair's lines as the panel shows them: the outcome in words, d*, triangles kept of total and the share
/// culled, the shrinking rounds. The SVM's error is not among them (shown apart, in red).
std::vector<std::string> sbvPairLines(const SbvPairRecord& p);

/// Indices into SbvDetail::steps of the rounds of pair `pair` (an index into SbvDetail::pairs), in round
/// order; empty when the pair has none (a frame stepped without a sink) or there is no such pair.
std::vector<std::size_t> sbvRoundsOf(const FrameResult& r, int pair);
/// `round` within [0, rounds - 1] (0 when there are none): past the last is the last.
int clampRound(int round, int rounds);
/// The pair preselected for the step-through: the first whose region is left (what the narrow phase gets),
/// else the first with the most rounds; 0 when there are no pairs.
int defaultSbvPair(const FrameResult& r);

/// The step-through's pair this frame: view.pair clamped to the frame's pairs, or the default one (-1 when
/// there are no pairs).
int chosenSbvPair(const FrameResult& r, const SbvView& view);

/// Fills view.draw with the chosen round (the pair chosenSbvPair's, view.round clamped) at the frame's end:
/// the round's region (edges, translucent faces) and each body's kept triangles of that round. Empty while
/// the sbvStep overlay is off or there is nothing to step through; view.regionFaces is counted either way.
void drawSbvRound(const FrameResult& r, const SceneObjects& objects, SbvView& view);

/// The automated runs' summary lines: "sbv pairs: 1 of 1 listed; teapot / knot: overlap region, kept 693 of
/// 17758 triangles (96.1 % culled), 3 shrinking rounds" and "sbv step-through: teapot / knot, the slider over
/// rounds 0-3 (all recorded), round 0: 8 half-spaces, region 8 faces, kept 1014 + 442 triangles"; they say
/// "all recorded" only when the panel offered every round the algorithm reported.
std::string describeSbvPairs(const FrameResult& r, const SceneObjects& objects, const SbvView& view);
std::string describeSbvStep(const FrameResult& r, const SceneObjects& objects, const SbvView& view);

/// The legend line of the step-through's 3-D drawing (the viewer draws it, not the algorithm: no category).
const LegendEntry& sbvRoundLegend();

/// The same facts as fields of the JSON run report: pairs_listed (null: not shown), pairs [{pair, outcome,
/// kept, triangles, culled, rounds, svm_error}], step_through {slider_rounds, pair, rounds, round,
/// half_spaces, region_faces, kept_a, kept_b}.
nlohmann::json sbvReportFields(const FrameResult& r, const SceneObjects& objects, const SbvView& view);

} // namespace cdlab
