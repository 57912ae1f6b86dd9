#include "core/ByteStream.h"

#include "core/InputError.h"

#include <bit>
#include <cstring>

namespace cdlab {

static_assert(std::endian::native == std::endian::little,
              "recordings are written little-endian as in memory");

void ByteWriter::u32(std::uint32_t v) {
    char b[4];
    std::memcpy(b, &v, 4);
    m_bytes.append(b, 4);
}
void ByteWriter::u64(std::uint64_t v) {
    char b[8];
    std::memcpy(b, &v, 8);
    m_bytes.append(b, 8);
}
void ByteWriter::f32(float v) {
    u32(std::bit_cast<std::uint32_t>(v));
}
void ByteWriter::f64(double v) {
    u64(std::bit_cast<std::uint64_t>(v));
}
void ByteWriter::str(std::string_view s) {
    u32(std::uint32_t(s.size()));
    m_bytes.append(s);
}

void ByteReader::fail(const std::string& what) const {
    throw InputError(m_file, m_where, what);
}
void ByteReader::need(std::size_t n, const char* what) {
    if (left() < n)
        fail("truncated: " + std::string(what) + " needs " + std::to_string(n) + " bytes, " +
             std::to_string(left()) + " left");
}
std::uint8_t ByteReader::u8() {
    need(1, "a byte");
    return std::uint8_t(m_bytes[m_at++]);
}
std::uint32_t ByteReader::u32() {
    need(4, "an integer");
    std::uint32_t v;
    std::memcpy(&v, m_bytes.data() + m_at, 4);
    m_at += 4;
    return v;
}
std::uint64_t ByteReader::u64() {
    need(8, "an integer");
    std::uint64_t v;
    std::memcpy(&v, m_bytes.data() + m_at, 8);
    m_at += 8;
    return v;
}
float ByteReader::f32() {
    return std::bit_cast<float>(u32());
}
double ByteReader::f64() {
    return std::bit_cast<double>(u64());
}
std::string ByteReader::str() {
    const std::uint32_t n = u32();
    return std::string(raw(n));
}
std::string_view ByteReader::raw(std::size_t n) {
    need(n, "the data");
    std::string_view s = m_bytes.substr(m_at, n);
    m_at += n;
    return s;
}
std::size_t ByteReader::count(std::size_t minBytes) {
    const std::uint32_t n = u32();
    if (minBytes > 0 && n > left() / minBytes)
        fail("a count of " + std::to_string(n) + " does not fit in the " + std::to_string(left()) +
             " bytes left");
    return n;
}
std::uint8_t ByteReader::enumByte(std::uint8_t end, const char* what) {
    const std::uint8_t v = u8();
    if (v >= end)
        fail(std::string(what) + " " + std::to_string(v) + " is out of range (< " + std::to_string(end) +
             ")");
    return v;
}

std::uint64_t fnv1a(std::string_view bytes) {
    std::uint64_t h = 1469598103934665603ull;
    for (char c : bytes) h = (h ^ std::uint8_t(c)) * 1099511628211ull;
    return h;
}

} // namespace cdlab
