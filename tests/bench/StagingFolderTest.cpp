// StagingFolder (app/bench/StagingFolder.cpp: cdlab-bench paper's output): a report appears in its folder
// only when committed; a folder holding other files is refused; a killed run's leftover is removed while a
// live run's staging folder (locked) is left alone.
#include "StagingFolder.h"

#include "TestUtil.h"
#include "core/InputError.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/file.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;
using namespace cdlab;

namespace {

int countPartials(const fs::path& dir) {
    int n = 0;
    for (const auto& e : fs::directory_iterator(dir))
        n += e.path().filename().string().rfind(".partial-", 0) == 0;
    return n;
}

} // namespace

TEST(StagingFolder, AReportAppearsOnlyWhenCommitted) {
    test::TempDir tmp;
    const fs::path dir = tmp.path("report");
    {
        StagingFolder s(dir);
        EXPECT_EQ(s.path().parent_path(), dir);
        std::ofstream(s.path() / "README.md") << "first";
        EXPECT_FALSE(fs::exists(dir / "README.md"));
    } // not committed: nothing stays
    EXPECT_FALSE(fs::exists(dir / "README.md"));
    EXPECT_EQ(countPartials(dir), 0);
    {
        StagingFolder s(dir);
        std::ofstream(s.path() / "README.md") << "second";
        fs::create_directory(s.path() / "figures");
        std::ofstream(s.path() / "figures" / "a.png") << "png";
        s.commit();
    }
    EXPECT_TRUE(fs::exists(dir / "figures" / "a.png"));
    EXPECT_TRUE(fs::exists(dir / StagingFolder::kMarker));
    EXPECT_FALSE(fs::exists(dir / ".lock"));
    EXPECT_EQ(countPartials(dir), 0);
    // A second report replaces the first (the marker says the folder is a report's).
    {
        StagingFolder s(dir);
        std::ofstream(s.path() / "README.md") << "third";
        s.commit();
    }
    std::ifstream in(dir / "README.md");
    std::string text((std::istreambuf_iterator<char>(in)), {});
    EXPECT_EQ(text, "third");
    EXPECT_TRUE(fs::exists(dir / "figures" / "a.png")); // only the names the run wrote are replaced
}

TEST(StagingFolder, AFolderHoldingOtherFilesIsRefused) {
    test::TempDir tmp;
    const fs::path dir = tmp.path("checkout");
    fs::create_directories(dir);
    std::ofstream(dir / "README.md") << "a project's own README";
    try {
        StagingFolder s(dir);
        FAIL() << "a folder without a report's marker was taken";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("holds files but no earlier report"), std::string::npos)
            << e.what();
        EXPECT_NE(std::string(e.what()).find(dir.string()), std::string::npos) << e.what();
    }
    EXPECT_EQ(countPartials(dir), 0);
    std::ifstream in(dir / "README.md");
    std::string text((std::istreambuf_iterator<char>(in)), {});
    EXPECT_EQ(text, "a project's own README");
}

TEST(StagingFolder, AKilledRunsLeftoverGoesALiveRunsStays) {
    test::TempDir tmp;
    const fs::path dir = tmp.path("report");
    fs::create_directories(dir / ".partial-killed");
    std::ofstream(dir / ".partial-killed" / ".lock");
    std::ofstream(dir / ".partial-killed" / "README.md") << "half";
    StagingFolder live(dir); // another run, still going (its lock is held)
    StagingFolder next(dir);
    EXPECT_FALSE(fs::exists(dir / ".partial-killed"));
    EXPECT_TRUE(fs::exists(live.path()));
    EXPECT_NE(live.path(), next.path());
    EXPECT_EQ(countPartials(dir), 2);
}
