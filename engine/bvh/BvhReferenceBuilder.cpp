#include "bvh/BvhReferenceBuilder.h"

#include "bvh/BvhFit.h"

#include <algorithm>

namespace cdlab {

namespace {

/// Frame used for fitting and splitting: identity for AABB trees, the covariance eigenvectors for OBBs.
Mat3 fitFrame(const BvhFit& fit, std::uint32_t begin, std::uint32_t end) {
    if (fit.options.bvType == BvType::Aabb) return Mat3::identity();
    // Area-weighted covariance of the triangles (continuous formulation, Gottschalk 1996) so that dense
    // tessellation in one region does not tilt the box.
    Eigen::Matrix3d c = Eigen::Matrix3d::Zero();
    Eigen::Vector3d mean = Eigen::Vector3d::Zero();
    double area = 0;
    for (std::uint32_t k = begin; k < end; ++k) {
        Vec3 a, b, cc;
        fit.mesh.corners(fit.triIndex[k], a, b, cc);
        double w = 0.5 * length(cross(b - a, cc - a));
        Eigen::Vector3d p(a.x, a.y, a.z), q(b.x, b.y, b.z), r(cc.x, cc.y, cc.z), m = (p + q + r) / 3;
        c += (w / 12) * (9 * m * m.transpose() + p * p.transpose() + q * q.transpose() + r * r.transpose());
        mean += w * m;
        area += w;
    }
    if (area <= 0) fit.vertexCovariance(begin, end, c, mean, area); // all degenerate
    return covarianceFrame(c, mean, area);
}

} // namespace

void BvhReferenceBuilder::run(const TriangleMesh& mesh, Bvh& bvh) {
    const std::size_t n = mesh.triangles.size();
    std::vector<Vec3> centroids(n);
    for (std::size_t t = 0; t < n; ++t) {
        Vec3 a, b, c;
        mesh.corners(t, a, b, c);
        centroids[t] = (a + b + c) / 3.0;
    }
    const BvhBuildOptions& options = bvh.m_options;
    BvhFit fit{mesh, options, bvh.m_triIndex.data(), centroids, bvhInflation(mesh)};
    const bool obb = options.bvType == BvType::Obb;

    struct Task {
        std::uint32_t node, begin, end;
        std::uint16_t depth;
    };
    std::vector<Task> stack{{0, 0, static_cast<std::uint32_t>(n), 0}};
    auto grow = [&](std::size_t size) {
        bvh.m_nodes.resize(size);
        obb ? bvh.m_obbs.resize(size) : bvh.m_aabbs.resize(size);
    };
    grow(1);
    while (!stack.empty()) {
        Task task = stack.back();
        stack.pop_back();
        BvhNode& node = bvh.m_nodes[task.node];
        node.firstTri = task.begin;
        node.triCount = task.end - task.begin;
        node.depth = task.depth;
        bvh.m_stats.maxDepth = std::max<std::size_t>(bvh.m_stats.maxDepth, task.depth);
        Mat3 frame = fitFrame(fit, task.begin, task.end);
        Obb box = fit.fitBox(frame, task.begin, task.end);
        if (obb) {
            // The covariance frame is tilted wherever a node mixes parts of different sizes (a door's slab
            // corner with a moulding): the box in the mesh's own axes is then smaller, and models built from
            // axis-aligned parts (CAD) have many such nodes. Keep the smaller of the two.
            Obb aligned = fit.fitBox(Mat3::identity(), task.begin, task.end);
            if (BvhFit::volume(aligned) < BvhFit::volume(box)) frame = Mat3::identity(), box = aligned;
            bvh.m_obbs[task.node] = box;
        } else {
            bvh.m_aabbs[task.node] = Aabb{box.center - box.halfSize, box.center + box.halfSize};
        }
        node.size = static_cast<float>(maxComponent(box.halfSize));
        if (node.triCount <= static_cast<std::uint32_t>(options.maxLeafTriangles)) continue;
        int axis = fit.chooseAxis(frame, box, task.begin, task.end);
        std::uint32_t split = fit.partition(frame.r[axis], task.begin, task.end);
        auto child = static_cast<std::uint32_t>(bvh.m_nodes.size());
        node.firstChild = child; // `node` is invalidated by grow() below
        grow(child + 2);
        auto d = static_cast<std::uint16_t>(task.depth + 1);
        stack.push_back({child + 1, split, task.end, d});
        stack.push_back({child, task.begin, split, d});
    }
}

} // namespace cdlab
