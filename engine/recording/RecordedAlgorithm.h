// RecordedAlgorithm: a recording's viewport as an Algorithm (issue 44; JoltViewer, PVD): step(t0, t1)
// hands back the FrameResult recorded for the frame ending at t1 and draws that frame's recorded drawing —
// no collision query runs. Where the recording kept no drawing, the contacts and times of contact are
// drawn from the recorded answer on the scene (the hit triangles, the bodies at the time of contact, the
// features, the label), as the live algorithms draw them. It has no structure() (the BVH levels, picking
// and BM-cones need the live algorithm), so a viewer shows none.
#pragma once

#include "pipeline/Algorithm.h"
#include "recording/Recording.h"

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace cdlab {

class RecordedAlgorithm : public Algorithm {
public:
    /// Replays viewport `viewport` of `recording`.
    RecordedAlgorithm(std::shared_ptr<const Recording> recording, std::size_t viewport);
    /// Keeps the scene's objects for the drawing (the scene must be the recording's, embedded in it).
    PrepareReport prepare(const Scene& scene, const Progress& progress = {}) override;
    /// The recorded frame ending at t1; a time the recording has no frame for gives an empty answer with
    /// that span (counted in missedFrames()).
    FrameResult step(double t0, double t1, DebugSink* sink = nullptr) override;

    /// The recorded frame whose span ends at t1 (within a millionth of a frame), -1 when none does.
    int frameEndingAt(double t1) const;
    int missedFrames() const { return m_missed; }
    /// The (object, BVH level) pairs whose BV tests' boxes the recorded drawing keeps (BvOverlap,
    /// BvSeparated, BmCulled): one level of one body for the bench's recordings (DrawingFilter), what the
    /// viewer showed for its own. prepare() names them in its notes.
    std::vector<std::pair<std::int32_t, std::int32_t>> recordedLevels() const;
    /// The debug categories a replay can draw: the recorded ones (`draws` of the algorithm that recorded,
    /// less what needs its structure) when the recording kept the drawing, else contacts and times of
    /// contact.
    static std::vector<DebugCategory> replayedCategories(const Recording& recording,
                                                         const std::vector<DebugCategory>& recorderDraws);

private:
    /// The contacts and times of contact of `r` on the scene, for a recording without drawing.
    void drawAnswer(const FrameResult& r, DebugSink& sink);
    std::shared_ptr<const Recording> m_recording;
    std::size_t m_viewport;
    std::unique_ptr<SceneObjects> m_objects;
    std::vector<TriangleMesh> m_deformed; ///< per object, its mesh at the frame's end when it deforms
    int m_missed = 0;
};

} // namespace cdlab
