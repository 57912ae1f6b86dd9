// Replays every input the fuzzers found a crash, leak, hang or stray exception with (tests/data/
// fuzz-regressions/<target>/, one file each, named after the finding) through the same function the fuzz
// target calls (fuzz/FuzzInputs.h), in the ordinary build: each must come back accepted or refused with
// InputError. Under test-sanitize the same files run with ASan + UBSan.
#include "FuzzInputs.h"
#include "TestPaths.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <gtest/gtest.h>
#include <iterator>
#include <vector>

using namespace cdlab;

namespace {

using Run = std::function<fuzz::Outcome(const std::vector<std::uint8_t>&)>;

/// Feeds each file of fuzz-regressions/<target>/ to `run`; returns how many there were.
int replay(const std::string& target, const Run& run) {
    std::filesystem::path dir = std::filesystem::path(CDLAB_TEST_DATA) / "fuzz-regressions" / target;
    std::vector<std::filesystem::path> files;
    if (std::filesystem::is_directory(dir))
        for (const auto& e : std::filesystem::directory_iterator(dir)) files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const auto& f : files) {
        SCOPED_TRACE(f.string());
        std::ifstream in(f, std::ios::binary);
        std::vector<std::uint8_t> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
        fuzz::Outcome outcome{};
        EXPECT_NO_THROW(outcome = run(bytes));
        EXPECT_NE(outcome, fuzz::Outcome::Skipped) << "the fuzz target skips it: it proves nothing";
    }
    return int(files.size());
}

} // namespace

// The findings fixed so far, each target's folder: every file must come back accepted or refused.
TEST(FuzzRegression, FixedFindingsAreAcceptedOrRefused) {
    std::string base = std::string(CDLAB_SOURCE_DIR) + "/scenes";
    int n = replay("fuzz-scene", [&](const auto& b) { return fuzz::runScene(b.data(), b.size(), base); });
    n += replay("fuzz-obj", [](const auto& b) { return fuzz::runObjCheck(b.data(), b.size()); });
    n += replay("fuzz-ccd", [](const auto& b) { return fuzz::runCcdQueries(b.data(), b.size()); });
    n += replay("fuzz-mesh", [](const auto& b) { return fuzz::runMeshImport(b.data(), b.size()); });
    n += replay("fuzz-gltf", [](const auto& b) { return fuzz::runGltfModel(b.data(), b.size()); });
    n += replay("fuzz-recording", [](const auto& b) { return fuzz::runRecording(b.data(), b.size()); });
    if (n == 0) GTEST_SKIP() << "no fixed fuzz findings in tests/data/fuzz-regressions/<target>/ yet";
}
