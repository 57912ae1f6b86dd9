// glTF articulated models: every refusal of scene/GltfModel.h (fixtures in tests/data/gltf, written by
// make_fixtures.py) and of scene/GltfExport.h names the file and the node, channel, mesh or link.
#include "TestPaths.h"
#include "core/InputError.h"
#include "scene/GltfExport.h"
#include "scene/GltfModel.h"
#include "scene/SceneLoader.h"

#include <filesystem>
#include <gtest/gtest.h>
#include <optional>
#include <unistd.h>

#include "GltfTestUtil.h"

using namespace cdlab;

namespace {

constexpr char kSuite[] = "cdlab_gltf_refusal";
using test::kGltf;
std::string tempPath(const std::string& name) {
    return test::gltfTempPath<kSuite>(name);
}

/// The message of the InputError that importing `file` throws (a failure if it imports).
std::string refusal(const std::string& file, std::optional<int> animation = std::nullopt) {
    try {
        importGltfModel(kGltf + file, animation);
    } catch (const InputError& e) {
        return e.what();
    }
    ADD_FAILURE() << file << " was accepted";
    return "";
}

#define EXPECT_CONTAINS(text, part) EXPECT_NE(std::string(text).find(part), std::string::npos) << (text)

} // namespace

TEST(GltfModel, Refusals) {
    EXPECT_CONTAINS(refusal("skinned.gltf"),
                    "skinned.gltf: mesh 'skin_mesh' (node 'body'): skinned (skin 0): it deforms");
    EXPECT_CONTAINS(refusal("morph.gltf"),
                    "morph.gltf: mesh 'morph_mesh' (node 'blob'): has 1 morph targets");
    EXPECT_CONTAINS(refusal("missing_buffer.gltf"),
                    "missing_buffer.gltf: buffers[0]: buffer file 'missing_buffer.bin' not found");
    EXPECT_CONTAINS(refusal("chain.gltf", 1),
                    "chain.gltf: animation: animation 1 out of range: the file has 1");
    EXPECT_CONTAINS(refusal("no_mesh.gltf", 0),
                    "no_mesh.gltf: animation: animation 0 out of range: the file has 0 "
                    "animations");
    EXPECT_CONTAINS(
        refusal("nan_key.gltf"),
        "nan_key.gltf: animations[0] channel of node 'arm' translation key 1: translation is not finite");
    EXPECT_CONTAINS(refusal("cyclic.gltf"), "cyclic.gltf: nodes[0]: node 'ping' is its own ancestor");
    EXPECT_CONTAINS(refusal("empty.gltf"), "empty.gltf: nodes: the file has no nodes");
    EXPECT_CONTAINS(refusal("no_mesh.gltf"), "no_mesh.gltf: no node has a triangle mesh");
    EXPECT_CONTAINS(refusal("not_gltf.glb"), "not_gltf.glb: not a glTF 2.0 file");
    EXPECT_CONTAINS(refusal("../nan.obj"), "nan.obj: not a glTF 2.0 file");
    EXPECT_CONTAINS(refusal("nowhere.glb"), "nowhere.glb: file not found");
    EXPECT_CONTAINS(refusal("step.gltf"),
                    "step.gltf: animations[0].channels[0] (node 'arm', translation): STEP");
    EXPECT_CONTAINS(refusal("cubicspline.gltf"),
                    "cubicspline.gltf: animations[0].channels[0] (node 'arm', translation): CUBICSPLINE");
    EXPECT_CONTAINS(refusal("nonuniform_scale.gltf"),
                    "nonuniform_scale.gltf: node 'squashed': non-uniform scale");
    EXPECT_CONTAINS(
        refusal("animated_scale.gltf"),
        "animated_scale.gltf: animations[0] channel of node 'growing' scale key 1: the scale changes");
    EXPECT_CONTAINS(
        refusal("moving_empty.gltf"),
        "moving_empty.gltf: animations[0] channel of node 'pivot': the node has no mesh but moves");
}

TEST(GltfModel, RefusesBrokenTreesContainersAndNames) {
    EXPECT_CONTAINS(refusal("two_parents.gltf"),
                    "two_parents.gltf: nodes[1].children: node 'c' is a child of both node 'a' and node 'b'");
    EXPECT_CONTAINS(refusal("own_child.gltf"),
                    "own_child.gltf: nodes[0].children: node 'narcissus' is its own child");
    EXPECT_CONTAINS(refusal("bad_child.gltf"),
                    "bad_child.gltf: nodes[0].children: node 'parent' names a child that does not exist: 7");
    EXPECT_CONTAINS(refusal("scene_without_nodes.gltf"),
                    "scene_without_nodes.gltf: scenes[0]: the scene has no nodes");
    EXPECT_CONTAINS(refusal("version1.gltf"), "version1.gltf: asset.version: not a glTF 2.0 file");
    EXPECT_CONTAINS(refusal("buffer_without_uri.gltf"),
                    "buffer_without_uri.gltf: buffers[0]: buffer has no uri");
    EXPECT_CONTAINS(refusal("glb_version1.glb"), "glb_version1.glb: GLB version 1, expected 2");
    EXPECT_CONTAINS(refusal("truncated.glb"), "truncated.glb: truncated GLB header");
    EXPECT_CONTAINS(refusal("duplicate_links.gltf"),
                    "duplicate_links.gltf: node 'twin': two nodes with meshes are named 'twin'");
    EXPECT_CONTAINS(refusal("ambiguous_channel.gltf"),
                    "ambiguous_channel.gltf: animations[0] channel of node 'twin': 2 nodes are named 'twin'");
}

