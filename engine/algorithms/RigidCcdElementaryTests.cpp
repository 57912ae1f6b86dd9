// RigidCcdQuery's elementary-test scheduling: at a leaf pair, which vertex/face, face/vertex and
// edge/edge tests run (each vertex's path box prefilters; each feature pair once per window; only contacts
// that can still win), on the lazily built trajectories of the window's vertices; and Vanecek's face-level
// test (3) per triangle for the "face-bound" counters and the "per-face" node test.
#include "algorithms/RigidCcdQuery.h"

#include "culling/ContinuousCulling.h"

#include <algorithm>

namespace cdlab {

namespace {

bool boxesOverlap(const Aabb& a, const Aabb& b) {
    return a.overlaps(b);
}

/// Pads a box by a relative amount (rounding of the floating-point prefilters; the exact tests decide).
Aabb padded(Aabb b) {
    double s = 1e-9 * (maxComponent(vabs(b.lo)) + maxComponent(vabs(b.hi)) + 1e-300);
    b.lo -= Vec3{s, s, s}, b.hi += Vec3{s, s, s};
    return b;
}

} // namespace

const Aabb& RigidCcdQuery::sweptVertex(std::uint32_t v) {
    return m_ws.sweptVerts.get(v, [&] { return padded(m_window->sweptBounds(m_i.mesh->vertices[v])); });
}

const Aabb& RigidCcdQuery::pointBox(std::uint32_t v) {
    return m_ws.pointBoxes.get(v, [&] {
        Aabb box;
        box.grow(m_j.mesh->vertices[v]);
        return padded(box);
    });
}

const PolyVec3& RigidCcdQuery::movingTrajectory(std::uint32_t v) {
    return m_ws.movingTraj.get(v, [&] { return m_motion.moving(m_i.mesh->vertices[v]); });
}

const PolyVec3& RigidCcdQuery::fixedTrajectory(std::uint32_t v) {
    return m_ws.fixedTraj.get(v, [&] { return m_motion.fixed(m_j.mesh->vertices[v]); });
}

const DoublePolyVec3& RigidCcdQuery::movingApprox(std::uint32_t v) {
    return m_ws.movingApprox.get(v, [&] { return m_motion.movingApprox(m_i.mesh->vertices[v]); });
}

const DoublePolyVec3& RigidCcdQuery::fixedApprox(std::uint32_t v) {
    return m_ws.fixedApprox.get(v, [&] { return m_motion.fixedApprox(m_j.mesh->vertices[v]); });
}

namespace {
/// A triangle's vertices as the culling tests' 8 characteristic points (the last one repeated).
void trianglePoints(const TriangleMesh& mesh, std::uint32_t tri, Vec3 (&points)[8]) {
    const Triangle& t = mesh.triangles[tri];
    for (int k = 0; k < 8; ++k) points[k] = mesh.vertices[t[std::min(k, 2)]];
}
} // namespace

bool RigidCcdQuery::movingTriangleBackward(std::uint32_t tri) {
    return m_ws.backwardI.get(tri, [&] {
        Vec3 points[8];
        trianglePoints(*m_i.mesh, tri, points);
        return char(movingNodeCulled(*m_window, points, &m_i.mesh->faceNormals[tri], 1));
    });
}

bool RigidCcdQuery::allBackward(bool moving, std::uint32_t node) {
    const Bvh& bvh = moving ? *m_i.bvh : *m_j.bvh;
    const BvhNode& n = bvh.nodes()[node];
    for (std::uint32_t x = n.firstTri; x < n.firstTri + n.triCount; ++x) {
        std::uint32_t tri = bvh.triIndex()[x];
        if (!(moving ? movingTriangleBackward(tri) : fixedTriangleBackward(tri))) return false;
    }
    return true;
}

bool RigidCcdQuery::fixedTriangleBackward(std::uint32_t tri) {
    return m_ws.backwardJ.get(tri, [&] {
        Vec3 points[8];
        trianglePoints(*m_j.mesh, tri, points);
        return char(fixedNodeCulled(*m_window, points, &m_j.mesh->faceNormals[tri], 1));
    });
}

void RigidCcdQuery::leafTests(std::uint32_t ti, std::uint32_t tj, TimeOfContact& best,
                              RigidCcdCounts& counts) {
    const Triangle& a = m_i.mesh->triangles[ti];
    const Triangle& b = m_j.mesh->triangles[tj];
    if (m_options.faceBound && (movingTriangleBackward(ti) || fixedTriangleBackward(tj)))
        counts.vfBackward += 3, counts.fvBackward += 3, counts.eeBackward += 9;
    // Floating-point prefilters on padded boxes (each vertex's box is padded for its own rounding; unions
    // are exact); the exact tests decide.
    Aabb boxJ = pointBox(b[0]), sweptI = sweptVertex(a[0]);
    for (int k = 1; k < 3; ++k) boxJ.grow(pointBox(b[k])), sweptI.grow(sweptVertex(a[k]));
    auto contact = [&](TimeOfContact::Kind kind, MeshFeature fa, MeshFeature fb) {
        TimeOfContact c;
        c.objectA = m_i.object, c.objectB = m_j.object, c.time = best.time, c.kind = kind;
        c.featureA = fa, c.featureB = fb;
        c.triA = ti, c.triB = tj;
        return c;
    };
    // Only contacts in this window that can still win matter. A contact's time is the start of its cell of
    // the time grid (2^-toc-depth), and ties go to the smaller features (`earlierContact`): features that
    // order before the best's may touch until the end of the best's cell, the others must touch before its
    // start — and when that is the window's start they cannot: a pair that starts in contact touches on many
    // features, and each of their searches at t = 0 is exact arithmetic. Same answer; fewer hits counted.
    CcdOptions options = m_options.ccd;
    options.from = m_windowStart;
    auto mayWin = [&](const TimeOfContact& c) {
        if (best.time < 0) {
            options.until = m_windowEnd;
            return true;
        }
        if (earlierContact(c, best)) {
            options.until = std::min(m_windowEnd, untilTime(best));
            return true;
        }
        options.until = std::min(m_windowEnd, best.time);
        return best.time > options.from;
    };
    auto record = [&](TimeOfContact c, const CcdQueryStats& st) {
        ++counts.hits;
        c.time = st.toc;
        if (best.time < 0 || earlierContact(c, best)) best = c;
    };
    CcdQueryStats st;
    for (std::uint8_t k = 0; k < 3; ++k) { // vertex of i against face of j
        ++counts.vf;
        if (!boxesOverlap(sweptVertex(a[k]), boxJ)) continue;
        if (m_options.testOnce && !m_ws.testedVf.insert(a[k], tj)) continue; // a repeat
        TimeOfContact c =
            contact(TimeOfContact::Kind::VertexFace, MeshFeature::vertex(a[k]), MeshFeature::face(tj));
        if (mayWin(c) && vertexFaceCcd(
                             {movingApprox(a[k]), fixedApprox(b[0]), fixedApprox(b[1]), fixedApprox(b[2])},
                             [&] {
                                 return std::array<PolyVec3, 4>{movingTrajectory(a[k]), fixedTrajectory(b[0]),
                                                                fixedTrajectory(b[1]), fixedTrajectory(b[2])};
                             },
                             options, &st))
            record(c, st);
    }
    for (std::uint8_t k = 0; k < 3; ++k) { // face of i against vertex of j
        ++counts.fv;
        if (!boxesOverlap(sweptI, pointBox(b[k]))) continue;
        if (m_options.testOnce && !m_ws.testedFv.insert(ti, b[k])) continue;
        TimeOfContact c =
            contact(TimeOfContact::Kind::FaceVertex, MeshFeature::face(ti), MeshFeature::vertex(b[k]));
        if (mayWin(c) && vertexFaceCcd(
                             {fixedApprox(b[k]), movingApprox(a[0]), movingApprox(a[1]), movingApprox(a[2])},
                             [&] {
                                 return std::array<PolyVec3, 4>{fixedTrajectory(b[k]), movingTrajectory(a[0]),
                                                                movingTrajectory(a[1]),
                                                                movingTrajectory(a[2])};
                             },
                             options, &st))
            record(c, st);
    }
    for (std::uint8_t e = 0; e < 3; ++e)
        for (std::uint8_t f = 0; f < 3; ++f) { // edge of i against edge of j
            ++counts.ee;
            Aabb edgeI = sweptVertex(a[e]), edgeJ = pointBox(b[f]);
            edgeI.grow(sweptVertex(a[(e + 1) % 3])), edgeJ.grow(pointBox(b[(f + 1) % 3]));
            if (!boxesOverlap(edgeI, edgeJ)) continue;
            std::uint32_t a0 = a[e], a1 = a[(e + 1) % 3], b0 = b[f], b1 = b[(f + 1) % 3];
            if (m_options.testOnce && !m_ws.testedEe.insert(edgeKey(a0, a1), edgeKey(b0, b1))) continue;
            TimeOfContact c =
                contact(TimeOfContact::Kind::EdgeEdge, MeshFeature::edge(a0, a1), MeshFeature::edge(b0, b1));
            if (mayWin(c) && edgeEdgeCcd(
                                 {movingApprox(a0), movingApprox(a1), fixedApprox(b0), fixedApprox(b1)},
                                 [&] {
                                     return std::array<PolyVec3, 4>{movingTrajectory(a0),
                                                                    movingTrajectory(a1), fixedTrajectory(b0),
                                                                    fixedTrajectory(b1)};
                                 },
                                 options, &st))
                record(c, st);
        }
}

} // namespace cdlab
