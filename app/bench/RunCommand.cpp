#include "RunCommand.h"

#include "BenchReport.h"
#include "BenchRun.h"
#include "CommonOptions.h"
#include "ProgressBar.h"
#include "pipeline/AlgorithmRegistry.h"
#include "recording/Recording.h"
#include "scene/SceneLoader.h"
#include "scene/SceneObjects.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <map>
#include <memory>

namespace cdlab {

namespace {

struct RunOptions {
    std::string scenePath, csvPath, jsonPath, recordPath;
    bool recordDrawing = false;
    int recordLevel = DrawingFilter().level;
    std::vector<std::string> algoTexts;
    BenchOptions bench;
    bool verify = false;
};

/// --verify: each kind of algorithm in the run is checked against the registry's reference of that kind
/// (AlgorithmRegistry::referenceFor). A reference already given
/// (by its name, without parameters) is the one compared with; otherwise it is added to the run. Returns
/// the reference's index in `specs` per kind.
std::map<AlgorithmKind, std::size_t> addReferences(std::vector<AlgorithmSpec>& specs) {
    const auto& registry = AlgorithmRegistry::instance();
    std::map<AlgorithmKind, std::size_t> referenceRun;
    const std::vector<AlgorithmSpec> given = specs;
    for (const auto& spec : given) {
        const AlgorithmInfo* info = registry.find(spec.name);
        if (!info) continue;
        const AlgorithmKind kind = registry.kindOf(spec);
        if (info->role == Role::Peer || !info->exactAnswers || !info->hashReference ||
            referenceRun.count(kind))
            continue;
        const AlgorithmInfo* ref = registry.referenceFor(kind);
        if (!ref) continue;
        auto at = std::find_if(given.begin(), given.end(), [&](const AlgorithmSpec& g) {
            return g.name == ref->name && g.params.empty();
        });
        if (at != given.end()) { // run once, not twice (its answers are the same)
            referenceRun[kind] = std::size_t(at - given.begin());
        } else {
            referenceRun[kind] = specs.size();
            specs.push_back({ref->name, {}});
        }
    }
    return referenceRun;
}

/// Compares every cdlab algorithm's answers with its reference's, frame by frame; says what it could not
/// compare. Returns the exit code: 0 when all agree, 1 otherwise.
int verifyRuns(std::ostream& out, const std::vector<AlgorithmRun>& runs,
               const std::map<AlgorithmKind, std::size_t>& referenceRun) {
    const auto& registry = AlgorithmRegistry::instance();
    bool ok = true;
    std::string references;
    for (const auto& [kind, index] : referenceRun)
        references += (references.empty() ? "" : ", ") + runs[index].spec.name;
    for (const auto& r : runs) {
        const AlgorithmInfo* info = registry.find(r.spec.name);
        auto ref = referenceRun.find(r.kind);
        if (info->role == Role::Peer) continue;
        if (!info->exactAnswers || !info->hashReference) { // tests/CatchTocTest,
            // tests/ArticulatedReferenceTest compare them within their tolerances
            out << "# verify: " << r.spec.label()
                << " answers within a time tolerance, not by hash: not checked\n";
            continue;
        }
        if (ref == referenceRun.end()) { // culling: tests/CatchTest checks it against the exact test
            out << "# verify: " << r.spec.label() << " (" << toString(r.kind)
                << ") has no reference to compare with here: not checked\n";
            continue;
        }
        const AlgorithmRun& reference = runs[ref->second];
        if (r.runHash == reference.runHash) continue;
        int differ = 0;
        for (std::size_t f = 0; f < r.frames.size(); ++f)
            differ += r.frames[f].hash != reference.frames[f].hash;
        out << "# VERIFY FAILED: " << r.spec.label() << " differs from " << reference.spec.name << " on "
            << differ << " of " << r.frames.size() << " frames\n";
        ok = false;
    }
    if (ok && !references.empty())
        out << "# verify: every cdlab algorithm matches its reference (" << references
            << ") on every frame\n";
    return ok ? 0 : 1;
}

int runScene(RunOptions& o, std::ostream& out) {
    BenchOptions& opts = o.bench;
    Scene scene;
    {
        ProgressBar bar(opts.forceProgress);
        scene = loadScene(o.scenePath, [&](double f, const std::string& what) { bar.update(f, what); });
    }
    if (o.algoTexts.empty()) {
        o.algoTexts = defaultAlgorithms();
        if (!scene.models.empty()) // zhang2007 Table 2's spatial columns, both bounds
            o.algoTexts.insert(o.algoTexts.end(), {"catch", "catch:bounds=interval"});
    }
    std::vector<AlgorithmSpec> specs;
    for (const auto& t : o.algoTexts) specs.push_back(AlgorithmSpec::parse(t));
    std::map<AlgorithmKind, std::size_t> referenceRun;
    if (o.verify) referenceRun = addReferences(specs);
    // Output paths that cannot be written fail now, not after a long run.
    for (const auto* path : {&o.csvPath, &o.jsonPath})
        if (!path->empty()) openOut(*path);
    out << configurationLine() << "\n";
    BenchContext ctx{o.scenePath, &scene, opts, opts.frames > 0 ? opts.frames : scene.frames};
    // --record: every algorithm's FrameResult of the last timed pass, frame by frame (the writer is made
    // first, so that a path that cannot be written fails before the run).
    std::unique_ptr<RecordingWriter> recorder;
    std::vector<std::vector<FrameResult>> recorded;
    // --record-drawing: each algorithm's drawing of the recorded pass, one recorder per algorithm.
    const SceneObjects objects(scene);
    std::vector<std::unique_ptr<DrawingRecorder>> drawers;
    std::vector<std::vector<RecordedDrawing>> drawings;
    std::int32_t drawnObject = 0;
    if (!o.recordPath.empty()) {
        std::vector<std::string> labels;
        for (const auto& spec : specs) labels.push_back(spec.label());
        recorder = std::make_unique<RecordingWriter>(o.recordPath, makeRecordingHeader(o.scenePath, labels));
        recorded.assign(std::size_t(ctx.frames), std::vector<FrameResult>(specs.size()));
        if (o.recordDrawing) {
            // The body whose hierarchy's boxes, BM culling and faces are kept: the viewer's first shown (the
            // first that moves, else the first that is not environment).
            DrawingFilter filter;
            filter.level = o.recordLevel;
            filter.object = objects.firstMoving();
            for (std::size_t i = 0; i < objects.objects().size() && filter.object < 0; ++i)
                if (!objects.objects()[i].environment) filter.object = std::int32_t(i);
            filter.object = drawnObject = std::max(filter.object, 0);
            for (std::size_t a = 0; a < specs.size(); ++a)
                drawers.push_back(std::make_unique<DrawingRecorder>(filter, &objects));
            drawings.assign(std::size_t(ctx.frames), std::vector<RecordedDrawing>(specs.size()));
            opts.sinkFor = [&](std::size_t a, int) -> DebugSink* {
                drawers[a]->clear();
                return drawers[a].get();
            };
        }
        opts.onResult = [&](std::size_t a, int f, const FrameResult& r) {
            recorded[std::size_t(f)][a] = r;
            if (!drawers.empty()) drawings[std::size_t(f)][a] = drawers[a]->drawing();
        };
    }
    auto runs = runBench(scene, specs, opts);
    printSummary(out, ctx, runs);
    if (recorder) {
        for (std::size_t f = 0; f < recorded.size(); ++f) {
            std::vector<const FrameResult*> views;
            for (const auto& r : recorded[f]) views.push_back(&r);
            recorder->frame(views);
            if (drawings.empty()) continue;
            std::vector<const RecordedDrawing*> drawn;
            for (const auto& d : drawings[f]) drawn.push_back(&d);
            recorder->drawing(drawn);
        }
        recorder->finish();
        const std::uint64_t frameBytes = recorder->bytesWritten() - recorder->headerBytes();
        const std::uint64_t n = std::uint64_t(std::max(1, recorder->framesWritten()));
        out << "# wrote " << o.recordPath << ": " << recorder->framesWritten() << " frames x " << specs.size()
            << " viewports, " << recorder->bytesWritten() << " bytes (header " << recorder->headerBytes()
            << ", " << frameBytes / n << " bytes per frame";
        if (!drawings.empty())
            out << ", of which drawing " << recorder->drawingBytes() / n << ": level " << o.recordLevel
                << " of " << objects.objects()[std::size_t(drawnObject)].name << "'s hierarchy";
        out << ")\n";
    }
    if (!o.csvPath.empty()) writeCsv(o.csvPath, runs), out << "# wrote " << o.csvPath << "\n";
    if (!o.jsonPath.empty()) writeJson(o.jsonPath, ctx, runs), out << "# wrote " << o.jsonPath << "\n";
    return o.verify ? verifyRuns(out, runs, referenceRun) : 0;
}

} // namespace

BenchCommand declareRunCommand(CLI::App& app) {
    auto o = std::make_shared<RunOptions>();
    auto* run = app.add_subcommand("run", "Run algorithms over the frames of a scene");
    run->add_option("scene", o->scenePath, "Scene JSON file")->required();
    run->add_option("-a,--algo", o->algoTexts,
                    "Algorithm, optionally with parameters: name[:key=value,...] (repeatable; first is the "
                    "ratio baseline). Default: bvh, bvh:bv=aabb and every peer")
        ->allow_extra_args(false); // one value per -a: a scene after it is the scene
    CommonOptions::frames(*run, o->bench.frames, "Number of frames (default: the scene's)");
    CommonOptions::repeat(*run, o->bench.repeat, "Timed passes over all frames (per-frame median)");
    run->add_option("-w,--warmup", o->bench.warmup, "Untimed passes first")->check(CLI::Range(0, 1000));
    run->add_option("--t0", o->bench.t0, "Start time (default: the scene's)");
    run->add_option("--t1", o->bench.t1, "End time (default: the scene's)");
    CommonOptions::csv(*run, o->csvPath, "Write per-frame CSV here");
    run->add_option("--json", o->jsonPath, "Write the summary JSON here");
    run->add_option("--record", o->recordPath,
                    "Write a recording here: every algorithm's FrameResult per frame (the last timed pass), "
                    "the scene and the specs (docs/FORMATS.md, Recordings)");
    run->add_flag("--record-drawing", o->recordDrawing,
                  "With --record: also each frame's debug drawing (what the viewer's overlays show), the "
                  "hierarchy's boxes of one level (--record-level) of the first moving body; the recorded "
                  "pass's times then include the drawing")
        ->needs("--record");
    run->add_option("--record-level", o->recordLevel,
                    "With --record-drawing: the BVH level whose boxes are kept (default 3, the viewer's)")
        ->check(CLI::Range(0, 64))
        ->needs("--record-drawing");
    std::string references; // "brute-force for discrete, rigid-ccd-reference for continuous"
    for (AlgorithmKind kind : {AlgorithmKind::Discrete, AlgorithmKind::Continuous, AlgorithmKind::Penetration,
                               AlgorithmKind::Culling})
        if (const AlgorithmInfo* ref = AlgorithmRegistry::instance().referenceFor(kind))
            references += (references.empty() ? "" : ", ") + ref->name + " for " + toString(kind);
    run->add_flag("--verify", o->verify,
                  "Also run the reference of each kind of algorithm given (" + references +
                      ") and fail (exit 1) unless every cdlab algorithm's answers equal its reference's on "
                      "every frame");
    CommonOptions::progress(*run, o->bench.forceProgress);
    return {run, [o](std::ostream& out) { return runScene(*o, out); }};
}

} // namespace cdlab
