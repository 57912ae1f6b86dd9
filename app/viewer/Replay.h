// Replay: a recording opened in the viewer (issue 44; JoltViewer, PVD) — the seam between a view and where
// its FrameResults come from. A live view runs its algorithm; a replaying view gets a RecordedAlgorithm
// (engine/recording) that hands back the recorded frame and its drawing, so every panel, family view, overlay
// and the run report work unchanged and no collision query runs. This file names no family.
#pragma once

#include "pipeline/AlgorithmSpec.h"
#include "recording/Recording.h"

#include <memory>
#include <string>
#include <vector>

namespace cdlab {

class Algorithm;
class Scene;
struct AlgorithmInfo;

class ReplaySource {
public:
    /// Reads the recording; a file that is not one, a damaged, truncated or foreign one, or one whose views
    /// ran an algorithm this build does not have, throws InputError naming the file and what does not match.
    static std::shared_ptr<const ReplaySource> open(const std::string& path);

    const std::string& path() const { return m_path; }
    const Recording& recording() const { return *m_recording; }
    std::size_t viewCount() const { return m_recording->header.viewports.size(); }
    /// View v's recorded spec ("NAME[key=value]" as recorded, parsed).
    AlgorithmSpec spec(std::size_t v) const;
    /// "replay, build 46323d0 Release": what a replaying view's label and title say.
    std::string tag() const;
    /// The algorithm that stands for view `v`: the recorded frames and drawing, no query.
    std::unique_ptr<Algorithm> makeAlgorithm(std::size_t v) const;
    /// The recording's scene (embedded), its meshes resolved beside the scene file it was recorded from
    /// (that path as recorded, else relative to the recording's folder).
    Scene loadScene() const;
    /// What view v's overlay rows may list: the recording algorithm's description with only the
    /// categories the replay draws (RecordedAlgorithm::replayedCategories); the algorithm's own when this
    /// build does not know it.
    const AlgorithmInfo* info(std::size_t v) const;
    /// The recording's grid: the first frame's end, the last's and the frame count (the timeline's range).
    double firstTime() const;
    double lastTime() const;
    int frames() const { return int(m_recording->frames.size()); }

private:
    std::string m_path;
    std::shared_ptr<const Recording> m_recording;
    std::vector<std::shared_ptr<AlgorithmInfo>> m_infos;
};

} // namespace cdlab
