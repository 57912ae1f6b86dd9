#include "recording/Recording.h"

#include "core/Assert.h"
#include "core/ByteStream.h"
#include "core/DetailCodec.h"
#include "core/InputError.h"
#include "pipeline/BuildInfo.h"
#include "recording/FrameResultCodec.h"

#include <memory>
#include <sstream>
#include <zstd.h>

namespace cdlab {

namespace {

/// zstd's level: 6 packs the doors' contact lists a third smaller than the default 3 at a few ms a frame.
constexpr int kZstdLevel = 6;
/// The most bytes one chunk may decompress to (a damaged size must not allocate without bound).
constexpr std::uint32_t kMaxChunk = 1u << 30;
/// A chunk's fixed part: kind, compressed size, raw size, check.
constexpr std::size_t kChunkHead = 1 + 4 + 4 + 8;

std::string compress(const std::string& raw) {
    std::string out(ZSTD_compressBound(raw.size()), '\0');
    const std::size_t n = ZSTD_compress(out.data(), out.size(), raw.data(), raw.size(), kZstdLevel);
    if (ZSTD_isError(n)) throw std::runtime_error(std::string("zstd: ") + ZSTD_getErrorName(n));
    out.resize(n);
    return out;
}

/// Decompresses a chunk that claims `rawSize` bytes; the output grows with what zstd actually produces, so
/// a damaged claim costs nothing until the data bears it out.
std::string decompress(std::string_view packed, std::uint32_t rawSize, ByteReader& at) {
    std::unique_ptr<ZSTD_DCtx, std::size_t (*)(ZSTD_DCtx*)> ctx(ZSTD_createDCtx(), ZSTD_freeDCtx);
    std::string out;
    ZSTD_inBuffer in{packed.data(), packed.size(), 0};
    std::size_t ret = 1;
    while (in.pos < in.size || ret != 0) {
        const std::size_t have = out.size();
        const std::size_t step = std::min<std::size_t>(std::size_t(rawSize) + 1 - have, 1u << 16);
        if (step == 0) break;
        out.resize(have + step);
        ZSTD_outBuffer o{out.data() + have, step, 0};
        ret = ZSTD_decompressStream(ctx.get(), &o, &in);
        out.resize(have + o.pos);
        if (ZSTD_isError(ret)) at.fail(std::string("damaged: zstd says ") + ZSTD_getErrorName(ret));
        if (out.size() > rawSize)
            at.fail("damaged: the chunk holds more than the " + std::to_string(rawSize) +
                    " bytes it declares");
        if (o.pos == 0 && in.pos == in.size && ret != 0) at.fail("damaged: the compressed data ends early");
    }
    if (out.size() != rawSize)
        at.fail("damaged: the chunk holds " + std::to_string(out.size()) + " bytes, it declares " +
                std::to_string(rawSize));
    return out;
}

struct Chunk {
    char kind = 0;
    std::string raw;
};

Chunk readChunk(ByteReader& r) {
    Chunk c;
    c.kind = char(r.u8());
    const std::uint32_t packedSize = r.u32(), rawSize = r.u32();
    const std::uint64_t check = r.u64();
    if (rawSize > kMaxChunk) r.fail("damaged: a chunk of " + std::to_string(rawSize) + " bytes");
    const std::string_view packed = r.raw(packedSize);
    c.raw = decompress(packed, rawSize, r);
    if (fnv1a(c.raw) != check) r.fail("damaged: the chunk's check does not match its bytes");
    return c;
}

void writeHeader(const RecordingHeader& h, ByteWriter& w) {
    w.str(h.buildCommit), w.str(h.buildType), w.str(h.scenePath), w.str(h.sceneJson), w.u64(h.sceneHash);
    w.u32(std::uint32_t(h.viewports.size()));
    for (const auto& v : h.viewports) w.str(v);
    w.u32(std::uint32_t(h.codecs.size()));
    for (const auto& [name, version] : h.codecs) w.str(name), w.u32(version);
}

RecordingHeader readHeader(ByteReader& r) {
    RecordingHeader h;
    h.buildCommit = r.str(), h.buildType = r.str(), h.scenePath = r.str(), h.sceneJson = r.str();
    h.sceneHash = r.u64();
    h.viewports.resize(r.count(4));
    for (auto& v : h.viewports) v = r.str();
    if (h.viewports.empty()) r.fail("no viewports");
    h.codecs.resize(r.count(8));
    for (auto& [name, version] : h.codecs) name = r.str(), version = r.u32();
    for (const auto& [name, version] : h.codecs) {
        const DetailCodec* codec = findDetailCodec(name);
        if (!codec)
            r.fail("written by a build (" + h.buildCommit + ") with a '" + name +
                   "' family detail this build does not know");
        if (codec->version != version)
            r.fail("the '" + name + "' detail is encoded in its version " + std::to_string(version) +
                   " (build " + h.buildCommit + "), this build reads version " +
                   std::to_string(codec->version));
    }
    return h;
}

} // namespace

RecordingHeader makeRecordingHeader(const std::string& scenePath, std::vector<std::string> viewports) {
    RecordingHeader h;
    h.buildCommit = buildCommit();
    h.buildType = buildType();
    h.scenePath = scenePath;
    std::ifstream in(scenePath, std::ios::binary);
    if (!in) throw InputError(scenePath, "", "cannot read the scene to embed it in the recording");
    std::ostringstream text;
    text << in.rdbuf();
    h.sceneJson = text.str();
    h.sceneHash = fnv1a(h.sceneJson);
    h.viewports = std::move(viewports);
    for (const DetailCodec* c : detailCodecs()) h.codecs.emplace_back(c->name, c->version);
    return h;
}

RecordingWriter::RecordingWriter(const std::string& path, RecordingHeader header)
    : m_path(path), m_out(path, std::ios::binary | std::ios::trunc), m_viewports(header.viewports.size()) {
    if (!m_out) throw InputError(path, "", "cannot write the recording");
    m_out.write(kRecordingMagic.data(), kRecordingMagic.size());
    ByteWriter version;
    version.u32(kRecordingVersion);
    m_out.write(version.bytes().data(), 4);
    m_bytes = kRecordingMagic.size() + 4;
    ByteWriter w;
    writeHeader(header, w);
    chunk('H', w.bytes());
    m_headerBytes = m_bytes;
}

void RecordingWriter::chunk(char kind, const std::string& raw) {
    const std::string packed = compress(raw);
    ByteWriter w;
    w.u8(std::uint8_t(kind)), w.u32(std::uint32_t(packed.size())), w.u32(std::uint32_t(raw.size()));
    w.u64(fnv1a(raw));
    w.raw(packed);
    m_out.write(w.bytes().data(), std::streamsize(w.bytes().size()));
    if (!m_out) throw InputError(m_path, "", "writing the recording failed (disk full?)");
    m_bytes += w.bytes().size();
}

void RecordingWriter::frame(const std::vector<const FrameResult*>& viewports) {
    CDLAB_ASSERT(viewports.size() == m_viewports, "a frame with another number of viewports");
    ByteWriter w;
    w.u32(std::uint32_t(m_frames));
    for (const FrameResult* r : viewports) encodeFrameResult(*r, w);
    chunk('F', w.bytes());
    ++m_frames;
    m_drawingDue = true;
}

void RecordingWriter::drawing(const std::vector<const RecordedDrawing*>& viewports) {
    CDLAB_ASSERT(viewports.size() == m_viewports, "a drawing with another number of viewports");
    CDLAB_ASSERT(m_drawingDue, "a drawing without its frame");
    ByteWriter w;
    w.u32(std::uint32_t(m_frames - 1));
    for (const RecordedDrawing* d : viewports) encodeDrawing(d ? *d : RecordedDrawing{}, w);
    const std::uint64_t before = m_bytes;
    chunk('D', w.bytes());
    m_drawingBytes += m_bytes - before;
    m_drawingDue = false;
}

void RecordingWriter::finish() {
    if (m_finished) return;
    ByteWriter w;
    w.u32(std::uint32_t(m_frames));
    chunk('E', w.bytes());
    m_out.close();
    if (!m_out) throw InputError(m_path, "", "writing the recording failed (disk full?)");
    m_finished = true;
}

Recording parseRecording(std::string_view bytes, const std::string& name) {
    ByteReader r(bytes, name);
    r.where("header");
    if (bytes.size() < kRecordingMagic.size() || bytes.substr(0, kRecordingMagic.size()) != kRecordingMagic)
        r.fail("not a cdlab recording (it does not start with \"CDLABREC\")");
    r.raw(kRecordingMagic.size());
    Recording rec;
    rec.header.version = r.u32();
    if (rec.header.version < kOldestRecordingVersion || rec.header.version > kRecordingVersion)
        r.fail("recording format version " + std::to_string(rec.header.version) +
               ", this build reads versions " + std::to_string(kOldestRecordingVersion) + " to " +
               std::to_string(kRecordingVersion));
    Chunk head = readChunk(r);
    if (head.kind != 'H') r.fail("damaged: the first chunk is not the header");
    {
        ByteReader h(head.raw, name);
        h.where("header");
        rec.header = readHeader(h);
        if (!h.done()) h.fail("damaged: bytes left over after the header");
    }
    const std::size_t viewports = rec.header.viewports.size();
    for (;;) {
        r.where("frame " + std::to_string(rec.frames.size()));
        if (r.done())
            r.fail("truncated: the file ends after " + std::to_string(rec.frames.size()) +
                   " frames without its end chunk");
        if (r.left() < kChunkHead) r.fail("truncated: a chunk's head is cut");
        Chunk c = readChunk(r);
        ByteReader f(c.raw, name);
        f.where(r.section());
        if (c.kind == 'E') {
            const std::uint32_t count = f.u32();
            if (count != rec.frames.size())
                f.fail("damaged: the end chunk counts " + std::to_string(count) + " frames, the file holds " +
                       std::to_string(rec.frames.size()));
            if (!r.done()) r.fail("damaged: " + std::to_string(r.left()) + " bytes after the end chunk");
            if (!rec.drawings.empty() && rec.drawings.size() != rec.frames.size())
                f.fail("damaged: the last frame has no drawing chunk");
            break;
        }
        if (c.kind == 'D' && rec.header.version >= 2) {
            // The drawing of the frame just read (a recording keeps all frames' drawings or none).
            if (rec.frames.empty() || f.u32() != rec.frames.size() - 1 ||
                rec.drawings.size() != rec.frames.size() - 1)
                f.fail("damaged: a drawing chunk out of place");
            std::vector<RecordedDrawing> drawings;
            for (std::size_t v = 0; v < viewports; ++v) {
                f.where("frame " + std::to_string(rec.frames.size() - 1) + " drawing, viewport " +
                        std::to_string(v));
                drawings.push_back(decodeDrawing(f));
            }
            if (!f.done()) f.fail("damaged: bytes left over after the frame's drawings");
            rec.drawings.push_back(std::move(drawings));
            continue;
        }
        if (c.kind != 'F')
            r.fail("damaged: a chunk of unknown kind " + std::to_string(int(std::uint8_t(c.kind))));
        if (!rec.drawings.empty() && rec.drawings.size() != rec.frames.size())
            r.fail("damaged: frame " + std::to_string(rec.frames.size() - 1) + " has no drawing chunk");
        if (f.u32() != rec.frames.size()) f.fail("damaged: frames out of order");
        std::vector<FrameResult> results;
        for (std::size_t v = 0; v < viewports; ++v) {
            f.where(r.section() + ", viewport " + std::to_string(v));
            results.push_back(decodeFrameResult(f));
        }
        if (!f.done()) f.fail("damaged: bytes left over after the frame's viewports");
        rec.frames.push_back(std::move(results));
    }
    return rec;
}

Recording readRecording(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path, "", "cannot open the recording");
    std::ostringstream bytes;
    bytes << in.rdbuf();
    return parseRecording(bytes.str(), path);
}

bool isRecordingFile(const std::string& path) {
    if (path.size() > 6 && path.compare(path.size() - 6, 6, ".cdrec") == 0) return true;
    std::ifstream in(path, std::ios::binary);
    char magic[8] = {};
    return in.read(magic, sizeof magic) && std::string_view(magic, 8) == kRecordingMagic;
}

} // namespace cdlab
