#include "Timeline.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <utility>

namespace cdlab {

namespace {} // namespace

void Timeline::setRange(double start, double end, int frames) {
    m_hasRange = true;
    m_start = start, m_end = end, m_frames = frames;
    m_time = start;
    m_seeking = false;
}

double Timeline::frameLength() const {
    return (m_end - m_start) / std::max(1, m_frames - 1);
}

double Timeline::frameTime(int i, int n) const {
    return n <= 1 ? m_start : m_start + (m_end - m_start) * i / (n - 1);
}

void Timeline::restart() {
    if (m_hasRange) m_time = m_start;
}

double Timeline::takeSteps(double t) {
    const int steps = std::exchange(m_pendingSteps, 0);
    if (!m_hasRange || steps == 0) return t;
    m_stepsTaken += steps;
    return std::min(m_end, t + frameLength() * steps);
}

double Timeline::advance(double wallSeconds) {
    double t0 = m_time;
    if (m_playing) m_time += wallSeconds * m_speed;
    m_time = takeSteps(m_time);
    if (m_time > m_end) m_time = m_loop && m_end - m_start > 0 ? m_start : m_end;
    if (!m_playing) t0 = std::max(m_start, m_time - frameLength());
    return t0;
}

double Timeline::scripted(int frame, int frames, const double* at) {
    double t0 = m_time;
    if (at) {
        // The scene's own frames, the last ending at `at`: the screenshot shows one frame's motion as the
        // bench steps it (e.g. redon2002's Figure 1 view in the middle of a swivel).
        m_time = std::max(m_start, *at - frameLength() * (frames - 1 - frame));
        if (frame == 0) t0 = m_time; // nothing moves before the first frame
    } else {
        m_time = frameTime(frame, frames);
    }
    const double scriptedTime = m_time;
    m_time = takeSteps(std::min(m_end, scriptedTime + m_stepOffset));
    m_stepOffset = m_time - scriptedTime;
    return t0;
}

void Timeline::markContact(double t0, double t1) {
    if (!m_hasRange || m_frames < 2) return;
    // On the scene's frame grid, so playing in a loop for hours marks nothing twice.
    int n = m_frames - 1;
    double dt = frameLength();
    m_contactFrames.resize(std::size_t(n), 0);
    // A static scene (no time span) is one instant: every frame shows the contact. Otherwise a step that
    // ends (starts) on a grid time, up to rounding, does not reach into the next (previous) frame. The
    // grid positions are clamped while still doubles: converting one outside int's range is undefined.
    auto clampToInt = [](double x, int lo, int hi) { return x >= hi ? hi : x > lo ? int(x) : lo; };
    int first = 0, last = n - 1;
    if (dt > 0) {
        first = clampToInt(std::floor((t0 - m_start) / dt + 1e-9), 0, n - 1);
        last = clampToInt(std::ceil((t1 - m_start) / dt - 1e-9) - 1, first, n - 1);
    }
    for (int f = first; f <= last; ++f) m_contactFrames[std::size_t(f)] = 1;
}

void Timeline::startSeek() {
    if (!m_hasRange) return;
    m_playing = false;
    m_seeking = true;
    m_seekFound = -1;
    m_seekClock.restart();
}

bool Timeline::seek(double budgetMs, const std::function<int(double, double)>& step, std::string& status) {
    if (!m_hasRange || !m_seeking) return false;
    // The scene's frames from here on, as the bench steps them, until one reports a contact. The search
    // goes on over the viewer's frames (a budget per frame), so the window keeps drawing, the timeline shows
    // where it is, and Stop ends it.
    double dt = frameLength(), t = m_time;
    Stopwatch clock;
    for (int steps = 0; t < m_end && m_seekFound < 0 && (steps == 0 || clock.ms() < budgetMs);
         ++steps) { // at least one frame per call
        double t1 = std::min(t + dt, m_end);
        m_seekFound = step(t, t1);
        t = t1;
    }
    m_time = t;
    if (m_seekFound >= 0)
        status = "contact in view " + std::to_string(m_seekFound + 1) + " in the frame ending at t " +
                 formattedTime(t);
    else if (t >= m_end)
        status = "no contact from there to the end of the scene";
    else
        return true; // not done: the next frame goes on
    m_seeking = false;
    return false;
}

std::string Timeline::stopSeek() {
    if (!m_seeking) return {};
    m_seeking = false;
    return "no contact up to t " + formattedTime(m_time) + " (search stopped)";
}

std::string formattedTime(double seconds) {
    std::ostringstream out;
    out << seconds;
    return out.str();
}

} // namespace cdlab
