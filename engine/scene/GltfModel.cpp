#include "scene/GltfModel.h"

#include "core/InputError.h"
#include "scene/GltfDocument.h"

#include <algorithm>
#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <cmath>
#include <map>
#include <set>

namespace cdlab {

namespace {

/// A scale whose axes differ by less than this (relative) is uniform: decomposing a single-precision node
/// matrix leaves about 1e-7 of noise in the column lengths.
constexpr double kScaleTolerance = 1e-5;

/// A node's local transform: translation, rotation, scale (glTF's TRS; a matrix is decomposed into it).
struct Trs {
    Vec3 t;
    Quat q;
    Vec3 s{1, 1, 1};
};

bool finite(const Vec3& v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}
Vec3 toVec3(const aiVector3D& v) {
    return {v.x, v.y, v.z};
}

/// One channel of the chosen animation, in seconds, checked.
struct Channel {
    std::vector<double> tTimes, rTimes;
    std::vector<Vec3> tValues;
    std::vector<Quat> rValues;
    std::vector<Vec3> sValues;
    bool moves() const {
        for (const Vec3& v : tValues)
            if (v != tValues.front()) return true;
        for (const Quat& q : rValues) {
            const Quat& f = rValues.front();
            if (q.w != f.w || q.x != f.x || q.y != f.y || q.z != f.z) return true;
        }
        return false;
    }
};

template <class T, class Lerp>
T sampleKeys(const std::vector<double>& times, const std::vector<T>& values, double t, Lerp lerp) {
    if (t <= times.front()) return values.front();
    if (t >= times.back()) return values.back();
    std::size_t i = std::size_t(std::upper_bound(times.begin(), times.end(), t) - times.begin());
    return lerp(values[i - 1], values[i], (t - times[i - 1]) / (times[i] - times[i - 1]));
}

class Importer {
public:
    Importer(const std::string& path, const aiScene* scene, const aiAnimation* animation, int animationIndex)
        : m_path(path), m_scene(scene), m_animationIndex(animationIndex) {
        countNames(scene->mRootNode);
        if (animation) readChannels(animation);
    }

    ArticulatedModel run() {
        walk(m_scene->mRootNode, -1, Pose{}, 1.0);
        if (m_model.links.empty())
            throw InputError(m_path, "", "no node has a triangle mesh: the file holds no link to collide");
        return std::move(m_model);
    }

private:
    std::string channelLabel(const std::string& node) const {
        return "animations[" + std::to_string(m_animationIndex) + "] channel of node '" + node + "'";
    }

    void countNames(const aiNode* node) {
        ++m_nameCount[node->mName.C_Str()];
        for (unsigned c = 0; c < node->mNumChildren; ++c) countNames(node->mChildren[c]);
    }

    void readChannels(const aiAnimation* a) {
        // Assimp's glTF importer counts 1000 ticks a second (milliseconds, multiplied in single precision).
        const bool milliseconds = a->mTicksPerSecond == 1000;
        const double tps = a->mTicksPerSecond > 0 ? a->mTicksPerSecond : 1;
        auto seconds = [&](double ticks) {
            return milliseconds ? secondsFromAssimpMilliseconds(ticks) : ticks / tps;
        };
        for (unsigned i = 0; i < a->mNumChannels; ++i) {
            const aiNodeAnim* na = a->mChannels[i];
            std::string name = na->mNodeName.C_Str();
            std::string label = channelLabel(name);
            auto count = m_nameCount.find(name);
            if (count == m_nameCount.end())
                throw InputError(m_path, label, "the animation moves a node the file does not have");
            if (count->second > 1)
                throw InputError(m_path, label,
                                 std::to_string(count->second) + " nodes are named '" + name +
                                     "': the channel cannot tell which one it moves");
            Channel ch;
            auto time = [&](double ticks, const char* what, unsigned k, std::vector<double>& times) {
                double t = seconds(ticks);
                std::string where = label + " " + what + " key " + std::to_string(k);
                if (!std::isfinite(t)) throw InputError(m_path, where, "key time is not finite");
                if (!times.empty() && !(t > times.back()))
                    throw InputError(m_path, where, "key times must increase");
                times.push_back(t);
            };
            for (unsigned k = 0; k < na->mNumPositionKeys; ++k) {
                time(na->mPositionKeys[k].mTime, "translation", k, ch.tTimes);
                Vec3 v = toVec3(na->mPositionKeys[k].mValue);
                if (!finite(v))
                    throw InputError(m_path, label + " translation key " + std::to_string(k),
                                     "translation is not finite");
                ch.tValues.push_back(v);
            }
            for (unsigned k = 0; k < na->mNumRotationKeys; ++k) {
                time(na->mRotationKeys[k].mTime, "rotation", k, ch.rTimes);
                const aiQuaternion& q = na->mRotationKeys[k].mValue;
                Quat r{q.w, q.x, q.y, q.z};
                double n = std::sqrt(r.w * r.w + r.x * r.x + r.y * r.y + r.z * r.z);
                if (!std::isfinite(n))
                    throw InputError(m_path, label + " rotation key " + std::to_string(k),
                                     "rotation is not finite");
                if (n < 1e-6)
                    throw InputError(m_path, label + " rotation key " + std::to_string(k),
                                     "rotation quaternion has zero length");
                ch.rValues.push_back(r.normalized());
            }
            std::vector<double> sTimes;
            for (unsigned k = 0; k < na->mNumScalingKeys; ++k) {
                time(na->mScalingKeys[k].mTime, "scale", k, sTimes);
                Vec3 s = toVec3(na->mScalingKeys[k].mValue);
                if (!finite(s))
                    throw InputError(m_path, label + " scale key " + std::to_string(k),
                                     "scale is not finite");
                if (!ch.sValues.empty() && length(s - ch.sValues.front()) > kScaleTolerance * length(s))
                    throw InputError(m_path, label + " scale key " + std::to_string(k),
                                     "the scale changes over time: links are rigid");
                ch.sValues.push_back(s);
            }
            m_channels[name] = std::move(ch);
        }
    }

