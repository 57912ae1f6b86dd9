#include "BundledScenes.h"
#include "TestPaths.h"
#include "TestUtil.h"
#include "core/InputError.h"
#include "scene/SceneLoader.h"

#include <algorithm>
#include <filesystem>
#include <gtest/gtest.h>
#include <utility>
#include <vector>

using namespace cdlab;

namespace {

void expectError(const std::string& text, std::initializer_list<std::string> parts) {
    std::string msg = test::sceneError(text);
    ASSERT_FALSE(msg.empty()) << "no error for: " << text;
    EXPECT_EQ(msg.rfind("bad.json: ", 0), 0u) << msg;
    for (const auto& p : parts) EXPECT_NE(msg.find(p), std::string::npos) << "'" << p << "' not in: " << msg;
}

const char* kSphere = R"({"generator": "sphere", "params": {"triangles": 50}})";

std::string body(const std::string& extra) {
    return std::string(R"({"bodies": [{"name": "a", "mesh": )") + kSphere + extra + "}]}";
}

} // namespace

TEST(Scene, BundledScenesLoad) {
    int count = 0;
    for (const auto& path : test::bundledScenePaths()) {
        SCOPED_TRACE(path.string());
        Scene s = loadScene(path.string());
        EXPECT_FALSE(s.bodies.empty() && s.models.empty());
        EXPECT_GT(s.triangleCount(), 0u);
        EXPECT_GE(s.endTime, s.startTime);
        ++count;
    }
    EXPECT_GE(count, 3);
}

TEST(Scene, KeyframesInterpolateWithConstantVelocities) {
    Scene s = parseScene(body(R"(, "keyframes": [
        {"t": 1, "position": [0, 0, 0]},
        {"t": 3, "position": [4, 0, 0], "rotation": {"axis": [0, 0, 1], "angle": 90}}])"),
                         "s.json", ".");
    EXPECT_DOUBLE_EQ(s.startTime, 1);
    EXPECT_DOUBLE_EQ(s.endTime, 3);
    const PoseTrack& m = s.bodies[0].motion;
    Pose mid = m.at(2);
    EXPECT_NEAR(mid.t.x, 2, 1e-12);
    Vec3 x = mid.R * Vec3{1, 0, 0}; // 45 degrees about z at the midpoint
    EXPECT_NEAR(x.x, std::sqrt(0.5), 1e-12);
    EXPECT_NEAR(x.y, std::sqrt(0.5), 1e-12);
    EXPECT_NEAR(m.at(0).t.x, 0, 0);  // holds before the first key
    EXPECT_NEAR(m.at(10).t.x, 4, 0); // and after the last
}

TEST(Scene, ArticulatedModelsComposeJointFrames) {
    Scene s =
        parseScene(std::string(R"({"articulated": [{"name": "arm", "base": {"position": [1, 0, 0]}, "links": [
        {"name": "lower", "parent": "upper", "joint": {"position": [0, 0, 1]}, "mesh": )") +
                       kSphere + R"(},
        {"name": "upper", "parent": null, "mesh": )" +
                       kSphere + R"(,
         "keyframes": [{"t": 0}, {"t": 1, "rotation": {"axis": [0, 1, 0], "angle": 90}}]}]}]})",
                   "s.json", ".");
    const ArticulatedModel& m = s.models[0];
    ASSERT_EQ(m.links.size(), 2u);
    EXPECT_EQ(m.links[0].name, "upper"); // parents are ordered first
    EXPECT_EQ(m.links[1].parent, 0);
    auto poses = m.linkPoses(1);
    // upper rotates 90 degrees about y, so lower's joint offset (0,0,1) swings to (1,0,0), plus the base.
    EXPECT_NEAR(poses[1].t.x, 2, 1e-12);
    EXPECT_NEAR(poses[1].t.z, 0, 1e-12);
}

