#include "collision/BruteForceCollider.h"

#include "collision/ContactDrawing.h"
#include "debug/DebugSink.h"
#include "geometry/TriangleTriangle.h"

namespace cdlab {

void BruteForceCollider::collide(const CollisionBody& a, const CollisionBody& b, ContactMode mode,
                                 CollisionResult& out, DebugSink* sink) {
    const TriangleMesh& ma = *a.mesh;
    const TriangleMesh& mb = *b.mesh;
    Pose rel = Pose::relative(a.pose, b.pose); // identical to BvhCollider's
    m_vertB.resize(mb.vertices.size());
    for (std::size_t i = 0; i < mb.vertices.size(); ++i) m_vertB[i] = rel.apply(mb.vertices[i]);
    // Exact AABBs of the (transformed) triangles: a closed-box test never rejects an intersecting pair.
    auto triBox = [](const Vec3& p, const Vec3& q, const Vec3& r) {
        Aabb box;
        box.grow(p), box.grow(q), box.grow(r);
        return box;
    };
    m_boxA.resize(ma.triangles.size());
    for (std::size_t i = 0; i < ma.triangles.size(); ++i) {
        const Triangle& t = ma.triangles[i];
        m_boxA[i] = triBox(ma.vertices[t[0]], ma.vertices[t[1]], ma.vertices[t[2]]);
    }
    m_boxB.resize(mb.triangles.size());
    for (std::size_t j = 0; j < mb.triangles.size(); ++j) {
        const Triangle& t = mb.triangles[j];
        m_boxB[j] = triBox(m_vertB[t[0]], m_vertB[t[1]], m_vertB[t[2]]);
    }
    CollisionCounters& cnt = out.counters;
    for (std::size_t i = 0; i < ma.triangles.size(); ++i) {
        const Triangle& ta = ma.triangles[i];
        for (std::size_t j = 0; j < mb.triangles.size(); ++j) {
            ++cnt.bvTests;
            if (!m_boxA[i].overlaps(m_boxB[j])) continue;
            ++cnt.nodesVisited;
            ++cnt.triTests;
            const Triangle& tb = mb.triangles[j];
            if (!trianglesIntersect(ma.vertices[ta[0]], ma.vertices[ta[1]], ma.vertices[ta[2]],
                                    m_vertB[tb[0]], m_vertB[tb[1]], m_vertB[tb[2]]))
                continue;
            ++cnt.pairsFound;
            out.pairs.push_back({static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(j)});
            if (sink)
                drawContact(*sink, a.pose, {ma.vertices[ta[0]], ma.vertices[ta[1]], ma.vertices[ta[2]]},
                            {m_vertB[tb[0]], m_vertB[tb[1]], m_vertB[tb[2]]}, a.debugId, b.debugId);
            if (mode == ContactMode::FirstContact) return;
        }
    }
}

} // namespace cdlab
