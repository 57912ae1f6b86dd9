#include "ViewerApp.h"

#include "Automation.h"
#include "CameraFraming.h"
#include "OverlayTable.h"
#include "VideoExport.h"
#include "ViewerReport.h"
#include "ViewerUi.h"
#include "core/InputError.h"
#include "core/Stopwatch.h"
#include "debug/DebugSink.h"
#include "mesh/MeshImporter.h"
#include "peers/Peers.h"
#include "pipeline/AlgorithmRegistry.h"
#include "scene/SceneLoader.h"

#include <GLFW/glfw3.h>
#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <glad/gl.h>
#include <glm/gtc/matrix_transform.hpp>
#include <imgui.h>
#include <iomanip>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stb_image_write.h>
#include <thread>

namespace cdlab {

ViewerApp::ViewerApp(GlPlatform& platform, ViewerOptions options)
    : m_platform(platform), m_options(std::move(options)), m_renderer(std::make_unique<Renderer>()) {
    registerPeerAlgorithms(AlgorithmRegistry::instance());
    const ViewerSettings& st = m_options.settings;
    m_lastScene = st.lastScene;
    m_renderMode = RenderMode(st.renderMode);
    m_linkCameras = st.linkCameras;
    m_uiScale = std::clamp(m_options.uiScale > 0 ? m_options.uiScale : st.uiScale, kMinUiScale, kMaxUiScale);
    m_presenting = m_options.presenting;
    m_settingsProblem = st.problem;
    m_screenshotFolder = st.screenshotFolder;
    m_screenshotPanels = st.screenshotPanels;
    // Reopen where you left off: without inputs, the shot the last session kept of its state (a missing or
    // broken one: the default scene, and the error panel says why).
    if (!m_options.shot && m_options.inputs.empty() && m_options.algorithms.empty() &&
        !m_options.settingsPath.empty()) {
        const std::string last = st.lastShot.empty() ? lastShotPath() : st.lastShot; // where it points
        if (std::filesystem::exists(last)) {
            try {
                m_options.shot = Shot::load(last);
                checkShot(*m_options.shot, last);
                m_options.shotPath = last;
            } catch (const InputError& e) {
                m_options.shot.reset();
                m_settingsProblem += (m_settingsProblem.empty() ? "" : "\n") + std::string("last shot: ") +
                                     e.what() + "; opening the default scene";
                std::fprintf(stderr, "warning: %s\n", m_settingsProblem.c_str());
            }
        }
    }
    std::vector<std::string> algos = m_options.algorithms;
    const std::string shotContext = m_options.shotPath + ": views";
    if (m_options.tour) checkTour(*m_options.tour, m_options.tourPath); // every step, before the first shows
    if (algos.empty() && m_options.shot) {
        checkShot(*m_options.shot, m_options.shotPath);
        for (std::size_t k = 0; k < m_options.shot->views.size(); ++k)
            addViewport(m_options.shot->views[k].algorithm,
                        shotContext + "[" + std::to_string(k) + "].algorithm");
    }
    if (algos.empty() && m_viewports.empty()) algos.push_back("bvh");
    for (const auto& a : algos) addViewport(a);
    for (auto& vp : m_viewports) vp->overlays = st.overlays;
    std::vector<std::string> inputs = m_options.inputs;
    if (m_options.shot) inputs = {m_options.shot->scenePath(m_options.shotPath)};
    if (inputs.empty()) inputs.push_back(defaultScenePath());
    load(inputs);
    if (m_options.shot) m_pendingShot = m_options.shot, m_pendingShotPath = m_options.shotPath;
    if (m_options.tour) { // its step's shot is m_options.shot; the actions run once that is applied
        m_tour = m_options.tour, m_tourPath = m_options.tourPath, m_tourStep = m_options.tourStep;
        m_tourActionsPending = true;
    }
    if (m_options.allOverlays)
        for (auto& vp : m_viewports) showAllOverlays(vp->overlays);
    for (const FamilyStep& s : m_options.automation.steps) { // clamped per frame
        m_steps[s.family->name] = s.step;
        for (auto& vp : m_viewports)
            for (std::size_t f = 0; f < familyViews().size(); ++f)
                if (&familyViews()[f] == s.family) vp->families[f]->setStep(s.step);
    }
    // --levels: each viewport its own level (redon2002 Fig. 1 shows levels 7, 9 and 11 side by side).
    for (std::size_t v = 0; v < m_viewports.size() && !m_options.levels.empty(); ++v)
        m_viewports[v]->overlays.bvhLevel = m_options.levels[std::min(v, m_options.levels.size() - 1)];
}

ViewerApp::~ViewerApp() {
    if (m_options.settingsPath.empty()) return;
    saveLastShot(true);
    ViewerSettings st;
    st.width = m_width, st.height = m_height;
    st.lastScene = m_lastScene;
    st.renderMode = int(m_renderMode);
    st.linkCameras = m_linkCameras;
    st.uiScale = m_uiScale;
    if (!m_viewports.empty()) st.overlays = m_viewports.front()->overlays;
    st.lastShot = m_lastShotJson.empty() ? m_options.settings.lastShot : lastShotPath();
    st.screenshotFolder = m_screenshotFolder;
    st.screenshotPanels = m_screenshotPanels;
    st.keepFile = m_options.settings.keepFile; // a malformed file that could not be moved aside
    st.save(m_options.settingsPath);
}

void ViewerApp::addViewport(const std::string& spec, const std::string& context) {
    auto vp = std::make_unique<Viewport>();
    if (!m_viewports.empty())
        vp->overlays = m_viewports.front()->overlays, vp->camera = m_viewports.front()->camera;
    m_viewports.push_back(std::move(vp));
    try {
        setAlgorithm(*m_viewports.back(), spec, context);
    } catch (...) {
        m_viewports.pop_back();
        throw;
    }
}

void ViewerApp::setAlgorithm(Viewport& vp, const std::string& spec, const std::string& context) {
    AlgorithmSpec parsed = AlgorithmSpec::parse(spec, context);
    ParamSet params = AlgorithmRegistry::instance().parameters(parsed, context);
    const std::string& name = parsed.name;
    vp.algorithm = name, vp.params = params;
    rebuild(vp);
}

std::string ViewerApp::defaultScenePath() {
    std::string local = "scenes/default.json";
    return std::filesystem::exists(local) ? local : std::string(CDLAB_SOURCE_DIR) + "/" + local;
}

void ViewerApp::load(const std::vector<std::string>& paths) {
    if (paths.size() == 1 && isRecordingFile(paths[0])) { // a recording replays (ViewerAppReplay.cpp)
        if (!openRecording(paths[0]) && !m_loaded.scene() && !m_preparation.busy())
            load({defaultScenePath()});
        return;
    }
    m_pendingShot.reset();        // another scene: a shot still waiting for its own is not shown on it
    m_tourActionsPending = false; // nor a tour step's actions (goToTourStep sets them again after this)
    endReplay();                  // views that replayed a recording run their algorithms on the new scene
    m_preparation.load(paths);
}

void ViewerApp::rebuild(Viewport& vp) {
    m_preparation.rebuild(vp);
}

void ViewerApp::removeLastViewport() {
    if (m_viewports.size() < 2) return;
    Viewport* gone = m_viewports.back().get();
    m_viewports.pop_back();
    m_preparation.forget(gone);
}

void ViewerApp::cancelPreparation() {
    m_pendingShot.reset();
    if (std::string said = m_preparation.cancel(); !said.empty()) m_status = said;
}

void ViewerApp::pollPreparation() {
    std::optional<Preparation::Done> taken = m_preparation.take();
    if (!taken) return;
    const Preparation::Pending& done = taken->pending;
    PrepareOutcome* out = &taken->outcome;
    if (out->cancelled) return;
    if (out->error.empty())
        m_loaded.setMeshData(out->meshData); // the loaded scene's, or the open one's grown
    std::ostringstream msg;
    if (done.load) {
        if (!out->error.empty()) {
            m_loadError = out->error;
            m_hadLoadError = true;
            m_pendingShot.reset(); // its scene did not open: what is shown stays
            std::fprintf(stderr, "error: %s\n", out->error.c_str());
            return;
        }
        installScene(std::move(out->scene), done.targets, std::move(out->algorithms));
        if (done.replay) replayInstalled(*done.replay); // the recording's frames are the timeline's
        m_scenePath = done.label;
        m_sceneFile.clear();
        if (Preparation::isSceneFile(done.paths))
            m_lastScene = m_sceneFile = std::filesystem::absolute(done.paths[0]).lexically_normal().string();
        if (m_pendingShot) {
            applyShot(*m_pendingShot, m_pendingShotPath);
            m_pendingShot.reset();
            if (m_tourActionsPending) runTourActions();
        } else {
            m_shotCaption.clear();
        }
        m_loadError = std::exchange(m_selectProblem, {});
        if (!m_loadError.empty()) std::fprintf(stderr, "error: %s\n", m_loadError.c_str());
        msg << "loaded " << m_scenePath;
    } else {
        for (std::size_t k = 0; k < done.targets.size(); ++k)
            applyPrepared(*done.targets[k], std::move(out->algorithms[k]));
        msg << "prepared " << done.targets.size() << (done.targets.size() == 1 ? " view" : " views");
    }
    msg << " in " << std::fixed << std::setprecision(2) << out->seconds << " s";
    if (done.load && done.replay) msg << replayStatus(*done.replay);
    m_status = msg.str();
}

void ViewerApp::installScene(std::unique_ptr<Scene> scene, std::vector<Viewport*> targets,
                             std::vector<PreparedAlgorithm> prepared) {
    m_renderer->clearMeshes();
    // The old scene lives until the algorithms prepared on it are replaced.
    std::unique_ptr<Scene> old = m_loaded.install(std::move(scene));
    m_editor.reset();
    if (m_videoJob) m_videoJob.reset(), m_status = "video export stopped: another scene was opened";
    if (m_recorder) m_status = stopRecording() + " (stopped: another scene was opened)";
    m_timeline.setRange(m_loaded.scene()->startTime, m_loaded.scene()->endTime, m_loaded.scene()->frames);
    // The BVH overlay starts on the first object that moves, else the first that is not environment: that is
    // where culling is interesting.
    const int firstMoving = m_loaded.firstShown();
    for (std::size_t k = 0; k < targets.size(); ++k) {
        targets[k]->overlays.bvhObject = firstMoving;
        applyPrepared(*targets[k], std::move(prepared[k]));
    }
    if (!m_options.automation.select.empty()) {
        int o = m_loaded.objects()->find(m_options.automation.select);
        if (o >= 0)
            selectObject(o);
        else
            m_selectProblem = "--select: no object '" + m_options.automation.select + "' (the scene has " +
                              m_loaded.objects()->nameList() + ")";
    }
    if (!m_options.automation.follow.empty()) {
        int o = m_loaded.objects()->find(m_options.automation.follow);
        if (o >= 0)
            m_loaded.follow(o);
        else
            m_selectProblem += (m_selectProblem.empty() ? "" : "; ") + std::string("--follow: no object '") +
                               m_options.automation.follow + "' (the scene has " +
                               m_loaded.objects()->nameList() + ")";
    }
    resetCameras();
}

void ViewerApp::applyPrepared(Viewport& vp, PreparedAlgorithm prepared) {
    vp.draw.clear(); // it may point at the replaced scene's meshes
    for (auto& f : vp.families) f->clear();
    vp.trail.clear();
    m_timeline.clearContacts(); // another algorithm (or scene): the contacts seen so far were another's
    vp.timing.clear();
    vp.counters.clear(), vp.stageTimes.clear();
    vp.result = {};
    vp.forgetStep();
    vp.overlays.pickedNode = -1; // node indices belong to the structure being replaced
    vp.algo = std::move(prepared.algo);
    vp.levelSizesObject = -1; // counted again for the new structure
    vp.prepare = prepared.report;
    vp.error = prepared.error;
    vp.preparedAlgorithm = vp.algorithm, vp.preparedParams = vp.params;
}

void ViewerApp::stepViewports(double t0, double t1) {
    Stopwatch sw;
    if (m_recorder) m_recorder->beginStep();
    for (std::size_t v = 0; v < m_viewports.size() && m_recorder; ++v)
        m_viewports[v]->stepSink = m_recorder->sinkFor(v, m_viewports[v]->draw);
    for (auto& vp : m_viewports) {
        if (vp->algo)
            for (auto& f : vp->families) f->beforeStep(*vp->algo);
        vp->step(t0, t1); // or, paused (nothing changed), the last run's result and drawing
        if (!vp->algo) continue;
        const OverlaySettings& o = vp->overlays;
        const AlgorithmStructure* structure = vp->algo->structure();
        if (structure && o.get(overlay::Bvh) && !o.get(overlay::BvhOnlyOverlapped) && o.bvhObject >= 0)
            structure->drawLevel(t1, std::uint32_t(o.bvhObject), o.bvhLevel, vp->draw);
        if (structure && o.pickedNode >= 0 && o.bvhObject >= 0)
            structure->drawNode(t1, std::uint32_t(o.bvhObject), std::uint32_t(o.pickedNode), vp->draw);
        if (vp->result.contactPairCount() > 0) m_timeline.markContact(t0, t1);
        for (auto& f : vp->families) f->afterStep(vp->result, *m_loaded.objects(), m_loaded.meshData().get());
        const AlgorithmInfo* info = AlgorithmRegistry::instance().find(vp->preparedAlgorithm);
        vp->trail.update(*m_loaded.objects(), info && MotionTrail::appliesTo(*info), t0, t1, m_trailBetween,
                         m_loaded.selected());
    }
    if (m_recorder) { // File > Record: the frame, when a view ran on it
        std::vector<const FrameResult*> results;
        bool ran = false;
        for (auto& vp : m_viewports) {
            results.push_back(&vp->result);
            ran |= vp->algo && !vp->reusedLast();
            vp->stepSink = nullptr;
        }
        m_recorder->frame(results, t1, ran);
    }
    m_frameTimes.stepMs = float(sw.ms());
}

void ViewerApp::updateCameras() {
    if (m_viewports.empty()) return;
    if (m_loaded.objects() && m_loaded.followed() >= 0) {
        const Vec3 c =
            objectBounds(*m_loaded.objects(), std::size_t(m_loaded.followed()), m_timeline.time()).center();
        const LayoutRect& r =
            m_layout.viewports.empty() ? LayoutRect{0, 0, 1, 1} : m_layout.viewports.front();
        for (auto& vp : m_viewports)
            vp->camera.centreOn({float(c.x), float(c.y), float(c.z)}, r.w / std::max(r.h, 1.0f), freeArea(0));
    }
    if (m_linkCameras)
        for (auto& vp : m_viewports) vp->camera = m_viewports[0]->camera;
}

void ViewerApp::followObject(int object) {
    if (!m_loaded.follow(object)) {
        m_status = "camera follows nothing";
        return;
    }
    m_status = "camera follows " + m_loaded.objects()->objects()[std::size_t(object)].name;
    updateCameras();
}

void ViewerApp::frameSelection() {
    const int s = m_loaded.selected();
    if (!m_loaded.objects() || s < 0) {
        m_status = "frame selection: select a body or link in the Scene panel first";
        return;
    }
    updateLayout();
    const LayoutRect& r = m_layout.viewports.front(); // every viewport has the same size
    const Aabb box = objectBounds(*m_loaded.objects(), std::size_t(s), m_timeline.time());
    for (auto& vp : m_viewports) vp->camera.frame(box, r.w / std::max(r.h, 1.0f), 0.04f, freeArea(0));
    m_status = "framed " + m_loaded.objects()->objects()[std::size_t(s)].name;
}

void ViewerApp::lookAtContact(int v, std::size_t k) {
    if (v < 0 || v >= int(m_viewports.size()) || !m_loaded.objects()) return;
    const Viewport& vp = *m_viewports[std::size_t(v)];
    // The time-of-contact overlay put a label at each first contact's point, in the same order.
    if (k >= vp.result.firstContacts.size() || k >= vp.draw.labels.size()) return;
    OrbitCamera& cam = m_linkCameras ? m_viewports[0]->camera : m_viewports[std::size_t(v)]->camera;
    const double pad = 0.03 * length(m_loaded.bounds(m_timeline.time()).extent());
    const ContactView look = contactView(*m_loaded.objects(), vp.result.firstContacts[k],
                                         vp.draw.labels[k].at, m_timeline.time(), cam.direction(), pad);
    const LayoutRect& view =
        m_layout.viewports[std::min<std::size_t>(std::size_t(v), m_layout.viewports.size() - 1)];
    applyContactView(cam, look, view.w / std::max(view.h, 1.0f), freeArea(v));
}

void ViewerApp::frameAll() {
    Aabb box = m_loaded.bounds(m_timeline.time());
    // Include the whole motion so nothing leaves the view while playing.
    if (m_loaded.scene())
        for (int i = 0; i <= 8; ++i) box.grow(m_loaded.bounds(m_loaded.scene()->frameTime(i, 9)));
    updateLayout();
    const LayoutRect& r = m_layout.viewports.front(); // every viewport has the same size
    float aspect = r.w / std::max(r.h, 1.0f);
    for (auto& vp : m_viewports) vp->camera.frame(box, aspect, 0.04f, freeArea(0));
}

glm::vec4 ViewerApp::freeArea(int v) const {
    const glm::vec4 all{-1, 1, -1, 1};
    if (v < 0 || std::size_t(v) >= m_layout.viewports.size() || std::size_t(v) >= m_layout.viewPanels.size())
        return all;
    const LayoutRect& r = m_layout.viewports[std::size_t(v)];
    const LayoutRect& p = m_layout.viewPanels[std::size_t(v)];
    const float left = p.x - r.x;
    if (r.w <= 0 || p.w <= 0 || left < 0.5f * r.w || left >= r.w) return all;
    return {-1, 2 * left / r.w - 1, -1, 1};
}

void ViewerApp::updateLayout() {
    // In window units (ImGui's): the framebuffer has m_pixelScale pixels per unit on a scaled display.
    m_pixelScale = m_platform.pixelScale();
    int w = m_width > 0 ? int(std::lround(m_width / m_pixelScale)) : m_options.settings.width,
        h = m_height > 0 ? int(std::lround(m_height / m_pixelScale)) : m_options.settings.height,
        n = int(m_viewports.size());
    m_layout = ViewerLayout::compute(w, h, n, m_menuHeight, m_uiScale, m_presenting);
    if (w == m_layoutWidth && h == m_layoutHeight && n == m_layoutViews && m_menuHeight == m_layoutMenu &&
        m_uiScale == m_layoutScale && m_presenting == m_layoutPresenting)
        return;
    // Split, or the views' size changed with presentation mode: fit the scene to them.
    bool split = m_layoutViews >= 0 && (n != m_layoutViews || m_presenting != m_layoutPresenting);
    m_layoutWidth = w, m_layoutHeight = h, m_layoutViews = n, m_layoutMenu = m_menuHeight;
    m_layoutScale = m_uiScale, m_layoutPresenting = m_presenting;
    ++m_layoutGeneration;
    if (split) frameAll(); // each view is narrower (or wider) now: fit the scene to it
}

void ViewerApp::resetCameras() {
    OrbitCamera fresh;
    if (m_loaded.scene() && length(m_loaded.scene()->viewFrom) > 0) {
        const Vec3& d = m_loaded.scene()->viewFrom;
        fresh.yaw = float(std::atan2(d.y, d.x));
        fresh.pitch = std::clamp(float(std::atan2(d.z, std::hypot(d.x, d.y))), -1.55f, 1.55f);
    }
    for (auto& vp : m_viewports) vp->camera = fresh;
    frameAll();
}

void ViewerApp::lookAt(int v, const Vec3& point) {
    // A box of a few percent of the scene's size around the point, framed as every box is (clear of the
    // panel).
    const double r = 0.03 * length(m_loaded.bounds(m_timeline.time()).extent());
    Aabb box;
    box.grow(point - Vec3{r, r, r}), box.grow(point + Vec3{r, r, r});
    frameBox(v, box);
}

void ViewerApp::frameBox(int v, const Aabb& box) {
    if (v < 0 || v >= int(m_viewports.size()) || box.empty()) return;
    const LayoutRect& view =
        m_layout.viewports[std::min<std::size_t>(std::size_t(v), m_layout.viewports.size() - 1)];
    OrbitCamera& cam = m_linkCameras ? m_viewports[0]->camera : m_viewports[std::size_t(v)]->camera;
    // Into the part of the view its docked panel leaves free: what is framed is not under the panel.
    cam.frame(box, view.w / std::max(view.h, 1.0f), 0.04f, freeArea(v));
}

namespace {
/// A layout rectangle in whole GL pixels (rows from the bottom), clamped to the framebuffer.
struct PixelRect {
    int x = 0, y = 0, w = 0, h = 0;
};
PixelRect pixelRect(const LayoutRect& r, int width, int height, float scale) {
    int x0 = int(std::lround(r.x * scale)), x1 = int(std::lround(r.right() * scale));
    int top = int(std::lround(r.y * scale)), bottom = int(std::lround(r.bottom() * scale));
    x1 = std::min(x1, width), x0 = std::clamp(x0, 0, x1);
    bottom = std::min(bottom, height), top = std::clamp(top, 0, bottom);
    return {x0, height - bottom, x1 - x0, bottom - top};
}

/// Each viewport's background, a shade apart from its neighbour's so that the columns are told apart.
std::array<float, 3> backgroundColor(int v) {
    return {0.12f + 0.015f * float(v), 0.13f, 0.15f};
}
} // namespace

namespace {
/// The opacity of see-through bodies: enough to tell the bodies apart, little enough to see inside.
constexpr float kSeeThroughAlpha = 0.3f;
} // namespace

void ViewerApp::render(int width, int height) {
    glViewport(0, 0, width, height);
    glClearColor(0.12f, 0.13f, 0.15f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    if (!m_loaded.scene()) return;
    m_loaded.updateDeformed(m_timeline.time(), *m_renderer);
    std::vector<Pose> poses;
    m_loaded.objects()->poses(m_timeline.time(), poses);
    int n = std::min(int(m_viewports.size()), int(m_layout.viewports.size()));
    glEnable(GL_DEPTH_TEST);
    glEnable(GL_SCISSOR_TEST);
    for (int v = 0; v < n; ++v) {
        Viewport& vp = *m_viewports[v];
        const OrbitCamera& cam = m_linkCameras ? m_viewports[0]->camera : vp.camera;
        const PixelRect px = pixelRect(m_layout.viewports[std::size_t(v)], width, height, m_pixelScale);
        glViewport(px.x, px.y, px.w, px.h); // GL counts rows from the bottom
        glScissor(px.x, px.y, px.w, px.h);
        auto bg = backgroundColor(v);
        glClearColor(bg[0], bg[1], bg[2], 1.0f);
        glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
        const glm::mat4 viewProj = cam.projection(float(px.w) / float(std::max(px.h, 1))) * cam.view();
        m_renderer->setCamera(viewProj, cam.eye());
        m_renderer->setLineScale(m_uiScale);
        // A body the algorithm draws face by face (Fig. 1 view) is not drawn a second time.
        bool faceView = vp.draw.hasFaceMotion();
        // See-through bodies (a region inside them, as LDI's) go after the overlays, translucent and
        // writing no depth: the overlays inside show through, tinted by the surfaces in front of them.
        const bool seeThrough = vp.overlays.get(overlay::SeeThroughBodies);
        auto drawBodies = [&] {
            for (std::size_t i = 0; i < poses.size(); ++i) {
                if (!m_loaded.bodyViews()[i].visible) continue;
                if (faceView && vp.overlays.get(overlay::FaceMotion) && int(i) == vp.overlays.bvhObject)
                    continue;
                const float* c = m_loaded.bodyViews()[i].color;
                glm::vec4 colour{c[0], c[1], c[2], c[3]};
                if (m_loaded.inSelectedChain(int(i))) // the picked link's chain, tinted towards yellow
                    colour = glm::mix(colour, glm::vec4(1.0f, 0.85f, 0.2f, colour.a),
                                      int(i) == m_loaded.selected() ? 0.8f : 0.45f);
                if (seeThrough) colour.a *= kSeeThroughAlpha;
                m_renderer->drawMesh(m_loaded.drawnMesh(i), toGlm(poses[i]), colour, m_renderMode,
                                     seeThrough);
            }
        };
        if (!seeThrough) drawBodies();
        m_renderer->drawOverlay(vp.draw);
        for (const auto& f : vp.families) // the family views' own drawing
            if (const DrawList* d = f->drawing()) m_renderer->drawOverlay(*d);
        if (vp.trail.drawn()) m_renderer->drawOverlay(vp.trail.drawing());
        if (m_editor.enabled()) m_renderer->drawOverlay(m_editor.drawing(*this, m_timeline.time()));
        if (seeThrough) drawBodies();
        drawLabels(vp, viewProj, m_layout.viewports[std::size_t(v)], freeArea(int(v)));
        drawLegend(vp, m_layout.viewports[std::size_t(v)]);
    }
    glDisable(GL_SCISSOR_TEST);
    glViewport(0, 0, width, height);
}

void ViewerApp::drawLabels(Viewport& vp, const glm::mat4& viewProj, const LayoutRect& r,
                           const glm::vec4& free) {
    // Under the panels (the background list), with a shadow so they read on light and dark surfaces, and
    // clipped to the viewport: a label near its edge does not run into the next view.
    ImDrawList* dl = ImGui::GetBackgroundDrawList();
    dl->PushClipRect(ImVec2(r.x, r.y), ImVec2(r.right(), r.bottom()), true);
    const float left = r.x, width = r.w, height = r.h;
    // The view's docked panel (one view) covers its right part: a label whose point lies left of it stays
    // left of it, wrapped there, instead of running under the panel ("vertex/face" hidden at 1280x720).
    const float panelLeft = left + (free.y + 1) * 0.5f * width;
    struct Placed {
        ImVec2 anchor, at, size;
        float wrap;
        const std::string* text;
    };
    std::vector<Placed> placed;
    for (const auto& label : vp.draw.labels) {
        glm::vec4 clip = viewProj * glm::vec4(float(label.at.x), float(label.at.y), float(label.at.z), 1.0f);
        if (clip.w <= 0) continue; // behind the camera
        glm::vec2 ndc = glm::vec2(clip) / clip.w;
        if (std::abs(ndc.x) > 1 || std::abs(ndc.y) > 1) continue;
        const ImVec2 anchor(left + (ndc.x + 1) * 0.5f * width, r.y + (1 - ndc.y) * 0.5f * height);
        ImVec2 at(anchor.x + 8, anchor.y - 8);
        // Inside the view: a label that would run past its right or bottom edge moves left (or up) just
        // enough to fit instead of being cut there.
        // A label wider than a narrow view wraps at its width (three views at 1280x720, two at 800x600).
        const float right = anchor.x < panelLeft ? panelLeft : r.right();
        const float wrap = std::max(40.0f, right - left - 4);
        const ImVec2 size = ImGui::CalcTextSize(label.text.c_str(), nullptr, false, wrap);
        if (at.x + size.x > right - 2) at.x = std::max(r.x + 2, right - 2 - size.x);
        at.y = std::clamp(at.y, r.y + 2, std::max(r.y + 2, r.bottom() - size.y - 2));
        // Moved left over its own point (near the view's right edge), the text hid the contact it names:
        // it goes below the point instead (above it at the bottom edge), a leader line back.
        if (anchor.x >= at.x - 4 && anchor.x <= at.x + size.x + 4 && anchor.y >= at.y - 4 &&
            anchor.y <= at.y + size.y + 4)
            at.y = anchor.y + 10 + size.y <= r.bottom() - 2 ? anchor.y + 10
                                                            : std::max(r.y + 2, anchor.y - 10 - size.y);
        placed.push_back({anchor, at, size, wrap, &label.text});
    }
    // The placement's three tests: two labels' boxes overlap; a point lies within `margin` of a label's box;
    // a label sits off its own point (then a leader line says which point it names).
    const auto overlaps = [](const Placed& p, const Placed& o) {
        return p.at.x < o.at.x + o.size.x && o.at.x < p.at.x + p.size.x && p.at.y < o.at.y + o.size.y &&
               o.at.y < p.at.y + p.size.y;
    };
    const auto covers = [](const Placed& p, const ImVec2& point, float margin) {
        return point.x >= p.at.x - margin && point.x <= p.at.x + p.size.x + margin &&
               point.y >= p.at.y - margin && point.y <= p.at.y + p.size.y + margin;
    };
    const auto movedOff = [](const Placed& p) {
        return p.at.y > p.anchor.y + 4 || p.at.y + p.size.y < p.anchor.y - 4;
    };
    // Labels that would overlap (contacts side by side) stack downwards, top first, each with a leader line
    // back to its point.
    std::stable_sort(placed.begin(), placed.end(),
                     [](const Placed& a, const Placed& b) { return a.at.y < b.at.y; });
    for (std::size_t i = 0; i < placed.size(); ++i) {
        for (bool moved = true; moved;) {
            moved = false;
            for (std::size_t j = 0; j < i; ++j) {
                const Placed& o = placed[j];
                Placed& p = placed[i];
                if (overlaps(p, o)) {
                    p.at.y = o.at.y + o.size.y + 1;
                    moved = true;
                }
            }
            // Nor over a labelled point (a stacked label hid the next contact's point on the default
            // scene's four contacts): below it.
            for (const Placed& o : placed) {
                Placed& p = placed[i];
                if (covers(p, o.anchor, 3)) {
                    p.at.y = o.anchor.y + 4;
                    moved = true;
                }
            }
        }
    }
    Viewport::LabelPlacement& stats = vp.labelPlacement;
    stats = {};
    stats.drawn = int(placed.size());
    for (std::size_t i = 0; i < placed.size(); ++i) {
        const Placed& p = placed[i];
        stats.moved += movedOff(p);
        stats.offView += p.at.y + p.size.y > r.bottom();
        for (std::size_t j = 0; j < placed.size(); ++j) {
            stats.coveringAPoint += covers(p, placed[j].anchor, 0);
            stats.overlapping += j != i && overlaps(p, placed[j]);
        }
    }
    for (const Placed& p : placed) {
        if (movedOff(p))
            dl->AddLine(p.anchor, ImVec2(p.at.x, p.at.y + p.size.y * 0.5f), IM_COL32(255, 220, 90, 160));
        dl->AddText(ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(p.at.x + 1, p.at.y + 1),
                    IM_COL32(0, 0, 0, 255), p.text->c_str(), nullptr, p.wrap);
        dl->AddText(ImGui::GetFont(), ImGui::GetFontSize(), p.at, IM_COL32(255, 220, 90, 255),
                    p.text->c_str(), nullptr, p.wrap);
    }
    dl->PopClipRect();
}

std::vector<ViewerApp::LegendLine> ViewerApp::legend(const Viewport& vp) const {
    std::vector<LegendLine> rows;
    for (DebugCategory c : vp.draw.drawnCategories())
        if (const LegendEntry* e = legendEntry(c)) rows.push_back({e, toString(c)});
    if (vp.trail.drawn()) rows.push_back({&MotionTrail::legend(), "motion-trail"});
    std::vector<FamilyLegendLine> own; // the family views' own drawing
    for (const auto& f : vp.families) f->legend(own);
    for (const FamilyLegendLine& l : own) rows.push_back({l.entry, l.name});
    return rows;
}

void ViewerApp::drawLegend(const Viewport& vp, const LayoutRect& r) {
    // Bottom left of the view, under the panels: what each colour drawn this frame means (only those drawn).
    const auto rows = legend(vp);
    if (rows.empty()) return;
    const AlgorithmInfo* info = AlgorithmRegistry::instance().find(vp.preparedAlgorithm);
    const bool continuous = info && info->kind == AlgorithmKind::Continuous;
    ImDrawList* dl = ImGui::GetBackgroundDrawList();
    dl->PushClipRect(ImVec2(r.x, r.y), ImVec2(r.right(), r.bottom()), true);
    const float line = ImGui::GetFontSize() + 3, sw = ImGui::GetFontSize() - 2;
    const float left = r.x + 8, right = r.right() - 8;
    auto col = [](Rgba c) { return IM_COL32(int(c.r * 255), int(c.g * 255), int(c.b * 255), 255); };
    auto text = [&](ImVec2 at, const char* s, float wrap) {
        dl->AddText(ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(at.x + 1, at.y - 1),
                    IM_COL32(0, 0, 0, 255), s, nullptr, wrap);
        dl->AddText(ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(at.x, at.y - 2),
                    IM_COL32(230, 230, 230, 255), s, nullptr, wrap);
    };
    // One row laid out from `top`, drawn when `draw`; returns its height. A row wider than the view wraps
    // at its right edge (three views at 1280x720 cut "motion trail: poses (start faint), sw").
    auto row = [&](const LegendLine& l, float top, bool draw) {
        const LegendEntry* e = l.entry;
        const char* meaning = continuous && e->continuous ? e->continuous : e->meaning;
        if (e->palette.empty()) {
            const float x = left + sw + 6, wrap = std::max(4 * sw, right - x);
            if (draw) {
                if (e->depthRamp && vp.overlays.get(overlay::ColourByDepth)) {
                    // The hue of the level drawn (the overlay draws that one level): a red-to-blue ramp
                    // here read as "red" while every box drawn was green (issue 43).
                    dl->AddRectFilled(ImVec2(left, top), ImVec2(left + sw, top + sw),
                                      col(DrawList::depthColour(vp.overlays.bvhLevel)));
                } else {
                    dl->AddRectFilled(ImVec2(left, top), ImVec2(left + sw, top + sw), col(e->colour));
                }
                text(ImVec2(x, top), meaning, wrap);
            }
            return std::max(line, ImGui::CalcTextSize(meaning, nullptr, false, wrap).y + 3);
        }
        // "PCL:" then a swatch and a word per colour; a swatch and its word that do not fit go on a line of
        // their own, indented.
        float x = left, y = top;
        if (draw) text(ImVec2(x, y), meaning, 0);
        x += ImGui::CalcTextSize(meaning).x + 6;
        for (std::size_t k = 0; k < e->palette.size(); ++k) {
            const char* word = k < e->paletteWords.size() ? e->paletteWords[k] : "";
            const float w = sw + 3 + ImGui::CalcTextSize(word).x;
            if (x + w > right && x > left + sw + 6) x = left + sw, y += line;
            if (draw) {
                dl->AddRectFilled(ImVec2(x, y), ImVec2(x + sw, y + sw), col(e->palette[k]));
                text(ImVec2(x + sw + 3, y), word, 0);
            }
            x += w + 7;
        }
        return y - top + line;
    };
    float height = 0;
    for (const LegendLine& l : rows) height += row(l, 0, false);
    float y = r.bottom() - 6 - height;
    for (const LegendLine& l : rows) y += row(l, y, true);
    dl->PopClipRect();
}

void ViewerApp::startSeek() {
    m_timeline.startSeek();
}

bool ViewerApp::seekContact(double budgetMs) {
    return m_timeline.seek(
        budgetMs,
        [&](double t0, double t1) {
            stepViewports(t0, t1);
            for (std::size_t v = 0; v < m_viewports.size(); ++v)
                if (m_viewports[v]->result.contactPairCount() > 0) return int(v);
            return -1;
        },
        m_status);
}

void ViewerApp::stopSeek() {
    if (std::string said = m_timeline.stopSeek(); !said.empty()) m_status = said;
}

void ViewerApp::handleCameraInput(int width, int height) {
    ImGuiIO& io = ImGui::GetIO();
    hoverFamilies(!io.WantCaptureMouse, io.MousePos.x, io.MousePos.y, width, height);
    if (m_editor.dragging()) { // the motion editor's drag, until the button is released (over a panel too)
        if (ImGui::IsMouseDown(ImGuiMouseButton_Left))
            m_editor.move(*this, io.MousePos.x, io.MousePos.y);
        else
            m_editor.release(*this);
        return;
    }
    if (io.WantCaptureMouse || m_viewports.empty()) return;
    // Edit mode: a press on a body drags it (Shift: turns it); elsewhere the camera orbits as usual.
    if (m_editor.enabled() && !io.KeyCtrl && ImGui::IsMouseClicked(ImGuiMouseButton_Left) &&
        m_editor.press(*this, io.MousePos.x, io.MousePos.y, io.KeyShift))
        return;
    // A drag belongs to the view it started in, wherever the cursor goes; the wheel to the view under it.
    ImVec2 at = io.MousePos;
    for (int button : {ImGuiMouseButton_Left, ImGuiMouseButton_Right, ImGuiMouseButton_Middle})
        if (ImGui::IsMouseDown(button)) at = io.MouseClickedPos[button];
    int v = m_layout.viewportAt(at.x, at.y);
    if (v < 0 || v >= int(m_viewports.size())) return; // over a docked panel's column or the timeline
    OrbitCamera& cam = m_linkCameras ? m_viewports[0]->camera : m_viewports[v]->camera;
    if (ImGui::IsMouseDragging(ImGuiMouseButton_Left)) cam.orbit(io.MouseDelta.x, io.MouseDelta.y);
    if (ImGui::IsMouseDragging(ImGuiMouseButton_Right) || ImGui::IsMouseDragging(ImGuiMouseButton_Middle))
        cam.pan(io.MouseDelta.x, io.MouseDelta.y, float(height));
    if (io.MouseWheel != 0) cam.zoom(io.MouseWheel);
    if (io.KeyCtrl && ImGui::IsMouseClicked(ImGuiMouseButton_Left))
        pickAt(io.MousePos.x, io.MousePos.y, width, height);
}

void ViewerApp::ctrlClick(float x, float y) {
    pickAt(x, y, m_width, m_height);
}

bool ViewerApp::cursorRay(int v, float x, float y, int width, int height, Vec3& origin, Vec3& dir) const {
    if (v < 0 || v >= int(m_viewports.size()) || std::size_t(v) >= m_layout.viewports.size()) return false;
    const PixelRect px = pixelRect(m_layout.viewports[std::size_t(v)], width, height, m_pixelScale);
    if (px.w <= 0 || px.h <= 0) return false;
    const OrbitCamera& cam = m_linkCameras ? m_viewports[0]->camera : m_viewports[std::size_t(v)]->camera;
    // The cursor in framebuffer pixels (GL rows count from the bottom), in the viewport's normalized device
    // coordinates, unprojected at the near and far planes.
    const float fx = x * m_pixelScale, gy = float(height) - y * m_pixelScale;
    glm::vec2 ndc{2.0f * (fx - float(px.x)) / float(px.w) - 1.0f,
                  2.0f * (gy - float(px.y)) / float(px.h) - 1.0f};
    glm::mat4 inv = glm::inverse(cam.projection(float(px.w) / float(px.h)) * cam.view());
    glm::vec4 nearH = inv * glm::vec4(ndc, -1, 1), farH = inv * glm::vec4(ndc, 1, 1);
    glm::vec3 a = glm::vec3(nearH) / nearH.w, b = glm::vec3(farH) / farH.w;
    origin = {a.x, a.y, a.z}, dir = {b.x - a.x, b.y - a.y, b.z - a.z};
    return true;
}

void ViewerApp::hoverFamilies(bool over, float x, float y, int width, int height) {
    if (!m_loaded.scene() || !m_loaded.objects() || width <= 0 || height <= 0) return;
    const int under = over ? m_layout.viewportAt(x, y) : -1;
    Vec3 origin, dir;
    const bool ray = cursorRay(under, x, y, width, height, origin, dir);
    for (int v = 0; v < int(m_viewports.size()); ++v) {
        Viewport& vp = *m_viewports[std::size_t(v)];
        if (!vp.algo) continue;
        const bool here = ray && v == under;
        for (auto& f : vp.families)
            if (f->reports(vp.result))
                f->hover(vp.result, *m_loaded.objects(), here ? &origin : nullptr, here ? &dir : nullptr);
    }
}

void ViewerApp::pickAt(float x, float y, int width, int height) {
    int n = int(m_viewports.size());
    if (n == 0 || !m_loaded.scene() || width <= 0 || height <= 0) return;
    int under = m_layout.viewportAt(x, y);
    if (under < 0 || under >= n) {
        m_status = "Ctrl+click inside a view to pick a node";
        return;
    }
    const PixelRect px = pixelRect(m_layout.viewports[std::size_t(under)], width, height, m_pixelScale);
    for (int v = 0; v < n; ++v) {
        if (v != under && !m_linkCameras) continue;
        Viewport& vp = *m_viewports[v];
        OverlaySettings& o = vp.overlays;
        if (!vp.algo || o.bvhObject < 0) continue;
        const OrbitCamera& cam = m_linkCameras ? m_viewports[0]->camera : vp.camera;
        // The cursor in normalized device coordinates of the viewport under it, unprojected at the near and
        // far planes.
        // The cursor in framebuffer pixels; GL rows count from the bottom.
        const float fx = x * m_pixelScale, gy = float(height) - y * m_pixelScale;
        glm::vec2 ndc{2.0f * (fx - float(px.x)) / float(px.w) - 1.0f,
                      2.0f * (gy - float(px.y)) / float(px.h) - 1.0f};
        glm::mat4 inv = glm::inverse(cam.projection(float(px.w) / float(std::max(px.h, 1))) * cam.view());
        glm::vec4 nearH = inv * glm::vec4(ndc, -1, 1), farH = inv * glm::vec4(ndc, 1, 1);
        glm::vec3 a = glm::vec3(nearH) / nearH.w, b = glm::vec3(farH) / farH.w;
        const AlgorithmStructure* structure = vp.algo->structure();
        o.pickedNode = structure
                           ? structure->pickNode(m_timeline.time(), std::uint32_t(o.bvhObject), o.bvhLevel,
                                                 {a.x, a.y, a.z}, {b.x - a.x, b.y - a.y, b.z - a.z})
                           : -1;
        m_status = o.pickedNode >= 0 ? "picked node " + std::to_string(o.pickedNode) + " of " +
                                           m_loaded.objects()->objects()[o.bvhObject].name
                                     : "no node of " + m_loaded.objects()->objects()[o.bvhObject].name +
                                           " at level " + std::to_string(o.bvhLevel) + " under the cursor";
    }
}

std::vector<double> ViewerApp::sceneCoverage(int width, int height) const {
    std::vector<unsigned char> pixels(std::size_t(width) * height * 4);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, m_platform.framebuffer());
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
    int n = std::min(int(m_viewports.size()), int(m_layout.viewports.size()));
    std::vector<double> share(std::size_t(std::max(n, 0)), 0.0);
    for (int v = 0; v < n; ++v) {
        auto bg = backgroundColor(v);
        const PixelRect px = pixelRect(m_layout.viewports[std::size_t(v)], width, height, m_pixelScale);
        std::size_t covered = 0;
        for (int y = px.y; y < px.y + px.h; ++y)
            for (int x = px.x; x < px.x + px.w; ++x) {
                const unsigned char* p = &pixels[(std::size_t(y) * width + x) * 4];
                bool differs = false;
                for (int c = 0; c < 3; ++c)
                    differs |= std::abs(int(p[c]) - int(std::lround(bg[c] * 255))) > 2;
                covered += differs;
            }
        share[std::size_t(v)] = double(covered) / std::max(1.0, double(px.w) * px.h);
    }
    return share;
}

bool ViewerApp::saveScreenshot(const std::string& path, int width, int height) {
    std::vector<unsigned char> pixels(std::size_t(width) * height * 4);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, m_platform.framebuffer());
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
    // GL rows run bottom-up; PNG rows top-down.
    std::vector<unsigned char> flipped(pixels.size());
    for (int y = 0; y < height; ++y)
        std::copy_n(&pixels[std::size_t(height - 1 - y) * width * 4], std::size_t(width) * 4,
                    &flipped[std::size_t(y) * width * 4]);
    bool ok = stbi_write_png(path.c_str(), width, height, 4, flipped.data(), width * 4) != 0;
    m_status = ok ? "saved " + path : "cannot write " + path;
    std::fprintf(stderr, "%s\n", m_status.c_str());
    return ok;
}

