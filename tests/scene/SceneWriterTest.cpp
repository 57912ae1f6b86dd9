// The scene writer (issue 44, the moved-body editor's File > Save scene): read -> write -> read gives the
// same scene for every bundled scene it can express, and a clear refusal for the others; bad paths name
// the file.
#include "scene/SceneWriter.h"
#include "BundledScenes.h"
#include "TestPaths.h"
#include "core/InputError.h"
#include "scene/SceneLoader.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>

using namespace cdlab;
namespace fs = std::filesystem;

namespace {

fs::path scratch(const std::string& name) {
    fs::path dir = fs::temp_directory_path() / ("cdlab-scene-writer-" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

void expectNear(const Vec3& a, const Vec3& b, const std::string& what) {
    EXPECT_NEAR(a.x, b.x, 1e-12) << what;
    EXPECT_NEAR(a.y, b.y, 1e-12) << what;
    EXPECT_NEAR(a.z, b.z, 1e-12) << what;
}

/// Everything a scene file says about its bodies and settings, and the meshes it loads.
void expectSameScene(const Scene& a, const Scene& b) {
    EXPECT_EQ(a.name, b.name);
    EXPECT_EQ(a.description, b.description);
    EXPECT_EQ(a.frames, b.frames);
    EXPECT_EQ(a.startTime, b.startTime);
    EXPECT_EQ(a.endTime, b.endTime);
    expectNear(a.viewFrom, b.viewFrom, "view.from");
    ASSERT_EQ(a.bodies.size(), b.bodies.size());
    ASSERT_TRUE(b.models.empty());
    for (std::size_t i = 0; i < a.bodies.size(); ++i) {
        const Body &x = a.bodies[i], &y = b.bodies[i];
        SCOPED_TRACE(a.file + ": body " + x.name);
        EXPECT_EQ(x.name, y.name);
        EXPECT_EQ(x.environment, y.environment);
        EXPECT_EQ(x.source.generator, y.source.generator);
        EXPECT_EQ(x.source.params, y.source.params);
        EXPECT_EQ(x.source.file.empty(), y.source.file.empty());
        if (!x.source.file.empty()) {
            EXPECT_EQ(fs::weakly_canonical(x.source.file), fs::weakly_canonical(y.source.file));
        }
        ASSERT_EQ(x.mesh->vertices.size(), y.mesh->vertices.size());
        ASSERT_EQ(x.mesh->triangles.size(), y.mesh->triangles.size());
        EXPECT_TRUE(x.mesh->vertices == y.mesh->vertices);
        ASSERT_EQ(x.motion.keys().size(), y.motion.keys().size());
        for (std::size_t k = 0; k < x.motion.keys().size(); ++k) {
            const Keyframe &p = x.motion.keys()[k], &q = y.motion.keys()[k];
            EXPECT_EQ(p.time, q.time);
            EXPECT_EQ(p.position, q.position);
            EXPECT_NEAR(p.rotation.w, q.rotation.w, 1e-15);
            EXPECT_NEAR(p.rotation.x, q.rotation.x, 1e-15);
            EXPECT_NEAR(p.rotation.y, q.rotation.y, 1e-15);
            EXPECT_NEAR(p.rotation.z, q.rotation.z, 1e-15);
        }
        EXPECT_EQ(x.deform.type, y.deform.type);
        EXPECT_EQ(x.deform.amplitude, y.deform.amplitude);
        EXPECT_EQ(x.deform.wavelength, y.deform.wavelength);
        EXPECT_EQ(x.deform.speed, y.deform.speed);
        expectNear(x.deform.axis, y.deform.axis, "deform.axis");
        expectNear(x.deform.along, y.deform.along, "deform.along");
    }
}

} // namespace

TEST(SceneWriter, BundledScenesRoundTripOrAreRefusedClearly) {
    const fs::path dir = scratch("bundled");
    int written = 0, refused = 0;
    for (const fs::path& path : test::bundledScenePaths()) {
        SCOPED_TRACE(path.string());
        const Scene original = loadScene(path.string());
        // Saved into another folder than the scene's: the mesh paths must be made relative to the new one.
        const std::string saved = (dir / path.filename()).string();
        if (!original.models.empty()) {
            EXPECT_NE(sceneWriteRefusal(original).find("articulated model '" + original.models[0].name + "'"),
                      std::string::npos);
            try {
                saveScene(original, saved);
                ADD_FAILURE() << "a scene with an articulated model was written";
            } catch (const InputError& err) {
                EXPECT_NE(std::string(err.what()).find("cannot be saved as a scene file: articulated model"),
                          std::string::npos)
                    << err.what();
            }
            EXPECT_FALSE(fs::exists(saved)) << "a refused scene left a file";
            ++refused;
            continue;
        }
        EXPECT_EQ(sceneWriteRefusal(original), "");
        saveScene(original, saved);
        const Scene again = loadScene(saved);
        expectSameScene(original, again);
        // And once more: what the writer writes is what it reads.
        const std::string twice = (dir / ("again-" + path.filename().string())).string();
        saveScene(again, twice);
        expectSameScene(again, loadScene(twice));
        ++written;
    }
    EXPECT_GE(written, 10); // doors, bullets, knot/teapot, cylinder/ball, deforming, ...
    EXPECT_GE(refused, 8);  // walk, exercise, trains, excavator, crane, assemblies
}

TEST(SceneWriter, MeshFilesKeepTheirScaleAndAreRelativeToTheSavedFile) {
    const fs::path dir = scratch("scale");
    fs::create_directories(dir / "a" / "b");
    const std::string mesh = std::string(CDLAB_SOURCE_DIR) + "/tests/data/import/tetrahedron.stl";
    const std::string text = R"({"name": "scaled", "frames": 7, "view": {"from": [1, 2, 3]}, "bodies": [
        {"name": "small", "mesh": {"file": ")" +
                             mesh + R"(", "scale": [2, 3, 0.5]},
         "keyframes": [{"t": 0.25, "position": [1, 2, 3], "rotation": {"axis": [1, 1, 0], "angle": 33}},
                       {"t": 1.5, "position": [0.1, 0.2, 0.3], "rotation": {"euler": [10, 20, 30]}}]},
        {"name": "ground", "environment": true, "mesh": {"file": ")" +
                             mesh + R"(", "scale": 4},
         "pose": {"position": [0, 0, -1]}}]})";
    const Scene original = parseScene(text, "inline.json", ".");
    const std::string saved = (dir / "a" / "b" / "saved.json").string();
    saveScene(original, saved);
    std::ifstream in(saved);
    const nlohmann::json doc = nlohmann::json::parse(in);
    const std::string rel = doc["bodies"][0]["mesh"]["file"];
    EXPECT_EQ(rel.rfind("../", 0), 0u) << rel; // relative, up from a/b
    EXPECT_EQ(doc["bodies"][0]["mesh"]["scale"], nlohmann::json::array({2, 3, 0.5}));
    EXPECT_EQ(doc["bodies"][1]["mesh"]["scale"], 4);
    expectSameScene(original, loadScene(saved));
}

TEST(SceneWriter, RefusesWhatItCannotExpressAndNamesAnUnwritablePath) {
    Scene scene;
    scene.name = "made in code";
    Body b;
    b.name = "blob";
    b.mesh = std::make_shared<TriangleMesh>();
    b.motion = PoseTrack({Keyframe{}});
    scene.bodies.push_back(b);
    EXPECT_NE(sceneWriteRefusal(scene).find("body 'blob': its mesh was made in code"), std::string::npos);
    const fs::path dir = scratch("refuse");
    const std::string path = (dir / "x.json").string();
    EXPECT_THROW(saveScene(scene, path), InputError);
    EXPECT_FALSE(fs::exists(path));

    const Scene doors = loadScene(std::string(CDLAB_SOURCE_DIR) + "/scenes/doors.json");
    const std::string bad = (dir / "no-such-folder" / "doors.json").string();
    try {
        saveScene(doors, bad);
        ADD_FAILURE() << "wrote into a missing folder";
    } catch (const InputError& e) {
        EXPECT_EQ(e.file(), bad);
        EXPECT_NE(std::string(e.what()).find("cannot write the scene file"), std::string::npos) << e.what();
    }
}
