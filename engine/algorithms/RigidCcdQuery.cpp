#include "algorithms/RigidCcdQuery.h"

#include "collision/BvhCollider.h"
#include "culling/ContinuousCulling.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace cdlab {

namespace {

/// Separating-axis test between a swept box of i and a box of j (both in j's frame).
bool obbOverlap(const Obb& swept, const Obb& boxJ) {
    // j's face normals first, the rotation built row by row: most separated pairs are told apart here, so
    // the other rows are not computed for them.
    Vec3 d = swept.center - boxJ.center, t;
    Mat3 r, absR; // r(a, b) = j's axis a . the swept box's axis b
    for (int a = 0; a < 3; ++a) {
        t[a] = dot(boxJ.axes.r[a], d);
        r.r[a] = swept.axes * boxJ.axes.r[a];
        absR.r[a] = vabs(r.r[a]) + Vec3{kSatEpsilon, kSatEpsilon, kSatEpsilon};
        if (std::fabs(t[a]) > boxJ.halfSize[a] + dot(swept.halfSize, absR.r[a])) return false;
    }
    return satOverlap(boxJ.halfSize, swept.halfSize, r, absR, t);
}

/// Windows per frame: at most 2^8.
constexpr int kMaxWindowDepth = 8;

} // namespace

void RigidCcdWorkspace::reserve(std::size_t maxVertices, std::size_t maxNodes, std::size_t maxTriangles,
                                bool culling, bool faceBound) {
    for (auto* c : {&sweptVerts, &pointBoxes}) c->reset(maxVertices);
    for (auto* c : {&movingTraj, &fixedTraj}) c->reset(maxVertices);
    for (auto* c : {&movingApprox, &fixedApprox}) c->reset(maxVertices);
    for (auto* c : {&culledI, &culledJ}) c->reset(culling ? maxNodes : 0);
    for (auto* c : {&backwardI, &backwardJ}) c->reset(faceBound ? maxTriangles : 0);
    sweptNodes.reset(maxNodes);
}

const Obb& RigidCcdQuery::sweptNode(std::uint32_t node) {
    return m_ws.sweptNodes.get(node, [&] { return m_window->sweptBox(m_i.bvh->obbs()[node]); });
}

void RigidCcdCounts::addTo(Counters& out, bool culling, bool faceBound) const {
    out.add(counter::BvTests, bvTests);
    out.add(counter::EeTests, ee), out.add(counter::VfTests, vf), out.add(counter::FvTests, fv);
    out.add(counter::BmTests, bmTests), out.add(counter::BmCulled, bmCulled);
    // The elementary tests that found a contact: tests that cannot beat the pair's best contact so far are
    // skipped, so this depends on the order.
    out.add(counter::Contacts, contacts), out.add(counter::ContactTests, hits);
    if (culling) out.add(counter::BmNested, nestedPairs), out.add(counter::BmStartOverlaps, startOverlaps);
    if (faceBound) {
        out.add(counter::EeBackward, eeBackward);
        out.add(counter::VfBackward, vfBackward);
        out.add(counter::FvBackward, fvBackward);
    }
}

bool RigidCcdQuery::run(TimeOfContact& best, RigidCcdCounts& counts) {
    m_ws.pointBoxes.reset(m_j.mesh->vertices.size());
    m_ws.movingTraj.reset(m_i.mesh->vertices.size()), m_ws.movingApprox.reset(m_i.mesh->vertices.size());
    m_ws.fixedTraj.reset(m_j.mesh->vertices.size()), m_ws.fixedApprox.reset(m_j.mesh->vertices.size());
    best.time = -1;
    // How far i may travel in one window: a multiple of the smaller body's size (root box half-diagonal).
    Obb rootI = m_i.bvh->nodeBox(0), rootJ = m_j.bvh->nodeBox(0);
    double radiusI = 0; // i's points lie within this distance of its origin (the rotation's centre)
    for (int k = 0; k < 8; ++k) radiusI = std::max(radiusI, length(rootI.corner(k)));
    double reach = m_options.windowTravel * std::min(length(rootI.halfSize), length(rootJ.halfSize));
    window(0, 1, 0, reach, radiusI, rootI, rootJ, best, counts);
    return best.time >= 0;
}

double RigidCcdQuery::untilTime(const TimeOfContact& best) const {
    // Ties go to the smaller features: a contact in the best's cell of the time grid (times are cell starts)
    // can still win.
    return best.time < 0 ? 1.0
                         : std::min(1.0, best.time + std::ldexp(1.0, -std::min(m_options.ccd.tocDepth,
                                                                               m_options.ccd.maxDepth)));
}