    /// The node's own transform: decomposed from its matrix, with what its channel animates taken from the
    /// first key (static nodes) — callers that animate read the keys themselves.
    Trs staticTrs(const aiNode* node, const Channel* ch) const {
        const aiMatrix4x4& m = node->mTransformation;
        Trs x;
        Vec3 c[3];
        for (int j = 0; j < 3; ++j) c[j] = {m[0][j], m[1][j], m[2][j]};
        x.t = {m[0][3], m[1][3], m[2][3]};
        std::string where = "node '" + std::string(node->mName.C_Str()) + "'";
        for (int j = 0; j < 3; ++j) x.s[j] = length(c[j]);
        if (!finite(x.t) || !finite(x.s)) throw InputError(m_path, where, "transform is not finite");
        if (x.s.x < 1e-12 || x.s.y < 1e-12 || x.s.z < 1e-12)
            throw InputError(m_path, where, "transform scales an axis to zero");
        Mat3 r = Mat3::fromColumns(c[0] * (1 / x.s.x), c[1] * (1 / x.s.y), c[2] * (1 / x.s.z));
        if (std::fabs(dot(r.col(0), r.col(1))) > kScaleTolerance ||
            std::fabs(dot(r.col(0), r.col(2))) > kScaleTolerance ||
            std::fabs(dot(r.col(1), r.col(2))) > kScaleTolerance)
            throw InputError(m_path, where, "transform shears: links are rigid");
        if (dot(cross(r.col(0), r.col(1)), r.col(2)) < 0)
            throw InputError(m_path, where, "transform mirrors (negative scale): links are rigid");
        x.q = Quat::fromMat3(r);
        if (ch) {
            if (!ch->tValues.empty()) x.t = ch->tValues.front();
            if (!ch->rValues.empty()) x.q = ch->rValues.front();
            if (!ch->sValues.empty()) x.s = ch->sValues.front();
        }
        return x;
    }

    /// The uniform scale of `s`, refusing a mirror or a non-uniform scale.
    double uniformScale(const Vec3& s, const aiNode* node) const {
        std::string where = "node '" + std::string(node->mName.C_Str()) + "'";
        if (s.x <= 0 || s.y <= 0 || s.z <= 0)
            throw InputError(m_path, where, "negative scale (a mirror image): links are rigid");
        double mean = (s.x + s.y + s.z) / 3;
        if (std::max({std::fabs(s.x - mean), std::fabs(s.y - mean), std::fabs(s.z - mean)}) >
            kScaleTolerance * mean)
            throw InputError(m_path, where,
                             "non-uniform scale (" + std::to_string(s.x) + ", " + std::to_string(s.y) + ", " +
                                 std::to_string(s.z) +
                                 "): links are rigid, only a uniform scale is baked in");
        return s.x == s.y && s.y == s.z ? s.x : mean;
    }

    static bool hasMeshBelow(const aiNode* node) {
        if (node->mNumMeshes > 0) return true;
        for (unsigned c = 0; c < node->mNumChildren; ++c)
            if (hasMeshBelow(node->mChildren[c])) return true;
        return false;
    }

