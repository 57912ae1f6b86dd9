// ObjCheck: a line-by-line check of a Wavefront OBJ file before Assimp reads it. Assimp reports some
// malformed lines without a line number (a vertex with two coordinates becomes "vertex index out of range"
// far from its cause) or not at all (a NaN coordinate); OBJ is the format people edit by hand, so its errors
// name the line. Only vertex (`v`) and face (`f`) statements are checked; everything else is Assimp's.
#pragma once

#include <functional>
#include <string>

namespace cdlab {

/// Throws InputError(path, "line N", ...) at the first vertex line without three finite coordinates or face
/// line with fewer than three corners or a corner that is not a vertex defined before it (1-based, or
/// negative: counted back from the last one).
/// `progress` (optional) gets the share of the file checked, about every megabyte; it may throw to stop.
void checkObjLines(const std::string& path, const std::function<void(double)>& progress = {});

/// What an OBJ file declares, counted by the line check: compared with what the import gives.
struct ObjCounts {
    long vertices = 0;  ///< `v` statements
    long faces = 0;     ///< `f` statements
    long triangles = 0; ///< the faces' triangles once triangulated: corners - 2 per face
};

/// The same check, counting the statements into `counts`.
void checkObjLines(const std::string& path, const std::function<void(double)>& progress, ObjCounts& counts);

} // namespace cdlab
