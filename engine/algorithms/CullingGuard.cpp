#include "algorithms/CullingGuard.h"

#include "collision/SolidContainment.h"

#include <algorithm>
#include <optional>

namespace cdlab {

void CullingGuard::clear() {
    m_solids.clear();
    m_nesting.clear();
}

void CullingGuard::addMesh(const TriangleMesh& mesh, bool closedOutward) {
    m_solids[&mesh] = {closedOutward, pieceVertices(mesh)};
}

void CullingGuard::resetPairs(std::size_t pairs) {
    m_nesting.assign(pairs, Nesting{});
}

bool CullingGuard::insideSolid(const SceneObjects& objects, const std::vector<const Bvh*>& bvhOf,
                               std::uint32_t inner, const Pose& pi, std::uint32_t outer,
                               const Pose& po) const {
    const auto& objs = objects.objects();
    Pose toOuter = po.inverse() * pi;
    for (std::uint32_t v : m_solids.at(objs[inner].mesh).pieces) {
        std::optional<int> w =
            windingNumber(*objs[outer].mesh, *bvhOf[outer], toOuter.apply(objs[inner].mesh->vertices[v]));
        if (!w || *w != 0) return true;
    }
    return false;
}

bool CullingGuard::safe(std::size_t pair, const SceneObjects& objects, const std::vector<const Bvh*>& bvhOf,
                        std::uint32_t a, std::uint32_t b, double t0, double t1, const std::vector<Pose>& p0) {
    const auto& objs = objects.objects();
    const Solid &solidA = m_solids.at(objs[a].mesh), &solidB = m_solids.at(objs[b].mesh);
    if (!solidA.closed && !solidB.closed) return false; // neither has BM-cones
    Nesting& n = m_nesting[pair];
    if (n.holdsAt(t0, t1)) return !n.nested;
    n = Nesting{};
    // Only apart bodies have a classification that lasts. Bodies that already overlap at t0 are culled as
    // before: back-face culling finds the first contact of bodies that start apart, and is not asked more.
    CollisionResult overlap;
    m_collider.collide({objs[a].mesh, bvhOf[a], p0[a]}, {objs[b].mesh, bvhOf[b], p0[b]},
                       ContactMode::FirstContact, overlap);
    n.overlapping = overlap.colliding();
    if (n.overlapping) return true;
    // Culling a body's nodes assumes the other body meets it from outside its solid; a body inside the
    // other's solid is itself met from outside, but the other body is not.
    n.nested = (solidA.closed && insideSolid(objects, bvhOf, b, p0[b], a, p0[a])) ||
               (solidB.closed && insideSolid(objects, bvhOf, a, p0[a], b, p0[b]));
    n.from = n.until = t0;
    return !n.nested;
}

void CullingGuard::frameWithoutContact(std::size_t pair, double t0, double t1) {
    // Apart at t0 and no contact over the frame: still apart at t1, the classification still holds.
    Nesting& n = m_nesting[pair];
    if (n.holdsAt(t0, t1)) n.until = std::max(n.until, t1);
}

} // namespace cdlab
