// BruteForceCollider: the reference for every discrete query — all triangle pairs, each with a per-triangle
// AABB prefilter and the same exact triangle test and the same transformation of B into A's frame as
// BvhCollider, so both must report exactly the same set of pairs.
#pragma once

#include "collision/BvhCollider.h"

namespace cdlab {

class BruteForceCollider {
public:
    void collide(const CollisionBody& a, const CollisionBody& b, ContactMode mode, CollisionResult& out,
                 DebugSink* sink = nullptr);

private:
    std::vector<Vec3> m_vertB;
    std::vector<Aabb> m_boxA, m_boxB;
};

} // namespace cdlab
