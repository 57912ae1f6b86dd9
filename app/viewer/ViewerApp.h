// ViewerApp: the viewer's state and frame loop — one scene, a timeline, and one or more viewports that each
// run their own algorithm (from the registry) on the same frames and draw what it puts into their DrawList.
#pragma once

#include "DrawList.h"
#include "FamilyView.h"
#include "GlPlatform.h"
#include "OrbitCamera.h"
#include "OverlayTable.h"
#include "Renderer.h"
#include "Timeline.h"
#include "ViewerLayout.h"
#include "ViewerSettings.h"
#include "core/Stopwatch.h"
#include "mesh/SurfaceCheck.h"
#include "pipeline/AlgorithmRegistry.h"
#include "pipeline/PrepareJob.h"
#include "scene/Scene.h"

#include <glm/glm.hpp>

#include <deque>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace cdlab {

/// Per-stage times of the last frames (ring buffer) for now / avg / max and the plot.
class TimingHistory {
public:
    static constexpr std::size_t kCapacity = 512;
    void push(const StageTimes& stages);
    void clear() { m_stages.clear(), m_total.clear(); }
    const std::vector<std::pair<std::string, std::deque<float>>>& stages() const { return m_stages; }
    const std::deque<float>& total() const { return m_total; }

private:
    std::vector<std::pair<std::string, std::deque<float>>> m_stages;
    std::deque<float> m_total;
};

struct Viewport {
    std::string algorithm = "bvh";
    ParamSet params;
    /// "rigid-ccd-bm[test=per-face]": the algorithm and its parameters that differ from the defaults, as the
    /// bench labels its rows, so that two viewports of one algorithm are told apart.
    std::string label() const;
    std::unique_ptr<Algorithm> algo;
    PrepareReport prepare;
    FrameResult result;
    OverlaySettings overlays;
    DrawList draw{&overlays};
    /// One view per registered family (familyViews()'s order): its panel sections, own drawing and report,
    /// shown for the frames that carry its detail.
    std::vector<std::unique_ptr<FamilyView>> families = makeFamilyViews(&overlays);
    TimingHistory timing;
    std::deque<Counters> counters; ///< the last frames' counters (TimingHistory::kCapacity), for the plot
    OrbitCamera camera;
    std::string error;
    /// What `algo` was made from: the panel edits `algorithm` and `params` at once, and a cancelled
    /// rebuild puts these back.
    std::string preparedAlgorithm;
    ParamSet preparedParams;
    /// Nodes per level (the hierarchy cut there) of body levelSizesObject, for the BM-level plot: counted
    /// once per body and prepared algorithm (-1: not counted).
    std::vector<std::uint32_t> levelSizes;
    int levelSizesObject = -1;
};

struct BodyView {
    bool visible = true;
    float color[4] = {0.7f, 0.7f, 0.7f, 1.0f};
};

struct ViewerOptions {
    std::vector<std::string> inputs;     ///< a scene file, or mesh files
    std::vector<std::string> algorithms; ///< one per viewport, "name[:k=v,...]"
    int frames = 0;                      ///< automation: run this many frames, then exit
    std::string screenshot;              ///< automation: PNG written after the last frame
    bool allOverlays = false;
    std::string settingsPath; ///< empty: settings are neither read nor written
    ViewerSettings settings;  ///< loaded by main before the window opens
    std::string thenLoad;     ///< automation: open this after half of the frames (scripted demos, tests)
    std::vector<float> pick;  ///< automation: Ctrl+click here (x, y as fractions of the window), frame 1
    bool hasAt = false;       ///< automation: the last frame ends at `at`, frames one scene frame long
    double at = 0;
    bool seekContact = false; ///< automation: `at` is the end of the first frame with a contact
    std::string thenAlgo;     ///< automation: switch the first viewport to this spec after half of the frames
    bool cancelThen = false;  ///< automation: Cancel the --then / --then-algo preparation once it has drawn
    bool printLayout = false; ///< automation: print every panel's and viewport's rectangle, and the check
    std::vector<int> resizeTo; ///< automation: resize the window to (width, height) after half of the frames
    std::string select;        ///< automation: select this object ("model/link") as the link tree does
    std::string taps; ///< automation: keys tapped (down and up) within the middle frame, e.g. "O*10,P"
    std::vector<int>
        levels; ///< the BVH level of each viewport's overlays (the last repeats); empty: settings'
    std::vector<float> hover; ///< automation (offscreen): the mouse rests here (x, y as window fractions)
    std::vector<FamilyStep> steps; ///< --step NAME=K: a family's step-through index, as it counts them
    std::string reportPath;        ///< automation: the run report as JSON (--report FILE.json)
};

