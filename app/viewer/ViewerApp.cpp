#include "ViewerApp.h"

#include "OverlayTable.h"
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

namespace {

/// A time as people write it (13, 10.5), for messages.
std::string formatted(double v) {
    std::ostringstream out;
    out << v;
    return out.str();
}

constexpr float kPalette[][3] = {{0.62f, 0.72f, 0.86f}, {0.88f, 0.72f, 0.52f}, {0.62f, 0.84f, 0.62f},
                                 {0.86f, 0.62f, 0.80f}, {0.80f, 0.80f, 0.55f}, {0.60f, 0.80f, 0.82f}};

template <class T> void pushBounded(std::deque<T>& d, T v, std::size_t cap) {
    d.push_back(v);
    if (d.size() > cap) d.pop_front();
}

bool isSceneFile(const std::vector<std::string>& paths) {
    return paths.size() == 1 && std::filesystem::path(paths[0]).extension() == ".json";
}

std::string joined(const std::vector<std::string>& paths) {
    std::string out;
    for (const auto& p : paths) out += (out.empty() ? "" : " ") + p;
    return out;
}

/// A scene file, or meshes side by side along x, static: look at them, compare their BVHs. Runs on the
/// preparation thread.
std::unique_ptr<Scene> sceneFromFiles(const std::vector<std::string>& paths,
                                      const SceneLoadProgress& progress) {
    auto scene = std::make_unique<Scene>();
    if (isSceneFile(paths)) {
        *scene = loadScene(paths[0], progress);
        return scene;
    }
    double x = 0;
    for (std::size_t n = 0; n < paths.size(); ++n) {
        const std::string& p = paths[n];
        std::string what = "importing " + std::filesystem::path(p).filename().string();
        ImportReport report;
        auto mesh = std::make_shared<TriangleMesh>(importMesh(p, report, [&](double f) {
            if (progress) progress((double(n) + f) / double(paths.size()), what);
        }));
        // The Scene panel shows the import summary of each file and its warnings (as for a scene's files).
        std::string file = std::filesystem::path(p).filename().string();
        scene->imports.push_back(file + ": " + report.summary());
        for (const std::string& w : report.warnings) scene->imports.push_back(file + ": warning: " + w);
        Aabb b = mesh->bounds();
        Body body;
        body.name = std::filesystem::path(p).filename().string();
        body.source.file = p;
        Keyframe k;
        k.position = {x - b.lo.x, -b.center().y, -b.lo.z};
        x += b.extent().x * 1.1;
        body.motion = PoseTrack({k});
        body.mesh = mesh;
        scene->bodies.push_back(std::move(body));
    }
    scene->name = joined(paths);
    return scene;
}

} // namespace

void TimingHistory::push(const StageTimes& stages) {
    for (const auto& [stage, ms] : stages.items()) {
        const auto& name = stage; // a structured binding cannot be captured before C++20
        auto it =
            std::find_if(m_stages.begin(), m_stages.end(), [&](const auto& s) { return s.first == name; });
        if (it == m_stages.end()) it = m_stages.insert(m_stages.end(), {name, {}});
        pushBounded(it->second, float(ms), kCapacity);
    }
    pushBounded(m_total, float(stages.total()), kCapacity);
}

ViewerApp::ViewerApp(GlPlatform& platform, ViewerOptions options)
    : m_platform(platform), m_options(std::move(options)), m_renderer(std::make_unique<Renderer>()) {
    registerPeerAlgorithms(AlgorithmRegistry::instance());
    const ViewerSettings& st = m_options.settings;
    m_lastScene = st.lastScene;
    m_renderMode = RenderMode(st.renderMode);
    m_linkCameras = st.linkCameras;
    m_settingsProblem = st.problem;
    std::vector<std::string> algos = m_options.algorithms;
    if (algos.empty()) algos.push_back("bvh");
    for (const auto& a : algos) addViewport(a);
    for (auto& vp : m_viewports) vp->overlays = st.overlays;
    std::vector<std::string> inputs = m_options.inputs;
    if (inputs.empty()) {
        std::string local = "scenes/default.json";
        inputs.push_back(std::filesystem::exists(local) ? local
                                                        : std::string(CDLAB_SOURCE_DIR) + "/" + local);
    }
    load(inputs);
    if (m_options.allOverlays)
        for (auto& vp : m_viewports) showAllOverlays(vp->overlays);
    for (const FamilyStep& s : m_options.steps) // clamped per frame
        for (auto& vp : m_viewports)
            for (std::size_t f = 0; f < familyViews().size(); ++f)
                if (&familyViews()[f] == s.family) vp->families[f]->setStep(s.step);
    // --levels: each viewport its own level (redon2002 Fig. 1 shows levels 7, 9 and 11 side by side).
    for (std::size_t v = 0; v < m_viewports.size() && !m_options.levels.empty(); ++v)
        m_viewports[v]->overlays.bvhLevel = m_options.levels[std::min(v, m_options.levels.size() - 1)];
}

