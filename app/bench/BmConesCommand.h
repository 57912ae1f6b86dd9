// `cdlab-bench bm-cones`: BM-cone hierarchy build time, memory and coverage for both build orders.
#pragma once

#include "BenchCommand.h"
#include "MeshArgs.h"

#include <iosfwd>

namespace cdlab {

struct BmConesOptions {
    MeshArgs mesh{"", "panel", "{}", 3500};
    int rMax = 5;
    int repeat = 3;
    int threads = 0;       ///< 0: every hardware thread (what the algorithms use), 1: one
    bool progress = false; ///< show the progress bar even when stderr is not a terminal
};

int runBmCones(const BmConesOptions& options, std::ostream& out);

/// Declares the command (its subcommand and options) for the command table in main.cpp.
BenchCommand declareBmConesCommand(CLI::App& app);

} // namespace cdlab
