#include "collision/BvhCollider.h"

#include "debug/DebugSink.h"
#include "geometry/ObbAvx2.h"
#include "geometry/ObbSimd.h"
#include "geometry/TriangleTriangle.h"

#include "collision/ContactDrawing.h"

#include <cassert>
#include <stdexcept>

namespace cdlab {

namespace {
constexpr Rgba kHitColor{1.0f, 0.1f, 0.1f, 1.0f};
} // namespace

// AABB trees: B's boxes keep one constant orientation relative to A's (the relative rotation), so |R| is
// computed once per query and a pair test only moves B's centre.
struct AabbPolicy {
    Mat3 R, absR;
    explicit AabbPolicy(BvhCollider& c) : R(c.m_rel.R), absR(absPlusEpsilon(c.m_rel.R)) {}
    bool overlap(BvhCollider& c, std::uint32_t na, std::uint32_t nb) const {
        const Aabb& a = c.m_bvhA->aabbs()[na];
        const Aabb& b = c.m_bvhB->aabbs()[nb];
        Vec3 t = c.m_rel.apply(b.center()) - a.center();
        return satOverlap((a.hi - a.lo) * 0.5, (b.hi - b.lo) * 0.5, R, absR, t);
    }
};

// OBB trees: B's node boxes are moved into A's frame once (cached), then each pair expresses B's box in the
// A node's axes and runs the 15-axis test on AVX2 lanes where the CPU has them, on SSE2 lanes otherwise
// (ObbAvx2.h, ObbSimd.h: both make the scalar obbOverlapScalar's decisions; it stays as their reference).
struct ObbPolicy {
    explicit ObbPolicy(BvhCollider&) {}
    bool overlap(BvhCollider& c, std::uint32_t na, std::uint32_t nb) const {
        return obbOverlapSimd(c.m_bvhA->obbs()[na], c.obbB(nb));
    }
};
// The same on AVX2, with B's boxes cached in column form (ObbColumns), so a test loads B's transposed axes
// instead of gathering them; the transform into that form is Obb::transformed's arithmetic, bit for bit.
struct ObbAvx2Policy {
    explicit ObbAvx2Policy(BvhCollider&) {}
    bool overlap(BvhCollider& c, std::uint32_t na, std::uint32_t nb) const {
        return obbOverlapAvx2(c.m_bvhA->obbs()[na], c.obbColumnsB(nb));
    }
};

void BvhCollider::reserve(const TriangleMesh& mesh, const Bvh& bvh) {
    // resize() value-initialises, so the pages are touched here and not by the first query.
    if (m_vertStamp.size() < mesh.vertices.size()) {
        m_vertB.resize(mesh.vertices.size());
        m_vertStamp.resize(mesh.vertices.size(), 0);
    }
    if (bvh.bvType() == BvType::Obb && m_obbStamp.size() < bvh.nodes().size()) {
        // Only the cache of the test this CPU runs (obbUseAvx2 is decided once per process).
        if (obbUseAvx2())
            m_obbColumnsB.resize(bvh.nodes().size());
        else
            m_obbB.resize(bvh.nodes().size());
        m_obbStamp.resize(bvh.nodes().size(), 0);
    }
}

void BvhCollider::beginQuery(const TriangleMesh& meshB, const Bvh& bvhB) {
    m_meshB = &meshB;
    m_bvhB = &bvhB;
    reserve(meshB, bvhB);
    if (++m_stamp == 0) { // wrapped: invalidate everything
        std::fill(m_vertStamp.begin(), m_vertStamp.end(), 0);
        std::fill(m_obbStamp.begin(), m_obbStamp.end(), 0);
        m_stamp = 1;
    }
}

const Vec3& BvhCollider::vertexB(std::uint32_t v) {
    if (m_vertStamp[v] != m_stamp) {
        m_vertStamp[v] = m_stamp;
        m_vertB[v] = m_rel.apply(m_meshB->vertices[v]);
    }
    return m_vertB[v];
}

const Obb& BvhCollider::obbB(std::uint32_t node) {
    if (m_obbStamp[node] != m_stamp) {
        m_obbStamp[node] = m_stamp;
        m_obbB[node] = m_bvhB->obbs()[node].transformed(m_rel);
    }
    return m_obbB[node];
}

const ObbColumns& BvhCollider::obbColumnsB(std::uint32_t node) {
    if (m_obbStamp[node] != m_stamp) {
        m_obbStamp[node] = m_stamp;
        transformToColumns(m_bvhB->obbs()[node], m_rel, m_obbColumnsB[node]);
    }
    return m_obbColumnsB[node];
}

template <class Policy, bool kWatched>
void BvhCollider::traverse(const CollisionBody& a, const CollisionBody& b, ContactMode mode,
                           CollisionResult& out, DebugSink* sink, BvhTrace* trace, FrontRef front) {
    const auto& nodesA = a.bvh->nodes();
    const auto& nodesB = b.bvh->nodes();
    const auto& triA = a.bvh->triIndex();
    const auto& triB = b.bvh->triIndex();
    const TriangleMesh& meshA = *a.mesh;
    Policy policy(*this);
    CollisionCounters& cnt = out.counters;

    struct {
        BvhCollider& self;
        Policy& policy;
        CollisionCounters& cnt;
        const CollisionBody &a, &b;
        DebugSink* sink;
        const std::vector<BvhNode>&nodesA, &nodesB;
        const std::vector<std::uint32_t>&triA, &triB;
        const TriangleMesh& meshA;
        ContactMode mode;
        CollisionResult& out;
        BvhTrace* trace;
        BvhTraceStep* leafStep = nullptr; // the traced step whose leaves are being tested

        // The node pair's BV test, drawn with its outcome when a sink wants it, recorded when a trace does.
        bool enter(std::uint32_t na, std::uint32_t nb) {
            ++cnt.bvTests;
            bool hit = policy.overlap(self, na, nb);
            if constexpr (kWatched) {
                if (sink) draw(na, nb, hit);
                if (trace) record(na, nb, hit);
            }
            if (hit) ++cnt.nodesVisited;
            return hit;
        }
        void draw(std::uint32_t na, std::uint32_t nb, bool hit) {
            Rgba col = hit ? kBvOverlapColor : kBvSeparatedColor;
            DebugCategory cat = hit ? DebugCategory::BvOverlap : DebugCategory::BvSeparated;
            DebugTag ta{a.debugId, nodesA[na].depth}, tb{b.debugId, nodesB[nb].depth};
            if (sink->wants(cat, ta)) {
                sink->setTag(ta);
                sink->box(a.bvh->nodeBox(na).transformed(a.pose), col, cat);
            }
            if (sink->wants(cat, tb)) {
                sink->setTag(tb);
                sink->box(b.bvh->nodeBox(nb).transformed(b.pose), col, cat);
            }
        }
        // The pair's step in the trace (its parent: the pair the traversal's stack popped it from).
        void record(std::uint32_t na, std::uint32_t nb, bool hit) {
            const bool leaf = nodesA[na].isLeaf() && nodesB[nb].isLeaf();
            leafStep = trace->record(na, nb,
                                     !hit   ? BvhTraceOutcome::Separated
                                     : leaf ? BvhTraceOutcome::Leaf
                                            : BvhTraceOutcome::Overlap);
            if (hit && !leaf) trace->descended();
            if (!hit || !leaf) leafStep = nullptr;
        }
        // Every triangle pair of two leaves through the exact test; the first contact ends a FirstContact
        // query.
        bool leaves(const BvhNode& A, const BvhNode& B) {
            if (kWatched && leafStep) {
                const std::uint64_t tests = cnt.triTests, hits = cnt.pairsFound;
                const bool go = testLeaves(A, B);
                leafStep->leafTests = std::uint32_t(cnt.triTests - tests);
                leafStep->leafHits = std::uint32_t(cnt.pairsFound - hits);
                return go;
            }
            return testLeaves(A, B);
        }
        bool testLeaves(const BvhNode& A, const BvhNode& B) {
            for (std::uint32_t i = A.firstTri; i < A.firstTri + A.triCount; ++i) {
                const Triangle& ta = meshA.triangles[triA[i]];
                const Vec3 &p1 = meshA.vertices[ta[0]], &q1 = meshA.vertices[ta[1]],
                           &r1 = meshA.vertices[ta[2]];
                for (std::uint32_t j = B.firstTri; j < B.firstTri + B.triCount; ++j) {
                    const Triangle& tb = self.m_meshB->triangles[triB[j]];
                    const Vec3 &p2 = self.vertexB(tb[0]), &q2 = self.vertexB(tb[1]),
                               &r2 = self.vertexB(tb[2]);
                    ++cnt.triTests;
                    if (!trianglesIntersect(p1, q1, r1, p2, q2, r2)) continue;
                    ++cnt.pairsFound;
                    out.pairs.push_back({triA[i], triB[j]});
                    if (kWatched && sink)
                        drawContact(*sink, a.pose, {p1, q1, r1}, {p2, q2, r2}, a.debugId, b.debugId);
                    if (mode == ContactMode::FirstContact) return false;
                }
            }
            return true;
        }
    } query{*this, policy, cnt, a, b, sink, nodesA, nodesB, triA, triB, meshA, mode, out, trace};
    if (trace) {
        BvhTraceSegment seg;
        seg.objectA = std::uint32_t(a.debugId), seg.objectB = std::uint32_t(b.debugId);
        seg.bvhA = a.bvh, seg.bvhB = b.bvh, seg.poseA = a.pose, seg.poseB = b.pose;
        trace->beginSegment(seg);
    }
    if (front.front)
        traverseBvhPairFront(*a.bvh, *b.bvh, *front.parentsA, *front.parentsB, *front.front, m_stack, query);
    else
        traverseBvhPair(*a.bvh, *b.bvh, m_stack, query);
}

void BvhCollider::collide(const CollisionBody& a, const CollisionBody& b, ContactMode mode,
                          CollisionResult& out, DebugSink* sink, BvhTrace* trace) {
    dispatch(a, b, mode, out, sink, trace, {});
}

void BvhCollider::collideCoherent(const CollisionBody& a, const CollisionBody& b, const BvhParents& parentsA,
                                  const BvhParents& parentsB, BvhFront& front, CollisionResult& out,
                                  DebugSink* sink) {
    dispatch(a, b, ContactMode::AllPairs, out, sink, nullptr, {&front, &parentsA, &parentsB});
}

void BvhCollider::dispatch(const CollisionBody& a, const CollisionBody& b, ContactMode mode,
                           CollisionResult& out, DebugSink* sink, BvhTrace* trace, FrontRef front) {
    if (a.bvh->bvType() != b.bvh->bvType())
        throw std::invalid_argument("BvhCollider: both BVHs must use the same bounding-volume type");
    if (a.bvh->empty() || b.bvh->empty()) return;
    m_rel = Pose::relative(a.pose, b.pose);
    m_bvhA = a.bvh;
    beginQuery(*b.mesh, *b.bvh);
    const bool obb = a.bvh->bvType() == BvType::Obb, avx2 = obb && obbUseAvx2();
    // Compiled twice: without a sink or a trace, the traversal has no drawing or recording code at all.
    if (sink || trace) {
        avx2  ? traverse<ObbAvx2Policy, true>(a, b, mode, out, sink, trace, front)
        : obb ? traverse<ObbPolicy, true>(a, b, mode, out, sink, trace, front)
              : traverse<AabbPolicy, true>(a, b, mode, out, sink, trace, front);
    } else {
        avx2  ? traverse<ObbAvx2Policy, false>(a, b, mode, out, sink, trace, front)
        : obb ? traverse<ObbPolicy, false>(a, b, mode, out, sink, trace, front)
              : traverse<AabbPolicy, false>(a, b, mode, out, sink, trace, front);
    }
}

} // namespace cdlab
