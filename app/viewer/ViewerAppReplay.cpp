// ViewerApp's recordings (issue 44): opening one replays it — one view per recorded spec, each with the
// RecordedAlgorithm that hands back the recorded frames (Replay.h), on the recording's embedded scene, over
// the recording's frame grid.
#include "ViewerApp.h"

#include "core/InputError.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace cdlab {

bool ViewerApp::openRecording(const std::string& path) {
    std::shared_ptr<const ReplaySource> source;
    try {
        source = ReplaySource::open(path);
    } catch (const InputError& e) {
        m_loadError = e.what();
        m_hadLoadError = true;
        std::fprintf(stderr, "error: %s\n", e.what());
        return false;
    }
    m_pendingShot.reset();
    m_tourActionsPending = false;
    m_preparation.cancel(); // its targets are the views replaced below
    const OverlaySettings overlays = m_viewports.empty() ? OverlaySettings() : m_viewports.front()->overlays;
    const OrbitCamera camera = m_viewports.empty() ? OrbitCamera() : m_viewports.front()->camera;
    m_viewports.clear();
    const auto& registry = AlgorithmRegistry::instance();
    for (std::size_t v = 0; v < source->viewCount(); ++v) {
        auto vp = std::make_unique<Viewport>();
        vp->replay = source, vp->replayView = v;
        vp->algorithm = source->info(v)->name;
        // The recorded parameters (the label's "[...]"), for the label and the families' views.
        try {
            vp->params = registry.parameters(source->spec(v), path);
        } catch (
            const InputError&) { // parameters this build names otherwise: its defaults, label as recorded
            vp->params = ParamSet(source->info(v)->params);
        }
        vp->overlays = overlays, vp->camera = camera;
        m_viewports.push_back(std::move(vp));
    }
    m_preparation.load({path}, source);
    return true;
}

void ViewerApp::replayInstalled(const ReplaySource& replay) {
    // The recording's frames: frame f ends at grid time f, as `cdlab-bench run` stepped them (its --frames
    // may differ from the scene's own). A viewer's recording (File > Record) holds the frames shown, not a
    // whole grid: the timeline keeps the scene's, and a frame not recorded shows no answer.
    const auto& frames = replay.recording().frames;
    const int n = replay.frames();
    if (n == 0) return;
    const double first = replay.firstTime(), last = replay.lastTime();
    const double dt = n > 1 ? (last - first) / (n - 1) : 0.0;
    for (int i = 0; i < n; ++i)
        if (std::abs(frames[std::size_t(i)].front().t1 - (first + (last - first) * i / std::max(1, n - 1))) >
            1e-6 * std::max(dt, 1e-9))
            return;
    m_timeline.setRange(first, last, n);
}

void ViewerApp::startRecording(const std::string& path) {
    if (m_recorder) return;
    if (!m_loaded.objects() || m_sceneFile.empty() || (!m_viewports.empty() && m_viewports.front()->replay)) {
        m_status = "File > Record needs a scene opened from its file (not meshes side by side, not a replay)";
        std::fprintf(stderr, "error: %s\n", m_status.c_str());
        m_hadLoadError = true;
        return;
    }
    std::vector<std::string> labels;
    for (const auto& vp : m_viewports) labels.push_back(vp->label());
    try {
        m_recorder = std::make_unique<ViewerRecorder>(path, m_sceneFile, labels, *m_loaded.objects());
        m_status = "recording to " + path;
    } catch (const InputError& e) {
        m_status = e.what();
        std::fprintf(stderr, "error: %s\n", e.what());
        m_hadLoadError = true;
    }
}

std::string ViewerApp::stopRecording() {
    if (!m_recorder) return {};
    std::string said;
    try {
        said = m_recorder->finish();
    } catch (const InputError& e) {
        said = e.what();
    }
    for (auto& vp : m_viewports) vp->stepSink = nullptr;
    m_recorder.reset();
    return said;
}

std::string ViewerApp::replayStatus(const ReplaySource& replay) {
    return " (replay of " + std::to_string(replay.frames()) + " frames x " +
           std::to_string(replay.viewCount()) + " views, " + replay.tag() +
           (replay.recording().drawings.empty() ? ", no drawing recorded" : "") + ")";
}

void ViewerApp::endReplay() {
    for (auto& vp : m_viewports)
        if (vp->replay) vp->replay.reset(); // `algorithm` and `params` are the recorded ones: they run now
}

} // namespace cdlab