int ViewerApp::run() {
    Automation automation(m_options.automation, *this); // a bad --tap fails before the first frame
    std::unique_ptr<VideoExport> video; // --video: opened now, so that a bad path fails before any frame
    if (!m_options.automation.video.empty())
        video = std::make_unique<VideoExport>(m_options.automation.video, m_options.automation.frames,
                                              m_options.automation.videoFps, true);
    ViewerUi ui(*this);
    int frame = 0;
    double last = glfwGetTime();
    double lastFrom = 0, lastTo = 0; // the last frame's time span, for the automated summary
    std::vector<double> coverage;    // automation: the last frame's sceneCoverage
    for (;;) {
        Stopwatch frameClock;
        if (!m_platform.beginFrame(m_width, m_height)) break;
        if (m_width > 0 && m_height > 0) updateLayout(); // not while minimized: a 0x0 window keeps its layout
        pollPreparation();
        if (automation.active() && m_preparation.busy()) {
            // Automation counts its frames from when the scene is prepared (so runs are reproducible); the
            // window keeps drawing meanwhile, as it does for people, with the progress panel. A scripted
            // text or key was typed once (the frame that started the job), not again on every such frame.
            m_scriptedMouse.text.clear(), m_scriptedMouse.key = -1;
            ui.begin(m_width, m_height);
            ui.draw();
            render(m_width, m_height);
            ui.end();
            m_platform.endFrame();
            automation.whilePreparing();
            std::this_thread::sleep_for(std::chrono::milliseconds(10)); // leave the cores to the worker
            continue;
        }
        if (frame == 0 && !m_cameraFromShot) frameAll(); // now that the framebuffer size is known
        if (frame == 0 && !m_options.automation.record.empty()) startRecording(m_options.automation.record);
        automation.firstFrame(frame);
        for (auto& p : m_platform.takeDrops())
            Tour::isTourFile(p)   ? openTour(p)
            : Shot::isShotFile(p) ? openShot(p)
                                  : load({p}); // a dropped shot (tour) opens as one
        automation.middleFrame(frame);
        // Timeline: automation advances one scene frame per rendered frame; interactive runs use wall time.
        float seekMs = 0;
        if (m_loaded.scene()) {
            double t0 = 0;
            if (automation.active()) {
                t0 = automation.frameStart(frame);
            } else {
                double now = glfwGetTime(), dt = now - last;
                last = now;
                if (m_timeline.playing()) stopSeek();
                if (m_timeline.seeking()) { // about 30 fps while searching; its stepping is collision time
                    Stopwatch seekClock;
                    seekContact(30);
                    seekMs = float(seekClock.ms());
                }
                t0 = m_timeline.advance(dt);
            }
            if (m_videoJob) t0 = m_videoJob->frameStart(); // an export's frame, on the scene's grid
            m_editor.update(*this, m_timeline.time());     // an unkeyed drag at another time is dropped
            automation.pick(frame);
            lastFrom = std::min(t0, m_timeline.time()), lastTo = m_timeline.time();
            stepViewports(lastFrom, lastTo);
            updateTourPlay();
            m_frameTimes.stepMs += seekMs;
            automation.afterStep(frame);
        }
        updateCameras();
        m_scriptedMouse = automation.mouse(frame);
        ui.begin(m_width, m_height);
        handleCameraInput(m_width, m_height);
        ui.draw();
        render(m_width, m_height);
        if (automation.lastFrame(frame)) coverage = sceneCoverage(m_width, m_height);
        // A screenshot of the views only is read before the panels are drawn over them.
        if (!m_pendingScreenshot.empty() && !m_screenshotPanels)
            saveScreenshot(std::exchange(m_pendingScreenshot, {}), m_width, m_height);
        ui.end();
        if (!m_pendingScreenshot.empty())
            saveScreenshot(std::exchange(m_pendingScreenshot, {}), m_width, m_height);
        const bool done = automation.lastFrame(frame++);
        if (done && !m_options.automation.screenshot.empty()) {
            glFinish();
            if (!saveScreenshot(m_options.automation.screenshot, m_width, m_height)) return 1;
        }
        if (video) video->capture(m_platform.framebuffer(), m_width, m_height, m_timeline.frameLength());
        if (m_videoJob) captureVideoFrame();
        if (done && !m_options.automation.saveShot.empty() && !saveShot(m_options.automation.saveShot))
            return 1;
        if (done) automation.finish(); // --save-scene (a failure: exit 2, naming the file)
        if (!automation.active() || done) saveLastShot(false);
        m_platform.endFrame();
        m_frameTimes.frameMs = float(frameClock.ms());
        pushBounded(m_frameTimes.frameHistory, m_frameTimes.frameMs, TimingHistory::kCapacity);
        pushBounded(m_frameTimes.overheadHistory, m_frameTimes.frameMs - m_frameTimes.stepMs,
                    TimingHistory::kCapacity);
        if (done) break;
    }
    if (video) std::fprintf(stderr, "%s\n", video->finish().c_str());
    if (m_recorder) std::fprintf(stderr, "%s\n", stopRecording().c_str());
    bool reportWritten = true;
    if (automation.active()) {
        std::vector<std::vector<std::string>> legends;
        for (const auto& vp : m_viewports) {
            legends.emplace_back();
            for (const LegendLine& line : legend(*vp)) legends.back().push_back(line.name);
        }
        const ViewerReport::Inputs in{m_loaded,
                                      m_viewports,
                                      m_frameTimes,
                                      m_layout,
                                      ui.placed(),
                                      m_width,
                                      m_height,
                                      frame,
                                      lastFrom,
                                      lastTo,
                                      m_timeline.position(),
                                      m_timeline.frameCount(),
                                      coverage,
                                      legends,
                                      automation.framesWhilePreparing(),
                                      m_shortcutsActedOn,
                                      m_timeline.stepsTaken(),
                                      m_status,
                                      m_presenting,
                                      ui.caption(),
                                      m_uiScale,
                                      ImGui::GetFontSize(),
                                      tourLine()};
        reportWritten = ViewerReport(in, m_options.automation).write();
    }
    if (GlPlatform::glErrorCount() > 0) {
        std::fprintf(stderr, "error: %d OpenGL errors (last: %s)\n", GlPlatform::glErrorCount(),
                     GlPlatform::lastGlError().c_str());
        return 1;
    }
    bool badInput = !m_loadError.empty() || m_hadLoadError || !m_options.settings.problem.empty();
    if (!reportWritten) return 1;
    return badInput && m_options.automation.frames > 0 ? 2 : 0;
}

