// FrameResultCodec: one FrameResult in a recording's binary encoding (core/ByteStream.h): its times,
// contacts, first contacts, potential pairs, counters and stage times by name, and each family's detail
// through the codec its family registered (core/DetailCodec.h), so this file names no family. docs/FORMATS.md
// ("Recordings") lists the fields in order.
#pragma once

#include "core/ByteStream.h"
#include "pipeline/FrameResult.h"

namespace cdlab {

/// Appends `r`. A detail whose type has no registered codec throws std::logic_error (a family that reports a
/// detail registers its codec beside it).
void encodeFrameResult(const FrameResult& r, ByteWriter& w);
/// Reads one FrameResult; a damaged encoding, a counter this build does not declare or a family it has no
/// codec for throws InputError naming the reader's file and section.
FrameResult decodeFrameResult(ByteReader& r);

} // namespace cdlab
