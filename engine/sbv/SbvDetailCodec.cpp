// The SBV detail in a recording (core/DetailCodec.h): each pair's CSBV outcome and region and, when the step
// drew, every shrinking round (sbv-reconstruction §4), field by field.
#include "core/DetailCodec.h"
#include "geometry/Vec3Codec.h"
#include "sbv/SbvDetail.h"

namespace cdlab {

namespace {

void writeRegion(ByteWriter& w, const std::vector<HalfSpace>& region) {
    w.u32(std::uint32_t(region.size()));
    for (const HalfSpace& h : region) writeVec3(w, h.normal), w.f64(h.offset);
}
void readRegion(ByteReader& r, std::vector<HalfSpace>& region) {
    region.resize(r.count(32));
    for (HalfSpace& h : region) h.normal = readVec3(r), h.offset = r.f64();
}
void writeIndices(ByteWriter& w, const std::vector<std::uint32_t>& v) {
    w.u32(std::uint32_t(v.size()));
    for (std::uint32_t i : v) w.u32(i);
}
void readIndices(ByteReader& r, std::vector<std::uint32_t>& v) {
    v.resize(r.count(4));
    for (std::uint32_t& i : v) i = r.u32();
}

void encodeSbv(const SbvDetail& d, ByteWriter& w) {
    w.u32(std::uint32_t(d.pairs.size()));
    for (const SbvPairRecord& p : d.pairs) {
        w.u32(p.objectA), w.u32(p.objectB), w.u8(std::uint8_t(p.outcome));
        writeVec3(w, p.direction);
        writeRegion(w, p.region);
        w.u32(p.trianglesA), w.u32(p.trianglesB), w.u32(p.keptA), w.u32(p.keptB);
        w.i32(p.iterations), w.u32(p.samplesA), w.u32(p.samplesB), w.u32(p.supportVectors);
        w.str(p.oshError);
    }
    w.u32(std::uint32_t(d.steps.size()));
    for (const SbvShrinkStep& s : d.steps) {
        w.u32(s.objectA), w.u32(s.objectB), w.i32(s.iteration);
        writeRegion(w, s.region);
        writeIndices(w, s.keptA), writeIndices(w, s.keptB);
    }
}

void decodeSbv(ByteReader& r, SbvDetail& d) {
    d.pairs.resize(r.count(73));
    for (SbvPairRecord& p : d.pairs) {
        p.objectA = r.u32(), p.objectB = r.u32();
        p.outcome = SbvPairRecord::Outcome(r.enumByte(4, "SBV outcome"));
        p.direction = readVec3(r);
        readRegion(r, p.region);
        p.trianglesA = r.u32(), p.trianglesB = r.u32(), p.keptA = r.u32(), p.keptB = r.u32();
        p.iterations = r.i32(), p.samplesA = r.u32(), p.samplesB = r.u32(), p.supportVectors = r.u32();
        p.oshError = r.str();
    }
    d.steps.resize(r.count(24));
    for (SbvShrinkStep& s : d.steps) {
        s.objectA = r.u32(), s.objectB = r.u32(), s.iteration = r.i32();
        readRegion(r, s.region);
        readIndices(r, s.keptA), readIndices(r, s.keptB);
    }
}

const bool registered = registerDetailCodec<SbvDetail>("sbv", 1, encodeSbv, decodeSbv);

} // namespace

} // namespace cdlab
