// ViewerUi: every Dear ImGui panel of the viewer — menu, open dialog, error panel, scene and body list,
// timeline, per-viewport algorithm/parameters/overlays/timings/counters, and the comparison table.
#pragma once

#include "ViewerLayout.h"
#include "pipeline/FrameResult.h"

#include <memory>
#include <string>
#include <vector>

namespace cdlab {

/// A "(?)" after the last item that shows `text` as a wrapped tooltip (every panel's help).
void helpMarker(const std::string& text);

class ViewerApp;
struct Viewport;
struct OverlayInfo;
struct OverlaySettings;
struct AlgorithmInfo;

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
    /// One overlay toggle from the table: disabled (the tooltip says why) where it cannot apply.
    void overlayCheckbox(const OverlayInfo& row, OverlaySettings& o, const AlgorithmInfo& algo);
    std::string viewLabel(std::size_t v) const; ///< "view N: algorithm", as the Compare window names it
    void counterPlots(const std::vector<Counter>& counters);
    void comparePanel();
    void shortcuts();
    /// Places the next panel at its layout rectangle when the layout changed (window resized, views added or
    /// removed, Reset layout); otherwise where the user left it.
    void place(const LayoutRect& r);
    /// After Begin: keeps the panel inside the window (a resize may have left it outside) and records where
    /// it is for --print-layout.
    void settle(const std::string& name, int viewport = -1);

public:
    struct Shortcut {
        int key; ///< GLFW key code
        const char* name;
        const char* what;
    };
    /// The keyboard shortcuts (Help > Keys lists them with the mouse actions).
    static const std::vector<Shortcut>& shortcutList();
    /// The Compare panel's last rows for a view: its first time of contact ("1.088077", "free"; "-" for a
    /// discrete algorithm), and whether it agrees with the first view of its kind ("yes", "DIFFERENT",
    /// "DIFFERENT pair", "dt 7e-06": the same pair, times this far apart; "culling only").
    static std::string firstTocCell(const Viewport& vp);
    static std::string sameContactsCell(const std::vector<std::unique_ptr<Viewport>>& vps, std::size_t v);
    /// The panels as drawn this frame (title and rectangle), for --print-layout and its check.
    const std::vector<PlacedPanel>& placed() const { return m_placed; }

private:
    std::vector<PlacedPanel> m_placed;
    int m_placedGeneration = -1; ///< the layout generation the panels were last placed for
    bool m_relayout = false;     ///< this frame places every panel at its layout rectangle
    ViewerApp& m_app;
    bool m_hasWindow;
    bool m_openRequested = false;
    std::string m_pathField;
    Counter m_plotCounter = Counter::EeTests; ///< the counter the Compare window plots over time
    int m_width = 0, m_height = 0;
};

} // namespace cdlab