class ViewerApp {
public:
    ViewerApp(GlPlatform& platform, ViewerOptions options);
    ~ViewerApp();
    /// Runs until the window closes (or the automated frames are done). Returns the process exit code.
    int run();

private:
    friend class ViewerUi;
    /// What the automated run's report needs from the frame loop.
    struct ReportInputs {
        int frames = 0;
        double lastFrom = 0, lastTo = 0;
        std::vector<double> coverage;
        const std::vector<PlacedPanel>& placed;
    };
    /// Prints the automated run's report and writes it as JSON to --report (ViewerReport.cpp); false when
    /// the file cannot be written.
    bool writeReport(const ReportInputs& in);
    /// Loads a scene (or meshes side by side) and prepares every viewport's algorithm on it in the
    /// background; the current scene keeps running until all is ready, and stays when the load fails.
    void load(const std::vector<std::string>& paths);
    /// Prepares the viewport's algorithm again (it or its parameters changed), in the background; the
    /// viewport keeps running its current one meanwhile.
    void rebuild(Viewport& vp);
    void addViewport(const std::string& spec);
    /// Sets the viewport's algorithm and parameters from "name[:key=value,...]" (`context` names the option
    /// in errors) and prepares it, as its picker does.
    void setAlgorithm(Viewport& vp, const std::string& spec, const std::string& context);
    void removeLastViewport();
    /// (Re)starts the background job for m_pending (a running one is cancelled: its work is redone).
    void startPreparation();
    /// Applies the background job once it has finished; called every frame.
    void pollPreparation();
    /// Stops the background job; the scene and algorithms it would have replaced stay.
    void cancelPreparation();
    void installScene(std::unique_ptr<Scene> scene, std::vector<Viewport*> targets,
                      std::vector<PreparedAlgorithm> prepared);
    void applyPrepared(Viewport& vp, PreparedAlgorithm prepared);
    void stepViewports(double t0, double t1);
    /// Recomputes m_layout for the window size and viewport count; when either changed since the last
    /// call the panels are placed again (m_layoutGeneration) and, on a split, the cameras reframe.
    void updateLayout();
    void render(int width, int height);
    void handleCameraInput(int width, int height);
    /// The time labels the viewport's algorithm drew (times of contact), at their projected positions.
    void drawLabels(const Viewport& vp, const glm::mat4& viewProj, const LayoutRect& viewport);
    /// The legend entries of what the viewport drew this frame (only categories drawn), and their drawing at
    /// the bottom left of the view.
    struct LegendLine {
        const LegendEntry* entry;
        std::string name; ///< in the run report: the category's name, or the family's line's
    };
    std::vector<LegendLine> legend(const Viewport& vp) const;
    void drawLegend(const Viewport& vp, const LayoutRect& viewport);
    /// Next contact: steps the scene's frames from the current time until a viewport reports a contact and
    /// pauses on that frame. startSeek() begins; seekContact() goes on for up to `budgetMs` of stepping and
    /// returns true while the search is not over (found, or the scene's end); stopSeek() gives up.
    void startSeek();
    bool seekContact(double budgetMs);
    void stopSeek();
    /// "door vertex 12 / door face 345 (vertex/face)": the bodies by name and their features.
    std::string describeContact(const TimeOfContact& c) const;
    /// Ctrl+click at window pixel (x, y): the viewport under it (every viewport when cameras are linked)
    /// picks the node of its chosen body and level that the view ray enters first.
    void pickAt(float x, float y, int width, int height);
    bool saveScreenshot(const std::string& path, int width, int height);
    /// Per viewport, the share of its pixels that differ from its background colour, read after the scene
    /// and overlays are drawn and before the panels: the automated runs' check that a view is not blank.
    std::vector<double> sceneCoverage(int width, int height) const;
    Aabb sceneBounds(double t) const;
    void frameAll();
    /// Fresh cameras looking from the scene's `view` direction (the default orbit angles when it names
    /// none), framing everything.
    void resetCameras();
    /// vp.levelSizes for the body its overlays show, counted from the algorithm's structure drawing.
    const std::vector<std::uint32_t>& levelSizes(Viewport& vp);
    /// Centres viewport v's camera (the shared one when cameras are linked) on a point, close enough that
    /// millimetre features show: a box of 3 % of the scene's size around it.
    void lookAt(int v, const Vec3& point);