TEST(Scene, ValidationErrorsNameFileAndField) {
    expectError("{\"bodies\": [", {"line 1", "invalid JSON"});
    expectError("{\n  \"bodies\": [\n    {\"name\": 3,,}\n  ]\n}", {"line 3", "invalid JSON"});
    // A number beyond double's range: nlohmann reports no position, the loader finds the token.
    expectError("{\n  \"frames\": 10,\n  \"bodies\": [{\"pose\": {\"position\": [0, 1e400, 0]}}]\n}",
                {"line 3, column", "1e400", "out of double's range"});
    expectError("[]", {"expected an object"});
    expectError("{}", {"no bodies"});
    expectError(R"({"bodies": {}})", {"bodies", "expected an array"});
    expectError(R"({"bodies": [{"name": "a"}]})", {"bodies[0]", "missing required field 'mesh'"});
    expectError(R"({"bodies": [{"name": 5, "mesh": {"generator": "sphere"}}]})",
                {"bodies[0].name", "expected a string"});
    expectError(R"({"bodies": [{"mesh": {"generator": "blob"}}]})",
                {"bodies[0].mesh", "unknown generator 'blob'"});
    expectError(R"({"bodies": [{"mesh": {"generator": "sphere", "params": {"triangles": "many"}}}]})",
                {"bodies[0].mesh.params.triangles", "expected a number"});
    expectError(R"({"bodies": [{"mesh": {"generator": "sphere", "file": "x.obj"}}]})",
                {"bodies[0].mesh", "exactly one"});
    expectError(R"({"bodies": [{"mesh": {"file": "does/not/exist.obj"}}]})",
                {"bodies[0].mesh.file", "exist.obj", "not found"});
    expectError(body(R"(, "pose": {"position": [0, 0]})"), {"bodies[0].pose.position", "3 numbers"});
    expectError(body(R"(, "pose": {"position": [0, "x", 0]})"),
                {"bodies[0].pose.position[1]", "expected a number"});
    expectError(body(R"(, "pose": {"rotation": {"axis": [0, 0, 0], "angle": 5}})"),
                {"bodies[0].pose.rotation.axis", "zero length"});
    expectError(body(R"(, "pose": {"rotation": {"spin": 3}})"),
                {"bodies[0].pose.rotation", "expected a rotation"});
    expectError(body(R"(, "keyframes": [])"), {"bodies[0].keyframes", "at least one"});
    expectError(body(R"(, "keyframes": [{"t": 1}, {"t": 1}])"),
                {"bodies[0].keyframes[1].t", "strictly increasing"});
    expectError(body(R"(, "keyframes": [{"position": [0, 0, 0]}])"),
                {"bodies[0].keyframes[0]", "missing required field 't'"});
    expectError(body(R"(, "keyframes": [{"t": 0}], "pose": {})"), {"bodies[0]", "not both"});
    expectError(body(R"(, "environment": "yes")"), {"bodies[0].environment", "true or false"});
    expectError(body(R"(, "colour": [1, 0, 0])"), {"bodies[0].colour", "unknown field"});
    expectError(std::string(R"({"bodies": [{"name": "a", "mesh": )") + kSphere +
                    R"(}, {"name": "a", "mesh": )" + kSphere + "}]}",
                {"bodies[1].name", "duplicate"});
    expectError(R"({"frames": 0, "bodies": [{"mesh": {"generator": "sphere"}}]})",
                {"frames", "positive integer"});
    const std::string sphere = R"(, "bodies": [{"mesh": {"generator": "sphere"}}]})";
    expectError(R"({"view": [0, -1, 0])" + sphere, {"view", "expected an object"});
    expectError(R"({"view": {})" + sphere, {"view", "missing required field 'from'"});
    expectError(R"({"view": {"from": [0, 0, 0]})" + sphere, {"view.from", "zero length"});
    expectError(R"({"view": {"from": [0, "y", 0]})" + sphere, {"view.from[1]", "expected a number"});
    expectError(R"({"view": {"from": [0, -1, 0], "fov": 40})" + sphere, {"view.fov", "unknown field"});
}

TEST(Scene, ViewDirection) {
    EXPECT_EQ(length(parseScene(body(""), "a.json", ".").viewFrom), 0.0); // none named
    Scene s =
        parseScene(R"({"view": {"from": [0.5, -1, 0.25]}, "bodies": [{"mesh": {"generator": "sphere"}}]})",
                   "a.json", ".");
    EXPECT_EQ(s.viewFrom.x, 0.5);
    EXPECT_EQ(s.viewFrom.y, -1.0);
    EXPECT_EQ(s.viewFrom.z, 0.25);
}

TEST(Scene, ArticulatedErrors) {
    auto model = [](const std::string& links) {
        return std::string(R"({"articulated": [{"name": "m", "links": [)") + links + "]}]}";
    };
    auto link = [](const std::string& name, const std::string& parent) {
        return std::string(R"({"name": ")") + name + R"(", "parent": )" + parent + R"(, "mesh": )" + kSphere +
               "}";
    };
    expectError(model(link("a", "\"b\"") + "," + link("b", "\"a\"")),
                {"articulated[0].links[0].parent", "cycle"});
    expectError(model(link("a", "\"a\"")), {"articulated[0].links[0].parent", "own parent"});
    expectError(model(link("a", "null") + "," + link("b", "\"zzz\"")),
                {"articulated[0].links[1].parent", "unknown parent link 'zzz'"});
    expectError(model(link("a", "null") + "," + link("a", "null")),
                {"articulated[0].links[1].name", "duplicate"});
    expectError(model(link("a", "7")), {"articulated[0].links[0].parent", "expected a string"});
    expectError(model(""), {"articulated[0].links", "at least one"});
}

TEST(Scene, MissingFileNamesThePath) {
    try {
        loadScene("/nonexistent/dir/scene.json");
        FAIL();
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("/nonexistent/dir/scene.json"), std::string::npos);
    }
}

TEST(Scene, MeshFilesReportTheirImport) {
    // Progress names the file being imported; a mesh used by two bodies is imported (and reported) once.
    test::TempDir dir;
    dir.write("tri.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
    std::string scene = dir.write("s.json", R"({"bodies": [
        {"name": "a", "mesh": {"file": "tri.obj"}},
        {"name": "b", "mesh": {"file": "tri.obj"}, "pose": {"position": [0, 0, 2]}},
        {"name": "c", "mesh": {"generator": "sphere", "params": {"triangles": 100}}}]})");
    std::vector<std::pair<double, std::string>> seen;
    Scene s = loadScene(scene, [&](double f, const std::string& what) { seen.push_back({f, what}); });
    ASSERT_EQ(s.bodies.size(), 3u);
    ASSERT_FALSE(seen.empty());
    for (const auto& [f, what] : seen) EXPECT_EQ(what, "importing tri.obj");
    EXPECT_EQ(seen.back().first, 1.0);
    EXPECT_EQ(std::count_if(seen.begin(), seen.end(), [](const auto& p) { return p.first == 1.0; }), 1);
    EXPECT_EQ(loadScene(scene).bodies.size(), 3u); // no callback: the same scene
}
