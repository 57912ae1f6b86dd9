// StlCheck: what an STL file declares, checked before Assimp reads it. Assimp reads a binary STL's triangle
// count from its header and an ASCII STL's facets as far as they go; a truncated file either fails with
// "Failed to determine STL storage representation" or gives fewer triangles without a word. Here a truncated
// file is refused saying where it ends, and the declared count is kept to compare with what was imported.
#pragma once

#include <cstddef>
#include <string>

namespace cdlab {

struct StlDeclared {
    bool binary = false;
    std::size_t triangles = 0; ///< binary: the header's 32-bit count; ASCII: the facets
};

/// Binary (the size is 84 + 50 n for the header's count n, or the file does not start with "solid"): throws
/// InputError on any other size ("truncated: the header declares N triangles = X bytes, the file has Y").
/// ASCII: throws at a facet without three vertices, a vertex without three finite coordinates (naming the
/// line), and at an end of file inside a facet or before `endsolid` ("truncated: ...").
StlDeclared checkStl(const std::string& path);

} // namespace cdlab
