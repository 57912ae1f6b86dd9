#include "recording/RecordedDrawing.h"

#include "core/Assert.h"
#include "scene/SceneObjects.h"

#include <bit>

namespace cdlab {

namespace {

// Indices as LEB128 varints: most frames' tables hold a few thousand entries, two bytes an index.
void varint(ByteWriter& w, std::uint32_t v) {
    while (v >= 0x80) w.u8(std::uint8_t(v | 0x80)), v >>= 7;
    w.u8(std::uint8_t(v));
}
std::uint32_t varint(ByteReader& r) {
    std::uint32_t v = 0;
    for (int shift = 0; shift < 35; shift += 7) {
        const std::uint8_t b = r.u8();
        v |= std::uint32_t(b & 0x7f) << shift;
        if (!(b & 0x80)) return v;
    }
    r.fail("damaged: a drawing index runs past five bytes");
}

/// As stored: a float each (RecordedDrawing::Point).
RecordedDrawing::Point stored(const Vec3& p) {
    return {float(p.x), float(p.y), float(p.z)};
}

} // namespace

// What a replay holds per primitive (RecordedDrawing.h): a string per primitive doubled it.
static_assert(sizeof(RecordedDrawing::Primitive) <= 32);

std::uint32_t recordedPoints(RecordedDrawing::Kind kind) {
    switch (kind) {
    case RecordedDrawing::Kind::Tag:
        return 0;
    case RecordedDrawing::Kind::Line:
        return 2;
    case RecordedDrawing::Kind::Triangle:
        return 3;
    case RecordedDrawing::Kind::Point:
    case RecordedDrawing::Kind::Text:
        return 1;
    case RecordedDrawing::Kind::Box:
        return 5;
    case RecordedDrawing::Kind::Mesh:
        return 4;
    }
    return 0;
}

bool DrawingFilter::wants(DebugCategory cat, const DebugTag& tag) const {
    if (everything) return cat != DebugCategory::BmCone && cat != DebugCategory::PickedNode;
    // One level of one body, as the viewer's level overlays show them.
    if (isPerLevel(cat)) return tag.object == object && tag.depth == level;
    switch (cat) {
    // Drawn on a user's pick, from the live structure: nothing to record.
    case DebugCategory::PickedNode:
    case DebugCategory::BmCone:
    case DebugCategory::BvhNode:
        return false;
    // Every level counted (the BM-level plot), one body (redon2002 Fig. 1).
    case DebugCategory::BmLevel:
    case DebugCategory::ForwardFace:
    case DebugCategory::BackwardFace:
        return tag.object == object;
    default:
        return true;
    }
}

std::size_t DrawingRecorder::KeyHash::operator()(const std::array<std::uint32_t, 4>& k) const {
    std::size_t h = 1469598103934665603ull;
    for (std::uint32_t x : k) h = (h ^ x) * 1099511628211ull;
    return h;
}

std::uint32_t DrawingRecorder::vertex(const Vec3& p) {
    const RecordedDrawing::Point s = stored(p);
    const std::array<std::uint32_t, 4> key{std::bit_cast<std::uint32_t>(s[0]),
                                           std::bit_cast<std::uint32_t>(s[1]),
                                           std::bit_cast<std::uint32_t>(s[2]), 0};
    auto [it, added] = m_vertexIndex.try_emplace(key, std::uint32_t(m_drawing.vertices.size()));
    if (added) m_drawing.vertices.push_back(s);
    return it->second;
}

std::uint32_t DrawingRecorder::appended(const Vec3& p) {
    m_drawing.vertices.push_back(stored(p));
    return std::uint32_t(m_drawing.vertices.size() - 1);
}

RecordedDrawing::Primitive& DrawingRecorder::add(RecordedDrawing::Kind kind, DebugCategory cat, Rgba c) {
    if (!m_tagWritten) { // the tag in force for what follows, once per change
        RecordedDrawing::Primitive t;
        t.kind = RecordedDrawing::Kind::Tag, t.a = m_tag.object, t.b = m_tag.depth;
        m_drawing.primitives.push_back(t);
        m_tagWritten = true;
    }
    const std::array<std::uint32_t, 4> key{
        std::bit_cast<std::uint32_t>(c.r), std::bit_cast<std::uint32_t>(c.g),
        std::bit_cast<std::uint32_t>(c.b), std::bit_cast<std::uint32_t>(c.a)};
    auto [it, added] = m_colourIndex.try_emplace(key, std::uint32_t(m_drawing.colours.size()));
    if (added) m_drawing.colours.push_back(c);
    RecordedDrawing::Primitive& p = m_drawing.primitives.emplace_back();
    p.kind = kind, p.category = cat, p.colour = it->second;
    return p;
}

void DrawingRecorder::setTag(const DebugTag& tag) {
    if (tag.object == m_tag.object && tag.depth == m_tag.depth && m_tagWritten) return;
    m_tag = tag;
    m_tagWritten = false;
}

void DrawingRecorder::line(const Vec3& a, const Vec3& b, Rgba color, DebugCategory cat) {
    auto& p = add(RecordedDrawing::Kind::Line, cat, color);
    p.v = {vertex(a), vertex(b), 0};
}

void DrawingRecorder::triangle(const Vec3& a, const Vec3& b, const Vec3& c, Rgba color, DebugCategory cat) {
    auto& p = add(RecordedDrawing::Kind::Triangle, cat, color);
    p.v = {vertex(a), vertex(b), vertex(c)};
}

void DrawingRecorder::point(const Vec3& q, Rgba color, DebugCategory cat) {
    auto& p = add(RecordedDrawing::Kind::Point, cat, color);
    p.v = {vertex(q), 0, 0};
}

void DrawingRecorder::text(const Vec3& q, const std::string& s, DebugCategory cat) {
    auto& p = add(RecordedDrawing::Kind::Text, cat, {});
    p.v = {vertex(q), 0, 0};
    p.text = std::uint32_t(m_drawing.texts.size());
    m_drawing.texts.push_back(s);
}

void DrawingRecorder::box(const Obb& b, Rgba color, DebugCategory cat) {
    // Kept as a box (not 12 lines): a viewer counts the BM test's boxes per level (DrawList::box).
    auto& p = add(RecordedDrawing::Kind::Box, cat, color);
    p.v = {appended(b.center), 0, 0};
    for (int i = 0; i < 3; ++i) appended(b.axes.r[i]);
    appended(b.halfSize);
}

void DrawingRecorder::mesh(const TriangleMesh& m, const Pose& pose, Rgba color, DebugCategory cat) {
    std::int32_t object = -1;
    if (m_objects)
        for (std::size_t i = 0; i < m_objects->objects().size() && object < 0; ++i)
            if (m_objects->objects()[i].mesh == &m) object = std::int32_t(i);
    if (object < 0) { // a mesh the scene does not own (a deformed copy): not drawable from the recording
        ++m_droppedMeshes;
        return;
    }
    auto& p = add(RecordedDrawing::Kind::Mesh, cat, color);
    p.a = object;
    p.v = {appended(pose.t), 0, 0};
    for (int i = 0; i < 3; ++i) appended(pose.R.r[i]);
}

void RecordedDrawing::replay(DebugSink& sink, const SceneObjects* objects) const {
    DebugTag tag;
    // The sink's answer per category under the tag in force, asked once per tag and category, not once per
    // primitive: a doors frame holds thousands of primitives under a few dozen tags, and a sink answers
    // wants() from the category, the tag and its own settings, which do not change during a replay.
    // -1: not asked yet.
    std::array<std::int8_t, std::size_t(DebugCategory::Count)> wanted;
    wanted.fill(-1);
    for (const Primitive& p : primitives) {
        if (p.kind == Kind::Tag) {
            tag = {p.a, p.b};
            sink.setTag(tag);
            wanted.fill(-1);
            continue;
        }
        std::int8_t& w = wanted[std::size_t(p.category)];
        if (w < 0) w = sink.wants(p.category, tag) ? 1 : 0;
        if (!w) continue;
        const Rgba c = colours[p.colour];
        const auto at = [&](int k) { return vertex(p.v[std::size_t(k)]); };
        const auto run = [&](int k) { return vertex(p.v[0] + std::uint32_t(k)); };
        switch (p.kind) {
        case Kind::Line:
            sink.line(at(0), at(1), c, p.category);
            break;
        case Kind::Triangle:
            sink.triangle(at(0), at(1), at(2), c, p.category);
            break;
        case Kind::Point:
            sink.point(at(0), c, p.category);
            break;
        case Kind::Text:
            sink.text(at(0), texts[p.text], p.category);
            break;
        case Kind::Box: {
            Obb b;
            b.center = run(0);
            for (int i = 0; i < 3; ++i) b.axes.r[i] = run(1 + i);
            b.halfSize = run(4);
            sink.box(b, c, p.category);
            break;
        }
        case Kind::Mesh: {
            if (!objects || p.a < 0 || std::size_t(p.a) >= objects->objects().size()) break;
            Pose pose;
            pose.t = run(0);
            for (int i = 0; i < 3; ++i) pose.R.r[i] = run(1 + i);
            sink.mesh(*objects->objects()[std::size_t(p.a)].mesh, pose, c, p.category);
            break;
        }
        case Kind::Tag:
            break;
        }
    }
}

bool RecordedDrawing::operator==(const RecordedDrawing& o) const {
    // As stored: the floats' bits (a NaN read from a file equals itself).
    auto bits = [](float x) { return std::bit_cast<std::uint32_t>(x); };
    auto samePoint = [&](const Point& a, const Point& b) {
        return bits(a[0]) == bits(b[0]) && bits(a[1]) == bits(b[1]) && bits(a[2]) == bits(b[2]);
    };
    auto sameColour = [&](const Rgba& a, const Rgba& b) {
        return bits(a.r) == bits(b.r) && bits(a.g) == bits(b.g) && bits(a.b) == bits(b.b) &&
               bits(a.a) == bits(b.a);
    };
    if (vertices.size() != o.vertices.size() || colours.size() != o.colours.size() ||
        primitives.size() != o.primitives.size())
        return false;
    for (std::size_t i = 0; i < vertices.size(); ++i)
        if (!samePoint(vertices[i], o.vertices[i])) return false;
    for (std::size_t i = 0; i < colours.size(); ++i)
        if (!sameColour(colours[i], o.colours[i])) return false;
    for (std::size_t i = 0; i < primitives.size(); ++i) {
        const Primitive &a = primitives[i], &b = o.primitives[i];
        if (a.kind != b.kind || a.category != b.category || a.colour != b.colour || a.v != b.v ||
            a.a != b.a || a.b != b.b || (a.kind == Kind::Text && texts[a.text] != o.texts[b.text]))
            return false;
    }
    return true;
}

void encodeDrawing(const RecordedDrawing& d, ByteWriter& w) {
    w.u32(std::uint32_t(d.vertices.size()));
    for (const RecordedDrawing::Point& p : d.vertices) w.f32(p[0]), w.f32(p[1]), w.f32(p[2]);
    w.u32(std::uint32_t(d.colours.size()));
    for (const Rgba& c : d.colours) w.f32(c.r), w.f32(c.g), w.f32(c.b), w.f32(c.a);
    w.u32(std::uint32_t(d.primitives.size()));
    for (const RecordedDrawing::Primitive& p : d.primitives) {
        w.u8(std::uint8_t(p.kind));
        if (p.kind == RecordedDrawing::Kind::Tag) {
            w.i32(p.a), w.i32(p.b);
            continue;
        }
        w.u8(std::uint8_t(p.category));
        varint(w, p.colour);
        const std::uint32_t n = recordedPoints(p.kind);
        const bool run = p.kind == RecordedDrawing::Kind::Box || p.kind == RecordedDrawing::Kind::Mesh;
        for (std::uint32_t k = 0; k < (run ? 1 : n); ++k) varint(w, p.v[k]);
        if (p.kind == RecordedDrawing::Kind::Mesh) w.i32(p.a);
        if (p.kind == RecordedDrawing::Kind::Text) w.str(d.texts[p.text]);
    }
}

RecordedDrawing decodeDrawing(ByteReader& r) {
    RecordedDrawing d;
    d.vertices.resize(r.count(12));
    for (RecordedDrawing::Point& p : d.vertices) p[0] = r.f32(), p[1] = r.f32(), p[2] = r.f32();
    d.colours.resize(r.count(16));
    for (Rgba& c : d.colours) c.r = r.f32(), c.g = r.f32(), c.b = r.f32(), c.a = r.f32();
    d.primitives.resize(r.count(2));
    const std::size_t nv = d.vertices.size();
    for (RecordedDrawing::Primitive& p : d.primitives) {
        p.kind =
            RecordedDrawing::Kind(r.enumByte(std::uint8_t(RecordedDrawing::Kind::Mesh) + 1, "drawing kind"));
        if (p.kind == RecordedDrawing::Kind::Tag) {
            p.a = r.i32(), p.b = r.i32();
            continue;
        }
        p.category = DebugCategory(r.enumByte(std::uint8_t(DebugCategory::Count), "drawing category"));
        p.colour = varint(r);
        if (p.colour >= d.colours.size()) r.fail("damaged: a drawing colour index past the colour table");
        const std::uint32_t n = recordedPoints(p.kind);
        const bool run = p.kind == RecordedDrawing::Kind::Box || p.kind == RecordedDrawing::Kind::Mesh;
        for (std::uint32_t k = 0; k < (run ? 1 : n); ++k) {
            p.v[k] = varint(r);
            if (p.v[k] >= nv) r.fail("damaged: a drawing vertex index past the vertex table");
        }
        if (run && std::size_t(p.v[0]) + n > nv)
            r.fail("damaged: a drawing box or mesh past the vertex table");
        if (p.kind == RecordedDrawing::Kind::Mesh) {
            p.a = r.i32();
            if (p.a < 0) r.fail("damaged: a drawing mesh of no object");
        }
        if (p.kind == RecordedDrawing::Kind::Text) {
            p.text = std::uint32_t(d.texts.size());
            d.texts.push_back(r.str());
        }
    }
    return d;
}

} // namespace cdlab
