#include "pipeline/TimeOfContactDrawing.h"

#include "collision/ContactDrawing.h"
#include "geometry/SegmentDistance.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace cdlab {

namespace {

/// One body's feature of the contact at its time: a face filled, an edge as a line, a vertex as a point.
void drawFeature(DebugSink& sink, const MeshFeature& feature, std::uint32_t tri, bool hasFeatures,
                 const ContactBody& body) {
    constexpr Rgba kFeature{1.0f, 0.85f, 0.1f, 1.0f};
    constexpr DebugCategory kCat = DebugCategory::TimeOfContact;
    const TriangleMesh& m = *body.mesh;
    const Pose& pose = body.atContact;
    if (!hasFeatures || feature.kind == MeshFeature::Kind::Face) {
        Vec3 a, b, c;
        m.corners(hasFeatures ? feature.a : tri, a, b, c);
        sink.triangle(pose.apply(a), pose.apply(b), pose.apply(c), kFeature, kCat);
    } else if (feature.isPoint()) {
        sink.point(pose.apply(m.vertices[feature.a]), kFeature, kCat);
    } else {
        sink.line(pose.apply(m.vertices[feature.a]), pose.apply(m.vertices[feature.b]), kFeature, kCat);
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
        return vertex(a, c.featureA.a);
    case TimeOfContact::Kind::FaceVertex:
        return vertex(b, c.featureB.a);
    case TimeOfContact::Kind::EdgeEdge:
        break;
    case TimeOfContact::Kind::Penetrating: // two faces: between their centroids
        return (centroid(a, c.triA) + centroid(b, c.triB)) * 0.5;
    }
    Vec3 p, q;
    closestPointsOnSegments(vertex(a, c.featureA.a), vertex(a, c.featureA.b), vertex(b, c.featureB.a),
                            vertex(b, c.featureB.b), p, q);
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
