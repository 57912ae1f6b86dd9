// ViewerReport: the automated run's report — the human-readable lines on stdout that people (and
// docs/BENCHMARKS.md) read, and with --report FILE.json the same facts as fields that tests read instead of
// matching the lines. It receives what it reports (ViewerReport::Inputs, filled by ViewerApp after the last
// frame) and reads nothing else; each family view adds its own lines and fields (FamilyView::report).
#pragma once

#include "Automation.h"
#include "LoadedScene.h"
#include "TimingHistory.h"
#include "ViewerLayout.h"
#include "Viewport.h"

#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <vector>

namespace cdlab {

class ViewerReport {
public:
    /// The state at the end of the automated run.
    struct Inputs {
        LoadedScene& loaded; ///< not const: its surface checks are computed on first use
        /// Not const: a view's level sizes (levelSizes) are counted on first use.
        const std::vector<std::unique_ptr<Viewport>>& viewports;
        const FrameTimes& frameTimes;
        const ViewerLayout& layout;
        const std::vector<PlacedPanel>& placed; ///< where the panels were drawn on the last frame
        int width = 0, height = 0;              ///< the framebuffer's
        int frames = 0;
        double lastFrom = 0, lastTo = 0;       ///< the last frame's time span
        int framePosition = 0, frameCount = 0; ///< on the scene's grid: the frame ending at lastTo, of n
        std::vector<double> coverage;          ///< per viewport, the share of its pixels the scene covers
        /// Per viewport, the names of the legend's lines drawn on the last frame.
        std::vector<std::vector<std::string>> legends;
        int framesWhilePreparing = 0;
        int shortcutsActedOn = 0, singleSteps = 0; ///< what --tap's keys did
        std::string status;                        ///< the menu bar's last message
        /// Presentation: the mode, its caption line as drawn (empty outside it), the UI scale and the
        /// font size it gave.
        bool presenting = false;
        std::string caption;
        float uiScale = 1, fontSize = 0;
        /// A tour's step shown (issue 44): "TITLE: step k of n: caption"; empty without a tour.
        std::string tour;
    };

    ViewerReport(const Inputs& in, const AutomationOptions& options);
    /// Prints the lines and, with --report, writes the JSON; false when that file cannot be written.
    bool write();

private:
    void run();      ///< the scene, the frames' times, the GL state
    void views();    ///< per viewport: errors, picks, first contacts, counters, drawing, legend
    void families(); ///< each family's sections, family by family
    void compare();  ///< the Compare panel's answers (two or more views)
    void session();  ///< preparation, surfaces, taps, selection
    void layout();   ///< --print-layout's rectangles and check
    /// Presentation mode, its caption, the UI scale and its font size: printed last (older tests read the
    /// lines before in order).
    void presentation();
    void cameras(); ///< per viewport: the camera it was drawn with, its motion trail (after the rest)

    const Inputs& m_in;
    const AutomationOptions& m_options;
    nlohmann::json m_report;
};

} // namespace cdlab
