#include "mesh/StlCheck.h"

#include "core/InputError.h"
#include "core/ReadFile.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <string_view>
#include <vector>

namespace cdlab {

namespace {

std::string readAll(const std::string& path) {
    std::string text;
    readWholeFile(path, text);
    return text;
}

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

/// Starts with "solid", has a facet or an end, and no NUL byte: a binary header that starts with "solid" (as
/// many do) is followed by binary data. Keywords in any case (some writers use capitals).
bool isAscii(const std::string& head) {
    std::string text = lower(head);
    std::size_t i = text.find_first_not_of(" \t\r\n");
    return i != std::string::npos && text.compare(i, 5, "solid") == 0 &&
           text.find('\0') == std::string::npos &&
           (text.find("facet") != std::string::npos || text.find("endsolid") != std::string::npos);
}

std::string plural(std::uint64_t n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

StlDeclared checkBinary(const std::string& path, const std::string& head, std::uint64_t size) {
    if (size < 84)
        throw InputError(path, "",
                         "truncated binary STL: " + plural(size, "byte", "bytes") +
                             ", less than the 84-byte header with the triangle count");
    std::uint32_t n = 0;
    std::memcpy(&n, head.data() + 80, 4); // little endian by the format (and on every platform we build for)
    const std::uint64_t expected = 84 + 50 * std::uint64_t(n);
    if (size < expected)
        throw InputError(path, "",
                         "truncated binary STL: the header declares " + plural(n, "triangle", "triangles") +
                             " = " + std::to_string(expected) + " bytes, the file has " +
                             std::to_string(size) + " (" + std::to_string((size - 84) / 50) +
                             " whole triangles)");
    if (size > expected)
        throw InputError(path, "",
                         "binary STL: the header declares " + plural(n, "triangle", "triangles") + " = " +
                             std::to_string(expected) + " bytes, the file has " + std::to_string(size) +
                             " (" + std::to_string(size - expected) + " bytes more)");
    return {true, n};
}

/// ASCII STL: solid NAME { facet normal nx ny nz / outer loop / vertex x y z (x3) / endloop / endfacet }
/// endsolid NAME; several solids may follow one another. Only the structure and the vertex lines are
/// checked, the normals are Assimp's (we compute our own).
StlDeclared checkAscii(const std::string& path, const std::string& text) {
    std::size_t facets = 0, facetLine = 0;
    int vertices = 0;
    bool inFacet = false, inSolid = false;
    std::size_t lineNo = 0, pos = 0;
    std::vector<std::string_view> t;
    while (pos < text.size()) {
        ++lineNo;
        std::size_t end = text.find('\n', pos);
        if (end == std::string::npos) end = text.size();
        std::string_view line(text.data() + pos, end - pos);
        pos = end + 1;
        t.clear();
        for (std::size_t i = 0; i < line.size();) {
            while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
            std::size_t s = i;
            while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i]))) ++i;
            if (i > s) t.push_back(line.substr(s, i - s));
        }
        if (t.empty()) continue;
        auto fail = [&](const std::string& what) {
            throw InputError(path, "line " + std::to_string(lineNo), what);
        };
        const std::string w = lower(t[0]);
        if (w == "solid") {
            if (inSolid) fail("'solid' inside a solid (missing 'endsolid')");
            inSolid = true;
        } else if (w == "endsolid") {
            if (inFacet) fail("'endsolid' inside facet " + std::to_string(facets) + " (missing 'endfacet')");
            inSolid = false;
        } else if (w == "facet") {
            if (inFacet) fail("'facet' inside facet " + std::to_string(facets) + " (missing 'endfacet')");
            inFacet = true;
            ++facets;
            facetLine = lineNo;
            vertices = 0;
        } else if (w == "vertex") {
            if (!inFacet) fail("'vertex' outside a facet");
            if (t.size() != 4)
                fail("vertex has " + std::to_string(t.size() - 1) + " coordinates, expected 3 (x y z)");
            for (int k = 1; k <= 3; ++k) {
                std::string_view s = t[k];
                if (!s.empty() && s[0] == '+') s.remove_prefix(1);
                double x = 0;
                auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), x);
                if (ec != std::errc() || p != s.data() + s.size() || !std::isfinite(x))
                    fail("vertex coordinate '" + std::string(t[k]) + "' is not a finite number");
            }
            ++vertices;
        } else if (w == "endfacet") {
            if (!inFacet) fail("'endfacet' outside a facet");
            if (vertices != 3)
                fail("facet " + std::to_string(facets) + " has " + std::to_string(vertices) +
                     " vertices, expected 3");
            inFacet = false;
        }
    }
    if (inFacet)
        throw InputError(path, "line " + std::to_string(lineNo),
                         "truncated ASCII STL: unexpected end of file inside facet " +
                             std::to_string(facets) + " (it starts at line " + std::to_string(facetLine) +
                             ")");
    if (inSolid)
        throw InputError(path, "line " + std::to_string(lineNo),
                         "truncated ASCII STL: unexpected end of file after " +
                             plural(facets, "facet", "facets") + ", before 'endsolid'");
    return {false, facets};
}

} // namespace

StlDeclared checkStl(const std::string& path) {
    // The first 64 KiB tell binary from ASCII; only an ASCII file is read whole (a binary one is checked by
    // its size alone).
    std::ifstream in(path, std::ios::binary);
    in.seekg(0, std::ios::end);
    const std::uint64_t size = in ? std::uint64_t(std::max<std::streamoff>(in.tellg(), 0)) : 0;
    in.seekg(0);
    std::string head(std::size_t(std::min<std::uint64_t>(size, 64 * 1024)), '\0');
    in.read(head.data(), std::streamsize(head.size()));
    head.resize(std::size_t(std::max<std::streamsize>(in.gcount(), 0)));
    if (head.size() >= 84) {
        std::uint32_t n = 0;
        std::memcpy(&n, head.data() + 80, 4);
        // The size rule first: binary headers often start with "solid" too.
        if (size == 84 + 50 * std::uint64_t(n)) return {true, n};
    }
    if (isAscii(head)) return checkAscii(path, readAll(path));
    return checkBinary(path, head, size);
}

} // namespace cdlab
