// ViewerRecorder: File > Record (issue 44) — writes what the views show to a recording (.cdrec, the format
// `cdlab-bench run --record` writes): the scene and every view's spec in the header, then per frame the views
// step, each view's FrameResult and its drawing (what its overlays drew). The views' algorithms draw through
// a sink that hands each primitive to the view's DrawList and to a DrawingRecorder (Viewport::drawAlso).
#pragma once

#include "recording/Recording.h"

#include <memory>
#include <string>
#include <vector>

namespace cdlab {

class DrawList;
class SceneObjects;

class ViewerRecorder {
public:
    /// Starts a recording of `sceneFile` (its text embedded) and the views' `labels`; InputError naming the
    /// file when it cannot be written or the scene read.
    ViewerRecorder(const std::string& path, const std::string& sceneFile,
                   const std::vector<std::string>& labels, const SceneObjects& objects);
    ~ViewerRecorder();
    /// The sink view v's algorithm draws into: `draw` (what the view shows) and the view's recorder, which
    /// keeps what `draw` wants.
    DebugSink* sinkFor(std::size_t v, DrawList& draw);
    /// Before the views step: their recorders forget the last frame's drawing.
    void beginStep();
    /// After the views stepped [t0, t1] (`ran`: one of them ran its algorithm): the frame, when it ends after
    /// the last one written (frames are kept in time order: scrubbing back writes nothing).
    void frame(const std::vector<const FrameResult*>& results, double t1, bool ran);
    /// Ends the file; returns what to say ("recorded 120 frames x 2 views to run.cdrec, 1.2 MB").
    std::string finish();
    const std::string& path() const { return m_path; }
    int frames() const { return m_writer.framesWritten(); }

private:
    class Tee;
    std::string m_path;
    RecordingWriter m_writer;
    std::vector<std::unique_ptr<DrawingRecorder>> m_recorders;
    std::vector<std::unique_ptr<Tee>> m_tees;
    double m_lastT1 = 0;
    bool m_any = false, m_finished = false;
};

} // namespace cdlab
