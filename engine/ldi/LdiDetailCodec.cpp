// The LDI detail in a recording (core/DetailCodec.h): each pair's penetration query answer (ldi-notes §5-7),
// its frame and figures and, when the step drew, the per-pixel images and the kept row's fragments.
#include "core/DetailCodec.h"
#include "geometry/Vec3Codec.h"
#include "ldi/LdiDetail.h"

namespace cdlab {

namespace {

void writeFloats(ByteWriter& w, const std::vector<float>& v) {
    w.u32(std::uint32_t(v.size()));
    for (float f : v) w.f32(f);
}
void readFloats(ByteReader& r, std::vector<float>& v) {
    v.resize(r.count(4));
    for (float& f : v) f = r.f32();
}

void encodeResult(const LdiResult& l, ByteWriter& w) {
    w.u8(l.ok), w.str(l.error);
    const LdiFrame& f = l.frame;
    writeVec3(w, f.u), writeVec3(w, f.v), writeVec3(w, f.w);
    w.f64(f.x0), w.f64(f.y0), w.f64(f.pixel), w.i32(f.width), w.i32(f.height), w.f64(f.z0), w.f64(f.z1);
    w.u8(l.collision), w.f64(l.volume), w.f64(l.footprint), w.f64(l.maxDepth), w.f64(l.volumeGradient);
    writeVec3(w, l.direction);
    w.u32(l.pixels), w.u32(l.overlapPixels), w.u32(l.invalidPixels), w.u32(l.truncatedPixels);
    w.i32(l.layersUsed), w.u64(l.fragments), w.u64(l.capacity), w.u8(l.overflowed), w.i32(l.attempts);
    w.u32(l.trianglesA), w.u32(l.trianglesB);
    w.f64(l.buildMs), w.f64(l.resolveMs), w.f64(l.readbackMs), w.f64(l.cpuMs);
    writeFloats(w, l.length), writeFloats(w, l.first), writeFloats(w, l.last);
    w.u32(std::uint32_t(l.flags.size()));
    for (std::uint8_t b : l.flags) w.u8(b);
    w.i32(l.row);
    w.u32(std::uint32_t(l.rowFragments.size()));
    for (const auto& pixel : l.rowFragments) {
        w.u32(std::uint32_t(pixel.size()));
        for (const LdiFragment& g : pixel) w.f32(g.z), w.u8(g.body), w.u8(g.entry);
    }
    w.u32(std::uint32_t(l.rowStart.size()));
    for (const auto& [a, b] : l.rowStart) w.i32(a), w.i32(b);
}

void decodeResult(ByteReader& r, LdiResult& l) {
    l.ok = r.u8() != 0, l.error = r.str();
    LdiFrame& f = l.frame;
    f.u = readVec3(r), f.v = readVec3(r), f.w = readVec3(r);
    f.x0 = r.f64(), f.y0 = r.f64(), f.pixel = r.f64(), f.width = r.i32(), f.height = r.i32();
    f.z0 = r.f64(), f.z1 = r.f64();
    l.collision = r.u8() != 0, l.volume = r.f64(), l.footprint = r.f64(), l.maxDepth = r.f64();
    l.volumeGradient = r.f64();
    l.direction = readVec3(r);
    l.pixels = r.u32(), l.overlapPixels = r.u32(), l.invalidPixels = r.u32(), l.truncatedPixels = r.u32();
    l.layersUsed = r.i32(), l.fragments = r.u64(), l.capacity = r.u64(), l.overflowed = r.u8() != 0;
    l.attempts = r.i32();
    l.trianglesA = r.u32(), l.trianglesB = r.u32();
    l.buildMs = r.f64(), l.resolveMs = r.f64(), l.readbackMs = r.f64(), l.cpuMs = r.f64();
    readFloats(r, l.length), readFloats(r, l.first), readFloats(r, l.last);
    l.flags.resize(r.count(1));
    for (std::uint8_t& b : l.flags) b = r.u8();
    l.row = r.i32();
    l.rowFragments.resize(r.count(4));
    for (auto& pixel : l.rowFragments) {
        pixel.resize(r.count(6));
        for (LdiFragment& g : pixel) g.z = r.f32(), g.body = r.u8(), g.entry = r.u8() != 0;
    }
    l.rowStart.resize(r.count(8));
    for (auto& [a, b] : l.rowStart) a = r.i32(), b = r.i32();
}

void encodeLdi(const LdiDetail& d, ByteWriter& w) {
    w.u32(std::uint32_t(d.pairs.size()));
    for (const LdiPairRecord& p : d.pairs) {
        w.u32(p.objectA), w.u32(p.objectB);
        encodeResult(p.ldi, w);
        w.str(p.unreliable);
    }
}

void decodeLdi(ByteReader& r, LdiDetail& d) {
    d.pairs.resize(r.count(300)); // an empty pair takes 303 bytes
    for (LdiPairRecord& p : d.pairs) {
        p.objectA = r.u32(), p.objectB = r.u32();
        decodeResult(r, p.ldi);
        p.unreliable = r.str();
    }
}

const bool registered = registerDetailCodec<LdiDetail>("ldi", 1, encodeLdi, decodeLdi);

} // namespace

} // namespace cdlab
