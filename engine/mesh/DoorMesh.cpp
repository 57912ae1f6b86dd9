// Door model: the stand-in for redon2002's Renault car doors (Table 1: two 3,530-triangle doors). A polygon
// soup of a lower slab, sill, stiles and top rail framing a glazed window, a rounded top edge, raised
// mouldings on both faces, lever handles with rosettes on both faces and three hinges — the curved parts make
// the normals vary, as BM-culling needs.
#include "mesh/MeshBuilder.h"
#include "mesh/ProceduralMeshes.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace cdlab {

namespace {

constexpr double kPi = std::numbers::pi;

int scaled(double base, double f) {
    return std::max(2, static_cast<int>(std::lround(base * f)));
}

/// Rounded rectangle in the plane z = `z` (corner arcs only; straight runs join consecutive corners).
void roundedLoop(std::vector<Vec3>& pts, std::vector<std::pair<Vec3, Vec3>>& frames, const Vec3& lo,
                 const Vec3& hi, double radius, double z, int arcPoints, const Vec3& up) {
    const Vec3 centres[4] = {{hi.x - radius, lo.y + radius, z},
                             {hi.x - radius, hi.y - radius, z},
                             {lo.x + radius, hi.y - radius, z},
                             {lo.x + radius, lo.y + radius, z}};
    for (int c = 0; c < 4; ++c)
        for (int k = 0; k < arcPoints; ++k) {
            double a = kPi / 2 * (c - 1) + kPi / 2 * k / (arcPoints - 1);
            Vec3 dir{std::cos(a), std::sin(a), 0};
            Vec3 tangent = up.z > 0 ? Vec3{-dir.y, dir.x, 0} : Vec3{dir.y, -dir.x, 0};
            pts.push_back(centres[c] + dir * radius);
            frames.push_back({cross(up, tangent), up});
        }
    if (up.z < 0) std::reverse(pts.begin(), pts.end()), std::reverse(frames.begin(), frames.end());
}

/// Lever handle in the door's front half-space: a bent tube from the rosette out of the face, then toward
/// the hinge side; `pose` places it (identity: front face).
void lever(MeshBuilder& b, const Vec3& at, double thickness, double f, const Pose& pose) {
    // Rosette: a low disc on the face.
    b.revolution({{0, 0}, {0.03, 0}, {0.03, 0.006}, {0.022, 0.012}, {0, 0.012}}, scaled(16, f),
                 pose * Pose{Mat3{}, at + Vec3{0, 0, thickness / 2}});
    std::vector<Vec3> centre;
    std::vector<std::pair<Vec3, Vec3>> frames;
    const Vec3 up{0, 1, 0}; // the lever lies in the plane y = const
    int arc = scaled(8, f);
    double r = 0.035;
    Vec3 c0 = at + Vec3{-r, 0, thickness / 2 + 0.012};
    for (int k = 0; k < arc; ++k) { // quarter arc from +z toward -x
        double a = kPi / 2 * k / (arc - 1);
        Vec3 p = c0 + Vec3{r * std::cos(a), 0, r * std::sin(a)};
        Vec3 tangent{-std::sin(a), 0, std::cos(a)};
        centre.push_back(p);
        frames.push_back({cross(up, tangent), up});
    }
    int straight = scaled(6, f);
    Vec3 start = centre.back();
    for (int k = 1; k <= straight; ++k) {
        centre.push_back(start + Vec3{-0.11 * k / straight, 0, 0});
        frames.push_back({cross(up, Vec3{-1, 0, 0}), up});
    }
    for (auto& p : centre) p = pose.apply(p);
    for (auto& fr : frames) fr = {pose.R * fr.first, pose.R * fr.second};
    b.tube(centre, frames, 0.009, scaled(8, f), false);
}

} // namespace

TriangleMesh makeDoor(double width, double height, double thickness, std::size_t targetTriangles) {
    // Piece resolutions scale with sqrt(target); calibrated so the default lands near 3,500 triangles.
    double f = std::sqrt(double(targetTriangles) / 3300.0);
    const double W = width, H = height, T = thickness, t2 = T / 2;
    const double sill = 0.42 * H, rail = 0.05 * H, stile = 0.13 * W, top = 0.12 * H;
    TriangleMesh m;
    m.name = "door";
    MeshBuilder b(m);
    b.box({0, 0, -t2}, {W, sill, t2}, scaled(7, f));                                // lower slab
    b.box({0, sill, -t2}, {W, sill + rail, t2}, scaled(3, f));                      // sill
    b.box({0, sill + rail, -t2}, {stile, H - top, t2}, scaled(3, f));               // hinge-side stile
    b.box({W - stile, sill + rail, -t2}, {W, H - top, t2}, scaled(3, f));           // lock-side stile
    b.box({0, H - top, -t2}, {W, H - t2, t2}, scaled(3, f));                        // top rail
    b.box({stile, sill + rail, -0.004}, {W - stile, H - top, 0.004}, scaled(2, f)); // glass
    {                                                                               // rounded top edge
        std::vector<Vec3> c;
        std::vector<std::pair<Vec3, Vec3>> fr;
        int n = scaled(10, f);
        for (int k = 0; k < n; ++k) {
            c.push_back({W * k / (n - 1), H - t2, 0});
            fr.push_back({{0, 1, 0}, {0, 0, 1}});
        }
        b.tube(c, fr, t2, scaled(16, f), false);
    }
    for (double side : {1.0, -1.0}) { // raised mouldings on both faces of the slab
        std::vector<Vec3> c;
        std::vector<std::pair<Vec3, Vec3>> fr;
        roundedLoop(c, fr, {0.12, 0.1, 0}, {W - 0.12, sill - 0.1, 0}, 0.06, side * t2, scaled(12, f),
                    {0, 0, side});
        b.tube(c, fr, 0.012, scaled(6, f), true);
    }
    Vec3 handle{W - 0.1, 0.46 * H, 0};
    lever(b, handle, T, f, Pose{});
    // Back face: half a turn about the handle's horizontal line keeps the lever pointing at the hinges.
    lever(b, handle, T, f, Pose{rotationAxisAngle({1, 0, 0}, kPi), {0, 2 * handle.y, 0}});
    for (double y : {0.1 * H, 0.5 * H, 0.9 * H}) // hinges: short cylinders along y on the hinge edge
        b.revolution({{0, 0}, {0.012, 0}, {0.012, 0.09}, {0, 0.09}}, scaled(12, f),
                     Pose{rotationAxisAngle({1, 0, 0}, -kPi / 2), {-0.006, y, t2 - 0.012}});
    m.weldAndClean();
    return m;
}

} // namespace cdlab
