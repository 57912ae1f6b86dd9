// BvhStructure: what every BVH-based algorithm shows of its hierarchy (Algorithm::structure()) — one body's
// tree placed at its pose at time t. A view over the algorithm's scene objects and per-object trees, held by
// the algorithm beside them (it reads them as they are after each prepare()), so no algorithm repeats the
// lookups or forwards them.
#pragma once

#include "bvh/BvhDrawing.h"
#include "pipeline/Algorithm.h"
#include "scene/SceneObjects.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cdlab {

class BvhStructure final : public AlgorithmStructure {
public:
    /// What an algorithm adds to a picked node: a description after the tree's (e.g. its BM-cone's) and
    /// drawing of its own at the node's pose (the cone's arrows). Either may be empty.
    struct NodeExtras {
        std::function<std::string(std::uint32_t object, std::uint32_t node)> describe;
        std::function<void(std::uint32_t object, std::uint32_t node, const Pose& pose, DebugSink& sink)> draw;
    };

    /// The owner's members: its scene objects (null before prepare()) and tree per object; `meshOf`
    /// (optional): the mesh each tree is over when it is not the object's rest mesh (a deforming object's
    /// copy, DiscretePipeline::mesh).
    BvhStructure(const std::unique_ptr<SceneObjects>& objects, const std::vector<const Bvh*>& bvhOf,
                 const std::vector<const TriangleMesh*>* meshOf = nullptr, NodeExtras extras = {})
        : m_objects(objects), m_bvhOf(bvhOf), m_meshOf(meshOf), m_extras(std::move(extras)) {}
    BvhStructure(const BvhStructure&) = delete; // it refers to its owner's members
    BvhStructure& operator=(const BvhStructure&) = delete;

    int depth(std::uint32_t object) const override;
    void drawLevel(double t, std::uint32_t object, int level, DebugSink& sink) const override;
    std::int64_t pickNode(double t, std::uint32_t object, int level, const Vec3& origin,
                          const Vec3& dir) const override;
    /// Draws the node (drawBvhNode, description followed by the extras'), then the extras' drawing.
    void drawNode(double t, std::uint32_t object, std::uint32_t node, DebugSink& sink) const override;

private:
    bool valid(std::uint32_t object) const { return m_objects && object < m_bvhOf.size(); }
    Pose poseAt(double t, std::uint32_t object) const;

    const std::unique_ptr<SceneObjects>& m_objects;
    const std::vector<const Bvh*>& m_bvhOf;
    const std::vector<const TriangleMesh*>* m_meshOf;
    NodeExtras m_extras;
};

} // namespace cdlab
