// Tours (issue 44): the JSON round trip (shot files and inline shots, the actions), the errors naming the
// file and the field, and the bundled tours' listing.
#include "Tour.h"
#include "TestPaths.h"
#include "core/InputError.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <unistd.h>

namespace cdlab {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

/// A folder with scenes/doors.json, shots/a.json (a shot of it) and where the tour goes.
fs::path scratch(const std::string& name) {
    fs::path dir = fs::temp_directory_path() / ("cdlab_tour_test_" + std::to_string(::getpid())) / name;
    fs::remove_all(dir);
    fs::create_directories(dir / "scenes");
    fs::create_directories(dir / "shots");
    std::ofstream(dir / "scenes" / "doors.json") << "{}";
    Shot s;
    s.scene = "../scenes/doors.json";
    s.views[0].algorithm = "rigid-ccd-bm";
    s.time = 1.5;
    s.caption = "a shot";
    EXPECT_TRUE(s.save((dir / "shots" / "a.json").string()));
    return dir;
}

json goodTour() {
    json inline_shot = {{"cdlab", "shot"},
                        {"version", 1},
                        {"scene", "scenes/doors.json"},
                        {"views", json::array({{{"algorithm", "bvh"}, {"bvhLevel", 5}}})},
                        {"steps", {{"traversal", 7}}}};
    return {
        {"cdlab", "tour"},
        {"version", 1},
        {"title", "Test tour"},
        {"steps", json::array({{{"shot", "shots/a.json"},
                                {"caption", "first"},
                                {"text", "Two sentences. Here."},
                                {"actions", json::array({{{"do", "nextContact"}},
                                                         {{"do", "step"}, {"family", "catch"}, {"index", 3}},
                                                         {{"do", "play"}, {"frames", 12}}})}},
                               {{"shot", inline_shot}, {"caption", "second"}}})}};
}

TEST(Tour, ReadsShotFilesInlineShotsAndActions) {
    const fs::path dir = scratch("read");
    const std::string path = (dir / "tour.json").string();
    std::ofstream(path) << goodTour().dump(2);
    ASSERT_TRUE(Tour::isTourFile(path));
    EXPECT_FALSE(Shot::isShotFile(path));
    EXPECT_FALSE(Tour::isTourFile((dir / "shots" / "a.json").string()));
    const Tour t = Tour::load(path);
    EXPECT_EQ(t.title, "Test tour");
    ASSERT_EQ(t.steps.size(), 2u);
    const TourStep& a = t.steps[0];
    EXPECT_EQ(a.shotFile, "shots/a.json");
    EXPECT_EQ(fs::path(a.shotPath), (dir / "shots" / "a.json").lexically_normal());
    EXPECT_EQ(a.shot.views[0].algorithm, "rigid-ccd-bm");
    EXPECT_EQ(a.shot.time, 1.5);
    EXPECT_EQ(fs::path(a.shot.scenePath(a.shotPath)), (dir / "scenes" / "doors.json").lexically_normal());
    EXPECT_EQ(a.caption, "first");
    EXPECT_EQ(a.text, "Two sentences. Here.");
    ASSERT_EQ(a.actions.size(), 3u);
    EXPECT_EQ(a.actions[0].kind, TourAction::Kind::NextContact);
    EXPECT_EQ(a.actions[1].kind, TourAction::Kind::Step);
    EXPECT_EQ(a.actions[1].family, "catch");
    EXPECT_EQ(a.actions[1].index, 3);
    EXPECT_EQ(a.actions[2].kind, TourAction::Kind::Play);
    EXPECT_EQ(a.actions[2].frames, 12);
    const TourStep& b = t.steps[1];
    EXPECT_TRUE(b.shotFile.empty());
    EXPECT_EQ(b.shotPath, path); // an inline shot's scene is relative to the tour
    EXPECT_EQ(b.shot.views[0].overlays.bvhLevel, 5);
    ASSERT_EQ(b.shot.steps.size(), 1u);
    EXPECT_EQ(b.shot.steps[0].second, 7);
    EXPECT_TRUE(b.actions.empty());
}

TEST(Tour, JsonRoundTripIsExact) {
    const fs::path dir = scratch("roundtrip");
    const std::string path = (dir / "tour.json").string();
    std::ofstream(path) << goodTour().dump();
    const Tour t = Tour::load(path);
    const std::string again = (dir / "again.json").string();
    ASSERT_TRUE(t.save(again));
    const Tour back = Tour::load(again);
    EXPECT_TRUE(back == t);
    Tour other = t;
    other.steps[0].actions[2].frames = 13;
    EXPECT_FALSE(other == t);
    other = t;
    other.steps[1].shot.views[0].overlays.bvhLevel = 6;
    EXPECT_FALSE(other == t);
}

/// The error a tour made of `j` gives (`where`: its field), read from tour.json in a scratch folder.
std::string errorOf(const json& j, std::string& file, std::string& where) {
    const fs::path dir = scratch("errors");
    const std::string path = (dir / "tour.json").string();
    std::ofstream(path) << j.dump();
    try {
        Tour::load(path);
    } catch (const InputError& e) {
        file = e.file(), where = e.where();
        return e.what();
    }
    ADD_FAILURE() << "no error for " << j.dump();
    return "";
}

TEST(Tour, BadFieldsAreNamed) {
    std::string file, where;
    auto with = [&](const std::string& pointer, const json& value) {
        json j = goodTour();
        j[json::json_pointer(pointer)] = value;
        return errorOf(j, file, where);
    };
    EXPECT_NE(with("/steps/0/shot", "shots/missing.json").find("no such file"), std::string::npos);
    EXPECT_EQ(where, "steps[0].shot");
    EXPECT_EQ(fs::path(file).filename(), "tour.json");
    EXPECT_NE(with("/steps/0/actions/0/do", "rewind").find("'rewind' is no action"), std::string::npos);
    EXPECT_EQ(where, "steps[0].actions[0].do");
    EXPECT_NE(with("/steps/0/actions/2/frames", 0).find("outside [1, 100000]"), std::string::npos);
    EXPECT_EQ(where, "steps[0].actions[2].frames");
    EXPECT_NE(with("/steps/0/actions/1/index", "three").find("expected an integer"), std::string::npos);
    EXPECT_EQ(where, "steps[0].actions[1].index");
    EXPECT_NE(with("/steps/0/caption", 3).find("expected a string"), std::string::npos);
    EXPECT_EQ(where, "steps[0].caption");
    EXPECT_NE(with("/steps/0/captoin", "x").find("no such field"), std::string::npos);
    EXPECT_EQ(where, "steps[0].captoin");
    // An inline shot's own fields, under the step's.
    EXPECT_NE(with("/steps/1/shot/views/0/bvhLevel", 99).find("99 is outside [0, 64]"), std::string::npos);
    EXPECT_EQ(where, "steps[1].shot.views[0].bvhLevel");
    EXPECT_NE(with("/steps/1/shot/scene", "nowhere.json").find("no such file"), std::string::npos);
    EXPECT_EQ(where, "steps[1].shot.scene");
    EXPECT_NE(with("/steps", json::array()).find("1 to 100 steps"), std::string::npos);
    EXPECT_EQ(where, "steps");
    EXPECT_NE(with("/version", 2).find("not supported"), std::string::npos);
    EXPECT_EQ(where, "version");
    json noTitle = goodTour();
    noTitle.erase("title");
    EXPECT_NE(errorOf(noTitle, file, where).find("missing"), std::string::npos);
    EXPECT_EQ(where, "title");
    json noShot = goodTour();
    noShot["steps"][1].erase("shot");
    EXPECT_NE(errorOf(noShot, file, where).find("missing"), std::string::npos);
    EXPECT_EQ(where, "steps[1].shot");
    // A bad field of a step's shot file: the error names that file and its field.
    const fs::path dir = scratch("badshot");
    std::ofstream(dir / "shots" / "a.json")
        << R"({"cdlab": "shot", "version": 1, "scene": "../scenes/doors.json",
        "views": [{"algorithm": "bvh", "bvhLevel": 70}]})";
    std::ofstream(dir / "tour.json") << goodTour().dump();
    try {
        Tour::load((dir / "tour.json").string());
        ADD_FAILURE() << "no error";
    } catch (const InputError& e) {
        EXPECT_EQ(fs::path(e.file()).filename(), "a.json");
        EXPECT_EQ(e.where(), "views[0].bvhLevel");
    }
}

TEST(Tour, BundledToursAreListedWithTheirTitles) {
    const std::vector<TourListing> tours = bundledTours(test::sourceDir());
    ASSERT_GE(tours.size(), 6u);
    for (const TourListing& t : tours) {
        EXPECT_TRUE(Tour::isTourFile(t.path)) << t.path;
        EXPECT_FALSE(t.title.empty());
        EXPECT_NO_THROW(Tour::load(t.path)) << t.path;
    }
}

} // namespace
} // namespace cdlab
