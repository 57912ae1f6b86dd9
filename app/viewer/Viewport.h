// Viewport: one view of the scene — the algorithm it runs (from the registry) with its parameters and its
// last frame's answer, what it draws (overlays, the families' views), its timings and its camera.
#pragma once

#include "DrawList.h"
#include "FamilyView.h"
#include "MotionTrail.h"
#include "OrbitCamera.h"
#include "OverlayTable.h"
#include "TimingHistory.h"
#include "pipeline/AlgorithmRegistry.h"

#include <deque>
#include <memory>
#include <string>
#include <vector>

namespace cdlab {

class ReplaySource;

struct Viewport {
    std::string algorithm = "bvh";
    ParamSet params;
    /// "sbv[osh=svm]": the algorithm and its parameters that differ from the defaults, as the
    /// bench labels its rows, so that two viewports of one algorithm are told apart.
    /// A replaying view's says so, and which build recorded it: "NAME (replay, build COMMIT
    /// Release)".
    std::string label() const;
    /// Set when the view replays a recording (Replay.h) instead of running its algorithm: `algo` is then the
    /// recording's view `replayView`, and `algorithm`/`params` what was recorded.
    std::shared_ptr<const ReplaySource> replay;
    std::size_t replayView = 0;
    /// While File > Record runs: the sink the algorithm draws into instead of `draw`, which passes
    /// everything on to `draw` (ViewerRecorder).
    DebugSink* stepSink = nullptr;
    /// What the view's overlay rows are listed for: the prepared algorithm's description, or a replay's
    /// (only what the recording can draw). Null when the registry does not know the algorithm.
    const AlgorithmInfo* drawnBy() const;
    std::unique_ptr<Algorithm> algo;
    PrepareReport prepare;
    FrameResult result;
    OverlaySettings overlays;
    DrawList draw{&overlays};
    /// The labels (times of contact) as the last frame placed them: drawn, moved off their point (a leader
    /// line back to it), overlapping another label, covering a labelled point (the run report's "labels").
    struct LabelPlacement {
        /// offView: stacked past the view's bottom edge, so clipped (a label no one can read).
        int drawn = 0, moved = 0, overlapping = 0, coveringAPoint = 0, offView = 0;
    };
    LabelPlacement labelPlacement;
    /// One view per registered family (familyViews()'s order): its panel sections, own drawing and report,
    /// shown for the frames that carry its detail.
    std::vector<std::unique_ptr<FamilyView>> families = makeFamilyViews(&overlays);
    /// The motion trails over the frame (continuous algorithms), drawn after the families' drawing.
    MotionTrail trail{&overlays};
    TimingHistory timing;
    std::deque<Counters> counters;     ///< the last runs' counters (TimingHistory::kCapacity), for the plot
    std::deque<StageTimes> stageTimes; ///< the same runs' stage times (Compare plots them as counters)
    OrbitCamera camera;
    std::string error;
    /// What `algo` was made from: the panel edits `algorithm` and `params` at once, and a cancelled
    /// rebuild puts these back.
    std::string preparedAlgorithm;
    ParamSet preparedParams;
    /// Nodes per level (the hierarchy cut there) of body levelSizesObject, for the BM-level plot: counted
    /// once per body and prepared algorithm (-1: not counted).
    std::vector<std::uint32_t> levelSizes;
    int levelSizesObject = -1;

    /// Runs the algorithm over [t0, t1] into `draw` (result, timing and counters follow) — or, when nothing
    /// the run depends on changed since the last one (the same span, the same prepared algorithm, the same
    /// overlays, which decide what it draws: a paused view), puts that run's result and drawing back
    /// without running it (issue 43: a GPU query took 55-77 ms a rendered frame while paused). Returns
    /// whether it ran. Without an algorithm the drawing is cleared and nothing runs.
    bool step(double t0, double t1);
    /// The prepared algorithm (or scene) changed: the next step runs.
    void forgetStep() { m_last = {}; }
    /// Before a newly prepared algorithm's first step: its recommended overlays (recommendedOverlays), when
    /// the view's overlays are the table's defaults or the last recommendation, untouched since — a
    /// first-time user sees the algorithm's picture at once, a user's own choice (settings file, --overlays,
    /// --levels, the panel) stays. Returns whether it changed them.
    bool recommendOverlays();
    /// The View panel's one click back to the prepared algorithm's recommended picture (e.g. redon2002's
    /// Figure 1 for rigid-ccd-bm), whatever the user chose since; the BVH body stays.
    void showRecommendedOverlays();
    /// The overlays were set for the prepared algorithm on purpose (a shot): no recommendation replaces them.
    void keepOverlays() { m_recommendedFor = preparedAlgorithm; }

    /// Whether the last step() put the previous run back, and the steps run and reused so far (the run
    /// report's "steps_run" and "steps_reused").
    bool reusedLast() const { return m_reusedLast; }
    int stepsRun() const { return m_stepsRun; }
    int stepsReused() const { return m_stepsReused; }

private:
    /// The last run: what it depended on, and what it drew (before the viewer's own drawing was added).
    struct LastRun {
        const Algorithm* algo = nullptr;
        double t0 = 0, t1 = 0;
        std::vector<bool> overlays; ///< each overlay row's toggle
        int bvhObject = 0, bvhLevel = 0;
        std::int64_t pickedNode = -1;
        DrawList draw{nullptr};
    };
    LastRun m_last;
    std::string m_recommendedFor;           ///< the algorithm the overlays were last considered for
    std::vector<bool> m_recommendedToggles; ///< the overlays as the last recommendation left them
    int m_recommendedLevel = -1;
    bool m_reusedLast = false;
    int m_stepsRun = 0, m_stepsReused = 0;
};

/// vp.levelSizes for the body its overlays show, counted from the algorithm's structure drawing.
const std::vector<std::uint32_t>& levelSizes(Viewport& vp);

} // namespace cdlab
