// The 3-D figures of `cdlab-bench paper` (issue 46): each paper's figures as bundled shots (shots/paper/),
// rendered headless by running the viewer binary as a child process (the bench does not link the viewer),
// with the deterministic facts of each picture (draw counts, culled nodes, times of contact) read back from
// the viewer's --report JSON so that the report can print and pin them.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cdlab::bench {

/// One regenerated figure of a paper.
struct PaperFigure {
    std::string paper;   ///< "redon2002" | "zhang2007" | "sbv"
    std::string id;      ///< e.g. "fig1-level7"
    std::string title;   ///< e.g. "Fig. 1: back-face culled nodes at level 7"
    std::string caption; ///< what it shows; what differs from the paper's figure
    std::string image;   ///< PNG path relative to the output folder, e.g. "figures/redon2002-fig1-level7.png"
    std::string command; ///< exact command that regenerates this image alone
    /// Deterministic facts of the picture from the viewer's --report (filled by renderPaperFigures).
    std::vector<std::pair<std::string, double>> pinned;
};

struct PaperFigureOptions {
    std::filesystem::path outDir; ///< images go to outDir / figure.image
    bool quick = false; ///< 640x360 instead of 1280x720 (a figure of the viewer's panels stays 1280x720)
    std::filesystem::path viewer;                         ///< the cdlab viewer binary
    std::function<void(const PaperFigure&)> onFigureDone; ///< progress, after each figure
};

/// What would be rendered for `paper` ("redon2002", "zhang2007", "sbv" or "all"), without rendering (pinned
/// empty). Throws std::invalid_argument for an unknown paper.
std::vector<PaperFigure> paperFigureList(std::string_view paper);

/// Renders every figure of `paper` into options.outDir and fills each one's pinned facts. Throws
/// std::runtime_error naming the figure and its shot when the viewer fails, writes no PNG or a blank one.
std::vector<PaperFigure> renderPaperFigures(std::string_view paper, const PaperFigureOptions& options);

/// The viewer next to the bench in a build tree: <build>/app/viewer/cdlab for <build>/app/bench/cdlab-bench.
std::filesystem::path defaultViewerPath(const std::filesystem::path& benchExecutable);

} // namespace cdlab::bench
