// `cdlab-bench table1`: redon2002's Table 1 — BV/BV, edge/edge, vertex/face and face/vertex tests and total
// time of the rigid CCD pipeline without and with BM-culling, measured in one run on the same frames, with
// FCL's continuous collision (conservative advancement) on the same frames as the peer.
#pragma once

#include "BenchCommand.h"
#include <iosfwd>
#include <string>

namespace cdlab {

struct Table1Options {
    std::string scene = "scenes/doors_recorded.json";
    int frames = 0; ///< 0: the scene's
    int repeat = 3;
    std::string build = "bottom-up"; ///< BM-cone construction order
    int rMax = 5;
    bool progress = false;
    bool peer = true; ///< also run FCL's conservative advancement on the same frames (when built with FCL)
    std::string csv;  ///< also write the per-frame counts and times of both pipelines here (for plots)
};

int runTable1(const Table1Options& options, std::ostream& out);

/// Declares the command (its subcommand and options) for the command table in main.cpp.
BenchCommand declareTable1Command(CLI::App& app);

} // namespace cdlab
