// Shots (issue 44): the JSON round trip, the errors naming the file and field, and screenshot naming.
#include "Shot.h"
#include "OverlayTable.h"
#include "TestPaths.h"
#include "ViewerSettings.h"
#include "core/InputError.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <unistd.h>

namespace cdlab {
namespace {

namespace fs = std::filesystem;

fs::path scratch(const std::string& name) {
    fs::path dir = fs::temp_directory_path() / ("cdlab_shot_test_" + std::to_string(::getpid())) / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

Shot sample() {
    Shot s;
    s.scene = "../scenes/doors.json";
    s.views.clear();
    ShotView a;
    a.algorithm = "rigid-ccd-bm";
    a.overlays.set(overlay::BmCulled, true);
    a.overlays.set(overlay::Bvh, false);
    a.overlays.bvhLevel = 9;
    a.bvhBody = "moving_door";
    a.camera.target = {0.1f, -0.2f, 0.7000001f};
    a.camera.yaw = -2.111215829849243f, a.camera.pitch = 0.33f, a.camera.distance = 3.88f;
    ShotView b = a;
    b.algorithm = "bvh:bv=aabb";
    b.overlays.bvhLevel = 11;
    b.camera.fovY = 0.5f;
    s.views = {a, b};
    s.linkCameras = false;
    s.time = 3.7333333333333334;
    s.selected = "walker/torso";
    s.followed = "walker/pelvis";
    s.steps = {{"catch", 3}, {"traversal", 12}};
    s.uiScale = 1.5f;
    s.presenting = true;
    s.renderMode = 2;
    s.trailPoses = 7;
    s.width = 3840, s.height = 2160;
    s.caption = "The doors at their first contact";
    s.sections = {{"view0", true}, {"view0/Overlays", false}, {"view1", false}};
    s.tabs = {{"view0/tabs", "Counters"}};
    return s;
}

TEST(Shot, JsonRoundTripIsExact) {
    const Shot s = sample();
    const Shot back = Shot::fromJson(s.toJson(), "mem.json");
    EXPECT_TRUE(back == s);
    // Through a file, with the text it writes.
    const fs::path dir = scratch("roundtrip");
    fs::create_directories(dir / "scenes");
    std::ofstream(dir / "scenes" / "doors.json") << "{}";
    fs::create_directories(dir / "shots");
    const std::string path = (dir / "shots" / "s.json").string();
    ASSERT_TRUE(s.save(path));
    EXPECT_TRUE(Shot::isShotFile(path));
    const Shot read = Shot::load(path);
    EXPECT_TRUE(read == s);
    EXPECT_EQ(fs::path(read.scenePath(path)), (dir / "scenes" / "doors.json").lexically_normal());
    // A changed field is a different shot (the comparison the round trip rests on is not vacuous).
    Shot other = s;
    other.views[1].camera.yaw += 1e-6f;
    EXPECT_FALSE(other == s);
    other = s;
    other.views[0].overlays.set(overlay::Contacts, !s.views[0].overlays.get(overlay::Contacts));
    EXPECT_FALSE(other == s);
    other = s;
    other.trailPoses = 2;
    EXPECT_FALSE(other == s);
    other = s;
    other.sections["view0/Overlays"] = true;
    EXPECT_FALSE(other == s);
    other = s;
    other.tabs["view0/tabs"] = "Timings";
    EXPECT_FALSE(other == s);
}

TEST(Shot, SceneFilesAreNoShots) {
    EXPECT_FALSE(Shot::isShotFile(test::testDataDir() + "/wrong_type.json"));
    EXPECT_FALSE(Shot::isShotFile(test::sourceDir() + "/scenes/doors.json"));
    EXPECT_FALSE(Shot::isShotFile("/no/such/file.json"));
}

/// The error a shot made of `j` gives when read from `file` in a folder with a scene.
std::string errorOf(const nlohmann::json& j, std::string* where = nullptr) {
    const fs::path dir = scratch("errors");
    std::ofstream(dir / "scene.json") << "{}";
    const std::string path = (dir / "bad.json").string();
    std::ofstream(path) << j.dump();
    try {
        Shot::load(path);
    } catch (const InputError& e) {
        EXPECT_EQ(e.file(), path);
        if (where) *where = e.where();
        return e.what();
    }
    ADD_FAILURE() << "no error for " << j.dump();
    return "";
}

TEST(Shot, BadFieldsAreNamed) {
    nlohmann::json good = sample().toJson();
    good["scene"] = "scene.json";
    std::string where;
    auto with = [&](const std::string& pointer, const nlohmann::json& value) {
        nlohmann::json j = good;
        j[nlohmann::json::json_pointer(pointer)] = value;
        return errorOf(j, &where);
    };
    EXPECT_NE(with("/views/1/bvhLevel", 65).find("65 is outside [0, 64]"), std::string::npos);
    EXPECT_EQ(where, "views[1].bvhLevel");
    EXPECT_NE(with("/views/0/overlays/nosuch", true).find("no such overlay"), std::string::npos);
    EXPECT_EQ(where, "views[0].overlays.nosuch");
    EXPECT_NE(with("/views/0/overlays/bvh", "yes").find("expected true or false"), std::string::npos);
    EXPECT_EQ(where, "views[0].overlays.bvh");
    EXPECT_NE(with("/time", "noon").find("expected a number"), std::string::npos);
    EXPECT_EQ(where, "time");
    EXPECT_NE(with("/views/0/camera/target", nlohmann::json::array({1, 2})).find("expected [x, y, z]"),
              std::string::npos);
    EXPECT_EQ(where, "views[0].camera.target");
    EXPECT_NE(with("/window", nlohmann::json::array({10, 10})).find("[64, 8192]"), std::string::npos);
    EXPECT_EQ(where, "window");
    EXPECT_NE(with("/scene", "missing.json").find("no such file"), std::string::npos);
    EXPECT_EQ(where, "scene");
    EXPECT_NE(with("/version", 2).find("not supported"), std::string::npos);
    EXPECT_EQ(where, "version");
    EXPECT_NE(with("/sections/view0", "open").find("expected true or false"), std::string::npos);
    EXPECT_EQ(where, "sections.view0");
    EXPECT_NE(with("/tabs/view0~1tabs", 3).find("expected a string"), std::string::npos);
    EXPECT_EQ(where, "tabs.view0/tabs");
    nlohmann::json noViews = good;
    noViews.erase("views");
    EXPECT_NE(errorOf(noViews, &where).find("missing"), std::string::npos);
    EXPECT_EQ(where, "views");
    EXPECT_NE(errorOf(nlohmann::json{{"bodies", 1}}, &where).find("no shot"), std::string::npos);
    EXPECT_EQ(where, "cdlab");
}

TEST(Shot, ScreenshotNamesIncreaseAndNeverOverwrite) {
    const fs::path dir = scratch("screenshots");
    const std::string first = screenshotPath(dir.string(), "doors", "rigid-ccd-bm", 37);
    EXPECT_EQ(fs::path(first).filename(), "doors-rigid-ccd-bm-f0037.png");
    std::ofstream(first) << "png";
    const std::string second = screenshotPath(dir.string(), "doors", "rigid-ccd-bm", 37);
    EXPECT_EQ(fs::path(second).filename(), "doors-rigid-ccd-bm-f0037-2.png");
    std::ofstream(second) << "png";
    EXPECT_EQ(fs::path(screenshotPath(dir.string(), "doors", "rigid-ccd-bm", 37)).filename(),
              "doors-rigid-ccd-bm-f0037-3.png");
    // Parameters stay out of the name; another frame starts afresh.
    EXPECT_EQ(fs::path(screenshotPath(dir.string(), "walk", "catch:taylor=1", 4)).filename(),
              "walk-catch-f0004.png");
}

TEST(Shot, SettingsKeepTheLastShotAndTheScreenshotFolder) {
    const fs::path dir = scratch("settings");
    const std::string path = (dir / "viewer.json").string();
    ViewerSettings st;
    st.lastShot = (dir / "viewer-last-shot.json").string();
    st.screenshotFolder = "/home/me/lecture";
    st.screenshotPanels = false;
    st.save(path);
    const ViewerSettings back = ViewerSettings::load(path);
    EXPECT_TRUE(back.problem.empty()) << back.problem;
    EXPECT_EQ(back.lastShot, st.lastShot);
    EXPECT_EQ(back.screenshotFolder, st.screenshotFolder);
    EXPECT_FALSE(back.screenshotPanels);
    // A wrong type names the key (and the file is moved aside, as for every malformed settings file).
    std::ofstream(path) << R"({"screenshotFolder": 3})";
    const ViewerSettings bad = ViewerSettings::load(path);
    EXPECT_NE(bad.problem.find("screenshotFolder: expected a path"), std::string::npos) << bad.problem;
    EXPECT_TRUE(bad.screenshotFolder.empty());
}

} // namespace
} // namespace cdlab
