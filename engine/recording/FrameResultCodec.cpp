#include "recording/FrameResultCodec.h"

#include "core/DetailCodec.h"

#include <stdexcept>

namespace cdlab {

namespace {

void writeFeature(ByteWriter& w, const MeshFeature& f) {
    w.u8(std::uint8_t(f.kind)), w.u32(f.a), w.u32(f.b);
}
MeshFeature readFeature(ByteReader& r) {
    MeshFeature f;
    f.kind = MeshFeature::Kind(r.enumByte(3, "feature kind"));
    f.a = r.u32(), f.b = r.u32();
    return f;
}

} // namespace

void encodeFrameResult(const FrameResult& r, ByteWriter& w) {
    w.f64(r.t0), w.f64(r.t1);
    w.u32(std::uint32_t(r.contacts.size()));
    for (const BodyPairContacts& c : r.contacts) {
        w.u32(c.objectA), w.u32(c.objectB), w.u32(std::uint32_t(c.pairs.size()));
        for (const TrianglePair& p : c.pairs) w.u32(p.a), w.u32(p.b);
    }
    w.u32(std::uint32_t(r.firstContacts.size()));
    for (const TimeOfContact& c : r.firstContacts) {
        w.u32(c.objectA), w.u32(c.objectB), w.f64(c.time), w.u8(std::uint8_t(c.kind));
        writeFeature(w, c.featureA), writeFeature(w, c.featureB);
        w.u32(c.triA), w.u32(c.triB), w.u8(c.hasFeatures);
    }
    w.u32(std::uint32_t(r.potentialPairs.size()));
    for (const auto& [a, b] : r.potentialPairs) w.u32(a), w.u32(b);
    w.u8(std::uint8_t(r.firstContactScope));
    w.u32(std::uint32_t(r.counters.items().size()));
    for (const auto& [c, v] : r.counters.items()) w.str(c.name()), w.u64(v);
    w.u32(std::uint32_t(r.stages.items().size()));
    for (const auto& [name, ms] : r.stages.items()) w.str(name), w.f64(ms);
    w.u32(std::uint32_t(r.details.items().size()));
    for (const auto& [type, value] : r.details.items()) {
        const DetailCodec* codec = findDetailCodec(type);
        if (!codec)
            throw std::logic_error(std::string("no detail codec registered for ") + type.name() +
                                   " (register one in its family's folder: core/DetailCodec.h)");
        ByteWriter detail;
        codec->encode(value, detail);
        w.str(codec->name);
        w.str(detail.bytes());
    }
}

FrameResult decodeFrameResult(ByteReader& r) {
    FrameResult f;
    f.t0 = r.f64(), f.t1 = r.f64();
    f.contacts.resize(r.count(12));
    for (BodyPairContacts& c : f.contacts) {
        c.objectA = r.u32(), c.objectB = r.u32();
        c.pairs.resize(r.count(8));
        for (TrianglePair& p : c.pairs) p.a = r.u32(), p.b = r.u32();
    }
    f.firstContacts.resize(r.count(44));
    for (TimeOfContact& c : f.firstContacts) {
        c.objectA = r.u32(), c.objectB = r.u32(), c.time = r.f64();
        c.kind = TimeOfContact::Kind(r.enumByte(4, "contact kind"));
        c.featureA = readFeature(r), c.featureB = readFeature(r);
        c.triA = r.u32(), c.triB = r.u32(), c.hasFeatures = r.u8() != 0;
    }
    f.potentialPairs.resize(r.count(8));
    for (auto& [a, b] : f.potentialPairs) a = r.u32(), b = r.u32();
    f.firstContactScope = FirstContactScope(r.enumByte(2, "first-contact scope"));
    for (std::size_t i = 0, n = r.count(12); i < n; ++i) {
        const std::string name = r.str();
        Counter c = counter::Contacts;
        if (!parseCounter(name, c)) r.fail("counter '" + name + "' is not one this build declares");
        f.counters.add(c, r.u64());
    }
    for (std::size_t i = 0, n = r.count(12); i < n; ++i) {
        const std::string name = r.str();
        f.stages.add(name, r.f64());
    }
    for (std::size_t i = 0, n = r.count(8); i < n; ++i) {
        const std::string name = r.str();
        const DetailCodec* codec = findDetailCodec(name);
        if (!codec) r.fail("family detail '" + name + "' has no codec in this build");
        const std::string bytes = r.str();
        ByteReader detail(bytes, r.file());
        detail.where(r.section() + ", " + name + " detail");
        f.details.put(codec->type, codec->decode(detail));
        if (!detail.done())
            r.fail(name + " detail: " + std::to_string(detail.left()) + " bytes left over after decoding");
    }
    return f;
}

} // namespace cdlab
