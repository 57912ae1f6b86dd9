// The papers' 3-D figures (app/bench/PaperFigures.cpp, issue 46): the list matches shots/paper/, and a render
// that fails - the viewer missing, exiting non-zero, or drawing a blank picture - throws naming the figure
// and its shot and leaves no picture behind. (The real renders and their pinned counts: ctest paperfigs.*.)
#include "PaperFigures.h"

#include "TestPaths.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <stdexcept>

namespace fs = std::filesystem;
using namespace cdlab::bench;

namespace {

/// A scratch folder of its own under the system's temporary folder, removed at the end.
struct Scratch {
    fs::path dir =
        fs::temp_directory_path() / ("cdlab-paper-figures-test-" + std::to_string(getpid()) + "-" +
                                     ::testing::UnitTest::GetInstance()->current_test_info()->name());
    Scratch() { fs::create_directories(dir); }
    ~Scratch() {
        std::error_code ec;
        fs::remove_all(dir, ec);
    }
    /// An executable shell script standing in for the viewer.
    fs::path script(const std::string& name, const std::string& body) const {
        const fs::path p = dir / name;
        std::ofstream(p) << "#!/bin/sh\n" << body;
        fs::permissions(p, fs::perms::owner_all);
        return p;
    }
};

std::string errorOf(const PaperFigureOptions& o, std::string_view paper = "redon2002") {
    try {
        renderPaperFigures(paper, o);
    } catch (const std::runtime_error& e) {
        return e.what();
    }
    return "(no error)";
}

} // namespace

TEST(PaperFigures, EveryFigureHasItsShotAndEveryShotIsAFigure) {
    const std::vector<PaperFigure> all = paperFigureList("all");
    std::set<std::string> ids, shots;
    for (const PaperFigure& f : all) {
        EXPECT_TRUE(ids.insert(f.paper + "/" + f.id).second) << f.id;
        EXPECT_EQ(f.image, "figures/" + f.paper + "-" + f.id + ".png");
        EXPECT_FALSE(f.title.empty());
        EXPECT_FALSE(f.caption.empty());
        EXPECT_TRUE(f.pinned.empty()); // only a render fills them
        // The command names the shot it renders: shots/paper/<paper>_<id>.json.
        std::string shot = f.paper + "_" + f.id + ".json";
        for (char& c : shot)
            if (c == '-') c = '_';
        EXPECT_NE(f.command.find("shots/paper/" + shot), std::string::npos) << f.command;
        EXPECT_NE(f.command.find("--offscreen --no-settings"), std::string::npos) << f.command;
        EXPECT_TRUE(fs::exists(fs::path(cdlab::test::sourceDir()) / "shots" / "paper" / shot)) << shot;
        shots.insert(shot);
    }
    for (const auto& e : fs::directory_iterator(fs::path(cdlab::test::sourceDir()) / "shots" / "paper"))
        EXPECT_TRUE(shots.count(e.path().filename().string())) << e.path() << ": a shot no figure renders";
    std::size_t perPaper = 0;
    for (const char* paper : {"redon2002", "zhang2007", "sbv"}) perPaper += paperFigureList(paper).size();
    EXPECT_EQ(perPaper, all.size());
    EXPECT_EQ(paperFigureList("redon2002").size(), 3u); // Fig. 1 at levels 7, 9 and 11
    EXPECT_THROW(paperFigureList("redon2003"), std::invalid_argument);
}

TEST(PaperFigures, TheViewerIsFoundBesideTheBench) {
    EXPECT_EQ(defaultViewerPath("/b/app/bench/cdlab-bench"), fs::path("/b/app/viewer/cdlab"));
}

TEST(PaperFigures, AFailedRenderNamesTheFigureAndItsShot) {
    Scratch s;
    PaperFigureOptions o;
    o.outDir = s.dir / "out";
    o.quick = true;
    o.viewer = s.dir / "no-such-viewer";
    std::string e = errorOf(o);
    EXPECT_NE(e.find("redon2002 fig1-level7 ("), std::string::npos) << e;
    EXPECT_NE(e.find("redon2002_fig1_level7.json): "), std::string::npos) << e;
    EXPECT_NE(e.find("cannot run the viewer"), std::string::npos) << e;

    // Its exit status and the last of what it printed on stderr.
    o.viewer = s.script("failing", "echo 'error: scene: no such file' >&2\nexit 2\n");
    e = errorOf(o);
    EXPECT_NE(e.find("redon2002 fig1-level7 ("), std::string::npos) << e;
    EXPECT_NE(e.find("the viewer exited 2: error: scene: no such file"), std::string::npos) << e;

    // Exit 0 without a picture.
    o.viewer = s.script("silent", "exit 0\n");
    EXPECT_NE(errorOf(o).find("the viewer wrote no PNG"), std::string::npos);
}

TEST(PaperFigures, ABlankOrWrongSizedPictureFailsAndIsRemoved) {
    Scratch s;
    // A stand-in viewer that writes a PNG header of W x H and a report whose one view covers `coverage`.
    const auto viewer = [&](const std::string& name, int w, int h, double coverage) {
        char ihdr[64];
        std::snprintf(ihdr, sizeof ihdr, "\\000\\000\\%03o\\%03o\\000\\000\\%03o\\%03o", w >> 8, w & 255,
                      h >> 8, h & 255);
        return s.script(
            name, "png= rep=\n"
                  "while [ $# -gt 0 ]; do case $1 in --screenshot) png=$2; shift;; --report) rep=$2; "
                  "shift;; esac; shift; done\n"
                  "printf '\\211PNG\\r\\n\\032\\n\\000\\000\\000\\rIHDR" +
                      std::string(ihdr) + "\\010\\006\\000\\000\\000' > \"$png\"\n" +
                      "echo '{\"gl_errors\": 0, \"viewports\": [{\"coverage\": " + std::to_string(coverage) +
                      ", \"drew\": \"\"}]}' > \"$rep\"\n");
    };
    PaperFigureOptions o;
    o.outDir = s.dir / "out";
    o.quick = true;
    o.viewer = viewer("blank", 640, 360, 0.002);
    std::string e = errorOf(o);
    EXPECT_NE(e.find("redon2002 fig1-level7 ("), std::string::npos) << e;
    EXPECT_NE(e.find("blank image: view 1 covers 0.2 % of its pixels"), std::string::npos) << e;
    EXPECT_FALSE(fs::exists(o.outDir / "figures" / "redon2002-fig1-level7.png"));

    o.viewer = viewer("small", 320, 180, 0.5);
    e = errorOf(o);
    EXPECT_NE(e.find("a 320x180 PNG, not 640x360"), std::string::npos) << e;

    // A picture that is not blank passes the checks; the figure's facts are then missing from this report.
    o.viewer = viewer("covered", 640, 360, 0.5);
    e = errorOf(o);
    EXPECT_NE(e.find("the report has no number at /viewports/0/bm_levels/7/culled"), std::string::npos) << e;
}
