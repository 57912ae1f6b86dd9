#include "mesh/FileSniff.h"

#include "core/InputError.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string_view>

namespace cdlab {

namespace {

constexpr std::size_t kHeadBytes = 64 * 1024;

bool startsWith(std::string_view s, std::string_view prefix) {
    return s.substr(0, prefix.size()) == prefix;
}

std::string_view trimmedStart(std::string_view s) {
    if (startsWith(s, "\xEF\xBB\xBF")) s.remove_prefix(3); // UTF-8 byte order mark
    std::size_t i = s.find_first_not_of(" \t\r\n");
    return i == std::string_view::npos ? std::string_view() : s.substr(i);
}

/// OBJ's statements (Wavefront's spec, plus the free-form ones Assimp knows): a text file whose every
/// statement (first word of a line, comments aside) is one of these, with a vertex or face among them, is
/// OBJ.
bool objLike(std::string_view head, bool complete) {
    static const char* kKeywords[] = {"v",   "vt",   "vn",    "vp",     "f",      "l",   "p",
                                      "o",   "g",    "s",     "usemtl", "mtllib", "mg",  "cstype",
                                      "deg", "curv", "curv2", "surf",   "parm",   "end", "bmat"};
    bool geometry = false;
    std::size_t pos = 0;
    while (pos < head.size()) {
        std::size_t end = head.find('\n', pos);
        if (end == std::string_view::npos) {
            if (!complete) break; // the last line may be cut by the 64 KiB head
            end = head.size();
        }
        std::string_view line = head.substr(pos, end - pos);
        pos = end + 1;
        std::size_t a = line.find_first_not_of(" \t\r");
        if (a == std::string_view::npos || line[a] == '#' || line[a] == '\\') continue;
        std::size_t b = line.find_first_of(" \t\r", a);
        std::string_view word = line.substr(a, b == std::string_view::npos ? line.size() - a : b - a);
        if (std::none_of(std::begin(kKeywords), std::end(kKeywords),
                         [&](const char* k) { return word == k; }))
            return false;
        geometry = geometry || word == "v" || word == "f";
    }
    return geometry;
}

bool isGltfKind(FileKind k) {
    return k == FileKind::Gltf || k == FileKind::Glb;
}

bool isStlKind(FileKind k) {
    return k == FileKind::AsciiStl || k == FileKind::BinaryStl;
}

} // namespace

std::string FileSniff::describe() const {
    switch (kind) {
    case FileKind::Empty:
        return "an empty file";
    case FileKind::Ply:
        return "a PLY file";
    case FileKind::AsciiStl:
        return "an ASCII STL";
    case FileKind::BinaryStl:
        return "a binary STL";
    case FileKind::Gltf:
        return "a glTF (JSON)";
    case FileKind::Glb:
        return "a binary glTF (GLB)";
    case FileKind::ObjText:
        return "an OBJ file";
    case FileKind::Text:
        return "a text file";
    case FileKind::Binary:
        return "a binary file (it has NUL bytes)";
    }
    return "?";
}

FileSniff sniffFile(const std::string& path) {
    FileSniff out;
    std::ifstream in(path, std::ios::binary);
    if (!in) return out;
    in.seekg(0, std::ios::end);
    std::streamoff size = in.tellg();
    if (size <= 0) return out;
    out.size = std::uint64_t(size);
    in.seekg(0);
    std::string head(std::size_t(std::min<std::streamoff>(size, kHeadBytes)), '\0');
    in.read(head.data(), std::streamsize(head.size()));
    head.resize(std::size_t(std::max<std::streamsize>(in.gcount(), 0)));
    const bool complete = head.size() == out.size;
    std::string_view h(head);
    const bool nul = h.find('\0') != std::string_view::npos;
    if (startsWith(h, "ply\n") || startsWith(h, "ply\r")) {
        out.kind = FileKind::Ply;
    } else if (startsWith(h, "glTF")) {
        out.kind = FileKind::Glb;
    } else if (out.size >= 84 && h.size() >= 84 && [&] {
                   std::uint32_t n = 0;
                   std::memcpy(&n, h.data() + 80, 4); // little endian, as binary STL stores it
                   return out.size == 84 + 50 * std::uint64_t(n);
               }()) {
        // Checked before "solid": many binary STL writers start their 80-byte header with "solid".
        out.kind = FileKind::BinaryStl;
    } else if (!nul && startsWith(trimmedStart(h), "solid") && h.find("facet") != std::string_view::npos) {
        out.kind = FileKind::AsciiStl;
    } else if (!nul && startsWith(trimmedStart(h), "{") && h.find("\"asset\"") != std::string_view::npos) {
        out.kind = FileKind::Gltf;
    } else if (nul) {
        out.kind = FileKind::Binary;
    } else if (objLike(h, complete)) {
        out.kind = FileKind::ObjText;
    } else {
        out.kind = FileKind::Text;
    }
    return out;
}

void checkContentMatchesExtension(const std::string& path, const std::string& ext, const FileSniff& sniff) {
    const FileKind k = sniff.kind;
    // Assimp's PLY reader loops forever on some malformed headers (fuzz-mesh): only a file whose first line
    // is "ply" reaches it, after our header check.
    if (ext == ".ply" && (k == FileKind::Empty || k == FileKind::Text || k == FileKind::Binary))
        throw InputError(path, "line 1", "not a PLY file: it does not start with the line \"ply\"");
    if (k == FileKind::Empty || k == FileKind::Text) return; // the importer says what is wrong
    std::string expected;
    bool fits = true;
    if (ext == ".obj") {
        expected = "OBJ";
        fits = k == FileKind::ObjText;
    } else if (ext == ".ply") {
        expected = "PLY";
        fits = k == FileKind::Ply;
    } else if (ext == ".stl") {
        // A binary file that is not a well-sized binary STL is a truncated one: StlCheck says so.
        expected = "STL";
        fits = isStlKind(k) || k == FileKind::Binary;
    } else if (ext == ".gltf" || ext == ".glb") {
        // Assimp reads either glTF form under either extension.
        expected = ext == ".gltf" ? "glTF" : "GLB";
        fits = isGltfKind(k) || k == FileKind::Binary;
    } else {
        return;
    }
    if (!fits) throw InputError(path, "", "looks like " + sniff.describe() + ", not " + expected);
}

} // namespace cdlab
