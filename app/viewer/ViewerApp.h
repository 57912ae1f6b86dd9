// ViewerApp: the viewer's state and frame loop — one scene, a timeline, and one or more viewports that each
// run their own algorithm (from the registry) on the same frames and draw what it puts into their DrawList.
#pragma once

#include "Automation.h"
#include "BodyEditor.h"
#include "FamilyView.h"
#include "GlPlatform.h"
#include "LoadedScene.h"
#include "OrbitCamera.h"
#include "OverlayTable.h"
#include "Preparation.h"
#include "Renderer.h"
#include "Replay.h"
#include "Shot.h"
#include "Timeline.h"
#include "Tour.h"
#include "VideoExportJob.h"
#include "ViewerLayout.h"
#include "ViewerRecorder.h"
#include "ViewerSettings.h"
#include "Viewport.h"
#include "core/Stopwatch.h"
#include "pipeline/AlgorithmRegistry.h"
#include "scene/Scene.h"

#include <glm/glm.hpp>

#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cdlab {

/// What the viewer is started with: its inputs, algorithms, overlays and settings, and the scripted run's
/// options (Automation's).
struct ViewerOptions {
    std::vector<std::string> inputs;     ///< a scene file, or mesh files
    std::vector<std::string> algorithms; ///< one per viewport, "name[:k=v,...]"
    bool allOverlays = false;
    /// The BVH level of each viewport's overlays (the last repeats); empty: the settings'.
    std::vector<int> levels;
    std::string settingsPath; ///< empty: settings are neither read nor written
    ViewerSettings settings;  ///< loaded by main before the window opens
    float uiScale = 0;        ///< --ui-scale; 0: the settings'
    /// A shot to open (`cdlab SHOT.json`, read by main): its scene, views, camera, time and the rest.
    std::optional<Shot> shot;
    std::string shotPath;    ///< the shot's file, for its scene's relative path and in errors
    bool presenting = false; ///< --present: start in presentation mode
    /// A tour (`cdlab TOUR.json`, read by main) and the step shown first (0-based; --tour-step K is K-1):
    /// `shot` and `shotPath` then hold that step's shot.
    std::optional<Tour> tour;
    std::string tourPath;
    int tourStep = 0;
    AutomationOptions automation;
};

class ViewerApp {
public:
    ViewerApp(GlPlatform& platform, ViewerOptions options);
    ~ViewerApp();
    /// Runs until the window closes (or the automated frames are done). Returns the process exit code.
    int run();

