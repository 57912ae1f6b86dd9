// The overlay settings generated from the overlay table (app/viewer/OverlayTable, issue 41): the rows the
// families register are listed where the view panel listed them before, --overlays turns on what it did,
// the faint fills are the categories' own property, and a settings file written before the flags were
// generated from the rows still loads to the same toggles.
#include "OverlayTable.h"
#include "TestPaths.h"
#include "ViewerSettings.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

using namespace cdlab;

namespace {
// The view panel's rows before the families registered their own (0609d44), in order, with the one added
// since (convexPieces, issue 42: after the other CATCH rows; seeThroughBodies, issue 43: first; motionTrail,
// issue 43: after timeOfContact).
const std::vector<std::string> kPanelOrder = {"seeThroughBodies",
                                              "bvh",
                                              "bvhOnlyOverlapped",
                                              "bvhCulled",
                                              "bmCulled",
                                              "colourByDepth",
                                              "bmLevel",
                                              "faceMotion",
                                              "pickedCone",
                                              "hitTriangles",
                                              "contacts",
                                              "timeOfContact",
                                              "motionTrail",
                                              "tocPose",
                                              "advanceStep",
                                              "sweptBoxes",
                                              "sweptBoxesOther",
                                              "linkObbs",
                                              "pcls",
                                              "linkBvh",
                                              "convexPieces",
                                              "sbvVolumes",
                                              "separatingPlane",
                                              "supportPoints",
                                              "supportVectors",
                                              "overlapRegion",
                                              "sbvStep",
                                              "keptTriangles",
                                              "culledTriangles",
                                              "ldiBox",
                                              "ldiRegion"};
} // namespace

TEST(OverlaySettings, GenericIdsNameTheirRows) {
    const std::map<OverlayId, std::string> generic = {{overlay::Bvh, "bvh"},
                                                      {overlay::BvhOnlyOverlapped, "bvhOnlyOverlapped"},
                                                      {overlay::BvhCulled, "bvhCulled"},
                                                      {overlay::BmCulled, "bmCulled"},
                                                      {overlay::ColourByDepth, "colourByDepth"},
                                                      {overlay::BmLevel, "bmLevel"},
                                                      {overlay::FaceMotion, "faceMotion"},
                                                      {overlay::PickedCone, "pickedCone"},
                                                      {overlay::HitTriangles, "hitTriangles"},
                                                      {overlay::Contacts, "contacts"},
                                                      {overlay::TimeOfContact, "timeOfContact"},
                                                      {overlay::SeeThroughBodies, "seeThroughBodies"}};
    ASSERT_EQ(generic.size(), std::size_t(overlay::GenericCount));
    for (const auto& [id, key] : generic) {
        EXPECT_EQ(overlayRow(id).key, key);
        EXPECT_EQ(overlayRow(id).id, id);
    }
}

TEST(OverlaySettings, FamilyRowsAreListedWhereThePanelListedThem) {
    std::vector<std::string> keys;
    for (const OverlayInfo& row : overlayTable()) keys.push_back(row.key);
    EXPECT_EQ(keys, kPanelOrder);
    EXPECT_EQ(std::size_t(overlayCount()), kPanelOrder.size());
    for (const std::string& key : kPanelOrder) {
        const OverlayInfo* row = findOverlay(key);
        ASSERT_NE(row, nullptr) << key;
        EXPECT_EQ(row->key, key);
    }
    EXPECT_EQ(findOverlay("noSuchOverlay"), nullptr);
}

TEST(OverlaySettings, OverlaysFlagTurnsOnWhatItDid) {
    // --overlays before the rows said so (showAllOverlays set these by name), and the rows added since
    // (convexPieces, motionTrail); the others kept their value.
    const std::set<std::string> on = {
        "bvh",           "convexPieces",   "motionTrail",   "hitTriangles",  "contacts",
        "faceMotion",    "timeOfContact",  "sweptBoxes",    "linkObbs",      "pcls",
        "linkBvh",       "tocPose",        "advanceStep",   "sbvVolumes",    "separatingPlane",
        "supportPoints", "supportVectors", "overlapRegion", "keptTriangles", "culledTriangles",
        "sbvStep",       "ldiBox",         "ldiRegion"};
    for (bool start : {false, true}) {
        OverlaySettings s;
        for (const OverlayInfo& row : overlayTable()) s.set(row.id, start);
        s.bvhLevel = 1;
        showAllOverlays(s);
        EXPECT_EQ(s.bvhLevel, 4);
        for (const OverlayInfo& row : overlayTable())
            EXPECT_EQ(s.get(row.id), on.count(row.key) ? true : start) << row.key << " from " << start;
    }
}