void ViewerApp::selectObject(int object) {
    if (!m_loaded.select(object)) return;
    for (auto& vp : m_viewports) vp->overlays.bvhObject = object, vp->overlays.pickedNode = -1;
}

void ViewerApp::startVideoExport(const VideoExportSettings& settings) {
    if (!m_loaded.scene()) throw InputError(settings.path, "", "no scene to export");
    stopSeek();
    m_videoJob = std::make_unique<VideoExportJob>(settings, m_timeline, m_uiScale);
    m_status = "exporting " + settings.path;
}

void ViewerApp::renderViews(int width, int height) {
    const ViewerLayout windowLayout = m_layout;
    const float windowScale = m_pixelScale;
    m_layout = ViewerLayout::compute(width, height, int(m_viewports.size()), 0, m_uiScale, true);
    m_pixelScale = 1; // the export's pixels are its layout's units
    render(width, height);
    m_layout = windowLayout, m_pixelScale = windowScale;
}

void ViewerApp::captureVideoFrame() {
    try {
        m_videoJob->capture([this](int width, int height) { renderViews(width, height); });
        if (m_videoJob->done()) {
            m_status = m_videoJob->finish();
            std::fprintf(stderr, "%s\n", m_status.c_str());
            m_videoJob.reset();
        }
    } catch (const std::exception& e) {
        m_status = std::string("video export failed: ") + e.what();
        std::fprintf(stderr, "error: %s\n", m_status.c_str());
        m_videoJob.reset();
    }
}

} // namespace cdlab
