// CATCH's detail in a recording (core/DetailCodec.h): every PCL's temporal-culling record and the TOC pair's
// advancement steps (zhang2007 sec. 7, Fig. 6), field by field.
#include "articulated/CatchDetail.h"
#include "core/DetailCodec.h"
#include "geometry/Vec3Codec.h"

namespace cdlab {

namespace {

void encodeCatch(const CatchDetail& d, ByteWriter& w) {
    w.u32(std::uint32_t(d.pairAdvances.size()));
    for (const PairAdvance& p : d.pairAdvances) {
        w.u32(p.objectA), w.u32(p.objectB);
        w.f64(p.lowerBound), w.f64(p.reached), w.f64(p.tMin);
        w.i32(p.iterations), w.u8(std::uint8_t(p.fate));
    }
    w.u32(std::uint32_t(d.advanceSteps.size()));
    for (const AdvanceStep& s : d.advanceSteps) {
        w.f64(s.time), w.f64(s.distance), w.f64(s.speed), w.f64(s.step);
        writeVec3(w, s.pointA), writeVec3(w, s.pointB);
    }
}

void decodeCatch(ByteReader& r, CatchDetail& d) {
    d.pairAdvances.resize(r.count(37));
    for (PairAdvance& p : d.pairAdvances) {
        p.objectA = r.u32(), p.objectB = r.u32();
        p.lowerBound = r.f64(), p.reached = r.f64(), p.tMin = r.f64();
        p.iterations = r.i32();
        p.fate = PairAdvance::Fate(r.enumByte(5, "PCL fate"));
    }
    d.advanceSteps.resize(r.count(80));
    for (AdvanceStep& s : d.advanceSteps) {
        s.time = r.f64(), s.distance = r.f64(), s.speed = r.f64(), s.step = r.f64();
        s.pointA = readVec3(r), s.pointB = readVec3(r);
    }
}

const bool registered = registerDetailCodec<CatchDetail>("catch", 1, encodeCatch, decodeCatch);

} // namespace

} // namespace cdlab
