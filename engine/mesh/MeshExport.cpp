#include "mesh/MeshExport.h"

#include "core/InputError.h"
#include "mesh/ObjWriter.h"

#include <algorithm>
#include <array>
#include <assimp/Exporter.hpp>
#include <assimp/material.h>
#include <assimp/scene.h>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <limits>
#include <memory>
#include <vector>

namespace cdlab {

namespace {

/// One Assimp scene holding the mesh: a root node with one triangle mesh and one default material (glTF
/// needs a material; every exporter takes one).
std::unique_ptr<aiScene> toAssimpScene(const TriangleMesh& mesh) {
    auto scene = std::make_unique<aiScene>();
    scene->mNumMaterials = 1;
    scene->mMaterials = new aiMaterial*[1];
    scene->mMaterials[0] = new aiMaterial();
    aiString materialName("default");
    scene->mMaterials[0]->AddProperty(&materialName, AI_MATKEY_NAME);

    auto* m = new aiMesh();
    scene->mNumMeshes = 1;
    scene->mMeshes = new aiMesh*[1];
    scene->mMeshes[0] = m;
    m->mName = aiString(mesh.name.empty() ? std::string("mesh") : mesh.name);
    m->mMaterialIndex = 0;
    m->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
    m->mNumVertices = static_cast<unsigned>(mesh.vertices.size());
    m->mVertices = new aiVector3D[mesh.vertices.size()];
    for (std::size_t i = 0; i < mesh.vertices.size(); ++i) {
        const Vec3& v = mesh.vertices[i];
        m->mVertices[i] = aiVector3D(ai_real(v.x), ai_real(v.y), ai_real(v.z));
    }
    m->mNumFaces = static_cast<unsigned>(mesh.triangles.size());
    m->mFaces = new aiFace[mesh.triangles.size()];
    for (std::size_t f = 0; f < mesh.triangles.size(); ++f) {
        aiFace& face = m->mFaces[f];
        face.mNumIndices = 3;
        face.mIndices = new unsigned[3];
        for (int c = 0; c < 3; ++c) face.mIndices[c] = mesh.triangles[f][c];
    }

    scene->mRootNode = new aiNode(m->mName.C_Str());
    scene->mRootNode->mNumMeshes = 1;
    scene->mRootNode->mMeshes = new unsigned[1]{0};
    return scene;
}

std::size_t singlePrecisionPositions(const TriangleMesh& mesh) {
    std::vector<std::array<float, 3>> points;
    points.reserve(mesh.vertices.size());
    for (const Vec3& v : mesh.vertices) // + 0.0f: -0 and +0 are one position
        points.push_back({float(v.x) + 0.0f, float(v.y) + 0.0f, float(v.z) + 0.0f});
    std::sort(points.begin(), points.end());
    return std::size_t(std::unique(points.begin(), points.end()) - points.begin());
}

/// Per triangle, whether its corners stay three positions in single precision (the importer welds positions
/// and drops the triangles that repeat one).
std::vector<bool> keptInSinglePrecision(const TriangleMesh& mesh) {
    TriangleMesh rounded;
    rounded.vertices.reserve(mesh.vertices.size());
    for (const Vec3& v : mesh.vertices) rounded.vertices.push_back({float(v.x), float(v.y), float(v.z)});
    std::vector<std::uint32_t> ids = rounded.positionIds();
    std::vector<bool> kept(mesh.triangles.size());
    for (std::size_t t = 0; t < mesh.triangles.size(); ++t) {
        const Triangle& x = mesh.triangles[t];
        kept[t] = ids[x[0]] != ids[x[1]] && ids[x[1]] != ids[x[2]] && ids[x[0]] != ids[x[2]];
    }
    return kept;
}

std::string lowerExtension(const std::string& path) {
    std::string ext = std::filesystem::path(path).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    return ext;
}

} // namespace

const std::vector<MeshExportFormat>& meshExportFormats() {
    // Binary PLY and STL: exact single-precision coordinates and a quarter of the text's size.
    static const std::vector<MeshExportFormat> formats{
        {".obj", "", "Wavefront OBJ, text, full double precision, cdlab's writer", true},
        {".ply", "plyb", "PLY, binary, single precision", true},
        {".stl", "stlb", "STL, binary, single precision, three corners per triangle", false},
        {".gltf", "gltf2", "glTF 2.0, JSON with its buffer in a .bin file beside it, single precision", true},
        {".glb", "glb2", "glTF 2.0 binary, single precision", true},
    };
    return formats;
}

std::string meshExportExtensions() {
    std::string list;
    for (const auto& f : meshExportFormats()) list += (list.empty() ? "" : ", ") + f.extension;
    return list;
}

const MeshExportFormat& meshExportFormatFor(const std::string& path) {
    const std::string ext = lowerExtension(path);
    for (const auto& f : meshExportFormats())
        if (f.extension == ext) return f;
    const std::string accepted = "(the extension names the format: " + meshExportExtensions() + ")";
    if (ext.empty()) throw InputError(path, "", "no file extension " + accepted);
    throw InputError(path, "", "cannot write mesh format '" + ext + "' " + accepted);
}

const MeshExportFormat& exportMesh(const TriangleMesh& mesh, const std::string& path) {
    const MeshExportFormat& format = meshExportFormatFor(path);
    if (format.assimpId.empty()) {
        writeObj(mesh, path);
        return format;
    }
    std::unique_ptr<aiScene> scene = toAssimpScene(mesh);
    Assimp::Exporter exporter;
    if (exporter.Export(scene.get(), format.assimpId, path) != aiReturn_SUCCESS) {
        std::string why = exporter.GetErrorString();
        throw InputError(path, "",
                         "cannot write " + format.extension + ": " +
                             (why.empty() ? std::string("unknown Assimp error") : why));
    }
    return format;
}

MeshRoundTrip compareRoundTrip(const TriangleMesh& written, const TriangleMesh& readBack,
                               const MeshExportFormat& format, double tolerance) {
    MeshRoundTrip r;
    r.vertices = readBack.vertices.size();
    r.triangles = readBack.triangles.size();
    r.singlePrecisionPositions = singlePrecisionPositions(written);
    r.sameVertexCount = r.vertices == r.singlePrecisionPositions;
    const std::vector<bool> kept = keptInSinglePrecision(written);
    r.collapsedTriangles = std::size_t(std::count(kept.begin(), kept.end(), false));
    r.sameTriangleCount = r.triangles == written.triangles.size() - r.collapsedTriangles;
    if (!r.sameTriangleCount) {
        r.maxRelativeError = std::numeric_limits<double>::infinity();
        return r;
    }
    double scale = 0;
    for (const Vec3& v : written.vertices)
        scale = std::max({scale, std::fabs(v.x), std::fabs(v.y), std::fabs(v.z)});
    if (scale == 0) scale = 1;
    double worst = 0;
    for (std::size_t t = 0, k = 0; t < written.triangles.size(); ++t) {
        if (!kept[t]) continue;
        for (int c = 0; c < 3; ++c) {
            const Vec3& a = written.vertices[written.triangles[t][c]];
            const Vec3& b = readBack.vertices[readBack.triangles[k][c]];
            worst = std::max({worst, std::fabs(a.x - b.x), std::fabs(a.y - b.y), std::fabs(a.z - b.z)});
        }
        ++k;
    }
    r.maxRelativeError = worst / scale;
    r.ok = (r.sameVertexCount || !format.indexed) && r.maxRelativeError <= tolerance;
    return r;
}

} // namespace cdlab