    // What the panels, the menu and the shortcuts (ViewerUi) edit, and the actions they take.
    GlPlatform& platform() { return m_platform; }
    const ViewerOptions& options() const { return m_options; }
    /// Where --hover and --click put the mouse this frame (offscreen automated runs).
    const ScriptedMouse& scriptedMouse() const { return m_scriptedMouse; }
    Timeline& timeline() { return m_timeline; }
    LoadedScene& loaded() { return m_loaded; }
    Preparation& preparation() { return m_preparation; }
    const std::vector<std::unique_ptr<Viewport>>& viewports() const { return m_viewports; }
    /// Where the panels and viewports are this frame, and its generation: bumped when the panels must be
    /// placed again (size, views, Reset layout).
    const ViewerLayout& layout() const { return m_layout; }
    int& layoutGeneration() { return m_layoutGeneration; }
    const FrameTimes& frameTimes() const { return m_frameTimes; }
    RenderMode& renderMode() { return m_renderMode; }
    bool& linkCameras() { return m_linkCameras; }
    /// Presentation mode (one key, View menu): every panel hidden but a caption line, the views filling the
    /// window.
    bool& presenting() { return m_presenting; }
    /// The UI scale: fonts, the panels' sizes, overlay lines and labels (kMinUiScale..kMaxUiScale).
    float& uiScale() { return m_uiScale; }
    float& menuHeight() { return m_menuHeight; } ///< the main menu bar's height, as ImGui last drew it
    std::string& status() { return m_status; }   ///< the menu bar's last message
    const std::string& lastScene() const { return m_lastScene; }
    std::string& loadError() { return m_loadError; }                 ///< shown until dismissed
    std::string& settingsProblem() { return m_settingsProblem; }     ///< a malformed settings file, ditto
    std::string& pendingScreenshot() { return m_pendingScreenshot; } ///< written after this frame
    int& shortcutsActedOn() { return m_shortcutsActedOn; }
    /// Loads a scene (or meshes side by side) and prepares every viewport's algorithm on it in the
    /// background; the current scene keeps running until all is ready, and stays when the load fails.
    void load(const std::vector<std::string>& paths);
    /// Recordings (issue 44; ViewerAppReplay.cpp). Opens a recording (`cdlab F.cdrec`, File > Open, a drop;
    /// load() sends them here): one view per recorded spec replaying its frames on the embedded scene, no
    /// algorithm runs. A damaged, truncated or foreign file is shown in the error panel (naming the file and
    /// what does not match) and what is open stays; returns whether it opened.
    bool openRecording(const std::string& path);
    /// File > Record: every view's answer and drawing, per frame the views step while time moves forward,
    /// into `path` (the format run --record writes); the status line says when it cannot (no scene file,
    /// a replay, an unwritable path). stopRecording() ends the file and returns what to say.
    void startRecording(const std::string& path);
    std::string stopRecording();
    const ViewerRecorder* recorder() const { return m_recorder.get(); }
    /// Adds a view running `spec` (`context` names where the spec came from in errors).
    void addViewport(const std::string& spec, const std::string& context = "--algo");
    /// Shots (issue 44). The picture shown now as a shot; its scene path relative to `shotPath`'s folder
    /// (absolute when `shotPath` is empty or the scene lies elsewhere).
    Shot captureShot(const std::string& shotPath) const;
    /// File > Open shot: reads the shot, then loads its scene and views in the background and shows its
    /// camera, time and overlays once ready. A bad shot (InputError) is shown in the error panel and what
    /// is open stays.
    void openShot(const std::string& path);
    /// File > Save shot; the status line says where it wrote.
    bool saveShot(const std::string& path);
    /// The open shot's caption (presentation mode shows it), empty when none.
    const std::string& shotCaption() const { return m_shotCaption; }
    /// Screenshots (F12, File > Screenshot): the folder they go to (empty: the working directory) and
    /// whether they include the panels (else the views only); kept in the settings file.
    std::string& screenshotFolder() { return m_screenshotFolder; }
    bool& screenshotPanels() { return m_screenshotPanels; }
    /// F12: the next screenshot's name in the folder ("doors-rigid-ccd-bm-f0037.png", never an existing
    /// file), written after this frame.
    void takeScreenshot();
    void removeLastViewport();
    /// Stops the background job; the scene and algorithms it would have replaced stay.
    void cancelPreparation();
    /// Next contact: steps the scene's frames from the current time until a viewport reports a contact and
    /// pauses on that frame. startSeek() begins; seekContact() goes on for up to `budgetMs` of stepping and
    /// returns true while the search is not over (found, or the scene's end); stopSeek() gives up.
    void startSeek();
    void stopSeek();
    /// One step of the search (Automation runs it to the end before the first frame).
    bool seekContact(double budgetMs);
    /// Sets the viewport's algorithm and parameters from "name[:key=value,...]" (`context` names the option
    /// in errors) and prepares it, as its picker does.
    void setAlgorithm(Viewport& vp, const std::string& spec, const std::string& context);
    /// Ctrl+click at window position (x, y), in ImGui's units (--pick).
    void ctrlClick(float x, float y);
    void frameAll();
    /// Fresh cameras looking from the scene's `view` direction (the default orbit angles when it names
    /// none), framing everything.
    void resetCameras();
    /// Centres viewport v's camera (the shared one when cameras are linked) on a point, close enough that
    /// millimetre features show: a box of 3 % of the scene's size around it.
    void lookAt(int v, const Vec3& point);
    /// View v's camera keeps its direction and fits `box` into the part of the view its panel leaves free
    /// (a family's "look at" a structure it drew, e.g. the two nodes a step-through shows).
    void frameBox(int v, const Aabb& box);
    /// Selects object `object` (a link: its chain is highlighted and every view's overlays follow it).
    void selectObject(int object);
    /// Camera actions (issue 43). Follows object `object` (-1: stops): every camera's target tracks its
    /// box's centre while playing.
    void followObject(int object);
    /// Fits the selected object's box at the time shown into every view (the status line says when
    /// nothing is selected).
    void frameSelection();
    /// "look" on view v's k-th first contact: from across the contact normal (both bodies side by side,
    /// CameraFraming's contactView), framing the contact and the bodies' centres.
    void lookAtContact(int v, std::size_t k);
    /// The motion trails' poses between a frame's start and end (the Scene panel's slider).
    int& trailBetween() { return m_trailBetween; }
    /// File > Export video (issue 44): starts an export of the scene's grid frames at the settings' size
    /// (InputError naming the file when it cannot); the window keeps running and shows each frame exported.
    void startVideoExport(const VideoExportSettings& settings);
    /// The export under way, or nullptr.
    const VideoExportJob* videoExport() const { return m_videoJob.get(); }
    /// Stops the export: its file is removed and the time goes back to where it was.
    void cancelVideoExport() { m_videoJob.reset(); }
    /// Tours (issue 44; ViewerAppTours.cpp). Opens a tour at step `step` (0-based): every step's shot is
    /// checked first; a bad tour is shown in the error panel and what is open stays.
    void openTour(const std::string& path, int step = 0);
    /// Shows step `k` of the open tour: its shot through the shot path (openShot), then its actions once
    /// the shot is applied. Out of range: nothing.
    void goToTourStep(int k);
    void closeTour();
    const Tour* tour() const { return m_tour ? &*m_tour : nullptr; }
    int tourStep() const { return m_tourStep; }
    /// "TITLE: step k of n: caption" (empty without a tour): the run report's line.
    std::string tourLine() const;
    /// Opens a shot already read (a tour's step; `path`: the file its scene is relative to).
    void openShot(Shot shot, const std::string& path);
    /// The moved-body editor (issue 44, "your own motion"; BodyEditor.h): edit mode, drags, keyframes.
    BodyEditor& editor() { return m_editor; }
    /// The ray through window point (x, y) in the view under it (world coordinates) and that view's
    /// forward direction (eye to target); false outside every view.
    bool viewRay(float x, float y, Vec3& origin, Vec3& dir, Vec3& forward) const;
    /// The first view's forward direction (eye to target).
    Vec3 viewForward() const;
    /// A body's keyframes changed (the editor): the scene's range follows its keys (the time shown stays),
    /// every view steps again on the edited poses and the contact marks seen so far go.
    void motionEdited();
    /// File > Save scene as (scene/SceneWriter.h): false, with the error panel naming the file and why,
    /// when the path cannot be written or the scene cannot be expressed.
    bool saveScene(const std::string& path);

private:
    /// Prepares the viewport's algorithm again (it or its parameters changed), in the background; the
    /// viewport keeps running its current one meanwhile.
    void rebuild(Viewport& vp);
    /// Applies the background job once it has finished; called every frame.
    void pollPreparation();
    void installScene(std::unique_ptr<Scene> scene, std::vector<Viewport*> targets,
                      std::vector<PreparedAlgorithm> prepared);
    void applyPrepared(Viewport& vp, PreparedAlgorithm prepared);
    /// A recording's scene is installed: the timeline takes the recording's frame grid.
    void replayInstalled(const ReplaySource& replay);
    /// " (replay of N frames x V views, build B)": the status line's addition on opening a recording.
    static std::string replayStatus(const ReplaySource& replay);
    /// Another scene opens: replaying views become live views of their recorded algorithm.
    void endReplay();
    static std::string defaultScenePath();
    void stepViewports(double t0, double t1);
    /// The part of viewport v that framing fits into, in normalized device coordinates (x0, x1, y0, y1):
    /// left of its docked panel when that leaves at least half the view (one view: the panel is open and
    /// covered the scene's right part, where the walker walked), else all of it.
    glm::vec4 freeArea(int v) const;
    /// After stepping: the followed object's centre becomes every camera's target; linked cameras take
    /// the shared one (so that the report and an unlinked view start from what was shown).
    void updateCameras();
    /// Recomputes m_layout for the window size and viewport count; when either changed since the last
    /// call the panels are placed again (m_layoutGeneration) and, on a split, the cameras reframe.
    void updateLayout();
    void render(int width, int height);
    void handleCameraInput(int width, int height);
    /// The time labels the viewport's algorithm drew (times of contact), at their projected positions.
    /// `free` is freeArea(v): a label left of the view's docked panel stays left of it.
    void drawLabels(Viewport& vp, const glm::mat4& viewProj, const LayoutRect& viewport,
                    const glm::vec4& free);
    /// The legend entries of what the viewport drew this frame (only categories drawn), and their drawing at
    /// the bottom left of the view.
    struct LegendLine {
        const LegendEntry* entry;
        std::string name; ///< in the run report: the category's name, or the family's line's
    };
    std::vector<LegendLine> legend(const Viewport& vp) const;
    void drawLegend(const Viewport& vp, const LayoutRect& viewport);
    /// Ctrl+click at window pixel (x, y): the viewport under it (every viewport when cameras are linked)
    /// picks the node of its chosen body and level that the view ray enters first.
    void pickAt(float x, float y, int width, int height);
    /// The ray through window point (x, y) in viewport v's camera (world coordinates); false outside it.
    bool cursorRay(int v, float x, float y, int width, int height, Vec3& origin, Vec3& dir) const;
    /// Every view's family views' hover(): the ray through (x, y) for the view it is over (when `over`: not
    /// over a panel), none for the others.
    void hoverFamilies(bool over, float x, float y, int width, int height);
    bool saveScreenshot(const std::string& path, int width, int height);
    /// The views alone at `width` x `height` on the bound framebuffer (laid out as in presentation mode,
    /// without the caption), for the video export's frames.
    void renderViews(int width, int height);
    /// After a frame is drawn: the export under way draws and encodes it; the last one finishes the file.
    void captureVideoFrame();
    /// Checks a shot's algorithms and step families against the registries (InputError naming the file
    /// and field) before anything changes.
    void checkShot(const Shot& shot, const std::string& path) const;
    /// Once the shot's scene is installed: its views' overlays, BVH bodies and cameras, the selection,
    /// the followed object, the steps, the time and the display settings.
    void applyShot(const Shot& shot, const std::string& path);
    /// Reopen where you left off: the user's current state as a shot (lastShotPath()), written at most
    /// once a second after a change (`force`: now, at exit); nothing without a settings file.
    void saveLastShot(bool force);
    std::string lastShotPath() const;
    /// Every step's shot (checkShot) and every action's family, before anything changes (InputError).
    void checkTour(const Tour& tour, const std::string& path) const;
    /// After a tour step's shot is applied: its actions (Next contact, a step-through index, play N frames).
    void runTourActions();
    /// Each frame: a tour's "play N frames" pauses once they are shown.
    void updateTourPlay();
    /// Per viewport, the share of its pixels that differ from its background colour, read after the scene
    /// and overlays are drawn and before the panels: the automated runs' check that a view is not blank.
    std::vector<double> sceneCoverage(int width, int height) const;

