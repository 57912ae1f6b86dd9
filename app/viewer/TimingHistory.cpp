#include "TimingHistory.h"

#include <algorithm>

namespace cdlab {

void TimingHistory::push(const StageTimes& stages) {
    for (const auto& [stage, ms] : stages.items()) {
        const auto& name = stage; // a structured binding cannot be captured before C++20
        auto it =
            std::find_if(m_stages.begin(), m_stages.end(), [&](const auto& s) { return s.first == name; });
        if (it == m_stages.end()) it = m_stages.insert(m_stages.end(), {name, {}});
        pushBounded(it->second, float(ms), kCapacity);
    }
    pushBounded(m_total, float(stages.total()), kCapacity);
}

} // namespace cdlab
