#include "scene/GltfExport.h"

#include "core/InputError.h"

#include <algorithm>
#include <assimp/Exporter.hpp>
#include <assimp/material.h>
#include <assimp/scene.h>
#include <cctype>
#include <filesystem>
#include <memory>
#include <set>

namespace cdlab {

namespace {

aiMatrix4x4 toMatrix(const Pose& p) {
    return aiMatrix4x4(float(p.R(0, 0)), float(p.R(0, 1)), float(p.R(0, 2)), float(p.t.x), float(p.R(1, 0)),
                       float(p.R(1, 1)), float(p.R(1, 2)), float(p.t.y), float(p.R(2, 0)), float(p.R(2, 1)),
                       float(p.R(2, 2)), float(p.t.z), 0, 0, 0, 1);
}

aiMesh* toAssimpMesh(const TriangleMesh& mesh, const std::string& name) {
    auto* m = new aiMesh();
    m->mName = aiString(name);
    m->mMaterialIndex = 0;
    m->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
    m->mNumVertices = unsigned(mesh.vertices.size());
    m->mVertices = new aiVector3D[mesh.vertices.size()];
    for (std::size_t i = 0; i < mesh.vertices.size(); ++i) {
        const Vec3& v = mesh.vertices[i];
        m->mVertices[i] = aiVector3D(float(v.x), float(v.y), float(v.z));
    }
    m->mNumFaces = unsigned(mesh.triangles.size());
    m->mFaces = new aiFace[mesh.triangles.size()];
    for (std::size_t f = 0; f < mesh.triangles.size(); ++f) {
        m->mFaces[f].mNumIndices = 3;
        m->mFaces[f].mIndices =
            new unsigned[3]{mesh.triangles[f][0], mesh.triangles[f][1], mesh.triangles[f][2]};
    }
    return m;
}

/// A channel for `node` holding `keys` as local transforms, with one unit scale key.
aiNodeAnim* toChannel(const std::string& node, const std::vector<Keyframe>& keys) {
    auto* ch = new aiNodeAnim();
    ch->mNodeName = aiString(node);
    ch->mNumPositionKeys = ch->mNumRotationKeys = unsigned(keys.size());
    ch->mPositionKeys = new aiVectorKey[keys.size()];
    ch->mRotationKeys = new aiQuatKey[keys.size()];
    for (std::size_t i = 0; i < keys.size(); ++i) {
        const Keyframe& k = keys[i];
        ch->mPositionKeys[i] =
            aiVectorKey(k.time, aiVector3D(float(k.position.x), float(k.position.y), float(k.position.z)));
        ch->mRotationKeys[i] = aiQuatKey(k.time, aiQuaternion(float(k.rotation.w), float(k.rotation.x),
                                                              float(k.rotation.y), float(k.rotation.z)));
    }
    ch->mNumScalingKeys = 1;
    ch->mScalingKeys = new aiVectorKey[1]{aiVectorKey(keys.front().time, aiVector3D(1, 1, 1))};
    return ch;
}

/// joint * motion at each key of the link's motion (one key at time 0 for a link without keys).
std::vector<Keyframe> localKeys(const Link& link) {
    const Quat joint = Quat::fromMat3(link.joint.R);
    std::vector<Keyframe> keys;
    std::vector<Keyframe> motion = link.motion.keys();
    if (motion.empty()) motion.push_back(Keyframe{});
    for (const Keyframe& m : motion) {
        Keyframe k;
        k.time = m.time;
        k.position = link.joint.R * m.position + link.joint.t;
        k.rotation = (joint * m.rotation).normalized();
        keys.push_back(k);
    }
    return keys;
}

std::string lowerExtension(const std::string& path) {
    std::string ext = std::filesystem::path(path).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    return ext;
}

} // namespace

GltfExportSummary exportGltfModel(const ArticulatedModel& model, const std::string& path) {
    const std::string ext = lowerExtension(path);
    if (ext != ".gltf" && ext != ".glb")
        throw InputError(
            path, "", "an articulated model is written as glTF: give the output the extension .gltf or .glb");
    if (model.links.empty()) throw InputError(path, "", "model '" + model.name + "' has no links");
    // Every refusal before the Assimp scene is built: it deletes what it holds, finished or not.
    std::vector<std::vector<Keyframe>> linkKeys;
    for (const Link& l : model.links) {
        linkKeys.push_back(localKeys(l));
        // glTF's key times start at 0 (its specification); shifting them would change the scene's timing.
        if (linkKeys.back().front().time < 0)
            throw InputError(path, "link '" + l.name + "'",
                             "key time " + std::to_string(linkKeys.back().front().time) +
                                 " is negative: glTF animations run from time 0 on");
    }
    GltfExportSummary summary;
    summary.description =
        ext == ".glb" ? "glTF 2.0 binary" : "glTF 2.0, JSON with its buffer in a .bin beside it";

    // Names: channels find their node by name, and Assimp's glTF exporter refuses two objects of any kind
    // (node, mesh, animation, material) with one id, so every name differs from every other.
    std::set<std::string> names;
    for (const Link& l : model.links) names.insert(l.name);
    auto unique = [&](std::string name) {
        while (names.count(name)) name += "_";
        names.insert(name);
        return name;
    };
    const std::string rootName = unique(model.name.empty() ? "model" : model.name);

    auto scene = std::make_unique<aiScene>();
    scene->mNumMaterials = 1;
    scene->mMaterials = new aiMaterial* [1] { new aiMaterial() };
    aiString materialName(unique(rootName + "_material"));
    scene->mMaterials[0]->AddProperty(&materialName, AI_MATKEY_NAME);

    const std::size_t n = model.links.size();
    scene->mNumMeshes = unsigned(n);
    scene->mMeshes = new aiMesh*[n]();
    scene->mRootNode = new aiNode(rootName);
    scene->mRootNode->mTransformation = toMatrix(model.base);

    auto* animation = new aiAnimation();
    animation->mName = aiString(unique(rootName + "_motion"));
    animation->mTicksPerSecond = 1; // key times in seconds: the exporter writes mTime / mTicksPerSecond
    animation->mNumChannels = unsigned(n + 1);
    animation->mChannels = new aiNodeAnim*[n + 1]();
    scene->mNumAnimations = 1;
    scene->mAnimations = new aiAnimation* [1] { animation };

    std::vector<aiNode*> nodes(n);
    std::vector<std::vector<aiNode*>> children(n + 1); // [0]: the root's
    double start = 0, end = 0;
    bool any = false;
    for (std::size_t i = 0; i < n; ++i) {
        const Link& l = model.links[i];
        scene->mMeshes[i] = toAssimpMesh(*l.mesh, unique(l.name + "_mesh"));
        summary.triangles += l.mesh->triangles.size();
        summary.vertices += l.mesh->vertices.size();
        nodes[i] = new aiNode(l.name);
        nodes[i]->mNumMeshes = 1;
        nodes[i]->mMeshes = new unsigned[1]{unsigned(i)};
        const std::vector<Keyframe>& keys = linkKeys[i];
        // The node's own transform is the first key: what a viewer that does not play animations shows.
        nodes[i]->mTransformation = toMatrix({keys.front().rotation.toMat3(), keys.front().position});
        animation->mChannels[i + 1] = toChannel(l.name, keys);
        summary.keys += keys.size();
        start = any ? std::min(start, keys.front().time) : keys.front().time;
        end = any ? std::max(end, keys.back().time) : keys.back().time;
        any = true;
        children[l.parent < 0 ? 0 : std::size_t(l.parent) + 1].push_back(nodes[i]);
    }
    animation->mChannels[0] =
        toChannel(rootName, {Keyframe{start, model.base.t, Quat::fromMat3(model.base.R)}});
    summary.keys += 1;
    animation->mDuration = end - start;
    if (!children[0].empty()) scene->mRootNode->addChildren(unsigned(children[0].size()), children[0].data());
    for (std::size_t i = 0; i < n; ++i)
        if (!children[i + 1].empty())
            nodes[i]->addChildren(unsigned(children[i + 1].size()), children[i + 1].data());
    summary.links = n;

    Assimp::Exporter exporter;
    if (exporter.Export(scene.get(), ext == ".glb" ? "glb2" : "gltf2", path) != aiReturn_SUCCESS) {
        std::string why = exporter.GetErrorString();
        throw InputError(path, "",
                         "cannot write glTF: " + (why.empty() ? std::string("unknown Assimp error") : why));
    }
    std::error_code ec;
    summary.bytes = std::filesystem::file_size(path, ec);
    if (ext == ".gltf") {
        std::filesystem::path bin = std::filesystem::path(path).replace_extension(".bin");
        std::uintmax_t binBytes = std::filesystem::file_size(bin, ec);
        if (!ec) summary.bytes += binBytes;
    }
    return summary;
}

} // namespace cdlab
