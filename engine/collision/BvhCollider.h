// BvhCollider: exact discrete collision between two meshes under rigid poses by simultaneous traversal of
// their BVHs (same BV type), descending the larger node first, with the exact triangle test at the leaves.
//
// Body B is expressed in body A's frame once per query (relative pose); B's vertices and OBBs are transformed
// lazily and cached for the duration of the query, so deep contacts do not transform them repeatedly.
// A collider owns scratch memory: use one per thread.
#pragma once

#include "bvh/Bvh.h"
#include "bvh/BvhTrace.h"
#include "bvh/BvhTraversal.h"
#include "collision/CollisionTypes.h"
#include "geometry/ObbAvx2.h"
#include "geometry/Pose.h"
#include "mesh/TriangleMesh.h"

namespace cdlab {

class DebugSink;

struct CollisionBody {
    const TriangleMesh* mesh = nullptr;
    const Bvh* bvh = nullptr;
    Pose pose;
    std::int32_t debugId = -1; ///< object index written into DebugTag::object
};

class BvhCollider {
public:
    /// Appends the colliding pairs to `out.pairs` and adds to `out.counters`. If `sink` is given, every BV
    /// test (box pair and outcome) and every colliding triangle is drawn into it in world coordinates. If
    /// `trace` is given, the traversal is appended to it as one segment, one step per BV test.
    void collide(const CollisionBody& a, const CollisionBody& b, ContactMode mode, CollisionResult& out,
                 DebugSink* sink = nullptr, BvhTrace* trace = nullptr);
    /// The contacts of collide(..., ContactMode::AllPairs, ...) (the same pairs, sorted), by a traversal that
    /// starts from `front` and leaves it where it stopped (BvhFront.h: temporal coherence for the next query
    /// of the same two bodies). `parentsA`/`parentsB` are bvhParents() of the two trees. The counters are the
    /// work done, which differs from collide's (BvhFront.h says how).
    void collideCoherent(const CollisionBody& a, const CollisionBody& b, const BvhParents& parentsA,
                         const BvhParents& parentsB, BvhFront& front, CollisionResult& out,
                         DebugSink* sink = nullptr);
    /// Sizes (and touches) the scratch memory for queries with `mesh` as body B, so that the first query
    /// after a build does not pay for it: an algorithm's prepare() calls it for every body (issue: a first
    /// frame 7x slower than the next on a 224K-triangle scene).
    void reserve(const TriangleMesh& mesh, const Bvh& bvh);

private:
    /// With front set (and its parents), the coherent traversal; otherwise the plain one from the roots.
    struct FrontRef {
        BvhFront* front = nullptr;
        const BvhParents *parentsA = nullptr, *parentsB = nullptr;
    };
    template <class Policy, bool kWatched>
    void traverse(const CollisionBody& a, const CollisionBody& b, ContactMode mode, CollisionResult& out,
                  DebugSink* sink, BvhTrace* trace, FrontRef front);
    void dispatch(const CollisionBody& a, const CollisionBody& b, ContactMode mode, CollisionResult& out,
                  DebugSink* sink, BvhTrace* trace, FrontRef front);
    void beginQuery(const TriangleMesh& meshB, const Bvh& bvhB);
    const Vec3& vertexB(std::uint32_t v);
    const Obb& obbB(std::uint32_t node);
    const ObbColumns& obbColumnsB(std::uint32_t node);

    friend struct AabbPolicy;
    friend struct ObbPolicy;
    friend struct ObbAvx2Policy;

    Pose m_rel; // B in A's frame
    const TriangleMesh* m_meshB = nullptr;
    const Bvh* m_bvhA = nullptr;
    const Bvh* m_bvhB = nullptr;
    std::uint32_t m_stamp = 0;
    std::vector<Vec3> m_vertB;
    std::vector<std::uint32_t> m_vertStamp;
    std::vector<Obb> m_obbB;               // B's boxes in A's frame (the SSE2 test)...
    std::vector<ObbColumns> m_obbColumnsB; // ...or in column form (the AVX2 test, ObbAvx2.h)
    std::vector<std::uint32_t> m_obbStamp;
    BvhPairStack m_stack;
};

} // namespace cdlab
