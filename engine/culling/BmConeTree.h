// BmConeTree: a BM-cone per BVH node (redon2002 sec. 4), built top-down from each node's triangle normals or
// bottom-up from the children's BM-vectors (a parent gets a cone only if both children have one), plus the
// constant-time culling test (6) on the node box's 8 corners.
#pragma once

#include "bvh/Bvh.h"
#include "core/Assert.h"
#include "culling/BmCone.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace cdlab {

enum class BmBuildMode : std::uint8_t { TopDown, BottomUp };
const char* toString(BmBuildMode m);

/// Rigid velocity field v(p) = linear + angular x p (world frame). The relative field of body i with respect
/// to body j is eq. (1): linear = a_ij = ṙ_i - ṙ_j - ω_i x r_i + ω_j x r_j, angular = ω_i - ω_j.
struct VelocityField {
    Vec3 linear, angular;
    Vec3 at(const Vec3& p) const { return linear + cross(angular, p); }
    /// Relative field of a body moving with (vi, wi) about its reference point ri, seen from body j.
    static VelocityField relative(const Vec3& ri, const Vec3& vi, const Vec3& wi, const Vec3& rj,
                                  const Vec3& vj, const Vec3& wj) {
        return {vi - vj - cross(wi, ri) + cross(wj, rj), wi - wj};
    }
};

struct BmConeTreeStats {
    double buildSeconds = 0;
    std::size_t memoryBytes = 0; ///< cone vectors + per-node offsets
    std::size_t nodesWithCone = 0;
    std::uint64_t projections = 0; ///< Wilhelmsen projections during the build
};

class BmConeTree {
public:
    /// Fraction of the nodes done, reported about a hundred times per build (big meshes take seconds).
    using Progress = std::function<void(double fraction)>;
    void build(const Bvh& bvh, const TriangleMesh& mesh, BmBuildMode mode, const BmConeOptions& options,
               const Progress& progress = {});
    /// No node gets a cone (never BM-culled): for meshes that fail SurfaceCheck.
    void buildWithoutCones(const Bvh& bvh);

    bool hasCone(std::size_t node) const {
        CDLAB_ASSERT(node < m_count.size(), "a node of the tree the cones were built for");
        return m_count[node] > 0;
    }
    const Vec3* cone(std::size_t node) const {
        CDLAB_ASSERT(node < m_offset.size() && m_offset[node] + m_count[node] <= m_vectors.size(),
                     "a node's cone lies in the vector pool");
        return m_vectors.data() + m_offset[node];
    }
    int coneSize(std::size_t node) const {
        CDLAB_ASSERT(node < m_count.size(), "a node of the tree the cones were built for");
        return m_count[node];
    }
    const BmConeTreeStats& stats() const { return m_stats; }

    /// Test (6): the node (box `box` in the mesh frame, body pose `pose`) is BM-culled when every corner's
    /// relative velocity lies in the open BM-cone, i.e. v(c^s) . ñ_m < 0 for all corners s and vectors m
    /// (vectors rotated to world). Then every triangle below moves backwards (eq. 7).
    bool culled(std::size_t node, const Obb& box, const Pose& pose, const VelocityField& relative) const;

private:
    std::vector<Vec3> m_vectors;
    std::vector<std::uint32_t> m_offset;
    std::vector<std::uint8_t> m_count;
    BmConeTreeStats m_stats;
};

} // namespace cdlab
