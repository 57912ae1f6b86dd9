// PrepareJob: loads a scene (optionally) and prepares algorithms on it on a worker thread, with progress and
// cancellation, so that a viewer keeps drawing — and keeps running the scene it has — while a big mesh gets
// its BVH and BM-cones (a 100K-triangle mesh takes seconds). Nothing of the outcome is used until the
// caller takes it, so a failed or cancelled job loses nothing.
#pragma once

#include "pipeline/Algorithm.h"
#include "scene/Scene.h"
#include "scene/SceneLoader.h"

#include <atomic>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace cdlab {

/// Thrown out of a progress report when the job was cancelled; it unwinds the loader or prepare() in work.
struct PrepareCancelled : std::exception {
    const char* what() const noexcept override { return "cancelled"; }
};

struct PrepareTask {
    /// Builds the new scene (may throw: a bad file), reporting its progress (mesh imports) to the function it
    /// is given, which throws PrepareCancelled once the job is cancelled; empty: the algorithms are prepared
    /// on `scene`.
    std::function<std::unique_ptr<Scene>(const SceneLoadProgress&)> load;
    /// The scene to prepare on when there is no `load`. The caller keeps it alive and unchanged until the job
    /// is taken or cancelled (reading it meanwhile, e.g. stepping other algorithms on it, is fine).
    const Scene* scene = nullptr;
    /// One per algorithm to prepare: makes it (may throw: a bad parameter).
    std::vector<std::function<std::unique_ptr<Algorithm>()>> create;
    std::vector<std::string> labels; ///< what the progress calls each algorithm ("view 2 (rigid-ccd-bm)")
    /// Per-mesh structures already built on `scene` (by the algorithms prepared on it before); the job's
    /// algorithms share them, and add theirs. Ignored with `load` (a new scene gets a new cache).
    std::shared_ptr<MeshDataCache> meshData;
};

struct PreparedAlgorithm {
    std::unique_ptr<Algorithm> algo; ///< null when making or preparing it failed
    PrepareReport report;
    std::string error; ///< why it failed
};

struct PrepareOutcome {
    std::unique_ptr<Scene> scene;              ///< the loaded scene (null without `load` or when it failed)
    std::vector<PreparedAlgorithm> algorithms; ///< one per `create`, in order (empty when the load failed)
    std::shared_ptr<MeshDataCache> meshData;   ///< what they built, for the next job on the same scene
    std::string error;                         ///< the scene failed to load: nothing was prepared
    bool cancelled = false;
    double seconds = 0;
};

class PrepareJob {
public:
    PrepareJob() = default;
    PrepareJob(const PrepareJob&) = delete;
    PrepareJob& operator=(const PrepareJob&) = delete;
    ~PrepareJob(); ///< cancels a running job and waits for it

    /// Starts a task on a new worker thread; a job that is still busy is cancelled first.
    void start(PrepareTask task);
    /// Started and not yet taken (running, or finished and waiting to be taken).
    bool busy() const { return m_thread.joinable(); }
    /// The outcome once the worker has finished (the job is then idle); nothing while it runs.
    std::optional<PrepareOutcome> take();
    /// Blocks until the worker has finished and returns the outcome (empty outcome when idle).
    PrepareOutcome wait();
    /// Asks the worker to stop at its next progress report, waits for it and drops the outcome.
    void cancel();

    /// Progress of the whole task in [0, 1] and what it is doing ("view 1 (bvh): BVH knot").
    double fraction() const;
    std::string what() const;

private:
    void run();
    void report(double fraction, const std::string& what);

    PrepareTask m_task;
    PrepareOutcome m_outcome;
    std::thread m_thread;
    std::atomic<bool> m_cancel{false}, m_finished{false};
    mutable std::mutex m_mutex; // guards m_fraction, m_what
    double m_fraction = 0;
    std::string m_what;
};

} // namespace cdlab
