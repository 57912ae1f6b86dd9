#include "mesh/MeshImporter.h"

#include "core/InputError.h"
#include "mesh/FileSniff.h"
#include "mesh/GltfContents.h"
#include "mesh/ObjCheck.h"
#include "mesh/PlyReader.h"
#include "mesh/StlCheck.h"

#include <algorithm>
#include <assimp/Importer.hpp>
#include <assimp/ProgressHandler.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <cctype>
#include <exception>
#include <filesystem>
#include <optional>
#include <vector>

namespace cdlab {

namespace {

constexpr double kObjCheckShare = 0.1;

void collect(const aiScene* scene, const aiNode* node, const aiMatrix4x4& parent, TriangleMesh& out,
             const std::string& path, std::size_t& skippedFaces) {
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
            if (face.mNumIndices != 3) { // points and lines (aiProcess_SortByPType keeps them apart)
                ++skippedFaces;
                continue;
            }
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
    for (unsigned c = 0; c < node->mNumChildren; ++c)
        collect(scene, node->mChildren[c], xf, out, path, skippedFaces);
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

std::string plural(std::size_t n, const std::string& one, const std::string& many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

/// What the mesh leaves out of an Assimp scene: it is the geometry in its rest pose, merged. A glTF's own
/// counts (`gltf`) are the file's (a skin, not the meshes it binds); other formats' are Assimp's.
std::vector<std::string> ignoredParts(const aiScene* scene, const std::optional<GltfContents>& gltf,
                                      std::size_t skippedFaces) {
    std::vector<std::string> out;
    if (gltf) {
        if (std::string s = gltf->ignored(); !s.empty()) out.push_back(s);
    } else {
        std::size_t skinned = 0, bones = 0, morphs = 0;
        for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
            const aiMesh* mesh = scene->mMeshes[m];
            if (mesh->mNumBones > 0) ++skinned, bones += mesh->mNumBones;
            morphs += mesh->mNumAnimMeshes;
        }
        std::string all;
        auto add = [&](const std::string& part) { all += (all.empty() ? "" : ", ") + part; };
        if (skinned > 0)
            add(plural(skinned, "skinned mesh", "skinned meshes") + " (" + plural(bones, "bone", "bones") +
                ")");
        if (morphs > 0) add(plural(morphs, "morph target", "morph targets"));
        if (scene->mNumAnimations > 0) add(plural(scene->mNumAnimations, "animation", "animations"));
        if (!all.empty()) out.push_back("ignored: " + all + " (the mesh is the geometry at rest)");
    }
    if (skippedFaces > 0)
        out.push_back("ignored: " + plural(skippedFaces, "point or line", "points and lines") +
                      " (only triangles collide)");
    return out;
}

[[noreturn]] void mismatch(const std::string& path, const std::string& declared, const std::string& read) {
    throw InputError(path, "",
                     "the file declares " + declared + ", the import read " + read +
                         ": refused (a damaged file, or one the importer misreads)");
}

/// Merges vertices at one position (-0 and +0 are one) and drops the triangles that then repeat a vertex:
/// BM-cones, mesh features and CCD's feature dedup find neighbours through shared vertices.
void weld(TriangleMesh& mesh, ImportReport& report) {
    std::vector<Vec3> distinct;
    std::vector<std::uint32_t> ids = mesh.positionIds(&distinct);
    std::vector<Triangle> kept;
    kept.reserve(mesh.triangles.size());
    for (const Triangle& t : mesh.triangles) {
        Triangle r{ids[t[0]], ids[t[1]], ids[t[2]]};
        if (r[0] != r[1] && r[1] != r[2] && r[0] != r[2]) kept.push_back(r);
    }
    report.verticesWelded = distinct.size();
    report.degenerateDropped = mesh.triangles.size() - kept.size();
    report.triangles = kept.size();
    mesh.vertices = std::move(distinct);
    mesh.triangles = std::move(kept);
}

std::string upperFormat(const std::string& ext) {
    std::string s = ext.empty() ? std::string("mesh") : ext.substr(1);
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::toupper(c)); });
    return s;
}

} // namespace

TriangleMesh importMesh(const std::string& path, const ImportProgress& progress) {
    ImportReport report;
    return importMesh(path, report, progress);
}

