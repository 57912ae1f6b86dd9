// ViewerApp's shots (issue 44): capturing the picture shown as a Shot, opening one (the command line, File >
// Open shot, the last session's), the last shot kept for "reopen where you left off", and F12's named
// screenshots. Kept apart from the frame loop (ViewerApp.cpp) so that each file reads in one sitting.
#include "ViewerApp.h"

#include "PanelSections.h"
#include "core/InputError.h"
#include "pipeline/AlgorithmSpec.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>

namespace cdlab {

namespace fs = std::filesystem;

void ViewerApp::checkShot(const Shot& shot, const std::string& path) const {
    for (std::size_t k = 0; k < shot.views.size(); ++k) {
        const std::string context = path + ": views[" + std::to_string(k) + "].algorithm";
        AlgorithmRegistry::instance().parameters(AlgorithmSpec::parse(shot.views[k].algorithm, context),
                                                 context);
    }
    for (const auto& [name, k] : shot.steps) {
        const FamilyInfo* family = findFamilyView(name);
        if (!family || !family->stepHelp) {
            std::string known;
            for (const FamilyInfo& f : familyViews())
                if (f.stepHelp) known += (known.empty() ? "" : ", ") + f.name;
            throw InputError(path, "steps." + name,
                             "no family with a step-through of that name (known: " + known + ")");
        }
        if (k < family->stepMin)
            throw InputError(path, "steps." + name,
                             std::to_string(k) + " is below the least index, " +
                                 std::to_string(family->stepMin));
    }
}

void ViewerApp::openShot(const std::string& path) {
    try {
        openShot(Shot::load(path), path);
    } catch (const InputError& e) {
        m_loadError = e.what();
        m_status = "cannot open shot " + path;
        std::fprintf(stderr, "error: %s\n", e.what());
    }
}

void ViewerApp::openShot(Shot shot, const std::string& path) {
    {
        checkShot(shot, path); // before anything changes: a bad shot leaves what is open
        while (m_viewports.size() > shot.views.size()) removeLastViewport();
        for (std::size_t k = 0; k < shot.views.size(); ++k) {
            const std::string context = path + ": views[" + std::to_string(k) + "].algorithm";
            if (k < m_viewports.size())
                setAlgorithm(*m_viewports[k], shot.views[k].algorithm, context);
            else
                addViewport(shot.views[k].algorithm, context);
        }
        m_platform.resize(shot.width, shot.height);
        load({shot.scenePath(path)});
        m_pendingShot = std::move(shot), m_pendingShotPath = path;
        m_status = "opening shot " + path;
    }
}

void ViewerApp::applyShot(const Shot& shot, const std::string& path) {
    const SceneObjects& objects = *m_loaded.objects();
    std::string problems;
    auto problem = [&](const std::string& field, const std::string& what) {
        problems += std::string(problems.empty() ? "" : "; ") + InputError(path, field, what).what();
    };
    auto object = [&](const std::string& name, const std::string& field) {
        const int o = name.empty() ? -1 : objects.find(name);
        if (!name.empty() && o < 0)
            problem(field, "no object '" + name + "' (the scene has " + objects.nameList() + ")");
        return o;
    };
    m_linkCameras = shot.linkCameras;
    m_renderMode = RenderMode(shot.renderMode);
    m_trailBetween = shot.trailPoses;
    if (m_options.uiScale <= 0) m_uiScale = std::clamp(shot.uiScale, kMinUiScale, kMaxUiScale);
    m_presenting = shot.presenting || m_options.presenting;
    m_shotCaption = shot.caption;
    PanelSections::instance().request(shot.sections, shot.tabs);
    if (const int s = object(shot.selected, "selected"); s >= 0) selectObject(s);
    if (const int f = object(shot.followed, "followed"); f >= 0) m_loaded.follow(f);
    // The panels and views placed for the shot's display settings first: a change of presentation mode
    // frames the scene again, which would replace the shot's cameras.
    if (m_width > 0 && m_height > 0) updateLayout();
    for (std::size_t k = 0; k < shot.views.size() && k < m_viewports.size(); ++k) {
        Viewport& vp = *m_viewports[k];
        const ShotView& sv = shot.views[k];
        const int body = vp.overlays.bvhObject;
        vp.overlays = sv.overlays;
        vp.overlays.bvhObject = body;
        if (const int b = object(sv.bvhBody, "views[" + std::to_string(k) + "].bvhBody"); b >= 0)
            vp.overlays.bvhObject = b;
        vp.keepOverlays();
        vp.camera = sv.camera;
    }
    m_cameraFromShot = true;
    for (const auto& [name, k] : shot.steps) {
        m_steps[name] = k;
        for (auto& vp : m_viewports)
            for (std::size_t f = 0; f < familyViews().size(); ++f)
                if (familyViews()[f].name == name) vp->families[f]->setStep(k);
    }
    const Scene& scene = *m_loaded.scene();
    double t = shot.time;
    if (!(t >= scene.startTime && t <= scene.endTime)) {
        problem("time", formattedTime(t) + " is outside the scene's time range [" +
                            formattedTime(scene.startTime) + ", " + formattedTime(scene.endTime) + "]");
        t = std::clamp(t, scene.startTime, scene.endTime);
    }
    AutomationOptions& a = m_options.automation;
    if (a.frames > 0 && !a.hasAt) // an automated run shows the shot's frame (--at, when given, wins)
        a.hasAt = true, a.at = t;
    m_timeline.scrub(t);
    if (!problems.empty()) m_selectProblem += (m_selectProblem.empty() ? "" : "; ") + problems;
}

Shot ViewerApp::captureShot(const std::string& shotPath) const {
    if (m_sceneFile.empty() || !m_loaded.scene())
        throw InputError(shotPath, "",
                         "a shot needs a scene file open (meshes opened side by side have none)");
    Shot s;
    s.scene = m_sceneFile;
    if (!shotPath.empty()) {
        std::error_code ec;
        const fs::path dir = fs::absolute(shotPath).parent_path();
        const fs::path rel = fs::relative(m_sceneFile, dir, ec);
        // Relative when the shot lies beside the scenes or one folder away (shots/ and scenes/ of one
        // checkout: the pair moves together); absolute otherwise.
        const auto up = std::count(rel.begin(), rel.end(), fs::path(".."));
        if (!ec && !rel.empty() && up <= 1) s.scene = rel.generic_string();
    }
    const SceneObjects& objects = *m_loaded.objects();
    auto name = [&](int o) {
        return o >= 0 && std::size_t(o) < objects.objects().size() ? objects.objects()[std::size_t(o)].name
                                                                   : std::string();
    };
    s.views.clear();
    for (const auto& vp : m_viewports) {
        ShotView v;
        const AlgorithmInfo* info = AlgorithmRegistry::instance().find(vp->algorithm);
        const std::string changed = info ? vp->params.describeChanged(info->params) : std::string();
        v.algorithm = changed.empty() ? vp->algorithm : vp->algorithm + ":" + changed;
        v.overlays = vp->overlays;
        v.overlays.pickedNode = -1;
        v.bvhBody = name(vp->overlays.bvhObject);
        v.camera = vp->camera;
        s.views.push_back(v);
    }
    s.linkCameras = m_linkCameras;
    s.time = m_timeline.time();
    s.selected = name(m_loaded.selected());
    s.followed = name(m_loaded.followed());
    // The indices given (--step, a shot), then those the user moved in a view's panel (the first view's
    // where several moved one: a step applies to every view).
    std::map<std::string, int> steps = m_steps;
    for (std::size_t f = 0; f < familyViews().size(); ++f)
        for (auto it = m_viewports.rbegin(); it != m_viewports.rend(); ++it)
            if (auto k = (*it)->families[f]->step()) steps[familyViews()[f].name] = *k;
    s.steps.assign(steps.begin(), steps.end());
    s.uiScale = m_uiScale;
    s.presenting = m_presenting;
    s.renderMode = int(m_renderMode);
    s.trailPoses = m_trailBetween;
    s.width = std::clamp(int(std::lround(m_width / m_pixelScale)), 64, 8192);
    s.height = std::clamp(int(std::lround(m_height / m_pixelScale)), 64, 8192);
    s.caption = m_shotCaption;
    s.sections = PanelSections::instance().open();
    s.tabs = PanelSections::instance().tabs();
    return s;
}

bool ViewerApp::saveShot(const std::string& path) {
    try {
        if (!captureShot(path).save(path)) throw InputError(path, "", "cannot write the file");
        m_status = "saved shot " + path;
        std::fprintf(stderr, "%s\n", m_status.c_str());
        return true;
    } catch (const InputError& e) {
        m_status = std::string("cannot save shot: ") + e.what();
        std::fprintf(stderr, "error: %s\n", m_status.c_str());
        return false;
    }
}

std::string ViewerApp::lastShotPath() const {
    if (m_options.settingsPath.empty()) return "";
    // Beside the settings file: viewer.json keeps viewer-last-shot.json.
    const fs::path settings = fs::absolute(m_options.settingsPath);
    return (settings.parent_path() / (settings.stem().string() + "-last-shot.json")).string();
}

void ViewerApp::saveLastShot(bool force) {
    if (m_options.settingsPath.empty() || m_sceneFile.empty() || !m_loaded.scene() || m_pendingShot) return;
    const double now =
        std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
    if (!force && m_lastShotCheck >= 0 && now - m_lastShotCheck < 1.0) return; // at most once a second
    m_lastShotCheck = now;
    Shot shot = captureShot("");
    const std::string text = shot.toJson().dump();
    if (text == m_lastShotJson) return;
    if (shot.save(lastShotPath()))
        m_lastShotJson = text;
    else
        std::fprintf(stderr, "warning: cannot write %s\n", lastShotPath().c_str());
}

void ViewerApp::takeScreenshot() {
    const std::string stem =
        m_sceneFile.empty() ? std::string("meshes") : fs::path(m_sceneFile).stem().string();
    const std::string algo = m_viewports.empty() ? std::string("none") : m_viewports.front()->algorithm;
    std::error_code ec;
    if (!m_screenshotFolder.empty()) fs::create_directories(m_screenshotFolder, ec);
    m_pendingScreenshot = screenshotPath(m_screenshotFolder, stem, algo, m_timeline.position());
}

} // namespace cdlab
