// Vec3Codec: a Vec3 in the binary encoding of recordings (core/ByteStream.h), for the families' detail
// codecs.
#pragma once

#include "core/ByteStream.h"
#include "geometry/Vec3.h"

namespace cdlab {

inline void writeVec3(ByteWriter& w, const Vec3& v) {
    w.f64(v.x), w.f64(v.y), w.f64(v.z);
}
inline Vec3 readVec3(ByteReader& r) {
    Vec3 v;
    v.x = r.f64(), v.y = r.f64(), v.z = r.f64();
    return v;
}

} // namespace cdlab