void RigidCcdQuery::window(double a, double b, int depth, double reach, double radiusI, const Obb& rootI,
                           const Obb& rootJ, TimeOfContact& best, RigidCcdCounts& counts) {
    if (a > untilTime(best)) return; // a contact before this window is known
    MotionWindow w = m_motion.window(a, b);
    bool split = reach > 0 && depth < kMaxWindowDepth && m_motion.travel(a, b, radiusI) > reach;
    if (!split) {
        traverse(w, a, b, best, counts);
        return;
    }
    // The root pair over the window first: a window where the bodies' swept boxes stay apart is done.
    ++counts.bvTests;
    const bool rootOverlap = obbOverlap(w.sweptBox(rootI), rootJ);
    if (m_trace) [[unlikely]] {
        beginTraceSegment(a, b, true);
        m_trace->record(0, 0, rootOverlap ? BvhTraceOutcome::Overlap : BvhTraceOutcome::Separated);
    }
    if (!rootOverlap) return;
    double mid = 0.5 * (a + b);
    window(a, mid, depth + 1, reach, radiusI, rootI, rootJ, best, counts);
    window(mid, b, depth + 1, reach, radiusI, rootI, rootJ, best, counts);
}

void RigidCcdQuery::traverse(const MotionWindow& w, double a, double b, TimeOfContact& best,
                             RigidCcdCounts& counts) {
    const std::uint32_t i = m_i.object, j = m_j.object;
    m_window = &w, m_windowStart = a, m_windowEnd = b;
    const bool cull = m_cull;
    const bool draw = m_sink != nullptr; // a local: the flag stores below would force a member to be reloaded
    if (cull) m_ws.culledI.reset(m_i.bvh->nodes().size()), m_ws.culledJ.reset(m_j.bvh->nodes().size());
    m_ws.sweptNodes.reset(m_i.bvh->nodes().size());
    m_ws.sweptVerts.reset(m_i.mesh->vertices.size());
    m_ws.testedVf.reset(), m_ws.testedFv.reset(), m_ws.testedEe.reset();
    if (m_options.faceBound || m_options.perFaceTest)
        m_ws.backwardI.reset(m_i.mesh->triangleCount()), m_ws.backwardJ.reset(m_j.mesh->triangleCount());
    const auto& nodesI = m_i.bvh->nodes();
    const auto& nodesJ = m_j.bvh->nodes();
    std::optional<ContinuousCulling> culling;
    if (cull) culling.emplace(w);
    // The node pair's steps 1-3 (sec. 2.2) and the leaves' elementary tests, through the one traversal.
    struct {
        RigidCcdQuery& self;
        TimeOfContact& best;
        RigidCcdCounts& counts;
        const std::vector<BvhNode>&nodesI, &nodesJ;
        std::optional<ContinuousCulling>& culling;
        StampedCache<std::uint8_t>&culledI, &culledJ;
        bool cull, draw;
        std::uint32_t i, j;
        BvhTrace* trace;
        BvhTraceStep* leafStep = nullptr; // the traced step whose leaves are being tested

        static bool culledBefore(const StampedCache<std::uint8_t>& flags, std::uint32_t n) {
            const std::uint8_t* f = flags.find(n);
            return f && *f;
        }
        bool enter(std::uint32_t ni, std::uint32_t nj) {
            std::uint8_t bm = 0; // the BM tests run here and what they culled (BvhTraceStep's bits)
            const BvhTraceOutcome outcome = test(ni, nj, bm);
            if (trace) [[unlikely]]
                record(ni, nj, outcome, bm);
            return outcome == BvhTraceOutcome::Overlap || outcome == BvhTraceOutcome::Leaf;
        }
        void record(std::uint32_t ni, std::uint32_t nj, BvhTraceOutcome outcome, std::uint8_t bm) {
            leafStep = trace->record(ni, nj, outcome);
            if (leafStep) leafStep->bm = bm;
            if (outcome == BvhTraceOutcome::Overlap) trace->descended();
            if (outcome != BvhTraceOutcome::Leaf) leafStep = nullptr;
        }
        BvhTraceOutcome test(std::uint32_t ni, std::uint32_t nj, std::uint8_t& bm) {
            // Step 1: a node already BM-culled in this window ends the pair.
            if (cull && (culledBefore(culledI, ni) || culledBefore(culledJ, nj)))
                return BvhTraceOutcome::CulledBefore;
            // Step 2: overlap of i's swept box with j's box (SAT between the two oriented boxes).
            ++counts.bvTests;
            // Copied: behind a reference, every flag store below (a char store may alias anything) would
            // force the box to be loaded again.
            Obb boxJ = self.m_j.bvh->obbs()[nj];
            bool overlap = obbOverlap(self.sweptNode(ni), boxJ);
            if (draw) self.drawBvTest(ni, nj, overlap);
            if (!overlap) return BvhTraceOutcome::Separated;
            const BvhTraceOutcome kept =
                nodesI[ni].isLeaf() && nodesJ[nj].isLeaf() ? BvhTraceOutcome::Leaf : BvhTraceOutcome::Overlap;
            // Step 3: BM-test each node in turn (continuous test over the window, sec. 6), once per window.
            if (!cull) return kept;
            if (self.m_i.cones->hasCone(ni) && culledI.get(ni, [&] {
                    ++counts.bmTests;
                    bm |= BvhTraceStep::BmTestedA;
                    const Obb& box = self.m_i.bvh->obbs()[ni];
                    bool culled = self.m_options.perFaceTest
                                      ? self.allBackward(true, ni)
                                      : culling->movingCulled(box, self.m_i.cones->cone(ni),
                                                              self.m_i.cones->coneSize(ni));
                    if (culled)
                        ++counts.bmCulled, bm |= BvhTraceStep::BmCulledA,
                            self.drawCulled(i, box, nodesI[ni].depth, self.m_i.endPose);
                    return std::uint8_t(culled);
                }))
                return BvhTraceOutcome::BmCulled;
            if (self.m_j.cones->hasCone(nj) && culledJ.get(nj, [&] {
                    ++counts.bmTests;
                    bm |= BvhTraceStep::BmTestedB;
                    bool culled = self.m_options.perFaceTest
                                      ? self.allBackward(false, nj)
                                      : culling->fixedCulled(boxJ, self.m_j.cones->cone(nj),
                                                             self.m_j.cones->coneSize(nj));
                    if (culled)
                        ++counts.bmCulled, bm |= BvhTraceStep::BmCulledB,
                            self.drawCulled(j, boxJ, nodesJ[nj].depth, self.m_j.endPose);
                    return std::uint8_t(culled);
                }))
                return BvhTraceOutcome::BmCulled;
            return kept;
        }
        bool leaves(const BvhNode& A, const BvhNode& B) {
            if (leafStep) [[unlikely]] {
                const std::uint64_t tests = counts.vf + counts.fv + counts.ee, hits = counts.hits;
                testLeaves(A, B);
                leafStep->leafTests = std::uint32_t(counts.vf + counts.fv + counts.ee - tests);
                leafStep->leafHits = std::uint32_t(counts.hits - hits);
                return true;
            }
            return testLeaves(A, B);
        }
        bool testLeaves(const BvhNode& A, const BvhNode& B) {
            for (std::uint32_t x = A.firstTri; x < A.firstTri + A.triCount; ++x)
                for (std::uint32_t y = B.firstTri; y < B.firstTri + B.triCount; ++y)
                    self.leafTests(self.m_i.bvh->triIndex()[x], self.m_j.bvh->triIndex()[y], best, counts);
            return true; // the earliest contact needs every pair that may come before the best so far
        }
    } query{*this,        best, counts, nodesI, nodesJ, culling, m_ws.culledI,
            m_ws.culledJ, cull, draw,   i,      j,      m_trace};
    if (m_trace) beginTraceSegment(a, b, false);
    traverseBvhPair(*m_i.bvh, *m_j.bvh, m_ws.stack, query);
    m_window = nullptr;
}