    /// `fold`: the rigid frame of this node's parent relative to the link above (or the model base), through
    /// the mesh-less nodes between; `parentScale`: the uniform scale of the parent's frame.
    void walk(const aiNode* node, int parentLink, const Pose& fold, double parentScale) {
        if (!hasMeshBelow(node)) return; // cameras, lights, empty helpers: nothing to collide
        auto found = m_channels.find(node->mName.C_Str());
        const Channel* ch = found == m_channels.end() ? nullptr : &found->second;
        std::string name = node->mName.C_Str();
        Trs local = staticTrs(node, ch);
        const double scale = parentScale * uniformScale(local.s, node);
        Pose localRigid{local.q.toMat3(), local.t * parentScale};
        if (node->mNumMeshes == 0) {
            if (ch && ch->moves())
                throw InputError(
                    m_path, channelLabel(name),
                    "the node has no mesh but moves, and links are below it: its motion composed "
                    "with their offsets is not linear + slerp between keys; give it a mesh or move "
                    "the links themselves");
            Pose next = fold * localRigid;
            for (unsigned c = 0; c < node->mNumChildren; ++c)
                walk(node->mChildren[c], parentLink, next, scale);
            return;
        }
        if (name.empty()) name = "node" + std::to_string(m_model.links.size());
        if (!m_linkNames.insert(name).second)
            throw InputError(m_path, "node '" + name + "'",
                             "two nodes with meshes are named '" + name + "': link names must be unique");
        Link link;
        link.name = name;
        link.parent = parentLink;
        link.mesh = std::make_shared<const TriangleMesh>(linkMesh(node, scale));
        link.source.file = m_path;
        if (ch && !(ch->tTimes.empty() && ch->rTimes.empty())) {
            link.joint = fold;
            link.motion = resample(*ch, local, parentScale);
        } else {
            link.joint = fold * localRigid;
            link.motion = PoseTrack({Keyframe{}});
        }
        int index = int(m_model.links.size());
        m_model.links.push_back(std::move(link));
        for (unsigned c = 0; c < node->mNumChildren; ++c) walk(node->mChildren[c], index, Pose{}, scale);
    }

    /// Keys at the union of the channel's translation and rotation key times; a component without keys
    /// holds the node's static value. Translations are in the parent's scaled units.
    PoseTrack resample(const Channel& ch, const Trs& local, double parentScale) const {
        std::vector<double> times = ch.tTimes;
        times.insert(times.end(), ch.rTimes.begin(), ch.rTimes.end());
        std::sort(times.begin(), times.end());
        times.erase(std::unique(times.begin(), times.end()), times.end());
        std::vector<Keyframe> keys;
        for (double t : times) {
            Keyframe k;
            k.time = t;
            k.position = ch.tValues.empty()
                             ? local.t
                             : sampleKeys(ch.tTimes, ch.tValues, t,
                                          [](Vec3 a, Vec3 b, double s) { return a + (b - a) * s; });
            k.position = k.position * parentScale;
            k.rotation = ch.rValues.empty() ? local.q : sampleKeys(ch.rTimes, ch.rValues, t, Quat::slerp);
            keys.push_back(k);
        }
        return PoseTrack(std::move(keys));
    }

    /// The node's meshes merged, in the node's frame with the uniform `scale` baked in.
    TriangleMesh linkMesh(const aiNode* node, double scale) const {
        TriangleMesh out;
        out.name = node->mName.C_Str();
        for (unsigned k = 0; k < node->mNumMeshes; ++k) {
            if (node->mMeshes[k] >= m_scene->mNumMeshes)
                throw InputError(m_path, "node '" + out.name + "'", "names a mesh that does not exist");
            const aiMesh* mesh = m_scene->mMeshes[node->mMeshes[k]];
            std::string where = "mesh '" + std::string(mesh->mName.C_Str()) + "' (node '" + out.name + "')";
            if (mesh->mNumBones > 0)
                throw InputError(m_path, where,
                                 "skinned (" + std::to_string(mesh->mNumBones) +
                                     " bones): it deforms, it is not a rigid link");
            if (mesh->mNumAnimMeshes > 0)
                throw InputError(m_path, where,
                                 "has " + std::to_string(mesh->mNumAnimMeshes) +
                                     " morph targets: it deforms, it is not a rigid link");
            auto base = std::uint32_t(out.vertices.size());
            for (unsigned i = 0; i < mesh->mNumVertices; ++i) {
                Vec3 v = toVec3(mesh->mVertices[i]) * scale;
                out.vertices.push_back(v);
            }
            for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
                const aiFace& face = mesh->mFaces[f];
                if (face.mNumIndices != 3) continue; // points and lines
                Triangle t{};
                for (int c = 0; c < 3; ++c) {
                    if (face.mIndices[c] >= mesh->mNumVertices)
                        throw InputError(m_path, where + " face " + std::to_string(f),
                                         "vertex index out of range");
                    t[c] = base + face.mIndices[c];
                }
                out.triangles.push_back(t);
            }
        }
        try {
            out.validate(m_path);
        } catch (const InputError& e) { // name the node: "mesh has no triangles" alone would not say which
            std::string what = e.what(),
                        prefix = e.file() + ": " + (e.where().empty() ? "" : e.where() + ": ");
            if (what.rfind(prefix, 0) == 0) what = what.substr(prefix.size());
            throw InputError(m_path, "node '" + out.name + "'" + (e.where().empty() ? "" : " " + e.where()),
                             what + (out.triangles.empty() ? " (points and lines are not collided)" : ""));
        }
        out.computeFaceNormals();
        return out;
    }

