// The bundled scenes (scenes/*.json): the tests that run every one of them list them here, one way.
#pragma once

#include "TestPaths.h"

#include <algorithm>
#include <filesystem>
#include <vector>

namespace cdlab::test {

/// Every scenes/*.json, sorted by file name (the order the goldens and the per-scene tests print).
inline std::vector<std::filesystem::path> bundledScenePaths() {
    std::vector<std::filesystem::path> paths;
    for (const auto& e :
         std::filesystem::directory_iterator(std::filesystem::path(CDLAB_SOURCE_DIR) / "scenes"))
        if (e.path().extension() == ".json") paths.push_back(e.path());
    std::sort(paths.begin(), paths.end(),
              [](const auto& a, const auto& b) { return a.filename() < b.filename(); });
    return paths;
}

/// The same scenes' file names ("doors.json"), as test::bundled takes them.
inline std::vector<std::string> bundledSceneNames() {
    std::vector<std::string> names;
    for (const auto& p : bundledScenePaths()) names.push_back(p.filename().string());
    return names;
}

} // namespace cdlab::test
