// CullingGuard: may rigid-ccd-bm BM-cull a body pair over a frame? Back-face culling finds the first contact
// of bodies that meet from outside each other's solid (redon2002 assumes it); a body lying inside the other's
// closed surface is met from inside, so the pair is not culled then (collision/SolidContainment.h). The pair
// is classified when its bodies are apart at a frame's start; the answer holds until their surfaces meet, so
// it is kept over the following frames until one reports a contact.
#pragma once

#include "bvh/Bvh.h"
#include "collision/BvhCollider.h"
#include "geometry/Pose.h"
#include "mesh/TriangleMesh.h"
#include "scene/SceneObjects.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <map>
#include <vector>

namespace cdlab {

class CullingGuard {
public:
    /// Forgets every mesh and pair.
    void clear();
    /// A mesh of the scene (once per distinct mesh): whether it bounds a solid (closed, faces outward: the
    /// meshes that get BM-cones) and one vertex per surface piece to test for containment.
    void addMesh(const TriangleMesh& mesh, bool closedOutward);
    /// Sizes the overlap test's scratch memory for `mesh` (see BvhCollider::reserve).
    void reserve(const TriangleMesh& mesh, const Bvh& bvh) { m_collider.reserve(mesh, bvh); }
    /// Starts the scene's `pairs` body pairs unclassified.
    void resetPairs(std::size_t pairs);
    /// May objects a and b (entry `pair` of objects.pairs()) be culled over the frame [t0, t1] that starts
    /// with the world poses p0? Unknown containment counts as inside (not culled).
    bool safe(std::size_t pair, const SceneObjects& objects, const std::vector<const Bvh*>& bvhOf,
              std::uint32_t a, std::uint32_t b, double t0, double t1, const std::vector<Pose>& p0);
    /// Whether the pair's last classification found one body inside the other.
    bool nested(std::size_t pair) const { return m_nesting[pair].nested; }
    /// Whether the pair's surfaces already crossed at the start of the frame last asked about (then
    /// culling is not conservative: it assumes a separated start).
    bool overlapping(std::size_t pair) const { return m_nesting[pair].overlapping; }
    /// The frame [t0, t1] reported no contact for the pair: a classification that held at t0 holds at t1.
    void frameWithoutContact(std::size_t pair, double t0, double t1);

private:
    struct Solid {
        bool closed = false;
        std::vector<std::uint32_t> pieces;
    };
    struct Nesting {
        double from = 1, until = 0; // the frame times over which the classification holds: empty
        bool nested = false;
        bool overlapping = false; ///< surfaces crossing at the frame's start (no classification then)
        /// Does a frame [t0, t1] start within [from, until]? Callers compute t0 as t1 - dt, which misses the
        /// previous frame's end by a rounding error, so frames that meet to 1e-9 of a frame continue.
        bool holdsAt(double t0, double t1) const {
            double slack = 1e-9 * std::fabs(t1 - t0);
            return from - slack <= t0 && t0 <= until + slack;
        }
    };
    /// Does a piece of `inner` (pose pi) lie inside the solid of `outer` (pose po, a closed mesh)? Unknown
    /// counts as inside.
    bool insideSolid(const SceneObjects& objects, const std::vector<const Bvh*>& bvhOf, std::uint32_t inner,
                     const Pose& pi, std::uint32_t outer, const Pose& po) const;

    std::map<const TriangleMesh*, Solid> m_solids;
    std::vector<Nesting> m_nesting;
    BvhCollider m_collider;
};

} // namespace cdlab
