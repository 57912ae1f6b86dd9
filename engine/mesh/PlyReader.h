// PlyReader: the PLY header (what a file declares: its elements and their counts), and a reader for the
// files Assimp misreads: faces stored as triangle strips (`element tristrips` with `property list int int
// vertex_indices`, strips separated by index -1, common for scanned models). Debian 12's Assimp 5.2.5 turns
// such a file into one triangle without a word; here the strips are unrolled (Turk's PLY description, and the
// Stanford scans that use it).
#pragma once

#include "mesh/TriangleMesh.h"

#include <cstddef>
#include <string>
#include <vector>

namespace cdlab {

struct PlyProperty {
    std::string name;
    std::string type;      ///< scalar type, or the list's item type
    std::string countType; ///< the list's count type; empty for a scalar
    bool isList() const { return !countType.empty(); }
};

struct PlyElement {
    std::string name;
    std::size_t count = 0;
    std::vector<PlyProperty> properties;
};

struct PlyHeader {
    enum class Format { Ascii, BinaryLittleEndian, BinaryBigEndian } format = Format::Ascii;
    std::vector<PlyElement> elements;
    std::size_t dataOffset = 0; ///< byte offset of the data after `end_header`
    std::size_t headerLines = 0;

    const PlyElement* find(const std::string& name) const;
    /// "PLY (ascii)", "PLY (binary little endian)", "PLY (binary big endian)".
    std::string describe() const;
};

/// Reads and checks the header; throws InputError(path, "header line N", ...) on a malformed one.
PlyHeader readPlyHeader(const std::string& path);

/// Reads the whole file: vertex x, y, z; polygons of `face` fanned into triangles (faces of one or two
/// corners give none: points and edges, which Assimp skips too), and the strips of
/// `tristrips` unrolled, alternate triangles reversed so that all keep the strip's winding, the degenerate
/// ones (a repeated index: how strips are joined and turned) skipped. Throws InputError naming the element,
/// item and property on a truncated file, a bad number or an index out of range.
TriangleMesh readPly(const std::string& path, const PlyHeader& header);

} // namespace cdlab
