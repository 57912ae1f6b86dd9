#include "articulated/SpatialCulling.h"

#include "core/Stopwatch.h"

#include <algorithm>
#include <cmath>

namespace cdlab {

void SpatialCulling::prepare(const Scene& scene, const SceneObjects& objects,
                             const std::vector<const Bvh*>& bvhOf) {
    m_objects = &objects;
    m_bvhOf = bvhOf;
    const auto& objs = objects.objects();
    const std::size_t n = objs.size();
    m_obbs.resize(n);
    for (std::size_t i = 0; i < n; ++i) m_obbs[i] = bvhOf[i]->nodeBox(0);
    m_groups.clear();
    m_groupOf.assign(n, -1);
    m_static.clear();
    m_staticPose.assign(n, Pose{});
    m_boxes.assign(n, Aabb{});
    m_lastValid = false;
    for (std::size_t m = 0; m < scene.models.size(); ++m) {
        Group g;
        g.model = int(m);
        g.base = scene.models[m].base;
        g.chain = chainOf(scene.models[m]);
        m_groups.push_back(std::move(g));
    }
    for (std::uint32_t i = 0; i < n; ++i) {
        const SceneObject& o = objs[i];
        if (o.model >= 0) {
            m_groups[o.model].objects.push_back(i);
            m_groupOf[i] = o.model;
            continue;
        }
        const Body& body = scene.bodies[o.body];
        if (o.environment && !body.motion.moves()) { // static scenery: boxed once
            m_static.push_back(i);
            m_staticPose[i] = body.motion.at(scene.startTime);
            for (int k = 0; k < 8; ++k) m_boxes[i].grow(m_staticPose[i].apply(m_obbs[i].corner(k)));
            continue;
        }
        Group g;
        g.objects = {i};
        g.chain = {ChainLink{-1, Pose{}, &body.motion}};
        m_groupOf[i] = int(m_groups.size());
        m_groups.push_back(std::move(g));
    }
    std::vector<Aabb> staticBoxes;
    for (std::uint32_t i : m_static) staticBoxes.push_back(m_boxes[i]);
    m_staticTree.build(staticBoxes);
    m_sweptFrom.assign(m_groups.size(), INFINITY);
    m_sweptTo.assign(m_groups.size(), -INFINITY);
    m_allowed.assign(n * n, false);
    for (const auto& [a, b] : objects.pairs()) m_allowed[a * n + b] = m_allowed[b * n + a] = true;
}

void SpatialCulling::sweptBoxesOf(int group, double t0, double t1, const SweptBoxOptions& options,
                                  std::vector<Aabb>& out) const {
    const Group& g = m_groups[group];
    std::vector<Obb> obbs;
    for (std::uint32_t o : g.objects) obbs.push_back(m_obbs[o]);
    sweptBoxes(g.base, g.chain, obbs, t0, t1, options, out);
}

bool SpatialCulling::refine(const Aabb& box, std::uint32_t env, std::uint64_t& tests) const {
    // The box in the body's frame: an OBB there; descend the body's mesh BVH until a leaf overlaps.
    const Bvh& bvh = *m_bvhOf[env];
    const Pose& pose = m_staticPose[env];
    const Pose toBody = pose.inverse();
    const Vec3 half = box.extent() * 0.5, centre = toBody.apply(box.center());
    // In the frame of the box (world axes moved to the body frame): columns of toBody.R are the world axes.
    std::vector<std::uint32_t> stack{0};
    const auto& nodes = bvh.nodes();
    while (!stack.empty()) {
        std::uint32_t i = stack.back();
        stack.pop_back();
        ++tests;
        Obb node = bvh.nodeBox(i);
        // SAT in the node's frame: the box's axes are the world axes expressed in the node frame.
        Mat3 R = node.axes * toBody.R; // columns: world axes in node coordinates
        Vec3 t = node.axes * (centre - node.center);
        if (!satOverlap(node.halfSize, half, R, absPlusEpsilon(R), t)) continue;
        if (nodes[i].isLeaf()) return true;
        stack.push_back(nodes[i].firstChild);
        stack.push_back(nodes[i].firstChild + 1);
    }
    return false;
}

void SpatialCulling::cull(double t0, double t1, const SweptBoxOptions& options, std::vector<ObjectPair>& pcls,
                          SpatialCullingStats& stats) {
    const std::size_t n = m_groupOf.size();
    pcls.clear();
    stats = {};
    stats.linkPairs = m_objects->pairs().size();
    Stopwatch sw;
    // A group none of whose joints moves over the span its boxes were swept over and this frame together
    // keeps one pose all along: those boxes hold it now (a model at rest costs no Taylor models). Otherwise
    // its boxes are swept over this frame.
    const bool sameOptions = m_sweptOptions.bounds == options.bounds && m_sweptOptions.order == options.order;
    bool sweptAnew = !(m_lastValid && sameOptions);
    for (std::size_t g = 0; g < m_groups.size(); ++g) {
        const double from = std::min(m_sweptFrom[g], t0), to = std::max(m_sweptTo[g], t1);
        if (sameOptions && m_sweptFrom[g] <= m_sweptTo[g] && !chainMovesWithin(m_groups[g].chain, from, to)) {
            m_sweptFrom[g] = from, m_sweptTo[g] = to;
            continue;
        }
        sweptAnew = true;
        sweptBoxesOf(int(g), t0, t1, options, m_scratch);
        for (std::size_t k = 0; k < m_groups[g].objects.size(); ++k)
            m_boxes[m_groups[g].objects[k]] = m_scratch[k];
        m_sweptFrom[g] = t0, m_sweptTo[g] = t1;
    }
    m_sweptOptions = options;
    stats.sweptMs = sw.ms();
    sw.restart();
    if (!sweptAnew) { // every box as in the last cull (and the environment's never change): its PCLs
        pcls = m_lastPcls;
        stats.pcls = pcls.size();
        stats.bvhMs = sw.ms();
        return;
    }
    auto add = [&](std::uint32_t a, std::uint32_t b) {
        if (!m_allowed[a * n + b]) return;
        pcls.emplace_back(std::min(a, b), std::max(a, b));
    };
    std::vector<Aabb> leafBoxes;
    for (Group& g : m_groups) {
        leafBoxes.clear();
        for (std::uint32_t o : g.objects) leafBoxes.push_back(m_boxes[o]);
        g.tree.build(leafBoxes);
    }
    for (std::size_t a = 0; a < m_groups.size(); ++a) {
        const Group& ga = m_groups[a];
        // within the model: every pair of leaves (sec. 4)
        for (std::size_t i = 0; i < ga.objects.size(); ++i)
            for (std::size_t j = i + 1; j < ga.objects.size(); ++j) {
                std::uint32_t oi = ga.objects[i], oj = ga.objects[j];
                if (!m_allowed[oi * n + oj]) continue;
                ++stats.boxTests;
                if (m_boxes[oi].overlaps(m_boxes[oj])) add(oi, oj);
            }
        // against the other models and moving bodies
        for (std::size_t b = a + 1; b < m_groups.size(); ++b) {
            const Group& gb = m_groups[b];
            ga.tree.collide(gb.tree, stats.boxTests,
                            [&](int i, int j) { add(ga.objects[i], gb.objects[j]); });
        }
        // against the static environment, refined on the body's own BVH
        ga.tree.collide(m_staticTree, stats.boxTests, [&](int i, int j) {
            std::uint32_t o = ga.objects[i], e = m_static[j];
            if (m_allowed[o * n + e] && refine(m_boxes[o], e, stats.boxTests)) add(o, e);
        });
    }
    std::sort(pcls.begin(), pcls.end());
    pcls.erase(std::unique(pcls.begin(), pcls.end()), pcls.end());
    stats.pcls = pcls.size();
    stats.bvhMs = sw.ms();
    m_lastPcls = pcls;
    m_lastValid = true;
}

} // namespace cdlab
