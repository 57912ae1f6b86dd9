// ComparePanel: the Compare panel, shown with two or more views — one plot of a series over the last runs
// with a line per view in the view's colour (a counter or a stage time), a ratio plot against the first view,
// this frame's counters and stage times side by side ("-" where an algorithm does not report a counter), each
// continuous view's first time of contact and whether it agrees with the first view of its kind, and the
// series as CSV next to the scene. It edits only which series it plots.
#pragma once

#include "ViewerLayout.h"
#include "pipeline/FrameResult.h"

#include <nlohmann/json.hpp>

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cdlab {

class PanelPlacement;
struct Viewport;

/// What the Compare plot shows: a counter, or a stage's time in ms ("total": the frame's steps).
struct CompareSeries {
    std::optional<Counter> counter; ///< the counter plotted; none: a stage's time
    std::string stageName;          ///< a stage's name, or "total" (when no counter)
    bool stage() const { return !counter; }
    /// "ee_tests", "narrow ms", "total ms".
    std::string name() const;
    bool operator==(const CompareSeries& o) const {
        return counter == o.counter && (counter || stageName == o.stageName);
    }
};

class ComparePanel {
public:
    /// `status` is the menu bar's message (the CSV export says where it wrote); `scenePath` the scene file
    /// open (the CSV goes next to it; empty: the working directory).
    ComparePanel(PanelPlacement& placement, const std::vector<std::unique_ptr<Viewport>>& viewports,
                 std::string& status, const std::string& scenePath)
        : m_placement(placement), m_viewports(viewports), m_status(status), m_scenePath(scenePath) {}
    void draw(const LayoutRect& rect);

    /// The panel's last rows for a view: its first time of contact ("1.088077", "free"; "-" for a discrete
    /// algorithm), and whether it agrees with the first view of its kind ("yes", "DIFFERENT", "DIFFERENT
    /// pair", "dt 7e-06": the same pair, times this far apart; "culling only"). The run report prints them.
    static std::string firstTocCell(const Viewport& vp);
    /// Why the ratio plot is empty, naming the views that lack the series ("no ratio: view 2 (fcl-sampled)
    /// reports no link_pairs"); empty when a ratio exists. `values`: seriesValues(vps, series).
    static std::string ratioNote(const std::vector<std::unique_ptr<Viewport>>& vps,
                                 const std::vector<std::vector<double>>& values, const CompareSeries& series);
    static std::string sameContactsCell(const std::vector<std::unique_ptr<Viewport>>& vps, std::size_t v);
    /// A view's counter in this frame's table: its value, or "-" when its algorithm does not report it (FCL
    /// counts no BV tests: not 0).
    static std::string counterCell(const Viewport& vp, Counter c);
    /// View v's colour: its line in the plots, the swatch before its name here and in its View panel.
    static std::array<float, 3> viewColour(std::size_t v);
    /// What can be plotted: every counter some view reports, then every stage, then "total".
    static std::vector<CompareSeries> seriesChoices(const std::vector<std::unique_ptr<Viewport>>& vps);
    /// The series shown until one is picked, from what the views report over their last runs: the counter
    /// every view reports that differs most between them (relative spread of their means); without one, the
    /// counter most views report with a value; where every counter is 0 (or none is reported), the total
    /// time. Two views of an algorithm that does no BV tests never get a flat 0 of bv_tests.
    static CompareSeries defaultSeries(const std::vector<std::unique_ptr<Viewport>>& vps);
    /// Per view, the series over its last runs (NaN where its algorithm did not report it in that run).
    static std::vector<std::vector<double>> seriesValues(const std::vector<std::unique_ptr<Viewport>>& vps,
                                                         const CompareSeries& series);
    /// The series as CSV: "run,view 1: bvh,view 2: sbv" then a row per run (the last runs aligned at
    /// the end), an empty cell where a view did not report it or had not run yet.
    static std::string seriesCsv(const std::vector<std::unique_ptr<Viewport>>& vps,
                                 const CompareSeries& series);
    /// The run report's fields: the default series, each view's counters as the table shows them, the CSV
    /// header and row count.
    static nlohmann::json reportFields(const std::vector<std::unique_ptr<Viewport>>& vps);

private:
    std::string viewLabel(std::size_t v) const; ///< "view N: algorithm", as the panel names it
    void seriesPlots(const std::vector<CompareSeries>& choices);
    void exportCsv();

    PanelPlacement& m_placement;
    const std::vector<std::unique_ptr<Viewport>>& m_viewports;
    std::string& m_status;
    const std::string& m_scenePath;
    CompareSeries m_series;   ///< the series plotted
    bool m_picked = false;    ///< picked in the combo: kept; else the default, chosen again as views change
    std::string m_defaultFor; ///< the views' labels the default was chosen for
};

} // namespace cdlab
