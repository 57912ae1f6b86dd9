// TimingHistory: a view's per-stage times over the last frames (a ring buffer, Box2D's profile plot) for the
// now / avg / max table and the plot of its panel.
#pragma once

#include "pipeline/FrameResult.h"

#include <cstddef>
#include <deque>
#include <string>
#include <utility>
#include <vector>

namespace cdlab {

/// Appends `v` and drops the oldest value beyond `cap`.
template <class T> void pushBounded(std::deque<T>& d, T v, std::size_t cap) {
    d.push_back(v);
    if (d.size() > cap) d.pop_front();
}

/// Per-stage times of the last frames (ring buffer) for now / avg / max and the plot.
class TimingHistory {
public:
    static constexpr std::size_t kCapacity = 512;
    void push(const StageTimes& stages);
    void clear() { m_stages.clear(), m_total.clear(); }
    const std::vector<std::pair<std::string, std::deque<float>>>& stages() const { return m_stages; }
    const std::deque<float>& total() const { return m_total; }

private:
    std::vector<std::pair<std::string, std::deque<float>>> m_stages;
    std::deque<float> m_total;
};

/// The viewer's whole frames: the last one's time and its collision steps' share, and the last frames'
/// (TimingHistory::kCapacity) for the Scene panel's table.
struct FrameTimes {
    float frameMs = 0, stepMs = 0;
    std::deque<float> frameHistory, overheadHistory; ///< whole frames; everything but the steps
};

} // namespace cdlab