TEST(OverlaySettings, FaintFillsAreTheCategoriesOwn) {
    // The separating volumes, the plane and the overlap region are drawn as faint fills; nothing else.
    const std::set<DebugCategory> faint = {DebugCategory::SbvVolume, DebugCategory::SeparatingPlane,
                                           DebugCategory::OverlapRegion};
    for (int c = 0; c < int(DebugCategory::Count); ++c) {
        const LegendEntry* e = legendEntry(DebugCategory(c));
        EXPECT_EQ(e && e->faint, faint.count(DebugCategory(c)) == 1) << toString(DebugCategory(c));
    }
    OverlaySettings s;
    DrawList draw(&s);
    const Vec3 a{0, 0, 0}, b{1, 0, 0}, c{0, 1, 0};
    draw.triangle(a, b, c, {}, DebugCategory::SbvVolume);
    draw.triangle(a, b, c, {}, DebugCategory::TriangleKept);
    EXPECT_EQ(draw.translucent.size(), 3u);
    EXPECT_EQ(draw.triangles.size(), 3u);
}

TEST(OverlaySettings, SettingsFileFromBeforeTheRowsLoads) {
    // Written by the viewer at 0609d44, when every toggle was a named member: every key still reads.
    const std::string path = CDLAB_TEST_DATA + "/viewer_settings_0609d44.json";
    const ViewerSettings st = ViewerSettings::load(path);
    EXPECT_EQ(st.problem, "");
    EXPECT_EQ(st.overlays.bvhLevel, 2);
    const std::map<std::string, bool> want = {{"advanceStep", true},     {"bmCulled", true},
                                              {"bmLevel", false},        {"bvh", true},
                                              {"bvhCulled", false},      {"bvhOnlyOverlapped", false},
                                              {"colourByDepth", true},   {"contacts", true},
                                              {"culledTriangles", true}, {"faceMotion", true},
                                              {"hitTriangles", false},   {"keptTriangles", true},
                                              {"ldiBox", true},          {"ldiRegion", false},
                                              {"linkBvh", false},        {"linkObbs", false},
                                              {"overlapRegion", true},   {"pcls", true},
                                              {"pickedCone", true},      {"sbvStep", true},
                                              {"sbvVolumes", false},     {"separatingPlane", true},
                                              {"supportPoints", false},  {"supportVectors", true},
                                              {"sweptBoxes", true},      {"sweptBoxesOther", false},
                                              {"timeOfContact", true},   {"tocPose", false}};
    // The rows added since (convexPieces, issue 42; seeThroughBodies and motionTrail, issue 43) read at their
    // defaults.
    ASSERT_EQ(want.size() + 3, overlayTable().size());
    EXPECT_FALSE(st.overlays.get(findOverlay("convexPieces")->id));
    EXPECT_FALSE(st.overlays.get(findOverlay("seeThroughBodies")->id));
    EXPECT_FALSE(st.overlays.get(findOverlay("motionTrail")->id));
    for (const auto& [key, on] : want) {
        const OverlayInfo* row = findOverlay(key);
        ASSERT_NE(row, nullptr) << key;
        EXPECT_EQ(st.overlays.get(row->id), on) << key;
    }
    // Written back, the same keys and values (and read again, the same toggles).
    const std::string copy =
        (std::filesystem::temp_directory_path() / "cdlab_overlay_settings_roundtrip.json").string();
    st.save(copy);
    const ViewerSettings again = ViewerSettings::load(copy);
    std::remove(copy.c_str());
    EXPECT_EQ(again.problem, "");
    for (const auto& [key, on] : want) EXPECT_EQ(again.overlays.get(findOverlay(key)->id), on) << key;
    EXPECT_EQ(again.overlays.bvhLevel, 2);
}

TEST(OverlaySettings, AWrongTypeNamesTheKey) {
    const std::string path =
        (std::filesystem::temp_directory_path() / "cdlab_overlay_settings_bad.json").string();
    std::ofstream(path) << R"({"overlays": {"sweptBoxes": 1}})";
    const ViewerSettings st = ViewerSettings::load(path);
    std::remove(path.c_str());
    std::remove((path + ".bad").c_str());
    EXPECT_NE(st.problem.find("overlays.sweptBoxes: expected true or false"), std::string::npos)
        << st.problem;
    EXPECT_TRUE(st.overlays.get(findOverlay("sweptBoxes")->id)); // the default
}
