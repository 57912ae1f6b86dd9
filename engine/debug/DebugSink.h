// DebugSink: the one interface through which algorithms hand intermediate state to whoever watches (viewer
// overlays, recorders, tests). The engine only calls it when a sink is supplied; traversals are compiled
// twice (with and without a sink) so the absent case costs nothing.
#pragma once

#include "geometry/Obb.h"
#include "geometry/Vec3.h"

#include <cstdint>
#include <string>

namespace cdlab {

/// What a primitive shows; viewers filter and colour by category.
enum class DebugCategory : std::uint8_t {
    BvOverlap,   ///< a BV pair that overlapped (traversal descended)
    BvSeparated, ///< a BV pair that was culled by the BV test
    TriangleHit, ///< a triangle of a colliding pair
    TriangleMiss,///< a triangle pair that was tested and did not intersect
    Contact,     ///< a contact point or feature
    Note,        ///< free text
    Count
};
const char* toString(DebugCategory c);

struct Rgba {
    float r = 1, g = 1, b = 1, a = 1;
};

class DebugSink {
public:
    virtual ~DebugSink() = default;
    virtual void line(const Vec3& a, const Vec3& b, Rgba color, DebugCategory cat) = 0;
    virtual void triangle(const Vec3& a, const Vec3& b, const Vec3& c, Rgba color, DebugCategory cat) = 0;
    virtual void point(const Vec3& p, Rgba color, DebugCategory cat) = 0;
    virtual void text(const Vec3& p, const std::string& s, DebugCategory cat) = 0;
    /// Boxes are drawn as 12 edges unless a sink has something better.
    virtual void box(const Obb& b, Rgba color, DebugCategory cat);
    /// `tag` identifies which body/node a following primitive belongs to (e.g. body index); default ignores it.
    virtual void setTag(std::uint32_t tag) {}
};

} // namespace cdlab
