// LdiQuery: the penetration region of two closed meshes as per-pixel depth intervals, sampled on an LdiFrame
// (Heidelberger, Teschner, Gross 2004; ldi-notes §5, §7). Per pixel the fragments of both bodies are sorted
// by depth and swept with one winding counter per body (entry +1, exit -1, counted from the fragments in
// front of Q); the ray is inside a body where its counter is positive, in the penetration region where both
// are. The volume is ΔS · Σ (overlap length), exact along each ray, sampled across (§5).
//
// Closed meshes only: a ray through a hole leaks and its counters go wrong; such pixels are flagged invalid
// (counter below zero, or not back to zero behind the body) and an open mesh marks the answer unreliable.
// Two implementations share this contract and this file's rules (fill convention, ties, sign): the GPU query
// (engine/gpu/GpuLdi, per-pixel fragment lists, §7.3-7.4) and the CPU ray caster (CpuLdi) it is tested
// against.
#pragma once

#include "geometry/Pose.h"
#include "ldi/LdiFrame.h"
#include "mesh/TriangleMesh.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cdlab {

struct LdiBody {
    const TriangleMesh* mesh = nullptr;
    Pose pose;
};

struct LdiOptions {
    /// Fragment storage, in fragments per pixel of the window on average (the GPU's node pool; §7.9: 2-8 are
    /// typical inside Q). When it runs out the fragments that did not fit are counted and reported.
    double capacity = 8;
    /// At most this many fragments per pixel are sorted (the resolve's local array, ≤ kLdiMaxLayers); a
    /// pixel with more is reported as truncated.
    int maxLayers = 32;
    /// On a pool overflow, grow the pool to the fragments counted and run once more (§7.5).
    bool growOnOverflow = true;
    /// Keep the per-pixel images (overlap length, first and last overlap depth, flags) in the result.
    bool keepImages = false;
    /// Keep the sorted fragments of this pixel row (the viewer's teaching view); -1: none.
    int row = -1;
};

inline constexpr int kLdiMaxLayers = 64;

/// One fragment of a kept row: depth in the box frame, whose (0 = A, 1 = B), entering or leaving.
struct LdiFragment {
    float z = 0;
    std::uint8_t body = 0;
    bool entry = false;
};

/// Per-pixel flag bits.
enum LdiPixelFlag : std::uint8_t {
    LdiValid = 1,     ///< the counters never went below zero
    LdiTruncated = 2, ///< more fragments than maxLayers: not resolved
    LdiOverlap = 4,   ///< a non-empty penetration interval
};

struct LdiResult {
    bool ok = false; ///< the query ran (false: `error` says why, e.g. no GPU)
    std::string error;
    LdiFrame frame;

    bool collision = false; ///< some pixel has a penetration interval
    double volume = 0;      ///< ΔS · Σ overlap length over valid pixels
    double footprint = 0;   ///< ΔS · #{pixels with overlap}
    double maxDepth = 0; ///< the longest overlap along one ray (§7.7: a local depth, not a translational PD)
    /// dV/dt for B moved along +w (§5: ΔS · Σ over overlap intervals of [upper end on B] - [lower end on B];
    /// exact for the sampled model), and the way to move B that shrinks V: -sign(dV/dt) w (zero without one).
    double volumeGradient = 0;
    Vec3 direction;

    std::uint32_t pixels = 0; ///< W · H
    std::uint32_t overlapPixels = 0;
    std::uint32_t invalidPixels = 0;   ///< counters went below zero (an open mesh, a missed fragment)
    std::uint32_t truncatedPixels = 0; ///< more than maxLayers fragments
    int layersUsed = 0;                ///< the most fragments stored in one pixel
    std::uint64_t fragments = 0;       ///< fragments inside Q (counted, stored or not)
    std::uint64_t capacity = 0;        ///< fragments the pool held in the last attempt
    bool overflowed = false;           ///< the pool overflowed in the answer returned (fragments lost)
    int attempts = 1;                  ///< 2 when the pool was grown and the query re-run
    std::uint32_t trianglesA = 0, trianglesB = 0; ///< triangles submitted (after lateral culling)

    /// Times in ms. GPU: build, resolve, readback from GL timer queries; cpuMs: wall time of the whole call.
    double buildMs = 0, resolveMs = 0, readbackMs = 0, cpuMs = 0;

    /// With keepImages: W·H values, row-major from the window's lower-left pixel.
    std::vector<float> length, first, last;
    std::vector<std::uint8_t> flags;
    /// With row >= 0: that row's fragments, sorted per pixel, and each pixel's counters at z0 (A, B).
    int row = -1;
    std::vector<std::vector<LdiFragment>> rowFragments;
    std::vector<std::pair<int, int>> rowStart;

    /// Reliable: both meshes closed, no invalid or truncated pixel, no fragment lost.
    bool reliable() const { return ok && invalidPixels == 0 && truncatedPixels == 0 && !overflowed; }
};

class LdiQuery {
public:
    virtual ~LdiQuery() = default;
    virtual LdiResult run(const LdiBody& a, const LdiBody& b, const LdiFrame& frame,
                          const LdiOptions& options) = 0;
    virtual const char* name() const = 0; ///< "gpu", "cpu"
};

/// Per-pixel intervals of one body and of the overlap along a kept row's pixel i (from rowFragments and
/// rowStart), clipped to [z0, z1]: the teaching view's three rows.
struct LdiIntervals {
    std::vector<std::pair<float, float>> a, b, both;
};
LdiIntervals rowIntervals(const LdiResult& r, int i);

} // namespace cdlab
