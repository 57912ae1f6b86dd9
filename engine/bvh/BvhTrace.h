// BvhTrace: a caller-owned record of simultaneous BVH traversals, one BV test at a time (the Box2D habit of
// b2ShapeDistance's simplex buffer: the caller passes a buffer, the query fills it, a viewer replays it). A
// traversal records into it only when the caller hands one over; without one, the traversal's only extra
// work is a null test per node pair.
//
// What a step holds: the two nodes, their outcome (separated, overlapping and descended, BM-culled, the leaf
// pair's primitive tests, or skipped because a node was BM-culled earlier in the window), the leaf tests'
// count and hits, the BM tests run there (redon2002 sec. 2.2, step 3) and the step that pushed the pair (the
// traversal's front at step k is every later step pushed at or before k). Steps are grouped in segments: one
// traversal of one body pair (one per window for rigid CCD; a window's root-box test is its own segment).
#pragma once

#include "bvh/Bvh.h"
#include "core/Assert.h"
#include "geometry/Pose.h"

#include <cstdint>
#include <limits>
#include <vector>

namespace cdlab {

enum class BvhTraceOutcome : std::uint8_t {
    Separated,    ///< the BV test found the volumes apart: the pair is pruned
    Overlap,      ///< the volumes overlap: the traversal descends the larger node
    BmCulled,     ///< the volumes overlap, but a node's BM test culled it (redon2002 sec. 2.2 step 3)
    Leaf,         ///< two overlapping leaves: their primitives were tested
    CulledBefore, ///< a node was BM-culled earlier in this window: no BV test (sec. 2.2 step 1)
};
const char* toString(BvhTraceOutcome o);

/// One node pair of a traversal.
struct BvhTraceStep {
    /// Bits of BvhTraceStep::bm: which node's BM test ran here and which culled.
    enum : std::uint8_t { BmTestedA = 1, BmTestedB = 2, BmCulledA = 4, BmCulledB = 8 };

    std::uint32_t nodeA = 0, nodeB = 0;
    std::int32_t parent = -1; ///< the step (index in the trace) whose descent pushed this pair; -1: a root
    std::uint16_t depth = 0;  ///< descents from the root pair (the parent's depth + 1)
    BvhTraceOutcome outcome = BvhTraceOutcome::Separated;
    std::uint8_t bm = 0;
    std::uint32_t leafTests = 0; ///< Leaf: primitive tests run (triangle pairs; elementary CCD tests)
    std::uint32_t leafHits = 0;  ///< Leaf: those that found a contact

    /// Whether the step ran a BV test (every outcome but CulledBefore).
    bool bvTest() const { return outcome != BvhTraceOutcome::CulledBefore; }
};

/// One traversal of one body pair: A's and B's object indices (for rigid CCD, A moves relative to B), their
/// trees and the poses the viewer draws them at, the window of the frame it covers, its steps' range.
struct BvhTraceSegment {
    std::uint32_t objectA = 0, objectB = 0;
    const Bvh* bvhA = nullptr;
    const Bvh* bvhB = nullptr;
    Pose poseA, poseB;                     ///< at the frame's end
    double windowStart = 0, windowEnd = 1; ///< fractions of the frame's pair window (rigid CCD)
    bool windowRoot = false; ///< a window's root-box test before it is halved (rigid CCD), not a traversal
    /// Rigid CCD: A in B's frame at the window's two ends (the relative motion the BM tests bound; identity
    /// for a discrete traversal).
    Pose relativeStart, relativeEnd;
    std::uint32_t first = 0, count = 0;
};

class BvhTrace {
public:
    /// Stop recording after this many steps (a viewer's bound on memory; `truncated()` says so).
    explicit BvhTrace(std::size_t maxSteps = std::numeric_limits<std::size_t>::max())
        : m_maxSteps(maxSteps) {}

    /// Forgets the last frame's records (an algorithm's step() calls it first).
    void clear() {
        m_steps.clear(), m_segments.clear(), m_front.clear();
        m_truncated = false;
    }
    /// A new traversal of one body pair (or a window's root test): its steps follow.
    void beginSegment(const BvhTraceSegment& s) {
        m_segments.push_back(s);
        m_segments.back().first = std::uint32_t(m_steps.size()), m_segments.back().count = 0;
        m_front.assign(1, -1); // the root pair, pushed by nobody
    }
    /// The node pair the traversal pops next (it mirrors the traversal's stack: every descent pushes two).
    /// Returns the step, or null once the trace is full.
    BvhTraceStep* record(std::uint32_t nodeA, std::uint32_t nodeB, BvhTraceOutcome outcome) {
        CDLAB_ASSERT(!m_segments.empty(), "a step inside a segment");
        if (m_steps.size() >= m_maxSteps) {
            m_truncated = true;
            return nullptr;
        }
        BvhTraceStep s;
        s.nodeA = nodeA, s.nodeB = nodeB, s.outcome = outcome;
        if (!m_front.empty()) s.parent = m_front.back(), m_front.pop_back();
        s.depth = s.parent < 0 ? 0 : std::uint16_t(m_steps[std::size_t(s.parent)].depth + 1);
        m_steps.push_back(s);
        ++m_segments.back().count;
        return &m_steps.back();
    }
    /// The last recorded step descended: the traversal pushed its two child pairs.
    void descended() {
        if (m_truncated || m_steps.empty()) return;
        const std::int32_t k = std::int32_t(m_steps.size() - 1);
        m_front.push_back(k), m_front.push_back(k);
    }

    const std::vector<BvhTraceStep>& steps() const { return m_steps; }
    const std::vector<BvhTraceSegment>& segments() const { return m_segments; }
    bool truncated() const { return m_truncated; }
    std::size_t maxSteps() const { return m_maxSteps; }

private:
    std::size_t m_maxSteps;
    std::vector<BvhTraceStep> m_steps;
    std::vector<BvhTraceSegment> m_segments;
    std::vector<std::int32_t> m_front; // parents of the pairs on the traversal's stack
    bool m_truncated = false;
};

/// What an algorithm that records its traversals into a caller's BvhTrace offers (bvh, rigid-ccd,
/// rigid-ccd-bm): set a trace before step(), and every step fills it (clears it first); null stops it. The
/// trace must outlive the steps that record into it.
class BvhTraceRecorder {
public:
    virtual ~BvhTraceRecorder() = default;
    virtual void setTrace(BvhTrace* trace) = 0;
};

} // namespace cdlab
