// ByteWriter / ByteReader: the little-endian binary encoding of recordings (engine/recording) and of the
// families' detail codecs (DetailCodec.h). The reader never trusts a length: every count is checked against
// the bytes left before anything is allocated, and reading past the end throws InputError naming the file and
// the section being read, so a truncated or damaged file is refused, not crashed on (fuzz/RecordingFuzzer).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace cdlab {

class ByteWriter {
public:
    void u8(std::uint8_t v) { m_bytes.push_back(char(v)); }
    void u32(std::uint32_t v);
    void u64(std::uint64_t v);
    void i32(std::int32_t v) { u32(std::uint32_t(v)); }
    void f32(float v);
    void f64(double v);
    /// A length (u32) and the bytes.
    void str(std::string_view s);
    void raw(std::string_view s) { m_bytes.append(s); }
    const std::string& bytes() const { return m_bytes; }
    std::string take() { return std::move(m_bytes); }

private:
    std::string m_bytes;
};

class ByteReader {
public:
    /// Reads `bytes` (not owned); errors name `file` and the section set by where().
    ByteReader(std::string_view bytes, std::string file) : m_bytes(bytes), m_file(std::move(file)) {}
    /// What is being read ("frame 3, viewport 1"), for the error messages.
    void where(std::string section) { m_where = std::move(section); }
    const std::string& file() const { return m_file; }
    const std::string& section() const { return m_where; }

    std::uint8_t u8();
    std::uint32_t u32();
    std::uint64_t u64();
    std::int32_t i32() { return std::int32_t(u32()); }
    float f32();
    double f64();
    std::string str();
    std::string_view raw(std::size_t n);
    /// A count of elements that take at least `minBytes` each: refused when the bytes left cannot hold
    /// them (a damaged count must not allocate gigabytes).
    std::size_t count(std::size_t minBytes);
    /// An enum's byte, refused when it is not below `end`.
    std::uint8_t enumByte(std::uint8_t end, const char* what);
    std::size_t left() const { return m_bytes.size() - m_at; }
    bool done() const { return m_at == m_bytes.size(); }
    /// Throws InputError(file, section, what).
    [[noreturn]] void fail(const std::string& what) const;

private:
    void need(std::size_t n, const char* what);
    std::string_view m_bytes;
    std::size_t m_at = 0;
    std::string m_file, m_where;
};

/// FNV-1a over bytes (a recording's per-chunk check, the scene file's hash).
std::uint64_t fnv1a(std::string_view bytes);

} // namespace cdlab
