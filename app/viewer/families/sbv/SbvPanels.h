// SbvPanels: the viewer's teaching views of separating bounding volumes (sbv-reconstruction §2-4), drawn only
// from what the sbv algorithm reports in its FrameResult. Two sections of a view's panel:
//  - the pairs: per body pair whose boxes overlap, CSBV's outcome in words, d*, the triangles kept of the
//    pair's total and the share culled, the shrinking rounds, and the SVM's error in red when it failed;
//  - a step-through of the shrinking of one pair: a slider over its rounds, the chosen one drawn in the 3-D
//    view (its overlap region and the triangles of both bodies it keeps; SbvSummary's drawSbvRound).
#pragma once

#include "SbvSummary.h"

#include <functional>

namespace cdlab {

/// The pairs in the current ImGui window; clicking one picks it for the step-through.
void sbvPairsSection(const FrameResult& r, const SceneObjects& objects, SbvView& view);
/// The pair picker and the slider over its rounds with the round's numbers; `lookAt` centres the 3-D view
/// on a point (the round's region).
void sbvStepSection(const FrameResult& r, const SceneObjects& objects, SbvView& view,
                    const std::function<void(const Vec3&)>& lookAt);

} // namespace cdlab
