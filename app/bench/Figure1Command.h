// `cdlab-bench figure1`: redon2002's Figure 1 in numbers — on one frame of a scene, how many nodes of each
// level of a body's BVH the BM test culls over the frame's relative motion (every node, reached by a
// traversal or not), and how many of its faces move forwards and backwards (eq. 3). The viewer draws the
// same ("BM test on the whole level", "forward / backward faces"): both read rigid-ccd-bm's debug output.
#pragma once

#include "BenchCommand.h"
#include <iosfwd>
#include <string>

namespace cdlab {

struct Figure1Options {
    std::string scene = "scenes/doors.json";
    bool hasAt = false; ///< else the scene's first frame
    double at = 0;      ///< the frame (the scene's frame length) ends here
    std::string body;   ///< default: the first body that moves (the viewer's choice)
    std::string build = "bottom-up";
    int rMax = 5;
    std::string csv; ///< also write the per-level table here (for plots)
};

int runFigure1(const Figure1Options& options, std::ostream& out);

/// Declares the command (its subcommand and options) for the command table in main.cpp.
BenchCommand declareFigure1Command(CLI::App& app);

} // namespace cdlab
