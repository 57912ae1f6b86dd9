// `cdlab-bench paper [redon2002|zhang2007|sbv|all] [-o DIR] [--quick]`: the three papers' tables and figures
// regenerated in one run, as a report (DIR/README.md and DIR/index.html, the same content; figures in
// DIR/figures/; the deterministic figures in DIR/pinned.txt). docs/PAPER.md describes it.
#pragma once

#include "BenchCommand.h"

#include <iosfwd>
#include <string>

namespace cdlab {

struct PaperOptions {
    std::string paper = "all"; ///< redon2002, zhang2007, sbv or all
    std::string outDir = "paper-report";
    bool quick = false;    ///< fewer repeats (and no FCL conservative advancement on Table 1), the same items
    std::string viewer;    ///< the cdlab viewer (3-D figures); default next to the bench binary
    bool progress = false; ///< the progress bar even when stderr is not a terminal
};

/// Runs the report; returns 0, or 1 when a command's own check (table1's, --verify's) failed (the report is
/// still written and says so). A bad paper name or an output folder that cannot be made throws InputError.
int runPaper(const PaperOptions& options, std::ostream& out);

/// Declares the command (its subcommand and options) for the command table in main.cpp.
BenchCommand declarePaperCommand(CLI::App& app);

} // namespace cdlab
