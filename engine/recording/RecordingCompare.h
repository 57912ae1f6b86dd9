// RecordingCompare: where two recordings' answers differ (issue 44: "what changed between these runs"), frame
// by frame and viewport by viewport: contacts, times of contact, potential pairs and counters (not the stage
// times, which are wall times). `cdlab-bench compare-recordings` prints it.
#pragma once

#include "recording/Recording.h"

#include <string>
#include <vector>

namespace cdlab {

struct RecordingDifferences {
    /// What differs in the headers (scene, specs, builds): said, not counted as a difference of answers.
    std::vector<std::string> notes;
    /// One line per frame and viewport whose answers differ ("frame 3, viewport 0: counters: bv_tests 10 vs
    /// 12"), and one for a frame or viewport count that differs.
    std::vector<std::string> lines;
    int framesDiffering = 0;
    bool equal() const { return lines.empty(); }
};

RecordingDifferences compareRecordings(const Recording& a, const Recording& b);

} // namespace cdlab
