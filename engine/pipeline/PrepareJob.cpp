#include "pipeline/PrepareJob.h"

#include "core/Stopwatch.h"

#include <algorithm>

namespace cdlab {

PrepareJob::~PrepareJob() {
    cancel();
}

void PrepareJob::start(PrepareTask task) {
    cancel();
    m_task = std::move(task);
    m_outcome = {};
    m_cancel = false, m_finished = false;
    report(0, m_task.load ? "loading the scene" : "preparing");
    m_thread = std::thread([this] { run(); });
}

std::optional<PrepareOutcome> PrepareJob::take() {
    if (!m_thread.joinable() || !m_finished) return std::nullopt;
    return wait();
}

PrepareOutcome PrepareJob::wait() {
    if (!m_thread.joinable()) return {};
    m_thread.join();
    m_task = {}; // the factories may hold references the caller is about to invalidate
    return std::move(m_outcome);
}

void PrepareJob::cancel() {
    if (!m_thread.joinable()) return;
    m_cancel = true;
    wait();
}

double PrepareJob::fraction() const {
    std::lock_guard lock(m_mutex);
    return m_fraction;
}

std::string PrepareJob::what() const {
    std::lock_guard lock(m_mutex);
    return m_what;
}

void PrepareJob::report(double fraction, const std::string& what) {
    {
        std::lock_guard lock(m_mutex);
        m_fraction = std::clamp(fraction, 0.0, 1.0);
        m_what = what;
    }
    if (m_cancel) throw PrepareCancelled();
}

void PrepareJob::run() {
    Stopwatch clock;
    PrepareOutcome& out = m_outcome;
    try {
        const Scene* scene = m_task.scene;
        // Loading is the first tenth of the bar (mesh files report their import; generated meshes and the
        // JSON are quick).
        const double loadShare = m_task.load ? 0.1 : 0.0;
        if (m_task.load) {
            try {
                out.scene = m_task.load([&](double f, const std::string& what) {
                    report(loadShare * std::clamp(f, 0.0, 1.0), what);
                });
            } catch (const PrepareCancelled&) {
                throw;
            } catch (const std::exception& e) {
                out.error = e.what();
            }
            if (!out.scene) {
                if (out.error.empty()) out.error = "the scene could not be loaded";
                out.seconds = clock.ms() / 1000;
                m_finished = true;
                return;
            }
            scene = out.scene.get();
            report(loadShare, "scene loaded");
        }
        out.meshData = m_task.load ? nullptr : m_task.meshData;
        if (!out.meshData || !out.meshData->serves(*scene))
            out.meshData = std::make_shared<MeshDataCache>(*scene);
        const std::size_t n = m_task.create.size();
        out.algorithms.resize(n);
        for (std::size_t k = 0; k < n; ++k) {
            const std::string label =
                k < m_task.labels.size() ? m_task.labels[k] : "algorithm " + std::to_string(k);
            auto overall = [&](double f) {
                return loadShare + (1 - loadShare) * (double(k) + f) / double(n);
            };
            PreparedAlgorithm& p = out.algorithms[k];
            try {
                report(overall(0), label);
                p.algo = m_task.create[k]();
                p.algo->shareMeshData(out.meshData);
                p.report = p.algo->prepare(*scene, [&](double f, const std::string& what) {
                    report(overall(std::clamp(f, 0.0, 1.0)), label + ": " + what);
                });
            } catch (const PrepareCancelled&) {
                throw;
            } catch (const std::exception& e) {
                p.algo.reset();
                p.error = e.what();
            } catch (...) { // a peer library's own exception type
                p.algo.reset();
                p.error = "unknown error while preparing " + label;
            }
        }
        report(1, "done");
    } catch (const PrepareCancelled&) {
        out.algorithms.clear(); // before the scene they were prepared on
        out.meshData.reset();
        out.scene.reset();
        out.cancelled = true;
    } catch (const std::exception& e) { // out of memory between the guarded steps
        out.algorithms.clear();
        out.meshData.reset();
        out.scene.reset();
        out.error = e.what();
    }
    out.seconds = clock.ms() / 1000;
    m_finished = true;
}

} // namespace cdlab
