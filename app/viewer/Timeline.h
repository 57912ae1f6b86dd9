// Timeline: the viewer's clock over the loaded scene's time range — the current time, speed, play / pause,
// loop, single steps, the Next-contact search and the frames in which a view reported a contact. Plain
// arithmetic (no GL, no ImGui): the frame loop asks it for each frame's time span, the Timeline panel edits
// it, and tests/TimelineTest.cpp checks the grid and stepping arithmetic.
#pragma once

#include "core/Stopwatch.h"

#include <functional>
#include <string>
#include <vector>

namespace cdlab {

class Timeline {
public:
    /// A scene was installed: its time range and its own frame count; the time goes to its start and a
    /// search under way ends.
    void setRange(double start, double end, int frames);
    /// Whether a scene's range is set (nothing moves before one is loaded).
    bool hasRange() const { return m_hasRange; }
    double start() const { return m_start; }
    double end() const { return m_end; }
    /// Length of one of the scene's own frames (the whole range when it has a single frame), as
    /// Scene::frameLength.
    double frameLength() const;
    /// Time of frame `i` of `n` frames spanning the range (frame 0 = start), as Scene::frameTime.
    double frameTime(int i, int n) const;

    // The scene's frame grid: grid times g_i = start + i dt (i = 0 .. frameCount(), dt = frameLength()), and
    // frame f (0-based) spanning [g_f, g_(f+1)]. Paused, the time is always a grid time g_i; every view runs
    // the whole frame that ends there (at the start, g_0, the start instant), so the same frame is stepped
    // from wherever one started and a continuous time of contact is the same fraction of it (issue 43).

    /// Frames on the grid: one fewer than the scene's frame times (at least one).
    int frameCount() const;
    /// Grid time i (0 .. frameCount(); the last is the range's end exactly).
    double gridTime(int i) const;
    /// The frame containing `t`: a grid time belongs to the frame that ends there, the start to frame 0.
    int frameAt(double t) const;
    /// Where `t` lands on the grid: 0 at (or before) the start, else the grid index that ends the frame
    /// containing it (scrubbing between frames shows the frame containing that time).
    int gridIndex(double t) const;
    /// The time's grid index: "frame `position()` of `frameCount()`" (0: the scene's start).
    int position() const { return gridIndex(m_time); }
    /// The span [t0, t1] the views run for the time shown: the frame ending at it (the start: an instant).
    double shownFrom() const;

    double time() const { return m_time; }
    /// Scrubbing: the time moves to the grid time ending the frame that contains `t` and playing pauses.
    void scrub(double t);
    /// The slider: grid index `i` (clamped), paused.
    void scrubTo(int i);
    /// Back to the range's start (R); nothing without a range.
    void restart();
    double speed() const { return m_speed; }
    void setSpeed(double speed) { m_speed = speed; }
    bool playing() const { return m_playing; }
    void togglePlaying();
    bool& loop() { return m_loop; }

    /// Pauses and asks for one more scene frame (O, the Step button); each press counts, however fast they
    /// come. The frame loop takes the steps.
    void singleStep() { m_playing = false, ++m_pendingSteps; }
    /// The time after the steps asked for: the grid time `t` lands on plus one grid frame per step,
    /// within the range.
    double takeSteps(double t);
    /// Single steps taken since start (the automated report prints them).
    int stepsTaken() const { return m_stepsTaken; }

    /// An interactive frame `wallSeconds` after the last: playing moves a clock by wall time times the
    /// speed and the time shown is the grid time ending the frame that contains it; single steps add grid
    /// frames; past the end the clock loops to the start (or stays at the end). Returns the frame's start
    /// (shownFrom()): the views run the whole scene frame that ends at the time.
    double advance(double wallSeconds);
    /// An automated run's frame `frame` of `frames`: spread over the whole range, or, with `at`, the
    /// scene's own frames with the last ending where `*at` lands on the grid (a time within the range).
    /// Single steps (--tap O) move this frame and the ones that follow on. Returns the frame's start.
    double scripted(int frame, int frames, const double* at);

    /// Per frame of the scene's grid (frame f spans [start + f dt, start + (f + 1) dt]): whether a
    /// viewport reported a contact in a step overlapping it.
    const std::vector<char>& contactFrames() const { return m_contactFrames; }
    void markContact(double t0, double t1);
    /// Another algorithm (or scene): the contacts seen so far were another's.
    void clearContacts() { m_contactFrames.clear(); }

    /// Next contact: steps the grid frames after the one shown until `step(t0, t1)` (which steps every
    /// view over [t0, t1]) returns the index of a view that reports a contact, and pauses on that frame.
    /// startSeek() begins; seek() goes on for up to `budgetMs` of stepping (at least one frame per call)
    /// and returns true while the search is not over, with `status` saying how it ended when it is;
    /// stopSeek() gives up and returns what to say (empty when no search was under way).
    void startSeek();
    bool seek(double budgetMs, const std::function<int(double, double)>& step, std::string& status);
    std::string stopSeek();
    bool seeking() const { return m_seeking; }
    /// Seconds since the search began (the panel shows them).
    double seekSeconds() const { return m_seekClock.ms() / 1000; }

private:
    bool m_hasRange = false;
    double m_start = 0, m_end = 0;
    int m_frames = 60;
    double m_time = 0;  ///< the time shown: a grid time
    double m_clock = 0; ///< playing: the wall-time clock the shown time follows
    double m_speed = 1;
    bool m_playing = true, m_loop = true;
    int m_pendingSteps = 0; ///< single steps asked for and not yet taken
    int m_stepsTaken = 0;   ///< single steps taken since start
    int m_stepOffset = 0;   ///< automation: how many grid frames single steps moved the scripted frames
    std::vector<char> m_contactFrames;
    bool m_seeking = false; ///< a Next-contact search is under way (it runs over the viewer's frames)
    int m_seekFound = -1;   ///< the viewport that reported the contact
    Stopwatch m_seekClock;
};

/// A time as people write it (13, 10.5), for messages: the timeline's and the scripted options'.
std::string formattedTime(double seconds);

/// Where ImGui's integer slider of `width` units over values 0 .. `last` centres its grab for `value`
/// (imgui_widgets.cpp SliderBehaviorT: 2 units of padding, a grab of max(width / (last + 1), `grabMin`)),
/// as an offset from the slider's left edge: the timeline's contact marks and frame ticks sit on the grid
/// positions the slider lands on.
float sliderValueX(int value, int last, float width, float grabMin);

} // namespace cdlab
