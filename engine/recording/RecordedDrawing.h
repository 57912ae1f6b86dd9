// RecordedDrawing: one frame's debug drawing (the DebugSink primitives an algorithm emitted during a step)
// kept for a recording's drawing chunk (issue 44; Jolt's DebugRendererRecorder): recorded by a DebugSink,
// encoded compactly (a table of the frame's distinct vertices as floats, one of its distinct colours, then
// the primitives by index), and drawn again into any sink. docs/FORMATS.md ("Recordings", the drawing
// chunk) gives the encoding.
#pragma once

#include "core/ByteStream.h"
#include "debug/DebugSink.h"

#include <array>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace cdlab {

class SceneObjects;

struct RecordedDrawing {
    /// What a primitive is; Tag carries no geometry (the DebugTag of those that follow).
    enum class Kind : std::uint8_t { Tag, Line, Triangle, Point, Box, Text, Mesh };
    struct Primitive {
        Kind kind = Kind::Line;
        DebugCategory category = DebugCategory::Note;
        std::uint32_t colour = 0; ///< index into colours
        /// Indices into vertices: a line's two points, a triangle's three, a point's or text's one; a box's
        /// and a mesh's first of consecutive entries (Box: centre, the 3 axes, the half size; Mesh: the
        /// translation, then the rotation's rows).
        std::array<std::uint32_t, 3> v{};
        std::int32_t a = -1, b = -1; ///< Tag: object, depth; Mesh: the scene object whose mesh it is
        std::uint32_t text = 0;      ///< Text: index into texts
    };
    /// A point as stored: a float each (display only; a millimetre scene keeps 7 digits). Kept as floats
    /// in memory too: a replay holds every frame's drawing (a doors recording's 391 frames, half the bytes
    /// of doubles), and reads one a frame.
    using Point = std::array<float, 3>;
    std::vector<Point> vertices;
    std::vector<Rgba> colours;
    std::vector<Primitive> primitives; ///< 32 bytes each: the text, rare, lives in texts
    std::vector<std::string> texts;

    Vec3 vertex(std::uint32_t i) const { return {vertices[i][0], vertices[i][1], vertices[i][2]}; }

    bool empty() const { return primitives.empty(); }
    /// Draws every primitive into `sink` again, tags first as recorded, asking `sink.wants()` as an
    /// algorithm does (a viewer's overlay toggles filter the recorded drawing). A mesh primitive draws
    /// object `a`'s mesh of `objects` (nothing without them).
    void replay(DebugSink& sink, const SceneObjects* objects) const;
    bool operator==(const RecordedDrawing&) const;
};

/// Points per primitive of each kind in RecordedDrawing::vertices.
std::uint32_t recordedPoints(RecordedDrawing::Kind kind);

/// What a recording keeps of the drawing: the per-body, per-level categories only for one body and one BVH
/// level, as a viewer's DrawList does (every level of a deep traversal would be megabytes a frame).
struct DrawingFilter {
    std::int32_t object = 0; ///< the body whose hierarchy's boxes, BM culling and faces are kept
    std::int32_t level = 3;  ///< the BVH level whose boxes are kept
    /// Keep everything drawn (a viewer's recorder behind its DrawList, which chose already), but the picked
    /// node's cone.
    bool everything = false;
    bool wants(DebugCategory cat, const DebugTag& tag) const;
};

/// The DebugSink a recorder hands an algorithm's step: keeps what `filter` wants. A mesh is kept by the
/// scene object that owns it (`objects`), or dropped when none does (counted in droppedMeshes).
class DrawingRecorder : public DebugSink {
public:
    DrawingRecorder(DrawingFilter filter, const SceneObjects* objects)
        : m_filter(filter), m_objects(objects) {}
    void clear() { m_drawing = {}, m_vertexIndex.clear(), m_colourIndex.clear(), m_tag = {}; }
    const RecordedDrawing& drawing() const { return m_drawing; }
    int droppedMeshes() const { return m_droppedMeshes; }

    void line(const Vec3& a, const Vec3& b, Rgba color, DebugCategory cat) override;
    void triangle(const Vec3& a, const Vec3& b, const Vec3& c, Rgba color, DebugCategory cat) override;
    void point(const Vec3& p, Rgba color, DebugCategory cat) override;
    void text(const Vec3& p, const std::string& s, DebugCategory cat) override;
    void box(const Obb& b, Rgba color, DebugCategory cat) override;
    void mesh(const TriangleMesh& m, const Pose& pose, Rgba color, DebugCategory cat) override;
    void setTag(const DebugTag& tag) override;
    bool wants(DebugCategory cat, const DebugTag& tag) const override { return m_filter.wants(cat, tag); }

private:
    RecordedDrawing::Primitive& add(RecordedDrawing::Kind kind, DebugCategory cat, Rgba colour);
    std::uint32_t vertex(const Vec3& p);
    std::uint32_t appended(const Vec3& p); ///< a box's or mesh's vector, not shared
    DrawingFilter m_filter;
    const SceneObjects* m_objects;
    RecordedDrawing m_drawing;
    // Dedup keys: the float bits (what is stored), so that equal points share one entry.
    struct KeyHash {
        std::size_t operator()(const std::array<std::uint32_t, 4>& k) const;
    };
    std::unordered_map<std::array<std::uint32_t, 4>, std::uint32_t, KeyHash> m_vertexIndex, m_colourIndex;
    DebugTag m_tag;
    bool m_tagWritten = false;
    int m_droppedMeshes = 0;
};

/// The drawing's encoding (appended), and its reading; a damaged encoding throws InputError naming the
/// reader's file and section.
void encodeDrawing(const RecordedDrawing& d, ByteWriter& w);
RecordedDrawing decodeDrawing(ByteReader& r);

} // namespace cdlab
