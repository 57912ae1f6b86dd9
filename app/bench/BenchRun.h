// BenchRun: runs scene x algorithms x frames with warm-up and repeats and keeps per-frame records.
#pragma once

#include "pipeline/AlgorithmRegistry.h"
#include "scene/Scene.h"

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
};

struct AlgorithmRun {
    AlgorithmSpec spec;
    AlgorithmKind kind = AlgorithmKind::Discrete;
    std::string description; ///< resolved parameter list
    PrepareReport prepare;
    std::vector<FrameRecord> frames;
    std::uint64_t runHash = 0;
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
};

/// Runs every algorithm over the same frames. Throws InputError on unknown algorithms or parameters.
std::vector<AlgorithmRun> runBench(const Scene& scene, const std::vector<AlgorithmSpec>& algorithms,
                                   const BenchOptions& options);

} // namespace cdlab
