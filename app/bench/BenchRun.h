// BenchRun: runs scene x algorithms x frames with warm-up and repeats and keeps per-frame records.
#pragma once

#include "pipeline/AlgorithmRegistry.h"
#include "scene/Scene.h"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace cdlab {

struct FrameRecord {
    int frame = 0;
    double t = 0;
    std::vector<std::pair<std::string, double>> stageMs; ///< median over repeats
    Counters counters;                                   ///< from the last repeat (deterministic)
    std::size_t contactPairs = 0;
    std::uint64_t hash = 0;
    double firstContact = -1; ///< continuous algorithms: earliest time of contact in the frame, -1 if none
    std::string
        firstContactFeatures; ///< ... and its bodies and features ("door vertex 3 / box face 9 (...)")
    /// Continuous algorithms: body pairs whose surfaces already cross at the frame's start (-1: not checked).
    long startOverlaps = -1;
};

struct AlgorithmRun {
    AlgorithmSpec spec;
    AlgorithmKind kind = AlgorithmKind::Discrete;
    std::string description; ///< resolved parameter list
    PrepareReport prepare;
    std::vector<FrameRecord> frames;
    std::uint64_t runHash = 0;
    double firstFrameMs = 0; ///< the first step after prepare (the warm-up pass's first frame), wall time
};

struct BenchOptions {
    int frames = 0;          ///< 0: the scene's own frame count
    int repeat = 5;          ///< timed passes over all frames; per-frame times are the median of these
    int warmup = 1;          ///< untimed passes first
    double t0 = -1, t1 = -1; ///< time range (default: the scene's)
    bool forceProgress = false;
    /// The algorithms share per-mesh structures whose parameters agree (built once, by the first that needs
    /// them; the later ones' prepare times and notes say so). Off where each prepare's own cost is the
    /// figure.
    bool shareMeshData = true;
    /// Called with every algorithm's FrameResult of every frame on the last timed pass (`run --record`
    /// keeps them): the algorithm's index in the list given and the frame's.
    std::function<void(std::size_t algorithm, int frame, const FrameResult&)> onResult;
    /// The sink each step of the last timed pass draws into (`run --record-drawing`), or null; that pass's
    /// times then include the drawing.
    std::function<DebugSink*(std::size_t algorithm, int frame)> sinkFor;
};

/// Body pairs whose surfaces overlap at each frame's start (frame i spans [t_i - dt, t_i]), by the discrete
/// BVH test. Continuous methods find the first contact of bodies that start apart; on frames that start
/// interpenetrated "first contact" means different things to different methods, and BM-culling
/// (redon2002 sec. 4: it assumes a contact-free start) is not conservative there.
std::vector<long> startOverlaps(const Scene& scene, const std::vector<double>& frameStarts,
                                std::shared_ptr<MeshDataCache> meshData = {});

/// The algorithms `run` and `bvh-build` take when none is given: bvh (OBB), bvh:bv=aabb and every discrete
/// peer built in.
std::vector<std::string> defaultAlgorithms();

/// Runs every algorithm over the same frames. Throws InputError on unknown algorithms or parameters.
std::vector<AlgorithmRun> runBench(const Scene& scene, const std::vector<AlgorithmSpec>& algorithms,
                                   const BenchOptions& options);

} // namespace cdlab
