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

} // namespace cdlab
