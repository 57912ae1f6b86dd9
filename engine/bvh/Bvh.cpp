#include "bvh/Bvh.h"

#include "bvh/BvhBuilder.h"
#include "bvh/BvhFit.h"
#include "bvh/BvhReferenceBuilder.h"
#include "core/Assert.h"

#include <algorithm>
#include <chrono>

namespace cdlab {

namespace {

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

void Bvh::start(const TriangleMesh& mesh, const BvhBuildOptions& options) {
    m_options = options;
    m_options.maxLeafTriangles = std::max(1, options.maxLeafTriangles);
    m_nodes.clear(), m_aabbs.clear(), m_obbs.clear();
    m_stats = {};
    m_triIndex.resize(mesh.triangles.size());
    for (std::size_t i = 0; i < m_triIndex.size(); ++i) m_triIndex[i] = static_cast<std::uint32_t>(i);
}

void Bvh::build(const TriangleMesh& mesh, const BvhBuildOptions& options, const Progress& progress) {
    auto begin = std::chrono::steady_clock::now();
    start(mesh, options);
    if (!mesh.triangles.empty()) BvhBuilder(mesh, *this, options.threads, progress).run();
    finish(mesh, std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count());
}

void Bvh::buildReference(const TriangleMesh& mesh, const BvhBuildOptions& options) {
    auto begin = std::chrono::steady_clock::now();
    start(mesh, options);
    if (!mesh.triangles.empty()) BvhReferenceBuilder::run(mesh, *this);
    finish(mesh, std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count());
}

void Bvh::finish(const TriangleMesh& mesh, double seconds) {
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
    m_stats.buildSeconds = seconds;
}

void Bvh::refit(const TriangleMesh& mesh) {
    std::vector<Vec3> noCentroids;
    BvhFit b{mesh, m_options, m_triIndex.data(), noCentroids, bvhInflation(mesh)};
    auto setVolume = [&](std::size_t i, const Obb& box) {
        if (m_options.bvType == BvType::Aabb)
            m_aabbs[i] = Aabb{box.center - box.halfSize, box.center + box.halfSize};
        else
            m_obbs[i] = box;
        m_nodes[i].size = static_cast<float>(maxComponent(box.halfSize));
    };
    // Children always have larger indices than their parent: a reverse sweep is bottom-up.
    for (std::size_t i = m_nodes.size(); i-- > 0;) {
        const BvhNode& nd = m_nodes[i];
        Mat3 frame = m_options.bvType == BvType::Aabb ? Mat3::identity() : m_obbs[i].axes;
        if (nd.isLeaf()) {
            setVolume(i, b.fitBox(frame, nd.firstTri, nd.firstTri + nd.triCount));
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
        setVolume(i, b.boxFromRange(frame, lo, hi));
    }
}

bool Bvh::sameTree(const Bvh& o) const {
    if (toString(m_options) != toString(o.m_options) || m_nodes.size() != o.m_nodes.size() ||
        m_triIndex != o.m_triIndex)
        return false;
    for (std::size_t i = 0; i < m_nodes.size(); ++i) {
        const BvhNode &a = m_nodes[i], &b = o.m_nodes[i];
        if (a.firstChild != b.firstChild || a.firstTri != b.firstTri || a.triCount != b.triCount ||
            a.depth != b.depth || a.size != b.size)
            return false;
    }
    for (std::size_t i = 0; i < m_obbs.size(); ++i)
        if (!(m_obbs[i].center == o.m_obbs[i].center && m_obbs[i].axes == o.m_obbs[i].axes &&
              m_obbs[i].halfSize == o.m_obbs[i].halfSize))
            return false;
    for (std::size_t i = 0; i < m_aabbs.size(); ++i)
        if (!(m_aabbs[i].lo == o.m_aabbs[i].lo && m_aabbs[i].hi == o.m_aabbs[i].hi)) return false;
    return true;
}

Obb Bvh::nodeBox(std::size_t node) const {
    if (m_options.bvType == BvType::Obb) return m_obbs[node];
    const Aabb& a = m_aabbs[node];
    return Obb{a.center(), Mat3::identity(), a.extent() * 0.5};
}

} // namespace cdlab