ViewerApp::~ViewerApp() {
    if (m_options.settingsPath.empty()) return;
    ViewerSettings st;
    st.width = m_width, st.height = m_height;
    st.lastScene = m_lastScene;
    st.renderMode = int(m_renderMode);
    st.linkCameras = m_linkCameras;
    if (!m_viewports.empty()) st.overlays = m_viewports.front()->overlays;
    st.keepFile = m_options.settings.keepFile; // a malformed file that could not be moved aside
    st.save(m_options.settingsPath);
}

void ViewerApp::addViewport(const std::string& spec) {
    auto vp = std::make_unique<Viewport>();
    if (!m_viewports.empty())
        vp->overlays = m_viewports.front()->overlays, vp->camera = m_viewports.front()->camera;
    m_viewports.push_back(std::move(vp));
    try {
        setAlgorithm(*m_viewports.back(), spec, "--algo");
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

void ViewerApp::load(const std::vector<std::string>& paths) {
    m_pending = {};
    m_pending.load = true;
    m_pending.paths = paths;
    m_pending.label = joined(paths);
    startPreparation();
}

void ViewerApp::rebuild(Viewport& vp) {
    if (!m_scene && !m_pending.load) return; // nothing to prepare on yet
    // A load in progress prepares every viewport with its current settings when restarted.
    if (!m_pending.load &&
        std::find(m_pending.targets.begin(), m_pending.targets.end(), &vp) == m_pending.targets.end())
        m_pending.targets.push_back(&vp);
    startPreparation();
}

void ViewerApp::removeLastViewport() {
    if (m_viewports.size() < 2) return;
    Viewport* gone = m_viewports.back().get();
    std::erase(m_pending.targets, gone);
    m_viewports.pop_back();
    if (!m_job.busy()) return;
    if (m_pending.load || !m_pending.targets.empty())
        startPreparation(); // its outcome would have gone to the removed viewport too
    else
        m_job.cancel(), m_pending = {};
}

void ViewerApp::startPreparation() {
    PrepareTask task;
    if (m_pending.load) {
        // The new scene is built completely before anything changes: a failure keeps what is loaded.
        task.load = [paths = m_pending.paths](const SceneLoadProgress& progress) {
            return sceneFromFiles(paths, progress);
        };
        m_pending.targets.clear();
        for (auto& vp : m_viewports) m_pending.targets.push_back(vp.get());
    } else {
        task.scene = m_scene.get(); // kept until the job is taken or cancelled (loads cancel it first)
        task.meshData = m_meshData; // a view whose new parameters agree with another's builds nothing
    }
    for (Viewport* vp : m_pending.targets) {
        std::size_t index = 0;
        while (m_viewports[index].get() != vp) ++index;
        task.create.push_back([name = vp->algorithm, params = vp->params] {
            return AlgorithmRegistry::instance().find(name)->create(params);
        });
        task.labels.push_back("view " + std::to_string(index + 1) + " (" + vp->algorithm + ")");
    }
    m_jobClock.restart();
    m_job.start(std::move(task));
}

void ViewerApp::cancelPreparation() {
    if (!m_job.busy()) return;
    m_job.cancel();
    // The panels show what the viewports run again.
    for (Viewport* vp : m_pending.targets)
        if (vp->algo) vp->algorithm = vp->preparedAlgorithm, vp->params = vp->preparedParams;
    m_status = m_pending.load ? "loading cancelled; the scene is unchanged" : "preparation cancelled";
    m_pending = {};
}

void ViewerApp::pollPreparation() {
    std::optional<PrepareOutcome> out = m_job.take();
    if (!out) return;
    Pending done = std::exchange(m_pending, {});
    if (out->cancelled) return;
    if (out->error.empty()) m_meshData = out->meshData; // the loaded scene's, or the open one's grown
    std::ostringstream msg;
    if (done.load) {
        if (!out->error.empty()) {
            m_loadError = out->error;
            m_hadLoadError = true;
            std::fprintf(stderr, "error: %s\n", out->error.c_str());
            return;
        }
        installScene(std::move(out->scene), done.targets, std::move(out->algorithms));
        m_scenePath = done.label;
        if (isSceneFile(done.paths)) m_lastScene = std::filesystem::absolute(done.paths[0]).string();
        m_loadError = std::exchange(m_selectProblem, {});
        if (!m_loadError.empty()) std::fprintf(stderr, "error: %s\n", m_loadError.c_str());
        msg << "loaded " << m_scenePath;
    } else {
        for (std::size_t k = 0; k < done.targets.size(); ++k)
            applyPrepared(*done.targets[k], std::move(out->algorithms[k]));
        msg << "prepared " << done.targets.size() << (done.targets.size() == 1 ? " view" : " views");
    }
    msg << " in " << std::fixed << std::setprecision(2) << out->seconds << " s";
    m_status = msg.str();
}

void ViewerApp::installScene(std::unique_ptr<Scene> scene, std::vector<Viewport*> targets,
                             std::vector<PreparedAlgorithm> prepared) {
    m_renderer->clearMeshes();
    // The old scene lives until the algorithms prepared on it are replaced.
    std::unique_ptr<Scene> old = std::exchange(m_scene, std::move(scene));
    m_objects = std::make_unique<SceneObjects>(*m_scene);
    m_deformed.assign(m_objects->objects().size(), {}); // the renderer forgot their buffers just above
    m_deformedValid = false;
    m_bodyViews.assign(m_objects->objects().size(), {});
    m_surfaces.clear(); // keyed by mesh address: the old scene's meshes are about to go
    for (std::size_t i = 0; i < m_bodyViews.size(); ++i) {
        const float* c = kPalette[i % std::size(kPalette)];
        std::copy(c, c + 3, m_bodyViews[i].color);
    }
    m_time = m_scene->startTime;
    m_seeking = false;
    m_selectedLink = -1;
    // The BVH overlay starts on the first object that moves, else the first that is not environment: that is
    // where culling is interesting.
    int firstMoving = m_objects->firstMoving();
    for (std::size_t i = 0; i < m_objects->objects().size() && firstMoving < 0; ++i)
        if (!m_objects->objects()[i].environment) firstMoving = int(i);
    if (firstMoving < 0) firstMoving = 0;
    for (std::size_t k = 0; k < targets.size(); ++k) {
        targets[k]->overlays.bvhObject = firstMoving;
        applyPrepared(*targets[k], std::move(prepared[k]));
    }
    if (!m_options.select.empty()) {
        int o = m_objects->find(m_options.select);
        if (o >= 0)
            selectObject(o);
        else
            m_selectProblem = "--select: no object '" + m_options.select + "' (the scene has " +
                              m_objects->nameList() + ")";
    }
    resetCameras();
}

void ViewerApp::applyPrepared(Viewport& vp, PreparedAlgorithm prepared) {
    vp.draw.clear(); // it may point at the replaced scene's meshes
    for (auto& f : vp.families) f->clear();
    m_contactFrames.clear(); // another algorithm (or scene): the contacts seen so far were another's
    vp.timing.clear();
    vp.counters.clear();
    vp.result = {};
    vp.overlays.pickedNode = -1; // node indices belong to the structure being replaced
    vp.algo = std::move(prepared.algo);
    vp.levelSizesObject = -1; // counted again for the new structure
    vp.prepare = prepared.report;
    vp.error = prepared.error;
    vp.preparedAlgorithm = vp.algorithm, vp.preparedParams = vp.params;
}

void ViewerApp::stepViewports(double t0, double t1) {
    Stopwatch sw;
    for (auto& vp : m_viewports) {
        vp->draw.clear();
        if (!vp->algo) continue;
        vp->result = vp->algo->step(t0, t1, &vp->draw);
        vp->timing.push(vp->result.stages);
        pushBounded(vp->counters, vp->result.counters, TimingHistory::kCapacity);
        const OverlaySettings& o = vp->overlays;
        const AlgorithmStructure* structure = vp->algo->structure();
        if (structure && o.bvh && !o.bvhOnlyOverlapped && o.bvhObject >= 0)
            structure->drawLevel(t1, std::uint32_t(o.bvhObject), o.bvhLevel, vp->draw);
        if (structure && o.pickedNode >= 0 && o.bvhObject >= 0)
            structure->drawNode(t1, std::uint32_t(o.bvhObject), std::uint32_t(o.pickedNode), vp->draw);
        if (vp->result.contactPairCount() > 0) markContactFrames(t0, t1);
        for (auto& f : vp->families) f->afterStep(vp->result, *m_objects);
    }
    m_stepMs = float(sw.ms());
}

void ViewerApp::markContactFrames(double t0, double t1) {
    if (!m_scene || m_scene->frames < 2) return;
    // On the scene's frame grid, so playing in a loop for hours marks nothing twice.
    int n = m_scene->frames - 1;
    double dt = m_scene->frameLength();
    m_contactFrames.resize(std::size_t(n), 0);
    // A static scene (no time span) is one instant: every frame shows the contact. Otherwise a step that
    // ends (starts) on a grid time, up to rounding, does not reach into the next (previous) frame. The
    // grid positions are clamped while still doubles: converting one outside int's range is undefined.
    auto clampToInt = [](double x, int lo, int hi) { return x >= hi ? hi : x > lo ? int(x) : lo; };
    int first = 0, last = n - 1;
    if (dt > 0) {
        first = clampToInt(std::floor((t0 - m_scene->startTime) / dt + 1e-9), 0, n - 1);
        last = clampToInt(std::ceil((t1 - m_scene->startTime) / dt - 1e-9) - 1, first, n - 1);
    }
    for (int f = first; f <= last; ++f) m_contactFrames[std::size_t(f)] = 1;
}

Aabb ViewerApp::sceneBounds(double t) const {
    Aabb box;
    if (!m_objects) return box;
    std::vector<Pose> poses;
    m_objects->poses(t, poses);
    for (std::size_t i = 0; i < poses.size(); ++i) {
        Aabb local = m_objects->objects()[i].mesh->bounds();
        for (int k = 0; k < 8; ++k)
            box.grow(poses[i].apply({k & 1 ? local.hi.x : local.lo.x, k & 2 ? local.hi.y : local.lo.y,
                                     k & 4 ? local.hi.z : local.lo.z}));
    }
    return box;
}

void ViewerApp::frameAll() {
    Aabb box = sceneBounds(m_time);
    // Include the whole motion so nothing leaves the view while playing.
    if (m_scene)
        for (int i = 0; i <= 8; ++i) box.grow(sceneBounds(m_scene->frameTime(i, 9)));
    updateLayout();
    const LayoutRect& r = m_layout.viewports.front(); // every viewport has the same size
    float aspect = r.w / std::max(r.h, 1.0f);
    for (auto& vp : m_viewports) vp->camera.frame(box, aspect);
}

double ViewerApp::takeSteps(double t) {
    const int steps = std::exchange(m_pendingSteps, 0);
    if (!m_scene || steps == 0) return t;
    m_stepsTaken += steps;
    return std::min(m_scene->endTime, t + m_scene->frameLength() * steps);
}

void ViewerApp::updateLayout() {
    // In window units (ImGui's): the framebuffer has m_pixelScale pixels per unit on a scaled display.
    m_pixelScale = m_platform.pixelScale();
    int w = m_width > 0 ? int(std::lround(m_width / m_pixelScale)) : m_options.settings.width,
        h = m_height > 0 ? int(std::lround(m_height / m_pixelScale)) : m_options.settings.height,
        n = int(m_viewports.size());
    m_layout = ViewerLayout::compute(w, h, n, m_menuHeight);
    if (w == m_layoutWidth && h == m_layoutHeight && n == m_layoutViews && m_menuHeight == m_layoutMenu)
        return;
    bool split = m_layoutViews >= 0 && n != m_layoutViews;
    m_layoutWidth = w, m_layoutHeight = h, m_layoutViews = n, m_layoutMenu = m_menuHeight;
    ++m_layoutGeneration;
    if (split) frameAll(); // each view is narrower (or wider) now: fit the scene to it
}

void ViewerApp::resetCameras() {
    OrbitCamera fresh;
    if (m_scene && length(m_scene->viewFrom) > 0) {
        const Vec3& d = m_scene->viewFrom;
        fresh.yaw = float(std::atan2(d.y, d.x));
        fresh.pitch = std::clamp(float(std::atan2(d.z, std::hypot(d.x, d.y))), -1.55f, 1.55f);
    }
    for (auto& vp : m_viewports) vp->camera = fresh;
    frameAll();
}

const std::vector<std::uint32_t>& ViewerApp::levelSizes(Viewport& vp) {
    int object = vp.overlays.bvhObject;
    if (vp.levelSizesObject == object) return vp.levelSizes;
    vp.levelSizesObject = object;
    vp.levelSizes.clear();
    if (vp.algo && object >= 0) vp.levelSizes = structureLevelSizes(*vp.algo, std::uint32_t(object));
    return vp.levelSizes;
}

void ViewerApp::lookAt(int v, const Vec3& point) {
    if (v < 0 || v >= int(m_viewports.size())) return;
    double r = 0.03 * length(sceneBounds(m_time).extent());
    Aabb box;
    box.grow(point - Vec3{r, r, r}), box.grow(point + Vec3{r, r, r});
    const LayoutRect& view =
        m_layout.viewports[std::min<std::size_t>(std::size_t(v), m_layout.viewports.size() - 1)];
    OrbitCamera& cam = m_linkCameras ? m_viewports[0]->camera : m_viewports[std::size_t(v)]->camera;
    cam.frame(box, view.w / std::max(view.h, 1.0f));
}

namespace {
/// "O*10,P": the GLFW keys of the named shortcuts, each repeated as asked (--tap).
std::vector<int> tapKeys(const std::string& spec) {
    std::vector<int> keys;
    std::size_t pos = 0;
    while (pos < spec.size()) {
        std::size_t end = std::min(spec.find(',', pos), spec.size());
        std::string item = spec.substr(pos, end - pos);
        pos = end + 1;
        const std::string given = item;
        int times = 1;
        if (auto star = item.find('*'); star != std::string::npos) {
            const char *first = item.data() + star + 1, *last = item.data() + item.size();
            auto [end, error] = std::from_chars(first, last, times);
            if (error != std::errc() || end != last) times = 0; // "O*10x", "O*": refused below
            item.resize(star);
        }
        const ViewerUi::Shortcut* found = nullptr;
        for (const auto& s : ViewerUi::shortcutList())
            if (item == s.name) found = &s;
        if (!found || times < 1 || times > 1000)
            throw InputError("--tap", "",
                             "'" + given + "' is no shortcut key (or a bad count); use e.g. O*10,P");
        keys.insert(keys.end(), std::size_t(times), found->key);
    }
    return keys;
}

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

std::string Viewport::label() const {
    const AlgorithmInfo* info = AlgorithmRegistry::instance().find(algorithm);
    std::string changed = info ? params.describeChanged(info->params) : std::string();
    return changed.empty() ? algorithm : algorithm + "[" + changed + "]";
}

void ViewerApp::updateDeformed() {
    if (m_deformedValid && m_deformedTime == m_time) return;
    for (std::uint32_t i = 0; i < m_deformed.size(); ++i) {
        if (!m_objects->deforms(i)) continue;
        m_objects->deformedMesh(i, m_time, m_deformed[i]);
        m_renderer->updateVertices(m_deformed[i]);
    }
    m_deformedTime = m_time, m_deformedValid = true;
}

const TriangleMesh& ViewerApp::drawnMesh(std::size_t i) const {
    return m_objects->deforms(std::uint32_t(i)) ? m_deformed[i] : *m_objects->objects()[i].mesh;
}

void ViewerApp::render(int width, int height) {
    glViewport(0, 0, width, height);
    glClearColor(0.12f, 0.13f, 0.15f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    if (!m_scene) return;
    updateDeformed();
    std::vector<Pose> poses;
    m_objects->poses(m_time, poses);
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
        // A body the algorithm draws face by face (Fig. 1 view) is not drawn a second time.
        bool faceView = vp.draw.hasFaceMotion();
        for (std::size_t i = 0; i < poses.size(); ++i) {
            if (!m_bodyViews[i].visible) continue;
            if (faceView && vp.overlays.faceMotion && int(i) == vp.overlays.bvhObject) continue;
            const float* c = m_bodyViews[i].color;
            glm::vec4 colour{c[0], c[1], c[2], c[3]};
            if (inSelectedChain(int(i))) // the picked link's chain, tinted towards yellow
                colour = glm::mix(colour, glm::vec4(1.0f, 0.85f, 0.2f, colour.a),
                                  int(i) == m_selectedLink ? 0.8f : 0.45f);
            m_renderer->drawMesh(drawnMesh(i), toGlm(poses[i]), colour, m_renderMode);
        }
        m_renderer->drawOverlay(vp.draw);
        for (const auto& f : vp.families) // the family views' own drawing
            if (const DrawList* d = f->drawing()) m_renderer->drawOverlay(*d);
        drawLabels(vp, viewProj, m_layout.viewports[std::size_t(v)]);
        drawLegend(vp, m_layout.viewports[std::size_t(v)]);
    }
    glDisable(GL_SCISSOR_TEST);
    glViewport(0, 0, width, height);
}

void ViewerApp::drawLabels(const Viewport& vp, const glm::mat4& viewProj, const LayoutRect& r) {
    // Under the panels (the background list), with a shadow so they read on light and dark surfaces, and
    // clipped to the viewport: a label near its edge does not run into the next view.
    ImDrawList* dl = ImGui::GetBackgroundDrawList();
    dl->PushClipRect(ImVec2(r.x, r.y), ImVec2(r.right(), r.bottom()), true);
    const float left = r.x, width = r.w, height = r.h;
    for (const auto& label : vp.draw.labels) {
        glm::vec4 clip = viewProj * glm::vec4(float(label.at.x), float(label.at.y), float(label.at.z), 1.0f);
        if (clip.w <= 0) continue; // behind the camera
        glm::vec2 ndc = glm::vec2(clip) / clip.w;
        if (std::abs(ndc.x) > 1 || std::abs(ndc.y) > 1) continue;
        ImVec2 at(left + (ndc.x + 1) * 0.5f * width + 8, r.y + (1 - ndc.y) * 0.5f * height - 8);
        dl->AddText(ImVec2(at.x + 1, at.y + 1), IM_COL32(0, 0, 0, 255), label.text.c_str());
        dl->AddText(at, IM_COL32(255, 220, 90, 255), label.text.c_str());
    }
    dl->PopClipRect();
}

std::vector<ViewerApp::LegendLine> ViewerApp::legend(const Viewport& vp) const {
    std::vector<LegendLine> rows;
    for (DebugCategory c : vp.draw.drawnCategories())
        if (const LegendEntry* e = legendEntry(c)) rows.push_back({e, toString(c)});
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
    float y = r.bottom() - 6 - line * float(rows.size());
    auto col = [](Rgba c) { return IM_COL32(int(c.r * 255), int(c.g * 255), int(c.b * 255), 255); };
    for (const LegendLine& row : rows) {
        const LegendEntry* e = row.entry;
        ImVec2 at(r.x + 8, y);
        if (e->depthRamp && vp.overlays.colourByDepth) { // the depth hues, red to blue
            const Rgba hues[] = {
                {1, 0.3f, 0.25f, 1}, {0.9f, 1, 0.25f, 1}, {0.25f, 1, 0.6f, 1}, {0.3f, 0.4f, 1, 1}};
            for (int k = 0; k < 4; ++k)
                dl->AddRectFilled(ImVec2(at.x + k * sw / 4, at.y), ImVec2(at.x + (k + 1) * sw / 4, at.y + sw),
                                  col(hues[k]));
        } else if (e->palette.empty()) {
            dl->AddRectFilled(at, ImVec2(at.x + sw, at.y + sw), col(e->colour));
        }
        auto text = [&](float x, const char* s) {
            dl->AddText(ImVec2(x + 1, at.y - 1), IM_COL32(0, 0, 0, 255), s);
            dl->AddText(ImVec2(x, at.y - 2), IM_COL32(230, 230, 230, 255), s);
            return x + ImGui::CalcTextSize(s).x;
        };
        const char* meaning = continuous && e->continuous ? e->continuous : e->meaning;
        if (e->palette.empty()) {
            text(at.x + sw + 6, meaning);
        } else { // "PCL:" then a swatch and a word per colour
            float x = text(at.x, meaning) + 6;
            for (std::size_t k = 0; k < e->palette.size(); ++k) {
                dl->AddRectFilled(ImVec2(x, at.y), ImVec2(x + sw, at.y + sw), col(e->palette[k]));
                x = text(x + sw + 3, k < e->paletteWords.size() ? e->paletteWords[k] : "") + 7;
            }
        }
        y += line;
    }
    dl->PopClipRect();
}

const SurfaceCheck& ViewerApp::surfaceOf(std::size_t object) {
    const TriangleMesh& mesh = *m_objects->objects()[object].mesh;
    auto it = m_surfaces.find(&mesh);
    if (it == m_surfaces.end()) it = m_surfaces.emplace(&mesh, SurfaceCheck::of(mesh)).first;
    return it->second;
}

std::string ViewerApp::describeSurfaces() {
    std::string out;
    if (!m_objects) return out;
    const auto& objs = m_objects->objects();
    for (std::size_t i = 0; i < objs.size(); ++i)
        out += (i ? "; " : "") + objs[i].name + " " + surfaceOf(i).describe();
    return out;
}

std::string ViewerApp::describeContact(const TimeOfContact& c) const {
    const auto& objs = m_objects->objects();
    return cdlab::describeContact(c, objs[c.objectA].name, objs[c.objectB].name);
}

void ViewerApp::startSeek() {
    if (!m_scene) return;
    m_playing = false;
    m_seeking = true;
    m_seekFound = -1;
    m_seekClock.restart();
}

bool ViewerApp::seekContact(double budgetMs) {
    if (!m_scene || !m_seeking) return false;
    // The scene's frames from here on, as the bench steps them, until one reports a contact. The search
    // goes on over the viewer's frames (a budget per frame), so the window keeps drawing, the timeline shows
    // where it is, and Stop ends it.
    double dt = m_scene->frameLength(), t = m_time;
    Stopwatch clock;
    for (int steps = 0; t < m_scene->endTime && m_seekFound < 0 && (steps == 0 || clock.ms() < budgetMs);
         ++steps) { // at least one frame per call
        double t1 = std::min(t + dt, m_scene->endTime);
        stepViewports(t, t1);
        t = t1;
        for (std::size_t v = 0; v < m_viewports.size() && m_seekFound < 0; ++v)
            if (m_viewports[v]->result.contactPairCount() > 0) m_seekFound = int(v);
    }
    m_time = t;
    if (m_seekFound >= 0)
        m_status = "contact in view " + std::to_string(m_seekFound + 1) + " in the frame ending at t " +
                   formatted(t);
    else if (t >= m_scene->endTime)
        m_status = "no contact from there to the end of the scene";
    else
        return true; // not done: the next frame goes on
    m_seeking = false;
    return false;
}

void ViewerApp::stopSeek() {
    if (!m_seeking) return;
    m_seeking = false;
    m_status = "no contact up to t " + formatted(m_time) + " (search stopped)";
}

void ViewerApp::handleCameraInput(int width, int height) {
    ImGuiIO& io = ImGui::GetIO();
    if (io.WantCaptureMouse || m_viewports.empty()) return;
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

void ViewerApp::pickAt(float x, float y, int width, int height) {
    int n = int(m_viewports.size());
    if (n == 0 || !m_scene || width <= 0 || height <= 0) return;
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
        o.pickedNode = structure ? structure->pickNode(m_time, std::uint32_t(o.bvhObject), o.bvhLevel,
                                                       {a.x, a.y, a.z}, {b.x - a.x, b.y - a.y, b.z - a.z})
                                 : -1;
        m_status = o.pickedNode >= 0 ? "picked node " + std::to_string(o.pickedNode) + " of " +
                                           m_objects->objects()[o.bvhObject].name
                                     : "no node of " + m_objects->objects()[o.bvhObject].name + " at level " +
                                           std::to_string(o.bvhLevel) + " under the cursor";
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
    tapKeys(m_options.taps); // a bad --tap fails before the first frame
    ViewerUi ui(*this);
    int frame = 0;
    double last = glfwGetTime();
    double lastFrom = 0, lastTo = 0;                 // the last frame's time span, for the automated summary
    bool thenStarted = false, thenCancelled = false; // automation: --then / --then-algo, --cancel-then
    std::vector<double> coverage;                    // automation: the last frame's sceneCoverage
    for (;;) {
        Stopwatch frameClock;
        if (!m_platform.beginFrame(m_width, m_height)) break;
        if (m_width > 0 && m_height > 0) updateLayout(); // not while minimized: a 0x0 window keeps its layout
        pollPreparation();
        if (m_options.frames > 0 && m_job.busy()) {
            // Automation counts its frames from when the scene is prepared (so runs are reproducible); the
            // window keeps drawing meanwhile, as it does for people, with the progress panel.
            ui.begin(m_width, m_height);
            ui.draw();
            render(m_width, m_height);
            ui.end();
            m_platform.endFrame();
            ++m_framesWhilePreparing;
            if (thenStarted && m_options.cancelThen && !thenCancelled) {
                cancelPreparation(); // the Preparing panel's Cancel button, once it has been drawn
                thenCancelled = true;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(10)); // leave the cores to the worker
            continue;
        }
        if (frame == 0) frameAll(); // now that the framebuffer size is known
        if (frame == 0 && m_options.seekContact && m_scene) {
            // Automation: the frames end where the first contact from the scene's start is found.
            m_time = m_scene->startTime;
            startSeek();
            while (seekContact(0)) { // one frame per call, as a slow machine's window would resume it
            }
            m_options.hasAt = true, m_options.at = m_time;
        }
        for (auto& p : m_platform.takeDrops()) load({p});
        if (frame == m_options.frames / 2)
            for (int key : tapKeys(m_options.taps)) m_platform.tap(key); // all within this one frame
        if (frame == m_options.frames / 2 && m_options.resizeTo.size() == 2)
            m_platform.resize(m_options.resizeTo[0], m_options.resizeTo[1]); // takes effect next frame
        if (frame == m_options.frames / 2) {
            if (!m_options.thenLoad.empty()) load({m_options.thenLoad}); // a failure sets m_hadLoadError
            if (!m_options.thenAlgo.empty() && !m_viewports.empty())
                setAlgorithm(*m_viewports.front(), m_options.thenAlgo, "--then-algo");
            thenStarted = !m_options.thenLoad.empty() || !m_options.thenAlgo.empty();
        }
        // Timeline: automation advances one scene frame per rendered frame; interactive runs use wall time.
        double t0 = m_time;
        float seekMs = 0;
        if (m_scene) {
            double span = m_scene->endTime - m_scene->startTime;
            if (m_options.frames > 0 && m_options.hasAt) {
                // The scene's own frames, the last ending at `at`: the screenshot shows one frame's motion as
                // the bench steps it (e.g. redon2002's Figure 1 view in the middle of a swivel).
                if (!(m_options.at >= m_scene->startTime && m_options.at <= m_scene->endTime)) // NaN too
                    throw InputError("--at", "",
                                     formatted(m_options.at) + " is outside the scene's time range [" +
                                         formatted(m_scene->startTime) + ", " + formatted(m_scene->endTime) +
                                         "]");
                m_time = std::max(m_scene->startTime,
                                  m_options.at - m_scene->frameLength() * (m_options.frames - 1 - frame));
                if (frame == 0) t0 = m_time; // nothing moves before the first frame
            } else if (m_options.frames > 0) {
                m_time = m_scene->frameTime(frame, m_options.frames);
            } else {
                double now = glfwGetTime(), dt = now - last;
                last = now;
                if (m_playing) stopSeek();
                if (m_seeking) { // about 30 fps while searching; its stepping is collision time, not overhead
                    Stopwatch seekClock;
                    seekContact(30);
                    seekMs = float(seekClock.ms());
                }
                if (m_playing) m_time += dt * m_speed;
                m_time = takeSteps(m_time);
                if (m_time > m_scene->endTime)
                    m_time = m_loop && span > 0 ? m_scene->startTime : m_scene->endTime;
                // Paused (or scrubbed): the scene's frame that ends here, so continuous algorithms show its
                // motion (faces moving, times of contact) instead of a frame without any.
                if (!m_playing) t0 = std::max(m_scene->startTime, m_time - m_scene->frameLength());
            }
            if (m_options.frames >
                0) { // scripted frames: single steps (--tap O) move the frames that follow on
                const double scripted = m_time;
                m_time = takeSteps(std::min(m_scene->endTime, scripted + m_stepOffset));
                m_stepOffset = m_time - scripted;
            }
            if (frame == 1 && m_options.pick.size() == 2)
                pickAt(m_options.pick[0] * m_layout.window.w, m_options.pick[1] * m_layout.window.h, m_width,
                       m_height);
            lastFrom = std::min(t0, m_time), lastTo = m_time;
            stepViewports(lastFrom, lastTo);
            m_stepMs += seekMs;
        }
        ui.begin(m_width, m_height);
        handleCameraInput(m_width, m_height);
        ui.draw();
        render(m_width, m_height);
        if (m_options.frames > 0 && frame + 1 >= m_options.frames)
            coverage = sceneCoverage(m_width, m_height);
        ui.end();
        if (!m_pendingScreenshot.empty())
            saveScreenshot(std::exchange(m_pendingScreenshot, {}), m_width, m_height);
        ++frame;
        bool done = m_options.frames > 0 && frame >= m_options.frames;
        if (done && !m_options.screenshot.empty()) {
            glFinish();
            if (!saveScreenshot(m_options.screenshot, m_width, m_height)) return 1;
        }
        m_platform.endFrame();
        m_frameMs = float(frameClock.ms());
        pushBounded(m_frameHistory, m_frameMs, TimingHistory::kCapacity);
        pushBounded(m_overheadHistory, m_frameMs - m_stepMs, TimingHistory::kCapacity);
        if (done) break;
    }
    bool reportWritten = true;
    if (m_options.frames > 0) reportWritten = writeReport({frame, lastFrom, lastTo, coverage, ui.placed()});
    if (GlPlatform::glErrorCount() > 0) {
        std::fprintf(stderr, "error: %d OpenGL errors (last: %s)\n", GlPlatform::glErrorCount(),
                     GlPlatform::lastGlError().c_str());
        return 1;
    }
    bool badInput = !m_loadError.empty() || m_hadLoadError || !m_options.settings.problem.empty();
    if (!reportWritten) return 1;
    return badInput && m_options.frames > 0 ? 2 : 0;
}

void ViewerApp::selectObject(int object) {
    if (!m_objects || object < 0 || object >= int(m_objects->objects().size())) {
        m_selectedLink = -1;
        return;
    }
    m_selectedLink = object;
    for (auto& vp : m_viewports) vp->overlays.bvhObject = object, vp->overlays.pickedNode = -1;
}

std::string ViewerApp::chainText(int object) const {
    const SceneObject& o = m_objects->objects()[std::size_t(object)];
    if (o.model < 0) return o.name;
    const ArticulatedModel& m = m_scene->models[std::size_t(o.model)];
    std::string s = m.links[std::size_t(o.link)].name;
    for (int p = m.links[std::size_t(o.link)].parent; p >= 0; p = m.links[std::size_t(p)].parent)
        s = m.links[std::size_t(p)].name + " > " + s;
    return m.name + ": base > " + s;
}

bool ViewerApp::inSelectedChain(int object) const {
    if (m_selectedLink < 0 || !m_objects) return false;
    const auto& objs = m_objects->objects();
    const SceneObject& sel = objs[std::size_t(m_selectedLink)];
    const SceneObject& o = objs[std::size_t(object)];
    if (object == m_selectedLink) return true;
    if (sel.model < 0 || o.model != sel.model) return false;
    for (int p = m_scene->models[std::size_t(sel.model)].links[std::size_t(sel.link)].parent; p >= 0;
         p = m_scene->models[std::size_t(sel.model)].links[std::size_t(p)].parent)
        if (p == o.link) return true;
    return false;
}

} // namespace cdlab
