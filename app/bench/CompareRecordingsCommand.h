// `cdlab-bench compare-recordings A B`: the frames where two recordings' (`run --record`) contacts, times of
// contact, potential pairs or counters differ. Exit 0 when they agree on every frame, 1 when they differ, 2
// when either file is not a readable recording.
#pragma once

#include "BenchCommand.h"

#include <iosfwd>
#include <string>

namespace cdlab {

int runCompareRecordings(const std::string& a, const std::string& b, int maxLines, std::ostream& out);

/// Declares the command (its subcommand and options) for the command table in main.cpp.
BenchCommand declareCompareRecordingsCommand(CLI::App& app);

} // namespace cdlab
