// `cdlab-bench ldi SCENE`: the LDI penetration query (issue 32) frame by frame on a scene's body pairs —
// volume, depth, layers, fragments, overflow, the GPU stage times (GL timestamp queries) and the wall time of
// a query; with --reference the CPU ray caster on the same pixel grid beside it (its volume, time and the
// pixels where the two disagree) and, when built with CGAL, the exact intersection volume by corefinement.
// `cdlab-bench ldi-accuracy`: the volume's error against closed forms (two spheres: the lens; two boxes; a
// sphere in a box) and against CGAL (knot + closed teapot, cylinder + ball) as the resolution grows.
#pragma once

#include "BenchCommand.h"
#include <iosfwd>
#include <string>
#include <vector>

namespace cdlab {

struct LdiCommandOptions {
    std::string scene;
    std::string algorithm = "ldi"; ///< ldi or sbv-ldi
    int resolution = 512;
    std::string axis = "auto";
    std::string backend = "gpu";
    bool reference = false;
    int frames = 0; ///< 0: the scene's
    int repeat = 3; ///< timed queries per frame (median)
    std::string csv;
};

int runLdi(const LdiCommandOptions& options, std::ostream& out);

struct LdiAccuracyOptions {
    std::vector<int> resolutions{64, 128, 256, 512, 1024};
    std::string backend = "gpu";
    std::string csv;
    std::string svg; ///< error against resolution, one line per case (log-log)
};

int runLdiAccuracy(const LdiAccuracyOptions& options, std::ostream& out);

/// Declares the command (its subcommand and options) for the command table in main.cpp.
BenchCommand declareLdiCommand(CLI::App& app);
/// Declares the command (its subcommand and options) for the command table in main.cpp.
BenchCommand declareLdiAccuracyCommand(CLI::App& app);

} // namespace cdlab
