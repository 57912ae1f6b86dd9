// Algorithm: one collision pipeline over a scene. prepare() builds whatever acceleration structures it needs
// (reported with timings and memory); step() advances over the frame interval [t0, t1] and reports a
// FrameResult. Discrete algorithms test the poses at t1; continuous ones the motion over the interval.
#pragma once

#include "core/Params.h"
#include "pipeline/FrameResult.h"
#include "scene/MeshDataCache.h"
#include "scene/SceneObjects.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace cdlab {

class DebugSink;

/// What an algorithm shows of its acceleration structure, one hierarchy per object (its trees). Viewers call
/// this instead of reading algorithm internals.
class AlgorithmStructure {
public:
    virtual ~AlgorithmStructure() = default;
    /// Deepest level of `object`'s hierarchy (0 when it has none).
    virtual int depth(std::uint32_t object) const = 0;
    /// Draws the nodes of `object`'s hierarchy at `level` (leaves above it included) at time t, category
    /// BvhNode, tagged with the node depth.
    virtual void drawLevel(double t, std::uint32_t object, int level, DebugSink& sink) const = 0;
    /// The node of `object`'s hierarchy at `level` (or a leaf above it) that the world-space ray
    /// origin + s dir (s >= 0) enters first at time t; -1 when the ray misses them all.
    virtual std::int64_t pickNode(double t, std::uint32_t object, int level, const Vec3& origin,
                                  const Vec3& dir) const = 0;
    /// Draws one node of `object`'s hierarchy at time t: its box (PickedNode), a description (text,
    /// PickedNode) and whatever the algorithm keeps per node (BM-cones as arrows, category BmCone).
    virtual void drawNode(double t, std::uint32_t object, std::uint32_t node, DebugSink& sink) const = 0;
};

struct PrepareReport {
    StageTimes stages;           ///< e.g. "build" in ms
    std::size_t memoryBytes = 0; ///< acceleration structures
    std::string notes;           ///< e.g. "2 BVHs, 17,123 nodes"
    /// What the method could not do as asked and why (e.g. no BM-cones for an open mesh, so its nodes are
    /// never culled): the bench prints these, the viewer shows them beside the view.
    std::vector<std::string> warnings;
};

class Algorithm {
public:
    using Progress = std::function<void(double fraction, const std::string& what)>;
    virtual ~Algorithm() = default;

    /// Called once per scene; the scene must outlive the algorithm's use of it.
    virtual PrepareReport prepare(const Scene& scene, const Progress& progress = {}) = 0;
    virtual FrameResult step(double t0, double t1, DebugSink* sink = nullptr) = 0;

    /// What the algorithm shows of its per-object hierarchies (the viewer's structure overlay, picking and
    /// node inspector; the bench's figure1), or nullptr when it has none. BvhStructure is the one of the
    /// BVH-based algorithms.
    virtual const AlgorithmStructure* structure() const { return nullptr; }

    /// Shares per-mesh structures with the other algorithms prepared on the same scene (the viewer's views,
    /// the bench's --algo list): call before prepare(). Without it, or when `cache` belongs to another scene,
    /// prepare() builds structures of its own.
    void shareMeshData(std::shared_ptr<MeshDataCache> cache) { m_sharedMeshData = std::move(cache); }

protected:
    /// The cache prepare() builds through: the shared one when it serves `scene`, else a new one of this
    /// algorithm's own. Forgets the structures held from the last prepare().
    MeshDataCache& meshData(const Scene& scene);
    /// Keeps a structure from the cache for as long as this algorithm stays prepared (the cache keeps only
    /// what some algorithm holds): `const Bvh& bvh = hold(cache.get<Bvh>(...));`.
    template <class T> const T& hold(std::shared_ptr<const T> structure) {
        m_held.push_back(structure);
        return *structure;
    }

private:
    std::shared_ptr<MeshDataCache> m_sharedMeshData, m_meshData;
    std::vector<std::shared_ptr<const void>> m_held;
};

/// For the algorithms that take every body as rigid (the continuous ones, whose motion bounds assume it):
/// throws InputError naming the scene file and the first deforming body's "deform" field, "rigid-ccd does
/// not support deforming bodies (body 'sheet' has a deform block)", when the scene has one. Call it first
/// thing in prepare(). DiscretePipeline's algorithms handle deforming bodies (DiscretePipeline::mesh).
void refuseDeformingBodies(const Scene& scene, const std::string& algorithm);

/// For the continuous algorithms that move every object on a straight screw between its poses at a frame's
/// two ends (origin on a line, constant rotation axis: RelativeMotion), where an articulated model moves a
/// link along its joints instead: a link whose parent chain turns swings on an arc about the parent's
/// joint (and turns about changing axes), which the straight screw cuts across, so a contact the joints
/// make can be missed or reported early (a three-link arm: missed with 2-3 frames over its motion, 55 ms
/// early with 5). Throws InputError naming the scene file and the first such model, "articulated[0]:
/// rigid-ccd does not follow articulated motion: ...; use catch or articulated-reference", when the scene
/// has one. Call it first thing in prepare(), beside refuseDeformingBodies. A link that turns only about
/// its own joint, below links that hold still or only translate, moves on a screw and is accepted.
void refuseArticulatedMotion(const Scene& scene, const std::string& algorithm);

/// Nodes per level of `object`'s structure (the cut at each level, leaves above it included, as
/// AlgorithmStructure::drawLevel draws it), for levels 0 to its depth ({0} when the algorithm has none).
std::vector<std::uint32_t> structureLevelSizes(const Algorithm& algo, std::uint32_t object);

} // namespace cdlab
