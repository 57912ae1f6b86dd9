#include "BenchRun.h"

#include "ProgressBar.h"
#include "core/InputError.h"
#include "core/Stats.h"
#include "core/Stopwatch.h"
#include "scene/SceneObjects.h"

#include <algorithm>

namespace cdlab {

std::vector<std::string> defaultAlgorithms() {
    std::vector<std::string> v{"bvh", "bvh:bv=aabb"};
    for (const auto& a : AlgorithmRegistry::instance().list())
        if (a.role == Role::Peer && a.kind == AlgorithmKind::Discrete) v.push_back(a.name);
    return v;
}

std::vector<long> startOverlaps(const Scene& scene, const std::vector<double>& frameStarts,
                                std::shared_ptr<MeshDataCache> meshData) {
    auto discrete = AlgorithmRegistry::instance().create("bvh", {});
    if (meshData) discrete->shareMeshData(std::move(meshData));
    discrete->prepare(scene);
    std::vector<long> pairs;
    for (double t : frameStarts) pairs.push_back(long(discrete->step(t, t).contacts.size())); // body pairs
    return pairs;
}

std::vector<AlgorithmRun> runBench(const Scene& scene, const std::vector<AlgorithmSpec>& algorithms,
                                   const BenchOptions& options) {
    const auto& registry = AlgorithmRegistry::instance();
    int frames = options.frames > 0 ? options.frames : scene.frames;
    double t0 = options.t0 >= 0 ? options.t0 : scene.startTime;
    double t1 = options.t1 >= 0 ? options.t1 : scene.endTime;
    auto frameTime = [&](int i) { return frames <= 1 ? t0 : t0 + (t1 - t0) * i / (frames - 1); };
    double dt = frames <= 1 ? 0 : (t1 - t0) / (frames - 1);
    const SceneObjects objects(scene); // the bodies' names, for the contacts' descriptions

    // Create every algorithm first so a bad --algo fails before any long run.
    std::vector<std::unique_ptr<Algorithm>> instances;
    std::vector<AlgorithmRun> runs;
    for (const auto& spec : algorithms) {
        instances.push_back(registry.create(spec, "--algo " + spec.label()));
        AlgorithmRun run;
        run.spec = spec;
        if (registry.find(spec.name)) run.kind = registry.kindOf(spec);
        run.description = spec.name + " " + registry.parameters(spec, "--algo").describe();
        runs.push_back(std::move(run));
    }

    std::shared_ptr<MeshDataCache> meshData;
    if (options.shareMeshData) {
        meshData = std::make_shared<MeshDataCache>(scene);
        for (auto& algo : instances) algo->shareMeshData(meshData);
    }

    ProgressBar bar(options.forceProgress);
    int passes = std::max(0, options.warmup) + std::max(1, options.repeat);
    double totalSteps = double(algorithms.size()) * passes * frames;
    double doneSteps = 0;
    for (std::size_t a = 0; a < instances.size(); ++a) {
        std::string label = runs[a].spec.label();
        runs[a].prepare = instances[a]->prepare(scene, [&](double f, const std::string& what) {
            bar.update(f, label + " prepare: " + what); // the run's own bar starts after
        });
        runs[a].frames.assign(frames, {});
    }
    // Passes interleave the algorithms (pass 1 of each, then pass 2 of each, ...): this machine and others
    // like it change speed for seconds at a time, and a change between one algorithm's passes and the
    // next's would otherwise show up as a ratio between them. times[algorithm][frame][stage] over repeats.
    std::vector<std::vector<std::vector<std::vector<double>>>> times(
        instances.size(), std::vector<std::vector<std::vector<double>>>(frames));
    std::vector<std::vector<std::string>> stageNames(instances.size());
    for (int pass = 0; pass < passes; ++pass) {
        bool timed = pass >= options.warmup;
        for (std::size_t a = 0; a < instances.size(); ++a) {
            Algorithm& algo = *instances[a];
            AlgorithmRun& run = runs[a];
            std::string label = run.spec.label();
            for (int f = 0; f < frames; ++f) {
                double t = frameTime(f);
                Stopwatch clock;
                DebugSink* sink = options.sinkFor && pass + 1 == passes ? options.sinkFor(a, f) : nullptr;
                FrameResult r = algo.step(t - dt, t, sink);
                if (pass == 0 && f == 0) run.firstFrameMs = clock.ms(); // the first query after prepare
                if (timed) {
                    const auto& items = r.stages.items();
                    if (stageNames[a].empty())
                        for (const auto& [n, ms] : items) stageNames[a].push_back(n);
                    times[a][f].resize(items.size());
                    for (std::size_t s = 0; s < items.size(); ++s) times[a][f][s].push_back(items[s].second);
                    FrameRecord& rec = run.frames[f];
                    rec.frame = f, rec.t = t;
                    rec.counters = r.counters;
                    rec.contactPairs = r.contactPairCount();
                    rec.hash = r.hash();
                    rec.firstContact = -1;
                    if (const TimeOfContact* c = r.earliest())
                        rec.firstContact = c->time,
                        rec.firstContactFeatures = describeContact(*c, objects.objects()[c->objectA].name,
                                                                   objects.objects()[c->objectB].name);
                    if (options.onResult && pass + 1 == passes) options.onResult(a, f, r);
                }
                doneSteps += 1;
                bar.update(doneSteps / totalSteps, label + " pass " + std::to_string(pass + 1) + "/" +
                                                       std::to_string(passes) + " frame " +
                                                       std::to_string(f + 1));
            }
        }
    }
    // Frames that start interpenetrated, for the continuous algorithms' answers (once for all of them).
    bool continuous = std::any_of(runs.begin(), runs.end(),
                                  [](const AlgorithmRun& r) { return r.kind == AlgorithmKind::Continuous; });
    std::vector<long> overlaps;
    if (continuous && frames > 0) {
        std::vector<double> starts;
        for (int f = 0; f < frames; ++f) starts.push_back(frameTime(f) - dt);
        bar.update(1, "checking which frames start interpenetrated");
        overlaps = startOverlaps(scene, starts, meshData);
    }
    for (std::size_t a = 0; a < instances.size(); ++a) {
        AlgorithmRun& run = runs[a];
        for (int f = 0; f < frames; ++f) {
            FrameRecord& rec = run.frames[f];
            if (run.kind == AlgorithmKind::Continuous && !overlaps.empty()) rec.startOverlaps = overlaps[f];
            for (std::size_t s = 0; s < stageNames[a].size(); ++s)
                rec.stageMs.emplace_back(stageNames[a][s], median(times[a][f][s]));
            run.runHash = combineHash(run.runHash, rec.hash);
        }
    }
    bar.finish();
    return runs;
}

} // namespace cdlab
