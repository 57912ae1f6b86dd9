#include "bvh/Bvh.h"

#include "core/Assert.h"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <chrono>
#include <cstring>

namespace cdlab {

namespace {

/// Relative inflation of every bounding volume: absorbs the rounding of rigid transforms and of the box test,
/// so culling stays conservative with respect to the exact triangle test on transformed vertices.
constexpr double kInflate = 1e-10;

struct NamedEnum {
    const char* name;
    int value;
};
constexpr NamedEnum kBvNames[] = {{"aabb", int(BvType::Aabb)}, {"obb", int(BvType::Obb)}};
constexpr NamedEnum kRuleNames[] = {{"longest", int(SplitRule::LongestSide)},
                                    {"minmax", int(SplitRule::MinMax)},
                                    {"minsum", int(SplitRule::MinSum)},
                                    {"splatter", int(SplitRule::Splatter)}};
constexpr NamedEnum kPosNames[] = {{"mean", int(SplitPosition::Mean)},
                                   {"median", int(SplitPosition::Median)}};

template <std::size_t N> const char* nameOf(const NamedEnum (&table)[N], int v) {
    for (const auto& e : table)
        if (e.value == v) return e.name;
    return "?";
}
template <std::size_t N, class E> bool parseEnum(const NamedEnum (&table)[N], const std::string& s, E& out) {
    for (const auto& e : table)
        if (s == e.name) {
            out = static_cast<E>(e.value);
            return true;
        }
    return false;
}

} // namespace

std::string toString(const BvhBuildOptions& o) {
    return std::string(toString(o.bvType)) + " " + toString(o.splitRule) + "/" + toString(o.splitPosition) +
           " leaf " + std::to_string(o.maxLeafTriangles);
}

const char* toString(BvType t) {
    return nameOf(kBvNames, int(t));
}
const char* toString(SplitRule r) {
    return nameOf(kRuleNames, int(r));
}
const char* toString(SplitPosition p) {
    return nameOf(kPosNames, int(p));
}
bool parseBvType(const std::string& s, BvType& out) {
    return parseEnum(kBvNames, s, out);
}
bool parseSplitRule(const std::string& s, SplitRule& out) {
    return parseEnum(kRuleNames, s, out);
}
bool parseSplitPosition(const std::string& s, SplitPosition& out) {
    return parseEnum(kPosNames, s, out);
}

struct Bvh::Builder {
    const TriangleMesh& mesh;
    Bvh& bvh;
    const Progress& progress;
    std::vector<Vec3> centroids;
    std::vector<double> proj; // scratch: centroid projections
    double inflate = 0;
    std::size_t placed = 0, nextReport = 0;

    Builder(const TriangleMesh& m, Bvh& b, const Progress& p) : mesh(m), bvh(b), progress(p) {}

    /// Frame used for fitting and splitting: identity for AABB trees, the covariance eigenvectors for OBBs.
    Mat3 fitFrame(std::uint32_t begin, std::uint32_t end) const {
        if (bvh.m_options.bvType == BvType::Aabb) return Mat3::identity();
        // Area-weighted covariance of the triangles (continuous formulation, Gottschalk 1996) so that dense
        // tessellation in one region does not tilt the box.
        Eigen::Matrix3d c = Eigen::Matrix3d::Zero();
        Eigen::Vector3d mean = Eigen::Vector3d::Zero();
        double area = 0;
        for (std::uint32_t k = begin; k < end; ++k) {
            Vec3 a, b, cc;
            mesh.corners(bvh.m_triIndex[k], a, b, cc);
            double w = 0.5 * length(cross(b - a, cc - a));
            Eigen::Vector3d p(a.x, a.y, a.z), q(b.x, b.y, b.z), r(cc.x, cc.y, cc.z), m = (p + q + r) / 3;
            c += (w / 12) *
                 (9 * m * m.transpose() + p * p.transpose() + q * q.transpose() + r * r.transpose());
            mean += w * m;
            area += w;
        }
        if (area <= 0) { // all degenerate: covariance of the vertices
            c.setZero();
            mean.setZero();
            for (std::uint32_t k = begin; k < end; ++k)
                for (std::uint32_t v : mesh.triangles[bvh.m_triIndex[k]]) {
                    Eigen::Vector3d p(mesh.vertices[v].x, mesh.vertices[v].y, mesh.vertices[v].z);
                    c += p * p.transpose();
                    mean += p;
                    area += 1;
                }
        }
        mean /= area;
        c = c / area - mean * mean.transpose();
        Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> solver(c);
        Eigen::Matrix3d e = solver.eigenvectors();
        if (solver.info() != Eigen::Success || !e.allFinite()) return Mat3::identity();
        Vec3 x{e(0, 2), e(1, 2), e(2, 2)}, y{e(0, 1), e(1, 1), e(2, 1)};
        x = normalize(x);
        y = normalize(y - x * dot(x, y));
        Mat3 f;
        f.r[0] = x, f.r[1] = y, f.r[2] = cross(x, y); // right-handed, largest spread first
        return f;
    }

