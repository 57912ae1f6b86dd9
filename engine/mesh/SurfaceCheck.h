// SurfaceCheck: does a mesh bound its volume with outward-facing triangles? Back-face culling relies on it:
// a body can first be touched from outside only on a face whose outward normal meets the motion (redon2002
// sec. 2, "n_m denotes the outward normal"; Vanecek's test is for polyhedra). Through a hole, or on a face
// wound inwards, a backward-moving face can be hit, so culling there could hide a real contact.
#pragma once

#include "mesh/TriangleMesh.h"

#include <string>

namespace cdlab {

struct SurfaceCheck {
    /// Directed edges u -> v used more often than v -> u, vertices identified by position: edges of holes
    /// and of faces wound against their neighbours. Closed pieces that overlap or share an edge (a door's
    /// boxes and tubes) leave none.
    std::size_t unmatchedEdges = 0;
    double volume = 0; ///< signed volume (divergence theorem): positive when the normals point out

    bool closedOutward() const { return unmatchedEdges == 0 && volume > 0; }
    /// "closed, outward" or what fails, e.g. "open or inconsistently wound: 296 unmatched edges".
    std::string describe() const;
    static SurfaceCheck of(const TriangleMesh& mesh);
};

} // namespace cdlab
