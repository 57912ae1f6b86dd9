// `cdlab-bench sbv-tables`: the SBV paper's tables regenerated on our stand-in scenes (sbv-reconstruction
// §6), the paper's figures beside ours — Table 1: per scene, at a separating and an intersecting placement,
// the SVM's training samples A+B, the time of one SBV query (SVM and exact d*) and the culling ratio; Table
// 2: the SVM's direction against its sample size (SbvTable2); the exact OSH's time; the "balanced
// performance" claim: separating, touching, intersecting and puncturing placements, sbv with its exact narrow
// phase against bvh and the peers in the same run; Fig. 9: per-step times on a deforming scene (CSV and SVG).
#pragma once

#include "BenchCommand.h"
#include <iosfwd>
#include <string>

namespace cdlab {

struct SbvTablesOptions {
    std::string scenesDir; ///< where cylinder_ball, knot_teapot, rod_ball and deforming are
    int repeat = 7;        ///< timed queries per figure (the median)
    std::string deforming; ///< Fig. 9's scene (default: deforming.json in scenesDir, when it exists)
    int steps = 100;       ///< Fig. 9's time steps
    std::string csv, svg;  ///< Fig. 9's per-step times as CSV, and as a plot
    bool forceProgress = false;
};

int runSbvTables(const SbvTablesOptions& options, std::ostream& out);

/// Declares the command (its subcommand and options) for the command table in main.cpp.
BenchCommand declareSbvTablesCommand(CLI::App& app);

} // namespace cdlab