void RigidCcdQuery::beginTraceSegment(double a, double b, bool root) {
    BvhTraceSegment s;
    s.objectA = m_i.object, s.objectB = m_j.object, s.bvhA = m_i.bvh, s.bvhB = m_j.bvh;
    s.poseA = m_i.endPose, s.poseB = m_j.endPose;
    s.windowStart = m_traceStart + a * (m_traceEnd - m_traceStart);
    s.windowEnd = m_traceStart + b * (m_traceEnd - m_traceStart);
    s.windowRoot = root;
    s.relativeStart = m_motion.at(a), s.relativeEnd = m_motion.at(b);
    m_trace->beginSegment(s);
}

void RigidCcdQuery::drawBvTest(std::uint32_t ni, std::uint32_t nj, bool overlap) {
    // As the discrete traversal draws its tests, with i's node as the box its motion sweeps over the window:
    // that box is in j's frame, so it is drawn at j's pose at the frame's end, where the viewer draws j.
    DebugCategory cat = overlap ? DebugCategory::BvOverlap : DebugCategory::BvSeparated;
    Rgba col = overlap ? kBvOverlapColor : kBvSeparatedColor;
    DebugTag tagI{std::int32_t(m_i.object), m_i.bvh->nodes()[ni].depth};
    DebugTag tagJ{std::int32_t(m_j.object), m_j.bvh->nodes()[nj].depth};
    if (m_sink->wants(cat, tagI)) {
        m_sink->setTag(tagI);
        m_sink->box(sweptNode(ni).transformed(m_j.endPose), col, cat);
    }
    if (m_sink->wants(cat, tagJ)) {
        m_sink->setTag(tagJ);
        m_sink->box(m_j.bvh->obbs()[nj].transformed(m_j.endPose), col, cat);
    }
}

void RigidCcdQuery::drawCulled(std::uint32_t object, const Obb& box, int depth, const Pose& pose) {
    if (!m_sink) return;
    DebugTag tag{std::int32_t(object), depth};
    if (!m_sink->wants(DebugCategory::BmCulled, tag)) return;
    m_sink->setTag(tag);
    m_sink->box(box.transformed(pose), Rgba{0.95f, 0.2f, 0.85f, 1.0f}, DebugCategory::BmCulled);
}

} // namespace cdlab
