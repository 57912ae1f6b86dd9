#include "distance/DistanceTree.h"

#include "bvh/Bvh.h"
#include "core/InputError.h"

#include <algorithm>
#include <utility>

namespace cdlab {

namespace {

/// The OBB's axes reordered so the shortest is the normal (row 2), kept right-handed.
Mat3 rectangleFrame(const Obb& box) {
    int thin = 0;
    for (int k = 1; k < 3; ++k)
        if (box.halfSize[k] < box.halfSize[thin]) thin = k;
    Mat3 f;
    f.r[0] = box.axes.r[(thin + 1) % 3], f.r[1] = box.axes.r[(thin + 2) % 3];
    f.r[2] = cross(f.r[0], f.r[1]);
    return f;
}

} // namespace

void checkTriangleIndices(const TriangleMesh& mesh) {
    const std::string source = mesh.name.empty() ? "<mesh>" : mesh.name;
    for (std::size_t i = 0; i < mesh.triangles.size(); ++i)
        for (std::uint32_t v : mesh.triangles[i])
            if (v >= mesh.vertices.size())
                throw InputError(source, "triangle " + std::to_string(i),
                                 "vertex index " + std::to_string(v) + " out of range (mesh has " +
                                     std::to_string(mesh.vertices.size()) + " vertices)");
}

void DistanceTree::build(const TriangleMesh& mesh) {
    const std::string source = mesh.name.empty() ? "<mesh>" : mesh.name;
    for (std::size_t i = 0; i < mesh.vertices.size(); ++i)
        if (!isFinite(mesh.vertices[i]))
            throw InputError(source, "vertex " + std::to_string(i), "coordinate is NaN or infinite");
    checkTriangleIndices(mesh);
    m_mesh = &mesh;
    m_nodes.clear(), m_triIndex.clear();
    if (mesh.triangles.empty()) return;

    // The OBB tree's topology and axes (Gottschalk 1996's covariance frame, or the mesh's axes where that
    // box is smaller), then each node's RSS fitted to its triangles' corners in that frame.
    Bvh bvh;
    BvhBuildOptions options;
    options.bvType = BvType::Obb;
    options.maxLeafTriangles = 1;
    bvh.build(mesh, options);
    m_triIndex = bvh.triIndex();
    m_nodes.resize(bvh.nodes().size());
    std::vector<Vec3> points;
    for (std::size_t i = 0; i < m_nodes.size(); ++i) {
        const BvhNode& from = bvh.nodes()[i];
        DistanceNode& to = m_nodes[i];
        to.firstChild = from.firstChild, to.firstTri = from.firstTri, to.triCount = from.triCount;
        points.clear();
        to.minTri = UINT32_MAX;
        for (std::uint32_t k = from.firstTri; k < from.firstTri + from.triCount; ++k) {
            to.minTri = std::min(to.minTri, m_triIndex[k]);
            for (std::uint32_t v : mesh.triangles[m_triIndex[k]]) points.push_back(mesh.vertices[v]);
        }
        to.rss = Rss::fit(rectangleFrame(bvh.obbs()[i]), points);
        to.size = to.rss.size();
        to.arm = length(to.rss.center) + to.size;
    }
}

std::size_t DistanceTree::memoryBytes() const {
    return m_nodes.size() * sizeof(DistanceNode) + m_triIndex.size() * sizeof(std::uint32_t);
}

} // namespace cdlab
