// ViewerUi: the viewer's Dear ImGui frame — the main menu, the open dialog, the error and Preparing panels
// and the keyboard shortcuts, and the docked panels it owns (ScenePanel, TimelinePanel, a ViewPanel per view,
// ComparePanel), each given only the state it edits.
#pragma once

#include "ComparePanel.h"
#include "PanelPlacement.h"
#include "PanelWidgets.h" // helpMarker, for the families' panel sections
#include "ScenePanel.h"
#include "TimelinePanel.h"
#include "ViewPanel.h"
#include "ViewerLayout.h"

#include <string>
#include <vector>

namespace cdlab {

class ViewerApp;

class ViewerUi {
public:
    explicit ViewerUi(ViewerApp& app);
    ~ViewerUi();
    void begin(int width, int height);
    void draw();
    void end();

    struct Shortcut {
        int key; ///< GLFW key code
        const char* name;
        const char* what;
    };
    /// The keyboard shortcuts (Help > Keys lists them with the mouse actions).
    static const std::vector<Shortcut>& shortcutList();
    /// The panels as drawn this frame (title and rectangle), for --print-layout and its check.
    const std::vector<PlacedPanel>& placed() const { return m_placement.placed(); }

private:
    void menuBar();
    void openDialog();
    void errorPanel();
    void preparationPanel(); ///< progress of a load or rebuild running in the background, with Cancel
    void shortcuts();

    ViewerApp& m_app;
    bool m_hasWindow;
    PanelPlacement m_placement;
    ScenePanel m_scenePanel;
    TimelinePanel m_timelinePanel;
    ViewPanel m_viewPanel;
    ComparePanel m_comparePanel;
    bool m_openRequested = false;
    std::string m_pathField;
    int m_width = 0, m_height = 0;
};

} // namespace cdlab
