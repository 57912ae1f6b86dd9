// SurfaceCheck: does a mesh bound its volume with outward-facing triangles? Back-face culling relies on it:
// a body can first be touched from outside only on a face whose outward normal meets the motion (redon2002
// sec. 2, "n_m denotes the outward normal"; Vanecek's test is for polyhedra). Through a hole, or on a face
// wound inwards, a backward-moving face can be hit, so culling there could hide a real contact. Exact
// booleans (CGAL's corefinement) ask more: a closed, consistently oriented 2-manifold, so the edge counts
// below say which of those a mesh misses.
#pragma once

#include "mesh/TriangleMesh.h"

#include <string>

namespace cdlab {

struct SurfaceCheck {
    /// Directed edges u -> v used more often than v -> u, vertices identified by position: edges of holes
    /// and of faces wound against their neighbours. Closed pieces that overlap or share an edge (a door's
    /// boxes and tubes) leave none.
    std::size_t unmatchedEdges = 0;
    /// Undirected edges (vertices identified by position) used by exactly one triangle: the rims of holes.
    std::size_t boundaryEdges = 0;
    /// Undirected edges used by more than two triangles (closed pieces sharing an edge, fins).
    std::size_t nonManifoldEdges = 0;
    /// Undirected edges of exactly two triangles that both traverse it in the same direction: one of the
    /// two is wound against the other.
    std::size_t inconsistentEdges = 0;
    double volume = 0; ///< signed volume (divergence theorem): positive when the normals point out

    bool closedOutward() const { return unmatchedEdges == 0 && volume > 0; }
    /// A closed, consistently oriented 2-manifold edge by edge (what exact booleans need); says nothing
    /// about self-intersections or which way the whole faces.
    bool closed() const { return boundaryEdges == 0 && nonManifoldEdges == 0 && inconsistentEdges == 0; }
    /// "closed, outward" or what fails, naming the counts, e.g. "open: 296 boundary edges, 2 non-manifold
    /// edges".
    std::string describe() const;
    static SurfaceCheck of(const TriangleMesh& mesh);
};

} // namespace cdlab
