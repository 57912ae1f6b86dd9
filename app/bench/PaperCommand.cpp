#include "PaperCommand.h"

#include "CommonOptions.h"
#include "PaperFigures.h"
#include "PaperReport.h"
#include "PaperSections.h"
#include "ProgressBar.h"
#include "StagingFolder.h"
#include "core/InputError.h"
#include "peers/Peers.h"
#include "pipeline/BuildInfo.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <ctime>
#include <fstream>
#include <iomanip>
#include <memory>
#include <ostream>
#include <sstream>
#include <unistd.h>

namespace cdlab {

using bench::defaultViewerPath;
using bench::PaperFigure;
using bench::paperFigureList;
using bench::PaperFigureOptions;
using bench::renderPaperFigures;

namespace {

namespace fs = std::filesystem;

const std::vector<std::string> kPapers = {"redon2002", "zhang2007", "sbv"};

std::string utcNow() {
    std::time_t now = std::time(nullptr);
    char text[64];
    std::strftime(text, sizeof text, "%Y-%m-%d %H:%M UTC", std::gmtime(&now));
    return text;
}

void writeFile(const fs::path& path, const std::string& text) {
    std::ofstream f(path, std::ios::binary);
    f << text;
    f.close();
    if (!f) throw std::runtime_error("paper: could not write " + path.string());
}

/// The header's facts: the machine, the build, the commit and the date (the bench's configuration line's
/// sources, BuildInfo.h).
PaperReportHeader makeHeader(const PaperOptions& o, const std::vector<std::string>& papers) {
    PaperReportHeader h;
    h.title = "cdlab: the papers' tables and figures, regenerated";
    std::string list;
    for (const auto& p : papers) list += (list.empty() ? "" : ", ") + p;
    h.facts = {
        {"papers", list},
        {"mode", o.quick ? "--quick (fewer repeats and frames, the same items; times are noisier)" : "full"},
        {"command", "cdlab-bench paper " + o.paper + (o.quick ? " --quick" : "")},
        {"machine", cpuDescription()},
        {"build", std::string(buildType()) + ", " + buildCompiler()},
        {"commit", buildCommit()},
        {"peers", peerVersions()},
        {"date", utcNow()}};
    return h;
}

/// The paper's 3-D figures, rendered headless by the viewer from shots (PaperFigures.h), as one section.
/// Returns 1 when the viewer failed on a figure (the report says which), else 0; a missing viewer is said in
/// a visible line and is not a failure (the tables are still the report).
int addFigures(const std::string& paper, const PaperOptions& o, const fs::path& staging, PaperReport& report,
               ProgressBar& bar, double fraction) {
    fs::path viewer =
        o.viewer.empty() ? defaultViewerPath(fs::read_symlink("/proc/self/exe")) : fs::path(o.viewer);
    auto list = paperFigureList(paper);
    if (list.empty()) return 0;
    if (!fs::exists(viewer)) {
        report.header.notices.push_back(paper + ": the " + std::to_string(list.size()) +
                                        " 3-D figures are missing: no viewer at " + viewer.string() +
                                        " (build the cdlab target, or pass --viewer PATH)");
        return 0;
    }
    PaperFigureOptions fo;
    fo.outDir = staging;
    fo.quick = o.quick;
    fo.viewer = viewer;
    fo.onFigureDone = [&](const PaperFigure& f) { bar.update(fraction, f.title); };
    PaperSection s;
    s.paper = paper;
    s.title = "3-D figures (" + paper + ")";
    s.command = "cdlab-bench paper " + paper;
    s.paragraphs.push_back("Rendered headless by the viewer (" + viewer.filename().string() +
                           ") from shots; each caption says what differs from the paper's figure.");
    std::vector<PaperFigure> figures;
    try {
        figures = renderPaperFigures(paper, fo);
    } catch (const std::runtime_error& e) {
        report.header.notices.push_back(paper + ": the 3-D figures failed: " + std::string(e.what()));
        return 1;
    }
    for (const PaperFigure& f : figures) {
        // The command names the staging folder this run wrote into: say the report's relative path instead.
        std::string command = f.command;
        for (std::string staged = staging.string() + "/";;) {
            std::size_t at = command.find(staged);
            if (at == std::string::npos) break;
            command.erase(at, staged.size());
        }
        s.images.push_back({f.title, f.image, f.caption, command, ""});
        for (const auto& [key, value] : f.pinned) {
            std::ostringstream v;
            v << value;
            s.pinned.push_back(f.id + " " + key + ": " + v.str());
        }
    }
    s.output = "(the figures' commands are under each image)\n";
    report.sections.push_back(std::move(s));
    return 0;
}

} // namespace

int runPaper(const PaperOptions& o, std::ostream& out) {
    std::vector<std::string> papers;
    if (o.paper == "all")
        papers = kPapers;
    else if (std::find(kPapers.begin(), kPapers.end(), o.paper) != kPapers.end())
        papers = {o.paper};
    else
        throw InputError("paper", "", "unknown paper '" + o.paper + "' (redon2002, zhang2007, sbv or all)");

    std::vector<PaperItem> items;
    for (const auto& p : papers)
        for (auto& item : paperItems(p)) items.push_back(std::move(item));
    if (items.empty()) throw InputError("paper", "", "nothing to run for '" + o.paper + "'");

    // An explicit --viewer must exist (a missing default viewer is a notice in the report: the tables stand).
    if (!o.viewer.empty() && ::access(o.viewer.c_str(), X_OK) != 0)
        throw InputError(o.viewer, "--viewer", "no viewer program there (build the cdlab target)");
    StagingFolder staging(o.outDir);
    PaperRunContext ctx;
    ctx.quick = o.quick;
    ctx.outDir = staging.path();
    ctx.scenesDir = CommonOptions::defaultScenesDir();
    ctx.testDataDir = (std::filesystem::path(ctx.scenesDir).parent_path() / "tests" / "data").string();

    PaperReport report;
    report.header = makeHeader(o, papers);
    // The working folder's scenes/ wins over the checkout's (CommonOptions): say which the run read.
    report.header.facts.push_back({"scenes", fs::absolute(ctx.scenesDir).lexically_normal().string()});
    double total = 0, done = 0;
    for (const auto& item : items) total += o.quick ? item.quickSeconds : item.fullSeconds;
    // The 3-D figures: about 2.5 s each on the 2-core box (PaperFigures.h).
    auto figureSeconds = [&](const std::string& paper) {
        return 2.5 * double(paperFigureList(paper).size());
    };
    for (const auto& p : papers) total += figureSeconds(p);
    ProgressBar bar(o.progress);
    auto start = std::chrono::steady_clock::now();
    int rc = 0;
    std::string lastPaper;
    for (const auto& item : items) {
        if (item.paper != lastPaper && !lastPaper.empty())
            rc |= addFigures(lastPaper, o, staging.path(), report, bar, done / total),
                done += figureSeconds(lastPaper);
        lastPaper = item.paper;
        bar.update(done / total, item.name);
        auto itemStart = std::chrono::steady_clock::now();
        PaperSection s = item.run(ctx);
        double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - itemStart).count();
        if (s.failed || s.output.find("ERROR") != std::string::npos) rc = 1;
        // Files the commands wrote into the staging folder: named as the report's relative paths.
        for (std::string staged = staging.path().string() + "/";;) {
            std::size_t at = s.output.find(staged);
            if (at == std::string::npos) break;
            s.output.erase(at, staged.size());
        }
        std::ostringstream took;
        took << "Measured in " << std::fixed << std::setprecision(1) << seconds << " s of this run.";
        s.paragraphs.push_back(took.str());
        report.sections.push_back(std::move(s));
        done += o.quick ? item.quickSeconds : item.fullSeconds;
    }
    rc |= addFigures(lastPaper, o, staging.path(), report, bar, done / total);
    bar.update(1, "writing the report");
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    {
        std::ostringstream took;
        took << std::fixed << std::setprecision(0) << seconds << " s";
        report.header.facts.push_back({"run time", took.str()});
    }
    if (rc) report.header.notices.push_back("A command's own check failed in this run: see the ERROR lines.");
    writeFile(staging.path() / "README.md", report.markdown());
    writeFile(staging.path() / "index.html", report.html());
    writeFile(staging.path() / "pinned.txt", report.pinned());
    staging.commit();
    bar.finish();
    out << "# paper: wrote " << (fs::path(o.outDir) / "README.md").string() << " and "
        << (fs::path(o.outDir) / "index.html").string() << " (" << report.sections.size() << " sections, "
        << std::fixed << std::setprecision(0) << seconds << " s)\n";
    for (const auto& notice : report.header.notices) out << "# " << notice << "\n";
    return rc;
}

BenchCommand declarePaperCommand(CLI::App& app) {
    auto o = std::make_shared<PaperOptions>();
    auto* cmd = app.add_subcommand("paper", "The three papers' tables and figures regenerated, as a report "
                                            "(DIR/README.md and DIR/index.html)");
    cmd->add_option("paper", o->paper, "redon2002, zhang2007, sbv or all (default)");
    cmd->add_option("-o,--out", o->outDir, "Output folder (default: paper-report)");
    cmd->add_flag("--quick", o->quick,
                  "Fewer repeats and frames, the same items (about 3 minutes on 2 cores)");
    cmd->add_option("--viewer", o->viewer,
                    "The cdlab viewer for the 3-D figures (default: next to this binary)");
    CommonOptions::progress(*cmd, o->progress);
    return {cmd, [o](std::ostream& out) { return runPaper(*o, out); }};
}

} // namespace cdlab
