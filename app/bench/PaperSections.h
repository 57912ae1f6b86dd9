// PaperSections: the measured items of `cdlab-bench paper`, one function per item. Each runs an existing
// command's computation in-process (the same options its own command line would give), keeps its full
// output, and reads back from it the figures it sets beside the paper's printed ones (the papers' figures
// are data in PaperSections.cpp, each citing its table).
#pragma once

#include "PaperReport.h"

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace cdlab {

struct PaperRunContext {
    bool quick = false;
    std::filesystem::path outDir; ///< where the report is being written (figures/ below it)
    std::string scenesDir;        ///< the bundled scenes
    std::string testDataDir;      ///< tests/data (chain10.json)
};

/// One measured item: its paper, its name for the progress bar, its estimated seconds (quick, full) for the
/// bar's fraction, and the function that runs it.
struct PaperItem {
    std::string paper;
    std::string name;
    double quickSeconds = 1, fullSeconds = 1;
    std::function<PaperSection(const PaperRunContext&)> run;
};

/// Every item of `paper` (redon2002, zhang2007, sbv), in the report's order.
std::vector<PaperItem> paperItems(const std::string& paper);

} // namespace cdlab
