// The viewer's own JSON files (shots, tours) carry a top-level marker, {"cdlab": "shot", "version": 1, ...},
// that tells them from scenes when a user opens any .json file: these two functions are the one place that
// reads such a file and checks the marker.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace cdlab {

/// Whether `path` is a .json file whose top-level "cdlab" field is `marker` (a scene, a mesh, a file that
/// does not parse or cannot be opened: false).
bool hasJsonMarker(const std::string& path, const std::string& marker);

/// The parsed file; throws InputError naming `path` when it cannot be opened ("cannot open the <what> file")
/// or is not JSON.
nlohmann::json readJsonFile(const std::string& path, const std::string& what);

} // namespace cdlab
