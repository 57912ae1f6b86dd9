// BvhReferenceBuilder: the plain serial top-down build (one node at a time, depth first, each node's
// covariance and boxes summed from its triangles' vertices). The fast build (BvhBuilder) must produce the
// same tree, node for node and bit for bit; the tests compare the two on fixed-seed meshes.
#pragma once

#include "bvh/Bvh.h"

namespace cdlab {

class BvhReferenceBuilder {
public:
    /// Fills `out`'s nodes, volumes and stats.maxDepth; out.m_triIndex must hold 0..n-1 and the node arrays
    /// must be empty.
    static void run(const TriangleMesh& mesh, Bvh& out);
};

} // namespace cdlab
