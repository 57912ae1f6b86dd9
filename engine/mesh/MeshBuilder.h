// MeshBuilder: appends primitive pieces (quad grids, boxes, tubes along curves, surfaces of revolution) to a
// TriangleMesh; the procedural generators are compositions of these. Pieces are counter-clockwise seen from
// outside (outward normals) and may overlap: the result is a polygon soup.
#pragma once

#include "geometry/Pose.h"
#include "mesh/TriangleMesh.h"

#include <utility>
#include <vector>

namespace cdlab {

class MeshBuilder {
public:
    explicit MeshBuilder(TriangleMesh& mesh) : m_mesh(mesh) {}

    std::uint32_t vertex(const Vec3& v);
    /// nu x nv quads spanning origin + [0,1] du + [0,1] dv, facing du x dv.
    void grid(const Vec3& origin, const Vec3& du, const Vec3& dv, int nu, int nv);
    /// Axis-aligned box [lo, hi] (in `pose`'s frame), each face an n x n grid.
    void box(const Vec3& lo, const Vec3& hi, int n, const Pose& pose = {});
    /// The same box with each face's grid points computed per axis from the corners, so neighbouring faces
    /// share their edge points bit for bit even where lo + (hi - lo) != hi: closed by position for any
    /// corners (box keeps its arithmetic: meshes built with it are pinned by the golden hashes).
    void block(const Vec3& lo, const Vec3& hi, int n, const Pose& pose = {});
    /// Tube of radius `radius` around a polyline centreline with per-point frames (normal, binormal ⟂
    /// tangent): closed loops wrap around, open tubes get flat end caps.
    void tube(const std::vector<Vec3>& centre, const std::vector<std::pair<Vec3, Vec3>>& frames,
              double radius, int sides, bool closed);
    /// Rotates an (r, z) profile about z in `slices` steps (in `pose`'s frame); r = 0 rings collapse on weld.
    void revolution(const std::vector<std::pair<double, double>>& profile, int slices, const Pose& pose = {});
    /// Closed loops stacked bottom to top and joined into one surface (in `pose`'s frame). Every loop has the
    /// same number of points, counter-clockwise seen from above, except the first and the last, which may be
    /// single points (poles, joined by fans): with both poles the result is closed and outward.
    void rings(const std::vector<std::vector<Vec3>>& loops, const Pose& pose = {});

private:
    TriangleMesh& m_mesh;
};

} // namespace cdlab