    /// Box (in `frame`) of the vertices of triangles [begin, end).
    Obb fitBox(const Mat3& frame, std::uint32_t begin, std::uint32_t end) const {
        Vec3 lo{1e300, 1e300, 1e300}, hi{-1e300, -1e300, -1e300};
        for (std::uint32_t k = begin; k < end; ++k)
            for (std::uint32_t v : mesh.triangles[bvh.m_triIndex[k]]) {
                Vec3 p = frame * mesh.vertices[v];
                lo = vmin(lo, p), hi = vmax(hi, p);
            }
        return boxFromRange(frame, lo, hi);
    }

    Obb boxFromRange(const Mat3& frame, const Vec3& lo, const Vec3& hi) const {
        Vec3 mid = (lo + hi) * 0.5;
        Obb box;
        box.axes = frame;
        box.center = frame.mulTransposed(mid);
        box.halfSize = (hi - lo) * 0.5 + Vec3{inflate, inflate, inflate};
        return box;
    }

    static double volume(const Obb& box) { return box.halfSize.x * box.halfSize.y * box.halfSize.z; }

    static double volume(const Vec3& lo, const Vec3& hi) {
        Vec3 e = hi - lo;
        return e.x * e.y * e.z;
    }

    /// Partitions triIndex[begin, end) along `axis` (a frame row) and returns the split point.
    std::uint32_t partition(const Vec3& axis, std::uint32_t begin, std::uint32_t end) {
        auto* idx = bvh.m_triIndex.data();
        std::uint32_t mid = begin + (end - begin) / 2;
        if (bvh.m_options.splitPosition == SplitPosition::Mean) {
            double mean = 0;
            for (std::uint32_t k = begin; k < end; ++k) mean += dot(axis, centroids[idx[k]]);
            mean /= (end - begin);
            auto* it = std::partition(idx + begin, idx + end,
                                      [&](std::uint32_t t) { return dot(axis, centroids[t]) < mean; });
            auto split = static_cast<std::uint32_t>(it - idx);
            if (split != begin && split != end) return split;
            // all centroids on one side (coincident centroids): fall back to the median
        }
        std::nth_element(idx + begin, idx + mid, idx + end, [&](std::uint32_t a, std::uint32_t b) {
            return dot(axis, centroids[a]) < dot(axis, centroids[b]);
        });
        return mid;
    }

    /// Child box volumes (in `frame`) for the split along frame row `k`.
    double splitCost(const Mat3& frame, int k, std::uint32_t begin, std::uint32_t end, bool useMax) {
        std::uint32_t split = partition(frame.r[k], begin, end);
        auto childVolume = [&](std::uint32_t b, std::uint32_t e) {
            Vec3 lo{1e300, 1e300, 1e300}, hi{-1e300, -1e300, -1e300};
            for (std::uint32_t t = b; t < e; ++t)
                for (std::uint32_t v : mesh.triangles[bvh.m_triIndex[t]]) {
                    Vec3 p = frame * mesh.vertices[v];
                    lo = vmin(lo, p), hi = vmax(hi, p);
                }
            return volume(lo, hi);
        };
        double va = childVolume(begin, split), vb = childVolume(split, end);
        return useMax ? std::max(va, vb) : va + vb;
    }

