// `cdlab-bench catch-tables`: zhang2007's Tables 1 and 2 and its Fig. 12 comparison regenerated on our
// procedural stand-in scenes, the paper's numbers beside ours — Table 1: CATCH's time per frame over all
// frames (T_a), collision-free frames (T_f), colliding frames (T_c) and the worst (T_w); Table 2: link pairs
// before spatial culling, PCLs after it, PCLs advanced after temporal culling, and the rates; Fig. 12:
// Taylor-model against interval bounds (self-collision off, as the paper ran it). Then the peer a user would
// pick instead: FCL discrete collision at N sampled poses per frame, its time and the contacts it misses.
#pragma once

#include "BenchCommand.h"
#include <iosfwd>
#include <string>
#include <vector>

namespace cdlab {

struct CatchTablesOptions {
    std::vector<std::string>
        scenes;            ///< default: walk, exercise, four_trains, falling_train, excavator, tower_crane
    std::string scenesDir; ///< where the default scenes are
    int frames = 0;        ///< 0: each scene's own
    int repeat = 3;        ///< timed passes per frame (median)
    int fclSteps = 100;    ///< fcl-sampled's samples per frame; 0 leaves the peer out
    bool forceProgress = false;
    std::string csv; ///< per scene and algorithm: the figures of all three tables
};

int runCatchTables(const CatchTablesOptions& options, std::ostream& out);

/// Declares the command (its subcommand and options) for the command table in main.cpp.
BenchCommand declareCatchTablesCommand(CLI::App& app);

} // namespace cdlab
