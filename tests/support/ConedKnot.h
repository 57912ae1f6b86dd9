// A curved test mesh with what BM-culling needs, built as redon2002 builds it: shared by the culling suites.
#pragma once

#include "bvh/Bvh.h"
#include "culling/BmConeTree.h"
#include "mesh/ProceduralMeshes.h"

namespace cdlab::test {

/// A torus knot of 800 triangles (normals in every direction), its MinMax OBB tree and bottom-up BM-cones.
struct ConedKnot {
    TriangleMesh mesh = makeTorusKnot(2, 3, 1, 0.25, 800);
    Bvh bvh;
    BmConeTree tree;

    ConedKnot() {
        bvh.build(mesh, {BvType::Obb, SplitRule::MinMax, SplitPosition::Median, 1});
        tree.build(bvh, mesh, BmBuildMode::BottomUp, {});
    }
};

} // namespace cdlab::test
