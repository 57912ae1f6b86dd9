// CSBV (sbv-reconstruction §4, the paper's Fig. 4): SBVs of a body pair, the separating direction d*, and the
// iterative shrinking of the overlap region to the triangles that can still meet. The answer is either a
// separation (with a certificate: disjoint slabs) or a convex region with the triangles of each body that
// overlap it; every point common to both surfaces lies in that region (the argument is at shrink() in
// Csbv.cpp and is tested on 10,000 random placements: tests/sbv/SbvTest.cpp).
//
// Where we differ from the printed pseudo-code, and why (the reconstruction's uncertainties):
// - U5: the guard's region is SBV(A) ∩ SBV(B), not the printed union (every common point lies in both).
// - U6: the loop stops at a fixpoint (the kept triangles stop changing), not at "SBV(I(A)) = SBV(I(B))".
// - U8: I(A), I(B) hold triangles overlapping the region, not vertices inside it (vertex membership misses
//   two triangles crossing with no vertex in the region: §8.3's counterexample, tested).
// - After the guard we still shrink (over D0): shrinking is sound for any direction set, and it is what lets
//   a puncturing pair (one body through the other) keep only the triangles near the puncture.
#pragma once

#include "convex/Gjk.h"
#include "sbv/Sbv.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace cdlab {

/// What a direction solver is given: two point sets (world coordinates), optionally restricted to subsets,
/// and, for the whole bodies, their convex hulls' support mappings (a faster exact answer for rigid bodies).
struct OshQuery {
    std::span<const Vec3> pointsA, pointsB;
    std::span<const std::uint32_t> subsetA, subsetB; ///< empty: every point
    const SupportFunction* hullA = nullptr;          ///< the whole body A (only when subsetA is empty)
    const SupportFunction* hullB = nullptr;
};

struct OshAnswer {
    bool ok = false;        ///< a direction was found
    bool separated = false; ///< the solver proved the sets' hulls disjoint (the exact solver)
    Vec3 direction;         ///< unit, from A towards B
    std::string error;      ///< why not ok (an SVM that failed to train, a degenerate normal)
    std::vector<std::uint32_t> supportA, supportB; ///< an SVM's support vectors (indices into pointsA / B)
    double ms = 0;                                 ///< time spent solving
};

/// Where d* comes from: `osh=exact` (GJK, ExactOshSolver) or `osh=svm` (a trained SVM, in the algorithm).
class OshSolver {
public:
    virtual ~OshSolver() = default;
    virtual OshAnswer solve(const OshQuery& query) = 0;
    /// True for the exact OSH: trained on the whole bodies (their hulls), not on CSBV's support points.
    virtual bool exact() const = 0;
};

/// The exact OSH (sbv-reconstruction §8.1): GJK on the sets' support mappings.
class ExactOshSolver : public OshSolver {
public:
    OshAnswer solve(const OshQuery& query) override;
    bool exact() const override { return true; }
};

/// A body as CSBV sees it: world-space vertices and its triangles.
struct CsbvBody {
    std::span<const Vec3> vertices;
    std::span<const Triangle> triangles;
    const SupportFunction* hull = nullptr; ///< the convex hull's support mapping, for the exact solver
};

struct CsbvOptions {
    std::size_t samples = 0;         ///< the SVM's training points per body (0: every point of OS(A), OS(B))
    bool coherence = true;           ///< start from the previous frame's d* (Fig. 6)
    double relativeTolerance = 1e-9; ///< inside/overlap tests, times the pair's coordinate magnitude
    bool recordSteps = false;        ///< fill CsbvResult::steps (the viewer's step-through)
};

enum class CsbvOutcome : std::uint8_t {
    BoxesApart, ///< the AABBs (SBV over D0) are disjoint: nothing else computed
    Certified,  ///< disjoint slabs over D' (the OSSHs along d* separate, or another axis does)
    Shrunk,     ///< the shrinking emptied the overlap region: separated
    Region,     ///< a non-empty overlap region with triangles of both bodies
    Contained   ///< the guard fired (one body's support points all inside the other's SBV), then a region
};

/// One round of the shrinking: the region and the triangles overlapping it.
struct CsbvStep {
    std::vector<HalfSpace> region;
    std::vector<std::uint32_t> keptA, keptB;
};

struct CsbvResult {
    CsbvOutcome outcome = CsbvOutcome::BoxesApart;
    bool fromPrevious = false; ///< the previous frame's d* certified the separation (no solve)
    SbvAxes axes;              ///< D' at the end
    Sbv sbvA, sbvB;            ///< the bodies' full SBVs over D'
    Vec3 direction;            ///< d* (zero when none)
    Vec3 nextDirection;        ///< where the next frame starts (retrained on I*(A), I*(B) after shrinking)
    std::vector<std::uint32_t> supportA, supportB; ///< SV_A, SV_B: support points over D0, ties included
    std::size_t samplesA = 0, samplesB = 0;        ///< the SVM's training set (OS(A), OS(B) after sampling)
    OshAnswer osh;                                 ///< this frame's first solve (ok = false when none)
    int oshSolves = 0;
    std::vector<HalfSpace> region;           ///< the final overlap region (Region, Contained)
    std::vector<std::uint32_t> keptA, keptB; ///< triangles overlapping it
    int iterations = 0;                      ///< shrinking rounds
    std::vector<CsbvStep> steps;             ///< with CsbvOptions::recordSteps
    double tolerance = 0;                    ///< the absolute tolerance used
    bool separated() const {
        return outcome == CsbvOutcome::BoxesApart || outcome == CsbvOutcome::Certified ||
               outcome == CsbvOutcome::Shrunk;
    }
};

/// CSBV for bodies A and B; `previous` is the last frame's d* (zero: none).
CsbvResult csbv(const CsbvBody& a, const CsbvBody& b, OshSolver& solver, const CsbvOptions& options,
                const Vec3& previous);

/// A convex region by its vertices and its extent along each axis of D'.
struct RegionExtents {
    RegionExtents(const SbvAxes& axes, std::span<const Vec3> regionVertices);
    std::span<const Vec3> vertices;
    std::vector<double> lo, hi, axisLength;
};

/// The overlap test CSBV keeps triangles by: false only when the triangle (p, q, r) and the region are apart
/// along an axis of `axes` or the triangle's normal (a separating axis), beyond `tolerance`.
bool triangleMayOverlap(const Vec3& p, const Vec3& q, const Vec3& r, const SbvAxes& axes,
                        const RegionExtents& region, double tolerance);

} // namespace cdlab
