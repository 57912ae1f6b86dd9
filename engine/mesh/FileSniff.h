// FileSniff: what a mesh file's content looks like, from its first bytes and its size, before an importer
// reads it. A file with the wrong extension otherwise gets the importer's internal message ("Failed to
// determine STL storage representation"; "vertex has 2 coordinates" for a binary file read as OBJ); this
// names what the file looks like instead.
#pragma once

#include <cstdint>
#include <string>

namespace cdlab {

enum class FileKind {
    Empty,     ///< no bytes
    Ply,       ///< starts with the line "ply"
    AsciiStl,  ///< starts with "solid" and has "facet" statements, no NUL bytes
    BinaryStl, ///< size is 84 + 50 n for the 32-bit triangle count n at byte 80
    Gltf,      ///< a JSON object with an "asset" member
    Glb,       ///< starts with the magic "glTF"
    ObjText,   ///< text whose statements are OBJ's (v, vt, vn, f, o, g, ...), with a v or f among them
    Text,      ///< other text
    Binary,    ///< NUL bytes: a binary file of no kind above
};

struct FileSniff {
    FileKind kind = FileKind::Empty;
    std::uint64_t size = 0;

    /// "a binary STL", "OBJ text", "a binary file (NUL bytes)", ...
    std::string describe() const;
};

/// Reads the first 64 KiB of `path` (and its size). An unreadable file sniffs as Empty (the importer then
/// says why it cannot be read).
FileSniff sniffFile(const std::string& path);

/// Throws InputError(path, "", "looks like a binary STL, not OBJ") when the content is of a known kind that
/// the extension (lower case, with the dot) does not name. Extensions other than .obj, .ply, .stl, .gltf and
/// .glb are not checked (Assimp reads many more formats than are sniffed here).
void checkContentMatchesExtension(const std::string& path, const std::string& ext, const FileSniff& sniff);

} // namespace cdlab
