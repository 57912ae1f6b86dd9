// DetailCodec: how a recording (engine/recording) writes and reads one family's per-frame record
// (FrameResult::details: CatchDetail, SbvDetail, LdiDetail). Each family registers its codec with one line in
// its own folder (engine/articulated/CatchDetailCodec.cpp, ...):
//   static const bool registered = registerDetailCodec<CatchDetail>("catch", 1, encodeCatch, decodeCatch);
// so the recording code names no family. It lives in core, below the families' layers, and works on the
// std::any that FrameDetails stores; a codec's version is written into the recording's header and a reader
// refuses a recording whose codec versions differ from its own.
#pragma once

#include "core/ByteStream.h"

#include <any>
#include <cstdint>
#include <functional>
#include <string>
#include <typeindex>
#include <vector>

namespace cdlab {

struct DetailCodec {
    std::string name;          ///< the family's key in the recording ("catch")
    std::uint32_t version = 1; ///< bumped when the encoding changes
    std::type_index type = typeid(void);
    std::function<void(const std::any&, ByteWriter&)> encode;
    std::function<std::any(ByteReader&)> decode;
};

/// Registers a codec (from a static initializer); a second codec of the same name or type throws
/// std::logic_error. Returns true.
bool registerDetailCodec(DetailCodec codec);
template <class T>
bool registerDetailCodec(const char* name, std::uint32_t version, void (*encode)(const T&, ByteWriter&),
                         void (*decode)(ByteReader&, T&)) {
    return registerDetailCodec(
        DetailCodec{name, version, typeid(T),
                    [encode](const std::any& a, ByteWriter& w) { encode(std::any_cast<const T&>(a), w); },
                    [decode](ByteReader& r) {
                        T value{};
                        decode(r, value);
                        return std::any(std::move(value));
                    }});
}
/// Every registered codec, sorted by name.
std::vector<const DetailCodec*> detailCodecs();
const DetailCodec* findDetailCodec(const std::string& name);
const DetailCodec* findDetailCodec(std::type_index type);

} // namespace cdlab