    std::string m_path;
    const aiScene* m_scene;
    int m_animationIndex;
    std::map<std::string, int> m_nameCount;
    std::map<std::string, Channel> m_channels;
    std::set<std::string> m_linkNames;
    ArticulatedModel m_model;
};

} // namespace

double secondsFromAssimpMilliseconds(double ms) {
    const double approx = ms / 1000;
    const float f = float(approx);
    double best = approx;
    bool found = false;
    for (float c : {std::nextafter(f, -INFINITY), f, std::nextafter(f, INFINITY)}) {
        if (double(c * 1000.f) != ms) continue;
        if (!found || std::fabs(c - approx) < std::fabs(best - approx)) best = c;
        found = true;
    }
    return best;
}

double gltfKeyTime(double seconds) {
    return secondsFromAssimpMilliseconds(double(float(seconds) * 1000.f));
}

ArticulatedModel importGltfModel(const std::string& path, std::optional<int> animation) {
    GltfDocument doc(path); // what Assimp does not check: glTF at all, the node tree, buffers, interpolation
    const int count = doc.animationCount();
    if (animation && (*animation < 0 || *animation >= count))
        throw InputError(path, "animation",
                         "animation " + std::to_string(*animation) + " out of range: the file has " +
                             std::to_string(count) + (count == 1 ? " animation" : " animations") +
                             (count > 0 ? " (0.." + std::to_string(count - 1) + ")" : ""));
    int index = animation ? *animation : (count > 0 ? 0 : -1);
    if (index >= 0) doc.requireLinear(index);

    // Joining vertices and Assimp's validation run after our checks: joining would fold a NaN vertex into
    // another, and validation refuses decreasing key times too, but without naming the node.
    Assimp::Importer importer;
    const aiScene* scene = importer.ReadFile(path, aiProcess_Triangulate | aiProcess_SortByPType);
    if (scene && scene->mRootNode && scene->mNumMeshes == 0) // Assimp marks such a scene incomplete
        throw InputError(path, "", "no node has a triangle mesh: the file holds no link to collide");
    if (!scene || !scene->mRootNode || (scene->mFlags & AI_SCENE_FLAGS_INCOMPLETE)) {
        std::string why = importer.GetErrorString();
        throw InputError(path, "",
                         "cannot read glTF: " + (why.empty() ? std::string("unknown Assimp error") : why));
    }
    if (index >= 0 && index >= int(scene->mNumAnimations))
        throw InputError(path, "animation",
                         "Assimp read " + std::to_string(scene->mNumAnimations) + " of the file's " +
                             std::to_string(count) + " animations");
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
        const aiMesh* mesh = scene->mMeshes[m];
        for (unsigned i = 0; i < mesh->mNumVertices; ++i)
            if (!finite(toVec3(mesh->mVertices[i])))
                throw InputError(
                    path, "mesh '" + std::string(mesh->mName.C_Str()) + "' vertex " + std::to_string(i),
                    "coordinate is NaN or infinite");
    }
    Importer walk(path, scene, index >= 0 ? scene->mAnimations[index] : nullptr, index);
    if (!importer.ApplyPostProcessing(aiProcess_JoinIdenticalVertices | aiProcess_ValidateDataStructure)) {
        std::string why = importer.GetErrorString();
        throw InputError(path, "",
                         "invalid glTF: " + (why.empty() ? std::string("unknown Assimp error") : why));
    }
    return walk.run();
}

} // namespace cdlab
