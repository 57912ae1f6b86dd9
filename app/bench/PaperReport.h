// PaperReport: the content of `cdlab-bench paper`'s report (sections of tables, measured output, images and
// goals) and its two renderings, README.md and index.html (the same content; the HTML self-contained but for
// the images beside it in figures/).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace cdlab {

/// A table of the report: ours beside the paper's printed figures.
struct PaperTable {
    std::string title;
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;
    std::string note; ///< where a definition differs from the paper's (one line; empty: none)
};

/// A figure: an image beside the report (a path relative to the output folder).
struct PaperImage {
    std::string title;
    std::string path;    ///< e.g. figures/zhang2007-fig5.png
    std::string caption; ///< what it shows and what differs from the paper's
    std::string command; ///< the exact command that regenerates it alone
    std::string vector;  ///< a data plot's SVG beside its PNG (`path`), linked under it; empty: none
};

/// A goal or printed figure of the paper we compare with: `met` false lands in "What does not reproduce".
struct PaperGoal {
    std::string what;  ///< e.g. "Fig. 12: Taylor-model over interval bounds on walk"
    std::string paper; ///< the paper's figure, e.g. "15-17x"
    std::string ours;  ///< ours, measured in this run
    bool met = false;
    std::string why; ///< when not met: why, from what this run measured
};

/// One measured item of a paper: a command run in-process, its tables, images, goals, and its output.
struct PaperSection {
    std::string paper; ///< redon2002 | zhang2007 | sbv
    std::string title;
    std::string command; ///< the exact command that regenerates this section's figures alone
    std::vector<std::string> paragraphs;
    std::vector<PaperTable> tables;
    std::vector<PaperImage> images;
    std::vector<PaperGoal> goals;
    std::string output;              ///< the command's full text output, as measured
    std::vector<std::string> pinned; ///< the deterministic figures (counts), one "key: value" a line
    bool failed = false;             ///< a command's own check failed (its ERROR paragraph): the run exits 1
};

struct PaperReportHeader {
    std::string title;
    std::vector<std::pair<std::string, std::string>> facts; ///< machine, build, compiler, commit, date, ...
    std::vector<std::string> notices; ///< visible lines (e.g. "the 3-D figures are missing: ...")
};

class PaperReport {
public:
    PaperReportHeader header;
    std::vector<PaperSection> sections;

    std::string markdown() const;
    std::string html() const;
    /// The deterministic part, for tests/data/paper_quick_pinned.txt: each section's pinned lines and goals'
    /// verdicts are not included (they depend on timings).
    std::string pinned() const;
    /// The papers this report holds, in order of first appearance.
    std::vector<std::string> papers() const;
};

/// Human name of a paper key ("redon2002" -> "Redon et al. 2002, hierarchical back-face culling").
std::string paperName(const std::string& paper);

} // namespace cdlab
