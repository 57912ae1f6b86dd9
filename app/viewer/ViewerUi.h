// ViewerUi: every Dear ImGui panel of the viewer — menu, open dialog, error panel, scene and body list,
// timeline, per-viewport algorithm/parameters/overlays/timings/counters, and the comparison table.
#pragma once

#include "pipeline/FrameResult.h"

#include <string>
#include <vector>

namespace cdlab {

class ViewerApp;
struct Viewport;

class ViewerUi {
public:
    explicit ViewerUi(ViewerApp& app);
    ~ViewerUi();
    void begin(int width, int height);
    void draw();
    void end();

private:
    void menuBar();
    void openDialog();
    void errorPanel();
    void preparationPanel(); ///< progress of a load or rebuild running in the background, with Cancel
    void scenePanel();
    void timelinePanel();
    void viewportPanel(int index, Viewport& vp);
    std::string viewLabel(std::size_t v) const; ///< "view N: algorithm", as the Compare window names it
    void counterPlots(const std::vector<Counter>& counters);
    void comparePanel();
    void shortcuts();

    ViewerApp& m_app;
    bool m_hasWindow;
    bool m_openRequested = false;
    std::string m_pathField;
    Counter m_plotCounter = Counter::EeTests; ///< the counter the Compare window plots over time
    int m_width = 0, m_height = 0;
};

} // namespace cdlab
