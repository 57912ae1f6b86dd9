// ConvexHull: the convex hull of a point set (a mesh's vertices) in the points' own frame — its vertices,
// outward triangle faces, vertex adjacency and the support mapping that GJK (Gjk.h) and separating bounding
// volumes query. Built with Qhull's reentrant C library (Barber, Dobkin, Huhdanpaa 1996, "The Quickhull
// algorithm for convex hulls"), whose messages go to a buffer of this class, never to stdout or stderr.
//
// Degenerate input is a hull of lower dimension, not an error: one point, a segment (collinear points),
// a flat convex polygon (coplanar points: Qhull refuses a 3-d hull of them, so the polygon is the 2-d hull
// of the points in their plane, Andrew's monotone chain). Empty input and non-finite coordinates throw
// InputError naming the source.
#pragma once

#include "geometry/Vec3.h"
#include "mesh/TriangleMesh.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace cdlab {

class ConvexHull {
public:
    /// What the hull is: a point, a segment, a flat polygon or a solid.
    enum class Dimension : std::uint8_t { Point = 0, Segment = 1, Polygon = 2, Solid = 3 };

    /// Points whose distance to the line (or plane) through the others is at most this fraction of the
    /// points' extent make a segment (or polygon). Points off by so little are dropped with it, so the
    /// hull can miss an input point by this fraction of its extent; exactly collinear or coplanar input
    /// (what generators and files give) loses nothing.
    static constexpr double kFlatTolerance = 1e-12;
    /// Up to this many vertices, support() scans them all; above, it climbs the vertex graph. Measured on
    /// hulls of random points on a sphere, 4,096 random directions, no hint (Release, GCC 12, Xeon 2.5 GHz
    /// under a load of 2): the scan costs about 1.6 ns a vertex (50 ns at 32, 75 ns at 48), the climb from
    /// the best axis extreme 56 ns at 32 vertices, 61 ns at 48, 80 ns at 128, 170 ns at 1,024, 320 ns at
    /// 4,096; they cross between 32 and 48. GJK's hint (the last answer) makes climbs shorter still.
    static constexpr std::size_t kScanLimit = 40;

    ConvexHull() = default;
    /// The hull of `mesh`'s vertices (errors name the mesh).
    static ConvexHull of(const TriangleMesh& mesh);
    /// The hull of `points`; `source` names them in errors ("<mesh door>", a file name).
    static ConvexHull of(const std::vector<Vec3>& points, const std::string& source);

    Dimension dimension() const { return m_dimension; }
    /// Distinct input points that are hull vertices (in input order).
    const std::vector<Vec3>& vertices() const { return m_vertices; }
    /// Triangles over vertices(), counter-clockwise seen from outside: every vertex lies on or behind each
    /// face's plane. A solid's surface; a polygon's fan twice, once per side; none for a point or segment.
    const std::vector<Triangle>& faces() const { return m_faces; }
    /// The hull's edges (each vertex pair once, lower index first): a solid's or polygon's boundary edges
    /// and face diagonals, a segment's one edge.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> edges() const;
    /// The vertices that share an edge with vertex v.
    const std::uint32_t* neighboursBegin(std::uint32_t v) const { return m_adjacency.data() + m_offsets[v]; }
    const std::uint32_t* neighboursEnd(std::uint32_t v) const {
        return m_adjacency.data() + m_offsets[v + 1];
    }

    /// The vertex farthest along `dir` (any of them when several tie; vertices()[0] for a zero direction).
    Vec3 support(const Vec3& dir) const { return m_vertices[supportIndex(dir)]; }
    /// Its index. Above kScanLimit vertices: hill climbing over the vertex graph from the best of the six
    /// axis-extreme vertices (on a convex polytope a vertex no neighbour improves on is the maximum), or
    /// from `hint` when given (a previous answer: GJK's directions change little between iterations).
    std::uint32_t supportIndex(const Vec3& dir, std::int64_t hint = -1) const;

private:
    void setVertices(const std::vector<Vec3>& points, const std::vector<std::uint32_t>& ids);
    void buildAdjacency();

    Dimension m_dimension = Dimension::Point;
    std::vector<Vec3> m_vertices;
    std::vector<Triangle> m_faces;
    std::vector<std::uint32_t> m_offsets{0}, m_adjacency; // compressed rows: the neighbours of each vertex
    std::uint32_t m_extremes[6] = {};                     // the vertices with least/greatest x, y, z
};

} // namespace cdlab
