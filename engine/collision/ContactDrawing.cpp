#include "collision/ContactDrawing.h"

#include <vector>

namespace cdlab {

namespace {

/// Points where the edges of `t` cross the plane of `u` inside `u` (barycentric test with a small tolerance).
void edgeCrossings(const std::array<Vec3, 3>& t, const std::array<Vec3, 3>& u, std::vector<Vec3>& out) {
    Vec3 n = cross(u[1] - u[0], u[2] - u[0]);
    double nn = dot(n, n);
    if (nn == 0) return;
    for (int i = 0; i < 3; ++i) {
        const Vec3 &p = t[i], &q = t[(i + 1) % 3];
        double dp = dot(n, p - u[0]), dq = dot(n, q - u[0]);
        if ((dp > 0 && dq > 0) || (dp < 0 && dq < 0) || dp == dq) continue;
        Vec3 x = p + (q - p) * (dp / (dp - dq));
        // Inside u: the three sub-triangle normals point along n.
        bool inside = true;
        for (int k = 0; k < 3 && inside; ++k)
            inside = dot(cross(u[(k + 1) % 3] - u[k], x - u[k]), n) >= -1e-12 * nn;
        if (inside) out.push_back(x);
    }
}

} // namespace

bool intersectionSegment(const std::array<Vec3, 3>& t1, const std::array<Vec3, 3>& t2, Vec3& outA,
                         Vec3& outB) {
    std::vector<Vec3> pts;
    edgeCrossings(t1, t2, pts);
    edgeCrossings(t2, t1, pts);
    if (pts.empty()) return false;
    // The crossing points all lie on the planes' intersection line: the farthest pair spans the segment.
    outA = outB = pts[0];
    double best = -1;
    for (std::size_t i = 0; i < pts.size(); ++i)
        for (std::size_t j = i; j < pts.size(); ++j) {
            double d = lengthSquared(pts[i] - pts[j]);
            if (d > best) best = d, outA = pts[i], outB = pts[j];
        }
    return true;
}

void drawHitTriangle(DebugSink& sink, const Pose& pose, const std::array<Vec3, 3>& tri, std::int32_t object) {
    constexpr Rgba kHit{1.0f, 0.1f, 0.1f, 1.0f};
    DebugTag tag{object, -1};
    if (!sink.wants(DebugCategory::TriangleHit, tag)) return;
    sink.setTag(tag);
    sink.triangle(pose.apply(tri[0]), pose.apply(tri[1]), pose.apply(tri[2]), kHit,
                  DebugCategory::TriangleHit);
}

void drawHitTriangles(DebugSink& sink, const TriangleMesh& meshA, std::uint32_t triA, const Pose& poseA,
                      std::int32_t objectA, const TriangleMesh& meshB, std::uint32_t triB, const Pose& poseB,
                      std::int32_t objectB) {
    std::array<Vec3, 3> a, b;
    meshA.corners(triA, a[0], a[1], a[2]);
    meshB.corners(triB, b[0], b[1], b[2]);
    drawHitTriangle(sink, poseA, a, objectA);
    drawHitTriangle(sink, poseB, b, objectB);
}

void drawContact(DebugSink& sink, const Pose& frame, const std::array<Vec3, 3>& ta,
                 const std::array<Vec3, 3>& tb, std::int32_t objectA, std::int32_t objectB) {
    constexpr Rgba kContact{1.0f, 1.0f, 0.2f, 1.0f};
    drawHitTriangle(sink, frame, ta, objectA);
    drawHitTriangle(sink, frame, tb, objectB);
    DebugTag tagA{objectA, -1};
    Vec3 a, b;
    if (sink.wants(DebugCategory::Contact, tagA) && intersectionSegment(ta, tb, a, b)) {
        sink.setTag(tagA);
        sink.line(frame.apply(a), frame.apply(b), kContact, DebugCategory::Contact);
        sink.point(frame.apply((a + b) * 0.5), kContact, DebugCategory::Contact);
    }
}

} // namespace cdlab
