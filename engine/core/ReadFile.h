// readWholeFile: a file's bytes in one string, for the parsers that check a whole file before an importer
// reads it (PLY, STL).
#pragma once

#include <algorithm>
#include <fstream>
#include <string>

namespace cdlab {

/// The bytes of `path` into `out`; false (and `out` empty) when it cannot be opened.
inline bool readWholeFile(const std::string& path, std::string& out) {
    out.clear();
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    in.seekg(0, std::ios::end);
    out.resize(std::size_t(std::max<std::streamoff>(in.tellg(), 0)));
    in.seekg(0);
    in.read(out.data(), std::streamsize(out.size()));
    out.resize(std::size_t(std::max<std::streamsize>(in.gcount(), 0)));
    return true;
}

} // namespace cdlab
