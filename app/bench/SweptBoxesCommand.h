// `cdlab-bench swept-boxes`: zhang2007 Fig. 5 in numbers — for each link of an articulated model, the volume
// of its swept AABB over every frame from Taylor models and from plain intervals, and their ratio (interval
// boxes grow down long chains); then how tightness and cost move with the Taylor order (1-5).
#pragma once

#include "BenchCommand.h"
#include <iosfwd>
#include <string>

namespace cdlab {

struct SweptBoxesOptions {
    std::string scene;
    std::string model; ///< default: the scene's first articulated model
    int order = 3;
    int frames = 0;   ///< 0: the scene's
    int repeat = 201; ///< timed passes per frame (median)
    std::string csv;  ///< per frame and link: volumes and ratio
    std::string svg;  ///< a plot of the per-link medians (Fig. 5 as a picture)
};

int runSweptBoxes(const SweptBoxesOptions& options, std::ostream& out);

/// Declares the command (its subcommand and options) for the command table in main.cpp.
BenchCommand declareSweptBoxesCommand(CLI::App& app);

} // namespace cdlab
