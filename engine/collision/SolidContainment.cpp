#include "collision/SolidContainment.h"

#include "geometry/Predicates.h"

#include <algorithm>
#include <numeric>

namespace cdlab {

namespace {

/// Does the segment p + s d (s in [0, 1]) pass through the box? Floating point, padded so that rounding
/// never drops a box the segment touches (the exact crossing tests decide).
bool segmentMeetsBox(const Obb& box, const Vec3& p, const Vec3& d) {
    Vec3 o = box.axes * (p - box.center), dir = box.axes * d;
    double pad = 1e-9 * (length(box.center) + length(box.halfSize) + length(p) + length(d)) + 1e-300;
    double lo = 0, hi = 1;
    for (int k = 0; k < 3; ++k) {
        double h = box.halfSize[k] + pad;
        if (dir[k] == 0) {
            if (std::fabs(o[k]) > h) return false;
            continue;
        }
        double a = (-h - o[k]) / dir[k], b = (h - o[k]) / dir[k];
        if (a > b) std::swap(a, b);
        lo = std::max(lo, a), hi = std::min(hi, b);
        if (lo > hi) return false;
    }
    return true;
}

enum class Crossing { None, Exit, Enter, Degenerate };

/// How the segment pq crosses triangle abc, exactly. orient3d(a, b, c, x) > 0 puts x behind the face (on the
/// side opposite its normal (b - a) x (c - a)), so a crossing from behind leaves the solid.
Crossing crossing(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& p, const Vec3& q) {
    int sp = orient3d(a, b, c, p), sq = orient3d(a, b, c, q);
    if (sp == 0 && sq == 0) { // in the face's plane: a zero-area face bounds nothing, a real one is grazed
        bool flat =
            orient2d(a, b, c, 0, 1) == 0 && orient2d(a, b, c, 1, 2) == 0 && orient2d(a, b, c, 0, 2) == 0;
        return flat ? Crossing::None : Crossing::Degenerate;
    }
    if (sp == sq) return Crossing::None;
    int e0 = orient3d(p, q, a, b), e1 = orient3d(p, q, b, c), e2 = orient3d(p, q, c, a);
    if ((e0 < 0 || e1 < 0 || e2 < 0) && (e0 > 0 || e1 > 0 || e2 > 0)) return Crossing::None; // passes beside
    if (e0 == 0 || e1 == 0 || e2 == 0 || sp == 0 || sq == 0) return Crossing::Degenerate; // edge, vertex, end
    return sp > 0 ? Crossing::Exit : Crossing::Enter;
}

/// Signed crossings of the segment p -> q with the mesh; std::nullopt when it grazes anything.
std::optional<int> countCrossings(const TriangleMesh& mesh, const Bvh& bvh, const Vec3& p, const Vec3& q) {
    const Vec3 d = q - p;
    int winding = 0;
    std::vector<std::uint32_t> stack{0};
    while (!stack.empty()) {
        std::uint32_t n = stack.back();
        stack.pop_back();
        if (!segmentMeetsBox(bvh.nodeBox(n), p, d)) continue;
        const BvhNode& node = bvh.nodes()[n];
        if (!node.isLeaf()) {
            stack.push_back(node.firstChild), stack.push_back(node.firstChild + 1);
            continue;
        }
        for (std::uint32_t k = node.firstTri; k < node.firstTri + node.triCount; ++k) {
            Vec3 a, b, c;
            mesh.corners(bvh.triIndex()[k], a, b, c);
            switch (crossing(a, b, c, p, q)) {
            case Crossing::Exit:
                ++winding;
                break;
            case Crossing::Enter:
                --winding;
                break;
            case Crossing::Degenerate:
                return std::nullopt;
            case Crossing::None:
                break;
            }
        }
    }
    return winding;
}

} // namespace

std::optional<int> windingNumber(const TriangleMesh& mesh, const Bvh& bvh, const Vec3& p) {
    if (bvh.empty()) return 0;
    Obb root = bvh.nodeBox(0);
    if (!segmentMeetsBox(root, p, Vec3{})) return 0; // outside every piece
    // Directions with no simple relation to the axes a generator or a modeller aligns faces with.
    static const Vec3 kDirections[] = {{0.5377, 0.6291, 0.5611},   {-0.3931, 0.8127, -0.4302},
                                       {0.7193, -0.2581, -0.6451}, {-0.6011, -0.5513, 0.5787},
                                       {0.1163, -0.9203, 0.3736},  {-0.8692, 0.1379, -0.4747}};
    // Long enough to leave the root box from any point: the end lies outside every face.
    double reach = 2 * (length(p - root.center) + length(root.halfSize)) + 1;
    for (const Vec3& dir : kDirections)
        if (auto w = countCrossings(mesh, bvh, p, p + normalize(dir) * reach)) return w;
    return std::nullopt;
}

std::vector<std::uint32_t> pieceVertices(const TriangleMesh& mesh) {
    // Union-find over positions: seams that repeat a vertex per face do not split a piece.
    const std::vector<std::uint32_t> id = mesh.positionIds();
    std::vector<std::uint32_t> parent(mesh.vertices.size());
    std::iota(parent.begin(), parent.end(), 0u);
    auto find = [&](std::uint32_t x) {
        while (parent[x] != x) x = parent[x] = parent[parent[x]];
        return x;
    };
    for (const Triangle& t : mesh.triangles)
        for (int k = 1; k < 3; ++k) parent[find(id[t[k]])] = find(id[t[0]]);
    std::vector<std::uint32_t> reps;
    std::vector<char> seen(mesh.vertices.size(), 0);
    for (const Triangle& t : mesh.triangles) {
        std::uint32_t root = find(id[t[0]]);
        if (!seen[root]) seen[root] = 1, reps.push_back(t[0]);
    }
    return reps;
}

} // namespace cdlab
