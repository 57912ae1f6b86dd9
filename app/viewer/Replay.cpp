#include "Replay.h"

#include "core/InputError.h"
#include "pipeline/AlgorithmRegistry.h"
#include "recording/RecordedAlgorithm.h"
#include "scene/SceneLoader.h"

#include <algorithm>
#include <filesystem>

namespace cdlab {

namespace {

/// "NAME[key=value]" (the bench's label, as recorded) as a spec the registry parses: "NAME:key=value".
AlgorithmSpec specOf(const std::string& label) {
    std::string text = label;
    if (const auto open = text.find('['); open != std::string::npos && text.back() == ']')
        text = text.substr(0, open) + ":" + text.substr(open + 1, text.size() - open - 2);
    return AlgorithmSpec::parse(text, "recorded viewport");
}

} // namespace

std::shared_ptr<const ReplaySource> ReplaySource::open(const std::string& path) {
    auto source = std::make_shared<ReplaySource>();
    source->m_path = path;
    source->m_recording = std::make_shared<const Recording>(readRecording(path));
    const auto& registry = AlgorithmRegistry::instance();
    const RecordingHeader& h = source->m_recording->header;
    for (std::size_t v = 0; v < h.viewports.size(); ++v) {
        // The views show what was recorded under the names this build gives it: an algorithm this build
        // does not have is a build that does not match.
        const AlgorithmInfo* live = registry.find(source->spec(v).name);
        if (!live)
            throw InputError(path, "header",
                             "viewport " + std::to_string(v) + " ran '" + h.viewports[v] + "' (build " +
                                 h.buildCommit + "), an algorithm this build does not have");
        auto info = std::make_shared<AlgorithmInfo>(*live);
        info->draws = RecordedAlgorithm::replayedCategories(*source->m_recording, live->draws);
        source->m_infos.push_back(std::move(info));
    }
    return source;
}

AlgorithmSpec ReplaySource::spec(std::size_t v) const {
    return specOf(m_recording->header.viewports[v]);
}

std::string ReplaySource::tag() const {
    const RecordingHeader& h = m_recording->header;
    return "replay, build " + h.buildCommit + (h.buildType.empty() ? "" : " " + h.buildType);
}

std::unique_ptr<Algorithm> ReplaySource::makeAlgorithm(std::size_t v) const {
    return std::make_unique<RecordedAlgorithm>(m_recording, v);
}

Scene ReplaySource::loadScene() const {
    namespace fs = std::filesystem;
    const RecordingHeader& h = m_recording->header;
    // Meshes a scene names by path resolve beside its file: where it was recorded from (the path as
    // recorded), else beside the recording, else in the source tree (a bundled scene recorded elsewhere).
    const fs::path sceneDir = fs::path(h.scenePath).parent_path();
    std::vector<fs::path> candidates{sceneDir, fs::path(m_path).parent_path() / sceneDir,
                                     fs::path(CDLAB_SOURCE_DIR) / sceneDir, fs::path(m_path).parent_path()};
    std::string base = ".";
    std::error_code ec;
    for (const fs::path& c : candidates)
        if (!c.empty() && fs::is_directory(c, ec)) {
            base = c.string();
            break;
        }
    return parseScene(h.sceneJson, h.scenePath, base);
}

const AlgorithmInfo* ReplaySource::info(std::size_t v) const {
    return v < m_infos.size() ? m_infos[v].get() : nullptr;
}

double ReplaySource::firstTime() const {
    return m_recording->frames.empty() ? 0.0 : m_recording->frames.front().front().t1;
}

double ReplaySource::lastTime() const {
    return m_recording->frames.empty() ? 0.0 : m_recording->frames.back().front().t1;
}

} // namespace cdlab
