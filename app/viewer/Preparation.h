// Preparation: the viewer's background work — loading a scene, or preparing views' algorithms after their
// algorithm or parameters changed — on a PrepareJob thread while the current scene keeps running; what it is
// doing for the Preparing panel, and Cancel. It reads the views and the loaded scene; the frame loop applies
// what it takes.
#pragma once

#include "core/Stopwatch.h"
#include "pipeline/PrepareJob.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cdlab {

class LoadedScene;
class ReplaySource;
struct Viewport;

class Preparation {
public:
    Preparation(const std::vector<std::unique_ptr<Viewport>>& viewports, const LoadedScene& loaded);

    /// What the background job is doing: loading `paths`, or preparing the algorithms of `targets` (on a
    /// load, every viewport's).
    struct Pending {
        bool load = false;
        std::vector<std::string> paths;
        std::string label; ///< the paths as one line, for the panel and the status
        std::vector<Viewport*> targets;
        /// A recording's embedded scene is loaded instead of `paths` (Replay.h).
        std::shared_ptr<const ReplaySource> replay;
    };
    /// Loads a scene (or meshes side by side) and prepares every viewport's algorithm on it; the current
    /// scene keeps running until all is ready.
    /// With `replay`: the recording's embedded scene (`paths` names the recording).
    void load(const std::vector<std::string>& paths, std::shared_ptr<const ReplaySource> replay = {});
    /// Prepares the viewport's algorithm again (it or its parameters changed); the viewport keeps running
    /// its current one meanwhile. Nothing before a scene is loaded or loading.
    void rebuild(Viewport& vp);
    /// `gone` was removed from the viewports: its outcome is not waited for (a running job restarts
    /// without it, or stops when it was all the job did).
    void forget(Viewport* gone);
    /// Stops the job; the scene and algorithms it would have replaced stay, and the views' panels show
    /// what they run again. Returns what to say ("" when nothing was running).
    std::string cancel();
    /// The finished job's outcome and what it was for; nothing while it runs or when none was started.
    struct Done {
        Pending pending;
        PrepareOutcome outcome;
    };
    std::optional<Done> take();

    bool busy() const { return m_job.busy(); }
    double fraction() const { return m_job.fraction(); }
    std::string what() const { return m_job.what(); }
    double seconds() const { return m_clock.ms() / 1000; }
    const Pending& pending() const { return m_pending; }
    /// Whether the job prepares this viewport's algorithm.
    bool preparing(const Viewport& vp) const;

    /// Whether `paths` name one scene file (a .json), not meshes.
    static bool isSceneFile(const std::vector<std::string>& paths);

private:
    /// (Re)starts the job for m_pending (a running one is cancelled: its work is redone).
    void start();

    const std::vector<std::unique_ptr<Viewport>>& m_viewports;
    const LoadedScene& m_loaded;
    Pending m_pending;
    Stopwatch m_clock;
    PrepareJob m_job; // last: destroyed (cancelled and joined) first
};

} // namespace cdlab