    GlPlatform& m_platform;
    ViewerOptions m_options;
    ScriptedMouse m_scriptedMouse;
    std::unique_ptr<Renderer> m_renderer;
    LoadedScene m_loaded;
    std::string m_selectProblem; ///< --select named no object of the scene installed: shown as an error
    std::vector<std::unique_ptr<Viewport>> m_viewports;
    std::string m_scenePath, m_lastScene, m_loadError, m_status;
    std::string m_settingsProblem; // a malformed settings file, shown until dismissed
    bool m_hadLoadError = false;   // any failed load during an automated run (exit code 2)

    Timeline m_timeline;
    bool m_linkCameras = true;
    bool m_presenting = false;
    float m_uiScale = 1;
    float m_layoutScale = -1;
    bool m_layoutPresenting = false;
    int m_trailBetween = MotionTrail::kDefaultBetween;
    int m_shortcutsActedOn = 0; ///< key presses that triggered a shortcut (the automated summary prints it)
    RenderMode m_renderMode = RenderMode::Shaded;
    int m_width = 0, m_height = 0;
    ViewerLayout m_layout;      ///< where the panels and viewports are this frame
    int m_layoutGeneration = 0; ///< bumped when the panels must be placed again (size, views, reset)
    int m_layoutWidth = -1, m_layoutHeight = -1, m_layoutViews = -1;
    float m_layoutMenu = -1;
    float m_pixelScale = 1;  ///< framebuffer pixels per window unit (above 1 on a scaled display)
    float m_menuHeight = 19; ///< the main menu bar's height, as ImGui last drew it
    std::string m_pendingScreenshot;
    std::optional<Shot> m_pendingShot; ///< applied once its scene is installed
    std::string m_pendingShotPath;
    bool m_cameraFromShot = false; ///< the first frame keeps the shot's cameras (no frame all)
    std::string m_shotCaption;
    std::string m_sceneFile;            ///< the open scene's file (absolute; empty for meshes side by side)
    std::map<std::string, int> m_steps; ///< the step-through indices set (--step, a shot), by family
    std::string m_screenshotFolder;
    bool m_screenshotPanels = true;
    std::string m_lastShotJson; ///< the last shot written (reopen where you left off)
    double m_lastShotCheck = -1;
    FrameTimes m_frameTimes; ///< the whole frames' times, and the collision steps' in the last
    std::unique_ptr<VideoExportJob> m_videoJob; ///< File > Export video, while it runs
    std::unique_ptr<ViewerRecorder> m_recorder; ///< File > Record, while it runs
    std::optional<Tour> m_tour;                 ///< the open tour
    std::string m_tourPath;
    int m_tourStep = 0;
    bool m_tourActionsPending = false; ///< the step's actions run once its shot is applied
    int m_tourPlayUntil = -1;          ///< "play N frames": the grid position to pause at; -1: none

    BodyEditor m_editor; ///< issue 44: bodies moved with the mouse, keyframed, saved as a scene

    /// Last: destroyed (its job cancelled and joined) before the scene and viewports it reads.
    Preparation m_preparation{m_viewports, m_loaded};
};

} // namespace cdlab