TriangleMesh importMesh(const std::string& path, ImportReport& report, const ImportProgress& progress) {
    report = ImportReport();
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) throw InputError(path, "", "file not found");
    if (std::filesystem::is_directory(path, ec))
        throw InputError(path, "", "is a directory, expected a mesh file");
    std::string ext = std::filesystem::path(path).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    const FileSniff sniff = sniffFile(path);
    checkContentMatchesExtension(path, ext, sniff);
    report.format = upperFormat(ext);
    TriangleMesh mesh;
    mesh.name = std::filesystem::path(path).stem().string();
    // What the file declares, read beside the importer; checked against the mesh below.
    ObjCounts obj;
    std::optional<PlyHeader> ply;
    std::optional<StlDeclared> stl;
    // OBJ files are checked line by line first: errors with a line number where Assimp has none. The check
    // reads the file once more; it takes about a tenth of the import (1M-triangle OBJ: 0.3 of 2.8 s).
    const double checkShare = ext == ".obj" ? kObjCheckShare : 0.0;
    if (ext == ".obj") {
        std::function<void(double)> checkProgress;
        if (progress) checkProgress = [&](double f) { progress(checkShare * f); };
        checkObjLines(path, checkProgress, obj);
    } else if (ext == ".ply" && sniff.kind == FileKind::Ply) {
        ply = readPlyHeader(path);
        report.format = ply->describe();
    } else if (ext == ".stl") {
        stl = checkStl(path);
        report.format = stl->binary ? "binary STL" : "ASCII STL";
    }
    std::optional<GltfContents> gltf;
    if (sniff.kind == FileKind::Gltf || sniff.kind == FileKind::Glb || ext == ".gltf" || ext == ".glb") {
        report.format = sniff.kind == FileKind::Gltf ? "glTF" : "GLB";
        gltf = readGltfContents(path);
    }
    std::size_t trianglesRead = 0;
    // A PLY file is read by our reader too: it checks the data against the header (Assimp 5.2.5 fills the
    // faces a header declares beyond the end of an ASCII file with copies) and counts the triangles.
    std::optional<TriangleMesh> plyMesh;
    if (ply) plyMesh = readPly(path, *ply);
    if (ply && ply->find("tristrips")) {
        // Assimp 5.2.5 reads a tristrips element as one triangle: ours reads the file.
        TriangleMesh& read = *plyMesh;
        mesh.vertices = std::move(read.vertices);
        mesh.triangles = std::move(read.triangles);
        trianglesRead = mesh.triangles.size();
        if (progress) progress(1.0);
    } else {
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
            throw InputError(
                path, "", "cannot read mesh: " + (why.empty() ? std::string("unknown Assimp error") : why));
        }
        std::size_t skippedFaces = 0;
        collect(scene, scene->mRootNode, aiMatrix4x4(), mesh, path, skippedFaces);
        trianglesRead = mesh.triangles.size();
        report.warnings = ignoredParts(scene, gltf, skippedFaces);
    }
    if (ext == ".obj" && trianglesRead != std::size_t(obj.triangles))
        mismatch(path,
                 plural(std::size_t(obj.faces), "face", "faces") +
                     " (f lines) = " + plural(std::size_t(obj.triangles), "triangle", "triangles"),
                 plural(trianglesRead, "triangle", "triangles"));
    if (ply && !ply->find("tristrips") && trianglesRead != plyMesh->triangles.size()) {
        const PlyElement* faces = ply->find("face");
        mismatch(path,
                 "element face " + std::to_string(faces ? faces->count : 0) + " = " +
                     plural(plyMesh->triangles.size(), "triangle", "triangles") + " (polygons triangulated)",
                 plural(trianglesRead, "triangle", "triangles"));
    }
    if (stl && trianglesRead != stl->triangles)
        mismatch(path,
                 plural(stl->triangles, "triangle", "triangles") +
                     (stl->binary ? " (binary STL header)" : " (ASCII STL facets)"),
                 plural(trianglesRead, "triangle", "triangles"));
    mesh.validate(path);
    // Vertices as the file has them where it says (Assimp joins some before we see them), else as read.
    report.verticesRead = mesh.vertices.size();
    if (ext == ".obj") report.verticesRead = std::size_t(obj.vertices);
    if (ply && ply->find("vertex")) report.verticesRead = ply->find("vertex")->count;
    if (stl) report.verticesRead = 3 * stl->triangles;
    weld(mesh, report);
    // Welding merges positions only, so a file cannot give more positions than it has vertices.
    if (ext == ".obj" && report.verticesWelded > std::size_t(obj.vertices))
        mismatch(path, plural(std::size_t(obj.vertices), "vertex", "vertices") + " (v lines)",
                 plural(report.verticesWelded, "distinct position", "distinct positions"));
    if (ply) {
        const PlyElement* vertices = ply->find("vertex");
        std::size_t declared = vertices ? vertices->count : 0;
        if (report.verticesWelded > declared)
            mismatch(path, "element vertex " + std::to_string(declared),
                     plural(report.verticesWelded, "distinct position", "distinct positions"));
    }
    mesh.computeFaceNormals();
    return mesh;
}

} // namespace cdlab