    GlPlatform& m_platform;
    ViewerOptions m_options;
    std::unique_ptr<Renderer> m_renderer;
    std::unique_ptr<Scene> m_scene;
    std::shared_ptr<MeshDataCache> m_meshData; ///< per-mesh structures of m_scene, shared by the views
    std::unique_ptr<SceneObjects> m_objects;
    /// Per object, its deformed mesh at m_deformedTime (empty for rigid objects): what the view draws for
    /// a deforming body, its positions re-uploaded whenever the time changes.
    std::vector<TriangleMesh> m_deformed;
    double m_deformedTime = 0;
    bool m_deformedValid = false;
    /// Brings the deforming objects' meshes (and their GPU copies) to the timeline's time; nothing when none
    /// deforms.
    void updateDeformed();
    /// The mesh drawn for object i: its deformed copy, or its rest mesh.
    const TriangleMesh& drawnMesh(std::size_t i) const;
    std::vector<BodyView> m_bodyViews;
    /// Whether each mesh of the scene is closed and wound outwards, by mesh (links may share one): the Scene
    /// panel shows it because the LDI query and its CGAL peer need closed meshes. Computed on first use
    /// from the rest mesh (a deforming body's deformation keeps its connectivity); cleared on every load.
    std::map<const TriangleMesh*, SurfaceCheck> m_surfaces;
    const SurfaceCheck& surfaceOf(std::size_t object);
    /// "cylinder closed, outward; ball open or inconsistently wound: 12 unmatched edges" (the automated
    /// runs print it).
    std::string describeSurfaces();
    int m_selectedLink = -1; ///< the object picked in the Scene panel's link tree; its chain is highlighted
    std::string m_selectProblem; ///< --select named no object of the scene installed: shown as an error
    /// Selects object `object` (a link: its chain is highlighted and every view's overlays follow it).
    void selectObject(int object);
    /// "base > pelvis > thigh_l": the chain from a model's base to the object (a link), or its name.
    std::string chainText(int object) const;
    /// Whether `object` is the selected link or one of its ancestors.
    bool inSelectedChain(int object) const;
    std::vector<std::unique_ptr<Viewport>> m_viewports;
    std::string m_scenePath, m_lastScene, m_loadError, m_status;
    std::string m_settingsProblem; // a malformed settings file, shown until dismissed
    bool m_hadLoadError = false;   // any failed load during an automated run (exit code 2)

    Timeline m_timeline;
    bool m_linkCameras = true;
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
    float m_frameMs = 0, m_stepMs = 0; // last frame: whole frame and collision steps
    std::deque<float> m_frameHistory, m_overheadHistory;

    /// What the background job is doing: loading `paths`, or preparing the algorithms of `targets` (on a
    /// load, every viewport's).
    struct Pending {
        bool load = false;
        std::vector<std::string> paths;
        std::string label; ///< the paths as one line, for the panel and the status
        std::vector<Viewport*> targets;
    };
    Pending m_pending;
    Stopwatch m_jobClock;
    int m_framesWhilePreparing = 0; // frames drawn while a job ran (automation waits for it, counting these)
    PrepareJob m_job; // last: destroyed (cancelled and joined) before the scene and viewports it reads
};

} // namespace cdlab
