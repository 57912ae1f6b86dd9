// Helpers the glTF test suites share: the fixture folder and a scratch folder of the process's own.
#pragma once

#include "TestPaths.h"
#include <filesystem>
#include <string>
#include <unistd.h>

namespace cdlab::test {

inline const std::string kGltf = std::string(CDLAB_TEST_DATA) + "/gltf/";

/// A folder of this process's own (named after `suite`) for the files the tests write, removed at exit.
template <const char* Suite> std::filesystem::path gltfTempDir() {
    static const struct Dir {
        std::filesystem::path path =
            std::filesystem::temp_directory_path() / (std::string(Suite) + "_" + std::to_string(getpid()));
        ~Dir() {
            std::error_code ec;
            std::filesystem::remove_all(path, ec);
        }
    } dir;
    return dir.path;
}

/// `name` inside the suite's scratch folder, its parent folders created.
template <const char* Suite> std::string gltfTempPath(const std::string& name) {
    std::filesystem::create_directories((gltfTempDir<Suite>() / name).parent_path());
    return (gltfTempDir<Suite>() / name).string();
}

} // namespace cdlab::test
