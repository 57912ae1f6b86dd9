// Automation: the viewer's scripted runs (--frames and the options that need it: --seek-contact, --at,
// --tap, --resize, --then, --then-algo, --cancel-then, --pick) — what happens at which frame, so that the
// frame loop (ViewerApp::run) stays the same for people and scripts. The scripted frames' times come from
// the Timeline (Timeline::scripted); the report after the last frame is ViewerApp::writeReport's.
#pragma once

#include <vector>

namespace cdlab {

class ViewerApp;
struct ViewerOptions;

class Automation {
public:
    /// Checks what can be checked before the first frame: a bad --tap fails here (InputError).
    Automation(ViewerOptions& options, ViewerApp& app);
    /// Whether this is a scripted run (--frames): it counts its frames from when the scene is prepared.
    bool active() const;
    /// A frame drawn while the background job runs: counted and, with --cancel-then, the Preparing panel's
    /// Cancel pressed once the --then work has drawn.
    void whilePreparing();
    /// Before frame `frame` steps: on the first, --seek-contact's search (the frames then end where the
    /// first contact is found, as --at).
    void firstFrame(int frame);
    /// Before frame `frame` steps: on the middle one, --tap's keys, --resize, --then and --then-algo.
    void middleFrame(int frame);
    /// Frame `frame`'s start, its time from the timeline's scripted frames (InputError when --at lies
    /// outside the scene's range).
    double frameStart(int frame);
    /// Once the frame's time is set, before it steps: on the second frame, --pick's Ctrl+click.
    void pick(int frame);
    /// Whether frame `frame` is the last one (its coverage is measured, then the screenshot and report).
    bool lastFrame(int frame) const;
    /// Frames drawn while a job ran (the report prints them).
    int framesWhilePreparing() const { return m_framesWhilePreparing; }

private:
    ViewerOptions& m_options;
    ViewerApp& m_app;
    bool m_thenStarted = false, m_thenCancelled = false;
    int m_framesWhilePreparing = 0;
};

} // namespace cdlab
