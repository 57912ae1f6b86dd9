// ComparePanel: the Compare panel, shown with two or more views — one counter over the last frames per view,
// this frame's counters and stage times side by side, each continuous view's first time of contact and
// whether it agrees with the first view of its kind. It edits only which counter it plots.
#pragma once

#include "ViewerLayout.h"
#include "ccd/CcdCounters.h"
#include "pipeline/FrameResult.h"

#include <memory>
#include <string>
#include <vector>

namespace cdlab {

class PanelPlacement;
struct Viewport;

class ComparePanel {
public:
    ComparePanel(PanelPlacement& placement, const std::vector<std::unique_ptr<Viewport>>& viewports)
        : m_placement(placement), m_viewports(viewports) {}
    void draw(const LayoutRect& rect);

    /// The panel's last rows for a view: its first time of contact ("1.088077", "free"; "-" for a discrete
    /// algorithm), and whether it agrees with the first view of its kind ("yes", "DIFFERENT", "DIFFERENT
    /// pair", "dt 7e-06": the same pair, times this far apart; "culling only"). The run report prints them.
    static std::string firstTocCell(const Viewport& vp);
    static std::string sameContactsCell(const std::vector<std::unique_ptr<Viewport>>& vps, std::size_t v);

private:
    std::string viewLabel(std::size_t v) const; ///< "view N: algorithm", as the panel names it
    void counterPlots(const std::vector<Counter>& counters);

    PanelPlacement& m_placement;
    const std::vector<std::unique_ptr<Viewport>>& m_viewports;
    Counter m_plotCounter = counter::EeTests; ///< the counter plotted over time
};

} // namespace cdlab
