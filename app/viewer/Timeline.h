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

    double time() const { return m_time; }
    /// Scrubbing: the time moves there and playing pauses.
    void scrub(double t) { m_time = t, m_playing = false; }
    /// Back to the range's start (R); nothing without a range.
    void restart();
    double speed() const { return m_speed; }
    void setSpeed(double speed) { m_speed = speed; }
    bool playing() const { return m_playing; }
    void togglePlaying() { m_playing = !m_playing; }
    bool& loop() { return m_loop; }

    /// Pauses and asks for one more scene frame (O, the Step button); each press counts, however fast they
    /// come. The frame loop takes the steps.
    void singleStep() { m_playing = false, ++m_pendingSteps; }
    /// The time after the steps asked for: `t` plus one scene frame per step, within the range.
    double takeSteps(double t);
    /// Single steps taken since start (the automated report prints them).
    int stepsTaken() const { return m_stepsTaken; }

    /// An interactive frame `wallSeconds` after the last: playing moves the time by wall time times the
    /// speed, single steps add their frames, past the end the time loops to the start (or stays at the
    /// end). Returns the frame's start: paused (or scrubbed), the scene frame that ends at the time, so
    /// continuous algorithms show its motion instead of a frame without any.
    double advance(double wallSeconds);
    /// An automated run's frame `frame` of `frames`: spread over the whole range, or, with `at`, the
    /// scene's own frames with the last ending at `*at` (a time within the range). Single steps (--tap O)
    /// move this frame and the ones that follow on. Returns the frame's start.
    double scripted(int frame, int frames, const double* at);

    /// Per frame of the scene's grid (frame f spans [start + f dt, start + (f + 1) dt]): whether a
    /// viewport reported a contact in a step overlapping it.
    const std::vector<char>& contactFrames() const { return m_contactFrames; }
    void markContact(double t0, double t1);
    /// Another algorithm (or scene): the contacts seen so far were another's.
    void clearContacts() { m_contactFrames.clear(); }

    /// Next contact: steps the scene's frames from the current time until `step(t0, t1)` (which steps every
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
    double m_time = 0, m_speed = 1;
    bool m_playing = true, m_loop = true;
    int m_pendingSteps = 0;  ///< single steps asked for and not yet taken
    int m_stepsTaken = 0;    ///< single steps taken since start
    double m_stepOffset = 0; ///< automation: how far single steps moved the scripted frame times
    std::vector<char> m_contactFrames;
    bool m_seeking = false; ///< a Next-contact search is under way (it runs over the viewer's frames)
    int m_seekFound = -1;   ///< the viewport that reported the contact
    Stopwatch m_seekClock;
};

/// A time as people write it (13, 10.5), for messages: the timeline's and the scripted options'.
std::string formattedTime(double seconds);

} // namespace cdlab
