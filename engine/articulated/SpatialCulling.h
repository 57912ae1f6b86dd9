// SpatialCulling: zhang2007 sec. 5's link-level culling. Every frame, each articulated model (and each
// moving rigid body, a one-link model) gets swept AABBs of its links over the frame (SweptBoxes) and a
// dynamic AABB hierarchy over them (BoxTree); the models' hierarchies are tested against each other and
// against a static hierarchy of the environment bodies, whose survivors are refined against the body's own
// mesh BVH; links of one model are tested pairwise (all leaf pairs, as the paper does), adjacent links and
// the scene's skip pairs excluded. What survives are the potentially colliding link pairs (PCLs).
// Conservative: a pair whose objects touch at any time of the frame is always among the PCLs.
#pragma once

#include "articulated/BoxTree.h"
#include "articulated/SweptBoxes.h"
#include "bvh/Bvh.h"
#include "core/Counters.h"
#include "scene/SceneObjects.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace cdlab {

namespace counter {
inline const CounterDeclaration LinkPairs{
    "link_pairs", "object pairs the scene tests, before spatial culling (zhang2007 Table 2)"};
inline const CounterDeclaration Pcls{"pcls",
                                     "potentially colliding link pairs left after spatial culling (Table 2)"};
} // namespace counter

struct SpatialCullingStats {
    std::uint64_t linkPairs = 0; ///< pairs the scene tests (SceneObjects::pairs): Table 2's "before"
    std::uint64_t pcls = 0;      ///< pairs that survive: Table 2's "after"
    std::uint64_t boxTests = 0;  ///< box pairs tested (dynamic trees, environment tree, environment BVHs)
    double sweptMs = 0, bvhMs = 0;

    /// link_pairs, pcls (the box tests are the generic bv_tests, which the algorithm adds where its table
    /// has them).
    void addTo(Counters& out) const { out.add(counter::LinkPairs, linkPairs), out.add(counter::Pcls, pcls); }
};

class SpatialCulling {
public:
    using ObjectPair = std::pair<std::uint32_t, std::uint32_t>;

    /// A group of objects that moves together: one articulated model, or one moving rigid body.
    struct Group {
        std::vector<std::uint32_t> objects; ///< scene objects, in chain order
        int model = -1;                     ///< index into Scene::models, or -1 for a rigid body
        std::vector<ChainLink> chain;
        Pose base;
        BoxTree tree; ///< this frame's dynamic hierarchy over the swept boxes
    };

    /// `bvhOf[i]`: object i's mesh BVH (its root box is the object's OBB; static environment bodies are
    /// refined against it). Scene, objects and BVHs must outlive this.
    void prepare(const Scene& scene, const SceneObjects& objects, const std::vector<const Bvh*>& bvhOf);
    /// The PCLs of [t0, t1], sorted, each with its lower object index first.
    void cull(double t0, double t1, const SweptBoxOptions& options, std::vector<ObjectPair>& pcls,
              SpatialCullingStats& stats);

    /// Every object's box of the last cull: swept over the frame for moving objects, the world box of a
    /// static environment body.
    const std::vector<Aabb>& boxes() const { return m_boxes; }
    const std::vector<Group>& groups() const { return m_groups; }
    /// The group of an object, -1 for a static environment body.
    int groupOf(std::uint32_t object) const { return m_groupOf[object]; }
    /// A static environment body's (fixed) world pose.
    const Pose& staticPose(std::uint32_t object) const { return m_staticPose[object]; }
    /// Swept boxes of one group over [t0, t1] with other options (the viewer's side-by-side bounds).
    void sweptBoxesOf(int group, double t0, double t1, const SweptBoxOptions& options,
                      std::vector<Aabb>& out) const;

private:
    bool refine(const Aabb& box, std::uint32_t envObject, std::uint64_t& tests) const;

    const SceneObjects* m_objects = nullptr;
    std::vector<const Bvh*> m_bvhOf;
    std::vector<Obb> m_obbs; // per object, in its mesh frame
    std::vector<Group> m_groups;
    std::vector<int> m_groupOf;
    std::vector<std::uint32_t> m_static; // static environment bodies
    std::vector<Pose> m_staticPose;      // their poses, by object
    BoxTree m_staticTree;                // over m_static's world boxes (item = position in m_static)
    std::vector<bool> m_allowed;         // n x n: the scene tests this pair
    std::vector<Aabb> m_boxes, m_scratch;
    // Swept boxes of a group whose joints hold still cover it at any time of the still stretch: per group,
    // the span its boxes were swept over (from > to: none yet) and with which options, and the last cull's
    // PCLs (with no group swept anew they are this frame's too).
    std::vector<double> m_sweptFrom, m_sweptTo;
    SweptBoxOptions m_sweptOptions;
    bool m_lastValid = false;
    std::vector<ObjectPair> m_lastPcls;
};

} // namespace cdlab