TEST(GltfModel, RefusesMalformedContainers) {
    EXPECT_CONTAINS(refusal("scene_not_index.gltf"),
                    "scene_not_index.gltf: scene: expected an integer index, got \"zero\"");
    EXPECT_CONTAINS(refusal("no_such_scene.gltf"), "no_such_scene.gltf: scene: no scene 3");
    EXPECT_CONTAINS(refusal("accessor_overrun.gltf"), "accessor_overrun.gltf: cannot read glTF: ");
    EXPECT_CONTAINS(refusal("glb_short_chunk.glb"), "glb_short_chunk.glb: GLB without a complete JSON chunk");
    EXPECT_CONTAINS(refusal("glb_bad_json.glb"), "glb_bad_json.glb: GLB JSON chunk is not valid JSON");
    EXPECT_CONTAINS(refusal(""), "gltf/: is a directory, expected glTF");
}

TEST(GltfModel, RefusesBadKeysAndTransforms) {
    const std::string arm = "animations[0] channel of node 'arm' ";
    EXPECT_CONTAINS(refusal("inf_rotation.gltf"),
                    "inf_rotation.gltf: " + arm + "rotation key 1: rotation is not finite");
    EXPECT_CONTAINS(refusal("zero_rotation.gltf"),
                    "zero_rotation.gltf: " + arm + "rotation key 1: rotation quaternion has zero length");
    EXPECT_CONTAINS(refusal("inf_scale.gltf"), "inf_scale.gltf: " + arm + "scale key 0: scale is not finite");
    EXPECT_CONTAINS(refusal("nan_time.gltf"),
                    "nan_time.gltf: " + arm + "translation key 1: key time is not finite");
    EXPECT_CONTAINS(refusal("decreasing_times.gltf"),
                    "decreasing_times.gltf: " + arm + "translation key 1: key times must increase");
    EXPECT_CONTAINS(refusal("mirror.gltf"), "mirror.gltf: node 'bent': transform mirrors (negative scale)");
    EXPECT_CONTAINS(refusal("zero_scale.gltf"),
                    "zero_scale.gltf: node 'bent': transform scales an axis to zero");
    EXPECT_CONTAINS(refusal("shear.gltf"), "shear.gltf: node 'bent': transform shears");
    EXPECT_CONTAINS(
        refusal("points_only.gltf"),
        "points_only.gltf: node 'cloud': mesh has no triangles (points and lines are not collided)");
    EXPECT_CONTAINS(refusal("nan_vertex.gltf"),
                    "nan_vertex.gltf: mesh 'broken' vertex 1: coordinate is NaN or infinite");
}

TEST(GltfModel, ExportRefusals) {
    Scene scene = loadScene(std::string(CDLAB_TEST_DATA) + "/gltf_arm.json");
    ArticulatedModel early = scene.models.at(0);
    early.links[1].motion = PoseTrack({Keyframe{-0.5, {}, {}}, Keyframe{1, {}, {}}});
    try {
        exportGltfModel(early, tempPath("early.glb"));
        ADD_FAILURE() << "negative key time accepted";
    } catch (const InputError& e) {
        EXPECT_CONTAINS(e.what(), "early.glb: link 'fore': key time -0.5");
        EXPECT_CONTAINS(e.what(), "is negative: glTF animations run from time 0 on");
    }
    try {
        exportGltfModel(scene.models.at(0),
                        (test::gltfTempDir<kSuite>() / "no_such_dir" / "arm.glb").string());
        ADD_FAILURE() << "unwritable path accepted";
    } catch (const InputError& e) {
        EXPECT_CONTAINS(e.what(), "no_such_dir/arm.glb: cannot write glTF");
    }
    try {
        ArticulatedModel empty;
        empty.name = "empty";
        exportGltfModel(empty, tempPath("empty.glb"));
        ADD_FAILURE() << "model without links accepted";
    } catch (const InputError& e) {
        EXPECT_CONTAINS(e.what(), "empty.glb: model 'empty' has no links");
    }
}

TEST(GltfModel, ExportRefusesOtherExtensions) {
    Scene scene = loadScene(std::string(CDLAB_TEST_DATA) + "/gltf_arm.json");
    try {
        exportGltfModel(scene.models.at(0), tempPath("arm.obj"));
        ADD_FAILURE() << ".obj accepted";
    } catch (const InputError& e) {
        EXPECT_CONTAINS(e.what(), "arm.obj: an articulated model is written as glTF");
    }
}