    int chooseAxis(const Mat3& frame, const Obb& box, std::uint32_t begin, std::uint32_t end) {
        switch (bvh.m_options.splitRule) {
        case SplitRule::LongestSide: {
            const Vec3& h = box.halfSize;
            return h.x >= h.y ? (h.x >= h.z ? 0 : 2) : (h.y >= h.z ? 1 : 2);
        }
        case SplitRule::Splatter: {
            int best = 0;
            double bestVar = -1;
            for (int k = 0; k < 3; ++k) {
                double s = 0, s2 = 0;
                for (std::uint32_t t = begin; t < end; ++t) {
                    double x = dot(frame.r[k], centroids[bvh.m_triIndex[t]]);
                    s += x, s2 += x * x;
                }
                double n = end - begin, var = s2 / n - (s / n) * (s / n);
                if (var > bestVar) bestVar = var, best = k;
            }
            return best;
        }
        case SplitRule::MinMax:
        case SplitRule::MinSum: {
            bool useMax = bvh.m_options.splitRule == SplitRule::MinMax;
            int best = 0;
            double bestCost = 1e300;
            for (int k = 0; k < 3; ++k) {
                double c = splitCost(frame, k, begin, end, useMax);
                if (c < bestCost) bestCost = c, best = k;
            }
            return best;
        }
        }
        return 0;
    }

    void setVolume(std::uint32_t node, const Obb& box) {
        if (bvh.m_options.bvType == BvType::Aabb) {
            bvh.m_aabbs[node] = Aabb{box.center - box.halfSize, box.center + box.halfSize};
        } else {
            bvh.m_obbs[node] = box;
        }
        bvh.m_nodes[node].size = static_cast<float>(maxComponent(box.halfSize));
    }

