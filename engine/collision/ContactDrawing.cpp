#include "collision/ContactDrawing.h"

#include "geometry/SegmentDistance.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
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

bool isFace(const std::uint32_t feature[2]) {
    return feature[1] == std::numeric_limits<std::uint32_t>::max();
}

/// One body's feature of the contact at its time: a face filled, an edge as a line, a vertex as a point.
void drawFeature(DebugSink& sink, const std::uint32_t feature[2], std::uint32_t tri, bool hasFeatures,
                 const ContactBody& body) {
    constexpr Rgba kFeature{1.0f, 0.85f, 0.1f, 1.0f};
    constexpr DebugCategory kCat = DebugCategory::TimeOfContact;
    const TriangleMesh& m = *body.mesh;
    const Pose& pose = body.atContact;
    if (!hasFeatures || isFace(feature)) {
        Vec3 a, b, c;
        m.corners(hasFeatures ? feature[0] : tri, a, b, c);
        sink.triangle(pose.apply(a), pose.apply(b), pose.apply(c), kFeature, kCat);
    } else if (feature[0] == feature[1]) {
        sink.point(pose.apply(m.vertices[feature[0]]), kFeature, kCat);
    } else {
        sink.line(pose.apply(m.vertices[feature[0]]), pose.apply(m.vertices[feature[1]]), kFeature, kCat);
    }
}

/// Whether the body's pose at the time of contact differs visibly from its pose at the frame's end (a
/// resting body's poses can differ by rounding: keyframe interpolation between equal keys).
bool movesAfterContact(const ContactBody& body) {
    Aabb box = body.mesh->bounds();
    double tolerance = 1e-9 * (length(box.extent()) + 1e-300);
    for (int k = 0; k < 8; ++k) {
        Vec3 corner{k & 1 ? box.hi.x : box.lo.x, k & 2 ? box.hi.y : box.lo.y, k & 4 ? box.hi.z : box.lo.z};
        if (length(body.atContact.apply(corner) - body.atFrameEnd.apply(corner)) > tolerance) return true;
    }
    return false;
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

Vec3 contactPoint(const TimeOfContact& c, const ContactBody& a, const ContactBody& b) {
    auto vertex = [](const ContactBody& body, std::uint32_t v) {
        return body.atContact.apply(body.mesh->vertices[v]);
    };
    auto centroid = [](const ContactBody& body, std::uint32_t tri) {
        Vec3 p, q, r;
        body.mesh->corners(tri, p, q, r);
        return body.atContact.apply((p + q + r) / 3.0);
    };
    if (!c.hasFeatures) return (centroid(a, c.triA) + centroid(b, c.triB)) * 0.5;
    switch (c.kind) {
    case TimeOfContact::Kind::VertexFace:
        return vertex(a, c.featureA[0]);
    case TimeOfContact::Kind::FaceVertex:
        return vertex(b, c.featureB[0]);
    case TimeOfContact::Kind::EdgeEdge:
        break;
    }
    Vec3 p, q;
    closestPointsOnSegments(vertex(a, c.featureA[0]), vertex(a, c.featureA[1]), vertex(b, c.featureB[0]),
                            vertex(b, c.featureB[1]), p, q);
    return (p + q) * 0.5;
}

void drawTimeOfContact(DebugSink& sink, const TimeOfContact& c, const ContactBody& a, const ContactBody& b,
                       double frameFraction) {
    constexpr Rgba kGhost{1.0f, 0.6f, 0.15f, 0.3f};
    constexpr DebugCategory kCat = DebugCategory::TimeOfContact;
    for (const ContactBody* body : {&a, &b}) {
        DebugTag tag{body->object, -1};
        if (!sink.wants(kCat, tag)) return;
        sink.setTag(tag);
        // Where the body was when it touched, if that is not where it is drawn (the frame's end).
        if (movesAfterContact(*body)) sink.mesh(*body->mesh, body->atContact, kGhost, kCat);
        drawFeature(sink, body == &a ? c.featureA : c.featureB, body == &a ? c.triA : c.triB, c.hasFeatures,
                    *body);
    }
    sink.setTag({a.object, -1});
    Vec3 at = contactPoint(c, a, b);
    sink.point(at, {1.0f, 1.0f, 1.0f, 1.0f}, kCat);
    char label[96];
    std::snprintf(label, sizeof label, "t %.6f (%.3f of the frame)%s%s", c.time, frameFraction,
                  c.hasFeatures ? ", " : "", c.hasFeatures ? toString(c.kind) : "");
    sink.text(at, label, kCat);
}

void drawTimeOfContact(DebugSink& sink, const SceneObjects& objects, const TimeOfContact& c,
                       std::uint32_t moving, std::uint32_t resting, const Pose& relative,
                       const std::vector<Pose>& endPoses, double frameFraction) {
    std::vector<Pose> then;
    objects.poses(c.time, then);
    const auto& objs = objects.objects();
    ContactBody i{objs[moving].mesh, then[resting] * relative, endPoses[moving], std::int32_t(moving)};
    ContactBody j{objs[resting].mesh, then[resting], endPoses[resting], std::int32_t(resting)};
    bool iIsA = c.objectA == moving;
    drawTimeOfContact(sink, c, iIsA ? i : j, iIsA ? j : i, frameFraction);
}

} // namespace cdlab
