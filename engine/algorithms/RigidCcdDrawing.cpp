// RigidCcdAlgorithm's drawing: what the viewer shows of a frame (faces moving forwards and backwards, the
// BM test on whole levels) and of its trees (a picked node's BM-cone); the query draws its own BV tests and
// culled nodes (RigidCcdQuery). The algorithm calls these only when a sink is given.
#include "algorithms/RigidCcdAlgorithm.h"

#include "core/Stopwatch.h"
#include "culling/ContinuousCulling.h"
#include "debug/DebugSink.h"
#include "pipeline/BvhStructure.h"

#include <algorithm>
#include <optional>
#include <string>

namespace cdlab {

void RigidCcdAlgorithm::drawFaceMotion(std::uint32_t i, std::uint32_t j, const RelativeMotion& motion,
                                       const Pose& worldJ, DebugSink& sink, std::vector<bool>& drawn) const {
    // At the end of the frame (s = 1) i's velocity field in j's frame is v(x) = dt + phi'(1) k x (x - t(1));
    // j's triangles see minus that field (eq. 1). A triangle moves backwards when v . n < 0 at its three
    // vertices.
    Pose end = motion.at(1);
    Vec3 dt = motion.translation(), k = motion.axis();
    double rate = motion.whole().rateMin(); // phi'(1)
    auto field = [&](const Vec3& x) { return dt + cross(k, x - end.t) * rate; };
    const auto& objs = m_objects->objects();
    std::optional<ContinuousCulling> culling;
    for (std::uint32_t obj : {i, j}) {
        if (drawn[obj]) continue;
        drawn[obj] = true;
        const TriangleMesh& mesh = *objs[obj].mesh;
        Pose toJ = obj == i ? end : Pose{}; // object frame -> j's frame
        Pose toWorld = worldJ * toJ;
        if (m_culling) { // the BM test (6) over the whole frame, on the levels the sink wants
            const Bvh& bvh = *m_bvhOf[obj];
            const BmConeTree& cones = *m_coneOf[obj];
            int deepest = m_structure.depth(obj);
            for (std::uint32_t n = 0; n < bvh.nodes().size(); ++n) {
                if (!cones.hasCone(n)) continue;
                const BvhNode& node = bvh.nodes()[n];
                const Obb& box = bvh.obbs()[n];
                // A level is the hierarchy cut there: its nodes and the leaves above it (as drawBvhLevel).
                int culled = -1; // not tested yet
                for (int d = node.depth; d <= (node.isLeaf() ? deepest : node.depth); ++d) {
                    DebugTag level{std::int32_t(obj), d};
                    if (!sink.wants(DebugCategory::BmLevel, level)) continue;
                    if (!culling) culling.emplace(motion.whole());
                    if (culled < 0)
                        culled = obj == i ? culling->movingCulled(box, cones.cone(n), cones.coneSize(n))
                                          : culling->fixedCulled(box, cones.cone(n), cones.coneSize(n));
                    if (!culled) break;
                    sink.setTag(level);
                    sink.box(box.transformed(toWorld), Rgba{0.95f, 0.2f, 0.85f, 1.0f},
                             DebugCategory::BmLevel);
                }
            }
        }
        DebugTag tag{std::int32_t(obj), -1};
        if (!sink.wants(DebugCategory::ForwardFace, tag)) continue;
        double sign = obj == i ? 1 : -1;
        sink.setTag(tag);
        for (std::size_t t = 0; t < mesh.triangleCount(); ++t) {
            Vec3 p[3];
            mesh.corners(t, p[0], p[1], p[2]);
            Vec3 n = toJ.R * mesh.faceNormals[t];
            bool backward = true;
            for (const Vec3& v : p) backward = backward && sign * dot(field(toJ.apply(v)), n) < 0;
            Vec3 a = toWorld.apply(p[0]), b = toWorld.apply(p[1]), c = toWorld.apply(p[2]);
            if (backward) {
                Rgba grey{0.35f, 0.35f, 0.38f, 1.0f};
                sink.line(a, b, grey, DebugCategory::BackwardFace);
                sink.line(b, c, grey, DebugCategory::BackwardFace);
                sink.line(c, a, grey, DebugCategory::BackwardFace);
            } else {
                sink.triangle(a, b, c, Rgba{0.95f, 0.75f, 0.45f, 1.0f}, DebugCategory::ForwardFace);
            }
        }
    }
}

std::string RigidCcdAlgorithm::describeCone(std::uint32_t object, std::uint32_t node) const {
    if (!m_culling || object >= m_coneOf.size()) return {};
    const BmConeTree& cones = *m_coneOf[object];
    if (!cones.hasCone(node)) return ", no BM-cone (never BM-culled)";
    int r = cones.coneSize(node);
    return ", BM-cone of " + std::to_string(r) + " vector" + (r == 1 ? "" : "s");
}

void RigidCcdAlgorithm::drawCone(std::uint32_t object, std::uint32_t node, const Pose& pose,
                                 DebugSink& sink) const {
    const BmConeTree& cones = *m_coneOf[object];
    const Bvh& bvh = *m_bvhOf[object];
    DebugTag tag{std::int32_t(object), bvh.nodes()[node].depth};
    if (!sink.wants(DebugCategory::BmCone, tag)) return;
    sink.setTag(tag);
    Obb box = bvh.nodeBox(node);
    Vec3 centre = pose.apply(box.center);
    double len = 1.5 * std::max({box.halfSize.x, box.halfSize.y, box.halfSize.z, 1e-6});
    // The normals the cone must contain (Lemma 3), as plain strokes; flat regions repeat one normal, so only
    // distinct directions are drawn (at most 256).
    const BvhNode& n = bvh.nodes()[node];
    const TriangleMesh& mesh = *m_objects->objects()[object].mesh;
    std::vector<Vec3> seen;
    for (std::uint32_t k = n.firstTri; k < n.firstTri + n.triCount && seen.size() < 256; ++k) {
        Vec3 nm = mesh.faceNormals[bvh.triIndex()[k]];
        if (lengthSquared(nm) == 0) continue;
        nm = normalize(nm);
        bool dup = false;
        for (const Vec3& s : seen) dup = dup || dot(s, nm) > 0.9995;
        if (dup) continue;
        seen.push_back(nm);
        sink.line(centre, centre + pose.R * nm * (0.7 * len), Rgba{0.6f, 0.6f, 0.65f, 1.0f},
                  DebugCategory::BmCone);
    }
    const Vec3* v = cones.cone(node);
    for (int m = 0; m < cones.coneSize(node); ++m)
        sink.arrow(centre, centre + pose.R * normalize(v[m]) * len, Rgba{0.2f, 0.9f, 1.0f, 1.0f},
                   DebugCategory::BmCone);
}

} // namespace cdlab