    void run() {
        std::size_t n = mesh.triangles.size();
        centroids.resize(n);
        for (std::size_t t = 0; t < n; ++t) {
            Vec3 a, b, c;
            mesh.corners(t, a, b, c);
            centroids[t] = (a + b + c) / 3.0;
        }
        Aabb all = mesh.bounds();
        inflate = kInflate * (maxComponent(vmax(vabs(all.lo), vabs(all.hi))) + maxComponent(all.extent()));
        nextReport = n / 100;

        struct Task {
            std::uint32_t node, begin, end;
            std::uint16_t depth;
        };
        std::vector<Task> stack{{0, 0, static_cast<std::uint32_t>(n), 0}};
        bvh.m_nodes.emplace_back();
        if (bvh.m_options.bvType == BvType::Aabb)
            bvh.m_aabbs.emplace_back();
        else
            bvh.m_obbs.emplace_back();
        while (!stack.empty()) {
            Task task = stack.back();
            stack.pop_back();
            BvhNode& node = bvh.m_nodes[task.node];
            node.firstTri = task.begin;
            node.triCount = task.end - task.begin;
            node.depth = task.depth;
            bvh.m_stats.maxDepth = std::max<std::size_t>(bvh.m_stats.maxDepth, task.depth);
            Mat3 frame = fitFrame(task.begin, task.end);
            Obb box = fitBox(frame, task.begin, task.end);
            if (bvh.m_options.bvType == BvType::Obb) {
                // The covariance frame is tilted wherever a node mixes parts of different sizes (a door's
                // slab corner with a moulding): the box in the mesh's own axes is then smaller, and models
                // built from axis-aligned parts (CAD) have many such nodes. Keep the smaller of the two.
                Obb aligned = fitBox(Mat3::identity(), task.begin, task.end);
                if (volume(aligned) < volume(box)) frame = Mat3::identity(), box = aligned;
            }
            setVolume(task.node, box);
            if (node.triCount <= static_cast<std::uint32_t>(bvh.m_options.maxLeafTriangles)) {
                placed += node.triCount;
                if (progress && placed >= nextReport) {
                    progress(double(placed) / n);
                    nextReport = placed + n / 100;
                }
                continue;
            }
            int axis = chooseAxis(frame, box, task.begin, task.end);
            std::uint32_t split = partition(frame.r[axis], task.begin, task.end);
            auto child = static_cast<std::uint32_t>(bvh.m_nodes.size());
            node.firstChild = child; // `node` is invalidated by the emplace_backs below
            bvh.m_nodes.emplace_back();
            bvh.m_nodes.emplace_back();
            if (bvh.m_options.bvType == BvType::Aabb)
                bvh.m_aabbs.resize(bvh.m_nodes.size());
            else
                bvh.m_obbs.resize(bvh.m_nodes.size());
            auto d = static_cast<std::uint16_t>(task.depth + 1);
            stack.push_back({child + 1, split, task.end, d});
            stack.push_back({child, task.begin, split, d});
        }
        if (progress) progress(1.0);
    }
};

void Bvh::build(const TriangleMesh& mesh, const BvhBuildOptions& options, const Progress& progress) {
    auto start = std::chrono::steady_clock::now();
    m_options = options;
    m_options.maxLeafTriangles = std::max(1, options.maxLeafTriangles);
    m_nodes.clear(), m_aabbs.clear(), m_obbs.clear();
    m_stats = {};
    m_triIndex.resize(mesh.triangles.size());
    for (std::size_t i = 0; i < m_triIndex.size(); ++i) m_triIndex[i] = static_cast<std::uint32_t>(i);
    std::size_t reserve = 2 * mesh.triangles.size() / m_options.maxLeafTriangles + 1;
    m_nodes.reserve(reserve);
    if (m_options.bvType == BvType::Aabb)
        m_aabbs.reserve(reserve);
    else
        m_obbs.reserve(reserve);
    if (!mesh.triangles.empty()) Builder(mesh, *this, progress).run();
    m_nodes.shrink_to_fit(), m_aabbs.shrink_to_fit(), m_obbs.shrink_to_fit();
    m_stats.nodes = m_nodes.size();
    for (const BvhNode& nd : m_nodes) m_stats.leaves += nd.isLeaf() ? 1 : 0;
#ifdef CDLAB_ENABLE_ASSERTS
    // The traversals rely on these: children after their parent (refit's reverse sweep is bottom-up), one
    // level deeper, covering exactly the parent's triangles; the leaves together hold every triangle once.
    std::size_t leafTriangles = 0;
    for (std::size_t i = 0; i < m_nodes.size(); ++i) {
        const BvhNode& nd = m_nodes[i];
        if (nd.isLeaf()) {
            leafTriangles += nd.triCount;
            continue;
        }
        CDLAB_ASSERT(nd.firstChild > i && nd.firstChild + 1 < m_nodes.size(), "children follow their parent");
        const BvhNode &l = m_nodes[nd.firstChild], &r = m_nodes[nd.firstChild + 1];
        CDLAB_ASSERT(l.depth == nd.depth + 1 && r.depth == nd.depth + 1, "children are one level deeper");
        CDLAB_ASSERT(l.firstTri == nd.firstTri && r.firstTri == l.firstTri + l.triCount &&
                         l.triCount + r.triCount == nd.triCount,
                     "children split their parent's triangles");
    }
    CDLAB_ASSERT(leafTriangles == mesh.triangles.size(), "the leaves hold every triangle once");
#endif
    m_stats.memoryBytes = m_nodes.capacity() * sizeof(BvhNode) + m_aabbs.capacity() * sizeof(Aabb) +
                          m_obbs.capacity() * sizeof(Obb) + m_triIndex.capacity() * sizeof(std::uint32_t);
    m_stats.buildSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void Bvh::refit(const TriangleMesh& mesh) {
    Progress none;
    Builder b(mesh, *this, none);
    Aabb all = mesh.bounds();
    b.inflate = kInflate * (maxComponent(vmax(vabs(all.lo), vabs(all.hi))) + maxComponent(all.extent()));
    // Children always have larger indices than their parent: a reverse sweep is bottom-up.
    for (std::size_t i = m_nodes.size(); i-- > 0;) {
        const BvhNode& nd = m_nodes[i];
        Mat3 frame = m_options.bvType == BvType::Aabb ? Mat3::identity() : m_obbs[i].axes;
        if (nd.isLeaf()) {
            b.setVolume(static_cast<std::uint32_t>(i),
                        b.fitBox(frame, nd.firstTri, nd.firstTri + nd.triCount));
            continue;
        }
        Vec3 lo{1e300, 1e300, 1e300}, hi{-1e300, -1e300, -1e300};
        for (std::uint32_t c = nd.firstChild; c <= nd.firstChild + 1; ++c) {
            Obb child = nodeBox(c);
            for (int k = 0; k < 8; ++k) {
                Vec3 p = frame * child.corner(k);
                lo = vmin(lo, p), hi = vmax(hi, p);
            }
        }
        Obb box = b.boxFromRange(frame, lo, hi);
        b.setVolume(static_cast<std::uint32_t>(i), box);
    }
}

Obb Bvh::nodeBox(std::size_t node) const {
    if (m_options.bvType == BvType::Obb) return m_obbs[node];
    const Aabb& a = m_aabbs[node];
    return Obb{a.center(), Mat3::identity(), a.extent() * 0.5};
}

} // namespace cdlab
