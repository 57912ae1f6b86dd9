// ViewerUi: the viewer's Dear ImGui frame — the main menu, the open dialog, the error and Preparing panels
// and the keyboard shortcuts, and the docked panels it owns (ScenePanel, TimelinePanel, a ViewPanel per view,
// ComparePanel), each given only the state it edits.
#pragma once

#include "BodyEditorPanel.h"
#include "ComparePanel.h"
#include "PanelPlacement.h"
#include "PanelWidgets.h" // helpMarker, for the families' panel sections
#include "ScenePanel.h"
#include "TimelinePanel.h"
#include "TourBar.h"
#include "VideoExportDialog.h"
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
    /// Presentation mode's caption line as last drawn (empty outside it): scene, frame, the views.
    const std::string& caption() const { return m_caption; }

private:
    void menuBar();
    void openDialog();
    /// Save shot and Screenshot folder: a path typed into a field (as the open dialog's).
    enum class PathPrompt { SaveShot, ScreenshotFolder, SaveScene, Record };
    void askPath(PathPrompt what);
    void pathPrompt();
    void errorPanel();
    void preparationPanel(); ///< progress of a load or rebuild running in the background, with Cancel
    void shortcuts();
    /// Presentation mode: the one line drawn instead of the panels (and its height as the menu's).
    void captionLine();
    /// Fonts and the style's sizes at the app's UI scale (the font atlas rasterized at the scaled size,
    /// crisp, rather than a blurry ImGui global scale); before ImGui's frame, when the scale changed.
    void applyUiScale();

    ViewerApp& m_app;
    bool m_hasWindow;
    PanelPlacement m_placement;
    ScenePanel m_scenePanel;
    TimelinePanel m_timelinePanel;
    ViewPanel m_viewPanel;
    ComparePanel m_comparePanel;
    bool m_openRequested = false;
    std::string m_pathField;
    PathPrompt m_prompt = PathPrompt::SaveShot;
    bool m_promptOpen = false;
    std::string m_promptField;
    int m_width = 0, m_height = 0;
    float m_appliedScale = 0; ///< the UI scale the fonts and style were made for
    std::string m_caption;
    VideoExportDialog m_videoDialog; ///< File > Export video, and its progress while it runs
    TourBar m_tourBar;               ///< an open tour's caption bar
    BodyEditorPanel m_editPanel;     ///< the moved-body editor's panel (issue 44), in edit mode
};

} // namespace cdlab
