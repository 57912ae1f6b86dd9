#include "CompareRecordingsCommand.h"

#include "recording/RecordingCompare.h"

#include <CLI/CLI.hpp>
#include <memory>
#include <ostream>

namespace cdlab {

namespace {

std::string describe(const std::string& path, const Recording& r) {
    std::string views;
    for (const auto& v : r.header.viewports) views += (views.empty() ? "" : ", ") + v;
    return path + ": " + r.header.scenePath + ", " + std::to_string(r.frames.size()) + " frames, " + views +
           " (build " + r.header.buildCommit + ")";
}

} // namespace

int runCompareRecordings(const std::string& a, const std::string& b, int maxLines, std::ostream& out) {
    const Recording ra = readRecording(a), rb = readRecording(b); // InputError: exit 2
    out << "# A " << describe(a, ra) << "\n# B " << describe(b, rb) << "\n";
    const RecordingDifferences d = compareRecordings(ra, rb);
    for (const auto& n : d.notes) out << "# note: " << n << "\n";
    int shown = 0;
    for (const auto& line : d.lines) {
        if (maxLines > 0 && shown == maxLines) {
            out << "# ... " << d.lines.size() - std::size_t(shown) << " more lines (--max-lines)\n";
            break;
        }
        out << line << "\n", ++shown;
    }
    if (d.equal()) {
        out << "# equal: the same contacts, times of contact and counters on all " << ra.frames.size()
            << " frames\n";
        return 0;
    }
    out << "# differ: " << d.framesDiffering << " of " << std::min(ra.frames.size(), rb.frames.size())
        << " frames\n";
    return 1;
}

BenchCommand declareCompareRecordingsCommand(CLI::App& app) {
    struct Options {
        std::string a, b;
        int maxLines = 50;
    };
    auto o = std::make_shared<Options>();
    auto* cmd = app.add_subcommand(
        "compare-recordings", "The frames where two recordings (run --record) differ in contacts, times of "
                              "contact or counters (exit 0 equal, 1 differ, 2 bad input)");
    cmd->add_option("a", o->a, "First recording")->required();
    cmd->add_option("b", o->b, "Second recording")->required();
    cmd->add_option("--max-lines", o->maxLines, "Print at most this many differing lines (0: all)")
        ->check(CLI::NonNegativeNumber);
    return {cmd, [o](std::ostream& out) { return runCompareRecordings(o->a, o->b, o->maxLines, out); }};
}

} // namespace cdlab
