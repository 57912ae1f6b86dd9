#include "mesh/MeshImporter.h"

#include "core/InputError.h"
#include "mesh/ObjCheck.h"

#include <algorithm>
#include <assimp/Importer.hpp>
#include <assimp/ProgressHandler.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <cctype>
#include <exception>
#include <filesystem>

namespace cdlab {

namespace {

constexpr double kObjCheckShare = 0.1;

void collect(const aiScene* scene, const aiNode* node, const aiMatrix4x4& parent, TriangleMesh& out,
             const std::string& path) {
    aiMatrix4x4 xf = parent * node->mTransformation;
    for (unsigned k = 0; k < node->mNumMeshes; ++k) {
        const aiMesh* mesh = scene->mMeshes[node->mMeshes[k]];
        auto base = static_cast<std::uint32_t>(out.vertices.size());
        for (unsigned i = 0; i < mesh->mNumVertices; ++i) {
            aiVector3D v = xf * mesh->mVertices[i];
            out.vertices.push_back({v.x, v.y, v.z});
        }
        for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
            const aiFace& face = mesh->mFaces[f];
            if (face.mNumIndices != 3) continue; // points and lines (aiProcess_SortByPType keeps them apart)
            Triangle t{};
            for (int c = 0; c < 3; ++c) {
                if (face.mIndices[c] >= mesh->mNumVertices)
                    throw InputError(
                        path, "mesh '" + std::string(mesh->mName.C_Str()) + "' face " + std::to_string(f),
                        "vertex index " + std::to_string(face.mIndices[c]) + " out of range");
                t[c] = base + face.mIndices[c];
            }
            out.triangles.push_back(t);
        }
    }
    for (unsigned c = 0; c < node->mNumChildren; ++c) collect(scene, node->mChildren[c], xf, out, path);
}

/// Forwards Assimp's progress reports; an exception from the callback must not unwind through Assimp (a C++
/// library, but its importers are not written for it), so it is kept, the import is aborted (Update returns
/// false) and importMesh rethrows it.
class ProgressBridge : public Assimp::ProgressHandler {
public:
    ProgressBridge(const ImportProgress& progress, double start) : m_progress(progress), m_start(start) {}
    bool Update(float percentage) override {
        if (m_error) return false;
        if (percentage < 0) return true; // "some progress", amount unknown
        try {
            m_progress(m_start + (1 - m_start) * std::min(1.0, double(percentage)));
        } catch (...) {
            m_error = std::current_exception();
            return false;
        }
        return true;
    }
    std::exception_ptr error() const { return m_error; }

private:
    const ImportProgress& m_progress;
    double m_start; // the share of the bar before Assimp starts
    std::exception_ptr m_error;
};

} // namespace

TriangleMesh importMesh(const std::string& path, const ImportProgress& progress) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) throw InputError(path, "", "file not found");
    if (std::filesystem::is_directory(path, ec))
        throw InputError(path, "", "is a directory, expected a mesh file");
    std::string ext = std::filesystem::path(path).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    // OBJ files are checked line by line first: errors with a line number where Assimp has none. The check
    // reads the file once more; it takes about a tenth of the import (1M-triangle OBJ: 0.3 of 2.8 s).
    const double checkShare = ext == ".obj" ? kObjCheckShare : 0.0;
    if (ext == ".obj") {
        std::function<void(double)> checkProgress;
        if (progress) checkProgress = [&](double f) { progress(checkShare * f); };
        checkObjLines(path, checkProgress);
    }
    Assimp::Importer importer;
    ProgressBridge* bridge = nullptr;
    if (progress)
        importer.SetProgressHandler(bridge = new ProgressBridge(progress, checkShare)); // owned there
    // Keep single-precision input as read; no normal generation (we compute face normals ourselves).
    const aiScene* scene =
        importer.ReadFile(path, aiProcess_Triangulate | aiProcess_JoinIdenticalVertices |
                                    aiProcess_SortByPType | aiProcess_ValidateDataStructure);
    if (bridge && bridge->error()) std::rethrow_exception(bridge->error());
    if (!scene || !scene->mRootNode || (scene->mFlags & AI_SCENE_FLAGS_INCOMPLETE)) {
        std::string why = importer.GetErrorString();
        throw InputError(path, "",
                         "cannot read mesh: " + (why.empty() ? std::string("unknown Assimp error") : why));
    }
    TriangleMesh mesh;
    mesh.name = std::filesystem::path(path).stem().string();
    collect(scene, scene->mRootNode, aiMatrix4x4(), mesh, path);
    mesh.validate(path);
    mesh.computeFaceNormals();
    return mesh;
}

} // namespace cdlab
