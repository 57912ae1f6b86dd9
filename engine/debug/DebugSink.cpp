#include "debug/DebugSink.h"

#include <cmath>

namespace cdlab {

const char* toString(DebugCategory c) {
    switch (c) {
    case DebugCategory::BvhNode:
        return "bvh-node";
    case DebugCategory::BvOverlap:
        return "bv-overlap";
    case DebugCategory::BvSeparated:
        return "bv-separated";
    case DebugCategory::BmCulled:
        return "bm-culled";
    case DebugCategory::BmLevel:
        return "bm-level";
    case DebugCategory::PickedNode:
        return "picked-node";
    case DebugCategory::BmCone:
        return "bm-cone";
    case DebugCategory::ForwardFace:
        return "forward-face";
    case DebugCategory::BackwardFace:
        return "backward-face";
    case DebugCategory::TriangleHit:
        return "triangle-hit";
    case DebugCategory::TriangleMiss:
        return "triangle-miss";
    case DebugCategory::Contact:
        return "contact";
    case DebugCategory::TimeOfContact:
        return "time-of-contact";
    case DebugCategory::SweptBox:
        return "swept-box";
    case DebugCategory::SweptBoxOther:
        return "swept-box-other";
    case DebugCategory::LinkObb:
        return "link-obb";
    case DebugCategory::PotentialPair:
        return "pcl";
    case DebugCategory::LinkBvhNode:
        return "link-bvh";
    case DebugCategory::TocPose:
        return "toc-pose";
    case DebugCategory::SbvVolume:
        return "sbv";
    case DebugCategory::SeparatingPlane:
        return "osh";
    case DebugCategory::SupportPoint:
        return "support-point";
    case DebugCategory::SupportVector:
        return "support-vector";
    case DebugCategory::OverlapRegion:
        return "overlap-region";
    case DebugCategory::TriangleKept:
        return "triangle-kept";
    case DebugCategory::TriangleCulled:
        return "triangle-culled";
    case DebugCategory::LdiBox:
        return "ldi-box";
    case DebugCategory::LdiRegion:
        return "ldi-region";
    case DebugCategory::Note:
        return "note";
    case DebugCategory::Count:
        break;
    }
    return "?";
}

void DebugSink::box(const Obb& b, Rgba color, DebugCategory cat) {
    // Edges join corners that differ in exactly one bit.
    for (int k = 0; k < 8; ++k)
        for (int bit = 0; bit < 3; ++bit)
            if (!(k >> bit & 1)) line(b.corner(k), b.corner(k | 1 << bit), color, cat);
}

void DebugSink::mesh(const TriangleMesh& m, const Pose& pose, Rgba color, DebugCategory cat) {
    for (const Triangle& t : m.triangles) {
        Vec3 p[3];
        for (int k = 0; k < 3; ++k) p[k] = pose.apply(m.vertices[t[k]]);
        for (int k = 0; k < 3; ++k) line(p[k], p[(k + 1) % 3], color, cat);
    }
}

void DebugSink::arrow(const Vec3& from, const Vec3& to, Rgba color, DebugCategory cat) {
    line(from, to, color, cat);
    Vec3 d = to - from;
    double len = length(d);
    if (len == 0) return;
    Vec3 u = d / len;
    // Two unit vectors perpendicular to the shaft span the head.
    Vec3 side = std::fabs(u.x) < 0.9 ? Vec3{1, 0, 0} : Vec3{0, 1, 0};
    Vec3 p = normalize(cross(u, side)), q = cross(u, p);
    Vec3 base = to - u * (0.2 * len);
    double r = 0.07 * len;
    for (const Vec3& w : {p, q, p * -1.0, q * -1.0}) line(to, base + w * r, color, cat);
}

} // namespace cdlab
