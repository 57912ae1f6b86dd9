// BvhStructure: what every BVH-based algorithm shows of its hierarchy (Algorithm::structureDepth,
// drawStructure, pickNode, drawNode) — one body's tree placed at its pose at time t. A view over the
// algorithm's scene objects and per-object trees; algorithms delegate to it instead of repeating the lookups.
#pragma once

#include "bvh/BvhDrawing.h"
#include "scene/SceneObjects.h"

#include <optional>
#include <string>
#include <vector>

namespace cdlab {

class BvhStructure {
public:
    /// `meshOf` (optional): the mesh each tree is over when it is not the object's rest mesh (a deforming
    /// object's copy, DiscretePipeline::mesh).
    BvhStructure(const SceneObjects* objects, const std::vector<const Bvh*>& bvhOf,
                 const std::vector<const TriangleMesh*>* meshOf = nullptr)
        : m_objects(objects), m_bvhOf(bvhOf), m_meshOf(meshOf) {}

    int depth(std::uint32_t object) const;
    void drawLevel(double t, std::uint32_t object, int level, DebugSink& sink) const;
    std::int64_t pick(double t, std::uint32_t object, int level, const Vec3& origin, const Vec3& dir) const;
    /// Draws the node (drawBvhNode, description followed by `extra`); returns its body's pose at t, or
    /// nothing when the object does not exist.
    std::optional<Pose> drawNode(double t, std::uint32_t object, std::uint32_t node, const std::string& extra,
                                 DebugSink& sink) const;

private:
    bool valid(std::uint32_t object) const { return m_objects && object < m_bvhOf.size(); }
    Pose poseAt(double t, std::uint32_t object) const;

    const SceneObjects* m_objects;
    const std::vector<const Bvh*>& m_bvhOf;
    const std::vector<const TriangleMesh*>* m_meshOf;
};

} // namespace cdlab
