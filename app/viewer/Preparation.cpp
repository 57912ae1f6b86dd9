#include "Preparation.h"

#include "LoadedScene.h"
#include "Replay.h"
#include "Viewport.h"
#include "mesh/MeshImporter.h"
#include "pipeline/AlgorithmRegistry.h"
#include "scene/SceneLoader.h"

#include <algorithm>
#include <filesystem>

namespace cdlab {

namespace {

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
    if (Preparation::isSceneFile(paths)) {
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

bool Preparation::isSceneFile(const std::vector<std::string>& paths) {
    return paths.size() == 1 && std::filesystem::path(paths[0]).extension() == ".json";
}

Preparation::Preparation(const std::vector<std::unique_ptr<Viewport>>& viewports, const LoadedScene& loaded)
    : m_viewports(viewports), m_loaded(loaded) {}

void Preparation::load(const std::vector<std::string>& paths, std::shared_ptr<const ReplaySource> replay) {
    m_pending = {};
    m_pending.load = true;
    m_pending.paths = paths;
    m_pending.replay = std::move(replay);
    m_pending.label = joined(paths);
    start();
}

void Preparation::rebuild(Viewport& vp) {
    if (!m_loaded.scene() && !m_pending.load) return; // nothing to prepare on yet
    // A load in progress prepares every viewport with its current settings when restarted.
    if (!m_pending.load &&
        std::find(m_pending.targets.begin(), m_pending.targets.end(), &vp) == m_pending.targets.end())
        m_pending.targets.push_back(&vp);
    start();
}

void Preparation::forget(Viewport* gone) {
    std::erase(m_pending.targets, gone);
    if (!m_job.busy()) return;
    if (m_pending.load || !m_pending.targets.empty())
        start(); // its outcome would have gone to the removed viewport too
    else
        m_job.cancel(), m_pending = {};
}

void Preparation::start() {
    PrepareTask task;
    if (m_pending.load) {
        // The new scene is built completely before anything changes: a failure keeps what is loaded.
        task.load = [paths = m_pending.paths, replay = m_pending.replay](const SceneLoadProgress& progress) {
            return replay ? std::make_unique<Scene>(replay->loadScene()) : sceneFromFiles(paths, progress);
        };
        m_pending.targets.clear();
        for (auto& vp : m_viewports) m_pending.targets.push_back(vp.get());
    } else {
        task.scene = m_loaded.scene(); // kept until the job is taken or cancelled (loads cancel it first)
        task.meshData =
            m_loaded.meshData(); // a view whose new parameters agree with another's builds nothing
    }
    for (Viewport* vp : m_pending.targets) {
        std::size_t index = 0;
        while (m_viewports[index].get() != vp) ++index;
        // A replaying view's algorithm hands back its recorded frames (Replay.h); the others run.
        if (vp->replay)
            task.create.push_back(
                [replay = vp->replay, v = vp->replayView] { return replay->makeAlgorithm(v); });
        else
            task.create.push_back([name = vp->algorithm, params = vp->params] {
                return AlgorithmRegistry::instance().find(name)->create(params);
            });
        task.labels.push_back("view " + std::to_string(index + 1) + " (" + vp->algorithm + ")");
    }
    m_clock.restart();
    m_job.start(std::move(task));
}

std::string Preparation::cancel() {
    if (!m_job.busy()) return {};
    m_job.cancel();
    // The panels show what the viewports run again.
    for (Viewport* vp : m_pending.targets)
        if (vp->algo) vp->algorithm = vp->preparedAlgorithm, vp->params = vp->preparedParams;
    std::string said = m_pending.load ? "loading cancelled; the scene is unchanged" : "preparation cancelled";
    m_pending = {};
    return said;
}

std::optional<Preparation::Done> Preparation::take() {
    std::optional<PrepareOutcome> out = m_job.take();
    if (!out) return std::nullopt;
    return Done{std::exchange(m_pending, {}), std::move(*out)};
}

bool Preparation::preparing(const Viewport& vp) const {
    return m_job.busy() &&
           std::find(m_pending.targets.begin(), m_pending.targets.end(), &vp) != m_pending.targets.end();
}

} // namespace cdlab
