// FclConversions: what both FCL peers need to hand our data to FCL and back — a pose as an
// fcl::Transform3d (and back) and a mesh as an fcl::BVHModel (with the memory FCL keeps for it, for the
// bench's memory column).
#pragma once

#include "geometry/Pose.h"
#include "mesh/TriangleMesh.h"

#include <fcl/fcl.h>
#include <memory>
#include <type_traits>
#include <vector>

namespace cdlab {

inline fcl::Transform3d toFcl(const Pose& p) {
    fcl::Transform3d tf = fcl::Transform3d::Identity();
    fcl::Matrix3d R;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) R(i, j) = p.R(i, j);
    tf.linear() = R;
    tf.translation() = fcl::Vector3d(p.t.x, p.t.y, p.t.z);
    return tf;
}

inline Pose fromFcl(const fcl::Transform3d& tf) {
    Pose p;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) p.R(i, j) = tf.linear()(i, j);
    p.t = {tf.translation().x(), tf.translation().y(), tf.translation().z()};
    return p;
}

/// FCL's BVH over `mesh`; adds to `memoryBytes` what FCL keeps per model: its BV nodes and its own copy of
/// the vertices and triangles.
template <class BV>
std::shared_ptr<fcl::BVHModel<BV>> buildFclModel(const TriangleMesh& mesh, std::size_t& memoryBytes) {
    auto model = std::make_shared<fcl::BVHModel<BV>>();
    std::vector<fcl::Vector3d> points;
    points.reserve(mesh.vertices.size());
    for (const Vec3& v : mesh.vertices) points.emplace_back(v.x, v.y, v.z);
    std::vector<fcl::Triangle> tris;
    tris.reserve(mesh.triangles.size());
    for (const auto& t : mesh.triangles) tris.emplace_back(t[0], t[1], t[2]);
    model->beginModel(static_cast<int>(tris.size()), static_cast<int>(points.size()));
    model->addSubModel(points, tris);
    model->endModel();
    model->computeLocalAABB();
    memoryBytes += model->getNumBVs() * sizeof(fcl::BVNode<BV>) + points.size() * sizeof(fcl::Vector3d) +
                   tris.size() * sizeof(fcl::Triangle);
    return model;
}

/// Moves `model`'s vertices to `mesh`'s (the mesh it was built from, deformed: same vertices, same triangles)
/// and refits its bounding volumes over the same tree. FCL's replace calls, not its update calls:
/// beginUpdateModel keeps the previous frame's vertices and fits every leaf around both (swept volumes for
/// its CCD), looser than the discrete test needs. AABB trees refit bottom-up (merging children's boxes);
/// OBB and OBBRSS trees top-down, every node fitted to its triangles again, because FCL 0.7's bottom-up merge
/// of two OBBs (merge_smalldist) can leave out the first corner's minimum ("if (dot > pmax) ... else if (dot
/// < pmin)"): its boxes then miss geometry and contacts are lost (tests/scene/DeformTest.cpp caught 3 of 68
/// pairs).
template <class BV> void refitFclModel(fcl::BVHModel<BV>& model, const TriangleMesh& mesh) {
    std::vector<fcl::Vector3d> points;
    points.reserve(mesh.vertices.size());
    for (const Vec3& v : mesh.vertices) points.emplace_back(v.x, v.y, v.z);
    model.beginReplaceModel();
    model.replaceSubModel(points);
    model.endReplaceModel(true, std::is_same_v<BV, fcl::AABBd>); // refit; bottom-up for AABBs only
    model.computeLocalAABB();
}

} // namespace cdlab
