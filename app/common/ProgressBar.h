// Progress bar on stderr for long runs; silent when stderr is not a terminal unless forced.
#pragma once

#include <cstdio>
#include <string>
#include <unistd.h>

namespace cdlab {

class ProgressBar {
public:
    explicit ProgressBar(bool force = false) : m_enabled(force || isatty(fileno(stderr))) {}
    void update(double fraction, const std::string& label) {
        if (!m_enabled) return;
        int pct = static_cast<int>(fraction * 100 + 0.5);
        if (pct == m_lastPct && label == m_lastLabel) return;
        m_lastPct = pct, m_lastLabel = label;
        int filled = pct * kWidth / 100;
        std::fprintf(stderr, "\r[%.*s%*s] %3d%% %-40.40s", filled,
                     "##################################################", kWidth - filled, "", pct,
                     label.c_str());
        std::fflush(stderr);
        m_dirty = true;
    }
    void finish() {
        if (m_enabled && m_dirty) std::fprintf(stderr, "\r%*s\r", kWidth + 50, "");
        m_dirty = false;
    }
    ~ProgressBar() { finish(); }

private:
    static constexpr int kWidth = 40;
    bool m_enabled;
    bool m_dirty = false;
    int m_lastPct = -1;
    std::string m_lastLabel;
};

} // namespace cdlab
