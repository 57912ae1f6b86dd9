#include "debug/DebugSink.h"

namespace cdlab {

const char* toString(DebugCategory c) {
    switch (c) {
    case DebugCategory::BvhNode:
        return "bvh-node";
    case DebugCategory::BvOverlap:
        return "bv-overlap";
    case DebugCategory::BvSeparated:
        return "bv-separated";
    case DebugCategory::TriangleHit:
        return "triangle-hit";
    case DebugCategory::TriangleMiss:
        return "triangle-miss";
    case DebugCategory::Contact:
        return "contact";
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

} // namespace cdlab
