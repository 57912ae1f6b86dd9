#include "Timeline.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <utility>

namespace cdlab {

void Timeline::setRange(double start, double end, int frames) {
    m_hasRange = true;
    m_start = start, m_end = end, m_frames = frames;
    m_time = m_clock = start;
    m_seeking = false;
}

double Timeline::frameLength() const {
    return (m_end - m_start) / std::max(1, m_frames - 1);
}

double Timeline::frameTime(int i, int n) const {
    return n <= 1 ? m_start : m_start + (m_end - m_start) * i / (n - 1);
}

int Timeline::frameCount() const {
    return std::max(1, m_frames - 1);
}

double Timeline::gridTime(int i) const {
    const int n = frameCount();
    i = std::clamp(i, 0, n);
    // As Scene::frameTime (the bench's frames): the same doubles, so a view steps exactly the bench's frame.
    return i == n ? m_end : m_start + (m_end - m_start) * i / n;
}

int Timeline::frameAt(double t) const {
    const int n = frameCount();
    const double dt = frameLength();
    if (!(dt > 0)) return 0; // a static scene: one instant, frame 0
    // A grid time, up to rounding, belongs to the frame that ends there. Clamped while still a double:
    // converting one outside int's range is undefined.
    const double k = std::ceil((t - m_start) / dt - 1e-9) - 1;
    return k >= n - 1 ? n - 1 : k > 0 ? int(k) : 0;
}

int Timeline::gridIndex(double t) const {
    if (!(frameLength() > 0) || t <= m_start + 1e-9 * frameLength()) return 0;
    return frameAt(t) + 1;
}

double Timeline::shownFrom() const {
    const int i = position();
    return i == 0 ? m_start : gridTime(i - 1);
}

void Timeline::scrub(double t) {
    m_time = m_clock = gridTime(gridIndex(t));
    m_playing = false;
}

void Timeline::scrubTo(int i) {
    m_time = m_clock = gridTime(i);
    m_playing = false;
}

void Timeline::restart() {
    if (m_hasRange) m_time = m_clock = m_start;
}

void Timeline::togglePlaying() {
    m_playing = !m_playing;
    m_clock = m_time; // playing goes on from the frame shown
}

double Timeline::takeSteps(double t) {
    const int steps = std::exchange(m_pendingSteps, 0);
    if (!m_hasRange || steps == 0) return t;
    m_stepsTaken += steps;
    return gridTime(gridIndex(t) + std::min(steps, frameCount()));
}

double Timeline::advance(double wallSeconds) {
    if (m_playing) {
        m_clock += wallSeconds * m_speed;
        if (m_clock > m_end) m_clock = m_loop && m_end - m_start > 0 ? m_start : m_end;
        m_time = gridTime(gridIndex(m_clock));
    }
    if (m_pendingSteps > 0) m_time = m_clock = takeSteps(m_time);
    return shownFrom();
}

double Timeline::scripted(int frame, int frames, const double* at) {
    int i = 0;
    if (at) {
        // The scene's own frames, the last ending where `at` lands on the grid: the screenshot shows one
        // frame's motion as the bench steps it (e.g. redon2002's Figure 1 view in the middle of a swivel).
        i = std::max(0, gridIndex(*at) - (frames - 1 - frame));
    } else {
        i = gridIndex(frameTime(frame, frames));
    }
    const int scripted = i;
    m_time = takeSteps(gridTime(std::min(frameCount(), scripted + m_stepOffset)));
    m_stepOffset = gridIndex(m_time) - scripted;
    m_clock = m_time;
    return shownFrom();
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
    // The grid frames after the one shown, as the bench steps them, until one reports a contact. The search
    // goes on over the viewer's frames (a budget per frame), so the window keeps drawing, the timeline shows
    // where it is, and Stop ends it.
    const int n = frameCount();
    int i = position();
    Stopwatch clock;
    for (int steps = 0; i < n && m_seekFound < 0 && (steps == 0 || clock.ms() < budgetMs);
         ++steps) { // at least one frame per call
        m_seekFound = step(gridTime(i), gridTime(i + 1));
        ++i;
    }
    m_time = m_clock = gridTime(i);
    if (m_seekFound >= 0)
        status = "contact in view " + std::to_string(m_seekFound + 1) + " in frame " + std::to_string(i) +
                 " of " + std::to_string(n) + " (t " + formattedTime(gridTime(i - 1)) + " -> " +
                 formattedTime(m_time) + ")";
    else if (i >= n)
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

namespace cdlab {

float sliderValueX(int value, int last, float width, float grabMin) {
    const float padding = 2, usable = width - 2 * padding;
    const float grab = std::min(std::max(usable / float(std::max(last, 0) + 1), grabMin), usable);
    const float t = last > 0 ? float(std::clamp(value, 0, last)) / float(last) : 0.0f;
    return padding + grab / 2 + (usable - grab) * t;
}

} // namespace cdlab
