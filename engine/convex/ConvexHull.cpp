#include "convex/ConvexHull.h"

#include "core/InputError.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <numeric>

extern "C" {
#include <libqhull_r/qhull_ra.h>
}

namespace cdlab {

namespace {

/// Qhull's error stream: an in-memory FILE (POSIX open_memstream), so that nothing reaches stdout or stderr
/// and a failure can quote Qhull's own message.
class MessageBuffer {
public:
    MessageBuffer() : m_file(open_memstream(&m_data, &m_size)) {}
    ~MessageBuffer() {
        if (m_file) std::fclose(m_file);
        std::free(m_data);
    }
    FILE* file() const { return m_file; }
    /// The first line Qhull wrote ("QH6154 Qhull precision error: initial simplex is flat ...").
    std::string firstLine() {
        if (!m_file) return "";
        std::fflush(m_file);
        std::string s(m_data ? m_data : "", m_size);
        s = s.substr(0, s.find('\n'));
        return s.empty() ? "no message" : s;
    }

private:
    char* m_data = nullptr;
    std::size_t m_size = 0;
    FILE* m_file;
};

/// The input's distinct positions in input order (-0 and +0 are one position).
std::vector<Vec3> distinctPoints(const std::vector<Vec3>& points) {
    std::vector<std::uint32_t> order(points.size());
    std::iota(order.begin(), order.end(), 0u);
    auto less = [&](std::uint32_t a, std::uint32_t b) {
        const Vec3 &p = points[a], &q = points[b];
        if (p.x != q.x) return p.x < q.x;
        if (p.y != q.y) return p.y < q.y;
        if (p.z != q.z) return p.z < q.z;
        return a < b;
    };
    std::sort(order.begin(), order.end(), less);
    std::vector<bool> keep(points.size(), false);
    for (std::size_t k = 0; k < order.size(); ++k)
        keep[order[k]] = k == 0 || !(points[order[k]] == points[order[k - 1]]);
    std::vector<Vec3> out;
    for (std::size_t i = 0; i < points.size(); ++i)
        if (keep[i]) out.push_back(points[i]);
    return out;
}

/// The 2-d convex hull of `p` (Andrew's monotone chain), counter-clockwise, without collinear boundary
/// points (a turn within `flat` of the sides' lengths counts as none: points collinear but for rounding,
/// each within `flat` of the hull's size from it): indices into p.
std::vector<std::uint32_t> hull2d(const std::vector<std::pair<double, double>>& p, double flat) {
    std::vector<std::uint32_t> order(p.size());
    std::iota(order.begin(), order.end(), 0u);
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return p[a] < p[b]; });
    auto turn = [&](std::uint32_t o, std::uint32_t a, std::uint32_t b) { // > 0: a left turn
        const double ax = p[a].first - p[o].first, ay = p[a].second - p[o].second;
        const double bx = p[b].first - p[o].first, by = p[b].second - p[o].second;
        return ax * by - ay * bx - flat * std::hypot(ax, ay) * std::hypot(bx, by);
    };
    std::vector<std::uint32_t> h(2 * p.size());
    std::size_t k = 0;
    for (std::uint32_t i : order) { // lower chain
        while (k >= 2 && turn(h[k - 2], h[k - 1], i) <= 0) --k;
        h[k++] = i;
    }
    for (std::size_t n = order.size(), j = n - 1, lower = k + 1; j-- > 0;) { // upper chain
        std::uint32_t i = order[j];
        while (k >= lower && turn(h[k - 2], h[k - 1], i) <= 0) --k;
        h[k++] = i;
    }
    h.resize(k > 1 ? k - 1 : k); // the last point repeats the first
    return h;
}

} // namespace

ConvexHull ConvexHull::of(const TriangleMesh& mesh) {
    return of(mesh.vertices, "<mesh " + (mesh.name.empty() ? std::string("unnamed") : mesh.name) + ">");
}

ConvexHull ConvexHull::of(const std::vector<Vec3>& input, const std::string& source) {
    if (input.empty()) throw InputError(source, "", "no points: a convex hull needs at least one");
    for (std::size_t i = 0; i < input.size(); ++i)
        if (!isFinite(input[i]))
            throw InputError(source, "point " + std::to_string(i),
                             "non-finite coordinate (a convex hull needs finite points)");
    const std::vector<Vec3> points = distinctPoints(input);
    ConvexHull h;
    const std::uint32_t n = std::uint32_t(points.size());
    if (n == 1) {
        h.setVertices(points, {0});
        return h;
    }
    // The line through p0 and the point farthest from it, the point farthest from that line, the plane
    // through the three: what decides the dimension (kFlatTolerance of the extent).
    Aabb box;
    for (const Vec3& p : points) box.grow(p);
    const double flat = kFlatTolerance * length(box.extent());
    auto argmax = [&](auto&& f) {
        std::uint32_t best = 0;
        double bestValue = -1;
        for (std::uint32_t i = 0; i < n; ++i)
            if (double v = f(points[i]); v > bestValue) bestValue = v, best = i;
        return std::pair{best, bestValue};
    };
    const Vec3 p0 = points[0];
    const Vec3 u = normalize(points[argmax([&](const Vec3& p) { return length(p - p0); }).first] - p0);
    auto [i2, offLine] = argmax([&](const Vec3& p) { return length(cross(p - p0, u)); });
    if (offLine <= flat) { // a segment between the extremes along the line
        auto [hi, _] = argmax([&](const Vec3& p) { return dot(p, u); });
        auto [lo, __] = argmax([&](const Vec3& p) { return -dot(p, u); });
        h.m_dimension = Dimension::Segment;
        h.setVertices(points, {std::min(lo, hi), std::max(lo, hi)});
        return h;
    }
    const Vec3 normal = normalize(cross(u, points[i2] - p0));
    auto polygon = [&] { // the 2-d hull in the plane through p0, spanned by u and normal x u
        const Vec3 v = cross(normal, u);
        std::vector<std::pair<double, double>> planar;
        for (const Vec3& p : points) planar.emplace_back(dot(p - p0, u), dot(p - p0, v));
        std::vector<std::uint32_t> ring = hull2d(planar, kFlatTolerance);
        std::vector<std::uint32_t> sorted = ring;
        std::sort(sorted.begin(), sorted.end());
        if (ring.size() < 3) { // flat to Qhull, collinear in the plane: a segment after all
            h.m_dimension = Dimension::Segment;
            h.setVertices(points, sorted);
            return h;
        }
        h.m_dimension = Dimension::Polygon;
        h.setVertices(points, sorted);
        auto local = [&](std::uint32_t i) {
            return std::uint32_t(std::lower_bound(sorted.begin(), sorted.end(), i) - sorted.begin());
        };
        // Counter-clockwise in (u, v) faces along +normal (u x v = normal); the reversed fan faces back.
        for (std::size_t k = 1; k + 1 < ring.size(); ++k) {
            Triangle front{local(ring[0]), local(ring[k]), local(ring[k + 1])};
            h.m_faces.push_back(front);
            h.m_faces.push_back({front[0], front[2], front[1]});
        }
        h.buildAdjacency();
        return h;
    };
    // Three points are a polygon whatever the rounding of the normal says (a sliver's normal is off by
    // about 1e-16 / its angle: its own corners then seem off its plane, and Qhull refuses three points).
    if (n <= 3 || argmax([&](const Vec3& p) { return std::fabs(dot(p - p0, normal)); }).second <= flat)
        return polygon();

    // A solid: Qhull, triangulated output ("Qt": merged coplanar facets come back as triangles).
    std::vector<coordT> coords;
    coords.reserve(3 * n);
    for (const Vec3& p : points) coords.insert(coords.end(), {p.x, p.y, p.z});
    MessageBuffer messages;
    auto qh = std::make_unique<qhT>();
    qh_zero(qh.get(), messages.file());
    char command[] = "qhull Qt";
    const int code =
        qh_new_qhull(qh.get(), 3, int(n), coords.data(), False, command, nullptr, messages.file());
    std::vector<std::uint32_t> ids;
    std::vector<std::array<std::uint32_t, 3>> tris;
    if (code == qh_ERRnone) {
        auto id = [&](const vertexT* v) { return std::uint32_t(qh_pointid(qh.get(), v->point)); };
        vertexT* vertex;
        FORALLvertices ids.push_back(id(vertex));
        std::sort(ids.begin(), ids.end());
        facetT* facet;
        FORALLfacets {
            std::array<std::uint32_t, 3> t{};
            int k = 0;
            vertexT** vertexp;
            FOREACHvertex_(facet->vertices) {
                if (k < 3) t[k] = id(vertex);
                ++k;
            }
            if (k != 3) continue; // "Qt" makes every facet a triangle in 3-d
            // Outward: the triangle's normal along the facet's (Qhull's normals point out of the hull).
            const Vec3 n3 = cross(points[t[1]] - points[t[0]], points[t[2]] - points[t[0]]);
            if (dot(n3, Vec3{facet->normal[0], facet->normal[1], facet->normal[2]}) < 0)
                std::swap(t[1], t[2]);
            tris.push_back(t);
        }
    }
    std::string message = code == qh_ERRnone ? "" : messages.firstLine();
    int curlong = 0, totlong = 0;
    qh_freeqhull(qh.get(), !qh_ALL);
    qh_memfreeshort(qh.get(), &curlong, &totlong);
    // Nearly coplanar points that passed kFlatTolerance can still be flat to Qhull's own roundoff estimate.
    if (code == qh_ERRsingular) return polygon();
    if (code != qh_ERRnone)
        throw InputError(source, "", "Qhull could not build the convex hull (" + message + ")");
    h.m_dimension = Dimension::Solid;
    h.setVertices(points, ids);
    for (const auto& t : tris) {
        Triangle f;
        for (int k = 0; k < 3; ++k)
            f[k] = std::uint32_t(std::lower_bound(ids.begin(), ids.end(), t[k]) - ids.begin());
        h.m_faces.push_back(f);
    }
    h.buildAdjacency();
    return h;
}

void ConvexHull::setVertices(const std::vector<Vec3>& points, const std::vector<std::uint32_t>& ids) {
    m_vertices.clear();
    for (std::uint32_t i : ids) m_vertices.push_back(points[i]);
    for (int axis = 0; axis < 3; ++axis)
        for (std::uint32_t v = 0; v < m_vertices.size(); ++v) {
            if (m_vertices[v][axis] < m_vertices[m_extremes[2 * axis]][axis]) m_extremes[2 * axis] = v;
            if (m_vertices[v][axis] > m_vertices[m_extremes[2 * axis + 1]][axis])
                m_extremes[2 * axis + 1] = v;
        }
    if (m_dimension == Dimension::Segment) {
        m_offsets = {0, 1, 2};
        m_adjacency = {1, 0};
    } else {
        m_offsets.assign(m_vertices.size() + 1, 0);
        m_adjacency.clear();
    }
}

std::vector<std::pair<std::uint32_t, std::uint32_t>> ConvexHull::edges() const {
    std::vector<std::pair<std::uint32_t, std::uint32_t>> e;
    for (std::uint32_t v = 0; v < m_vertices.size(); ++v)
        for (const std::uint32_t* w = neighboursBegin(v); w != neighboursEnd(v); ++w)
            if (v < *w) e.emplace_back(v, *w);
    return e;
}

void ConvexHull::buildAdjacency() {
    std::vector<std::pair<std::uint32_t, std::uint32_t>> e;
    for (const Triangle& f : m_faces)
        for (int k = 0; k < 3; ++k) {
            std::uint32_t a = f[k], b = f[(k + 1) % 3];
            e.emplace_back(a, b), e.emplace_back(b, a);
        }
    std::sort(e.begin(), e.end());
    e.erase(std::unique(e.begin(), e.end()), e.end());
    m_offsets.assign(m_vertices.size() + 1, 0);
    for (const auto& [a, b] : e) ++m_offsets[a + 1];
    std::partial_sum(m_offsets.begin(), m_offsets.end(), m_offsets.begin());
    m_adjacency.resize(e.size());
    for (std::size_t k = 0; k < e.size(); ++k) m_adjacency[k] = e[k].second; // sorted by a: rows in order
}

std::uint32_t ConvexHull::supportIndex(const Vec3& dir, std::int64_t hint) const {
    const std::uint32_t n = std::uint32_t(m_vertices.size());
    std::uint32_t best = 0;
    double bestValue = dot(m_vertices[0], dir);
    if (n <= kScanLimit || m_adjacency.empty()) {
        for (std::uint32_t v = 1; v < n; ++v)
            if (double d = dot(m_vertices[v], dir); d > bestValue) bestValue = d, best = v;
        return best;
    }
    if (hint >= 0 && hint < std::int64_t(n)) {
        best = std::uint32_t(hint), bestValue = dot(m_vertices[best], dir);
    } else {
        for (std::uint32_t v : m_extremes)
            if (double d = dot(m_vertices[v], dir); d > bestValue) bestValue = d, best = v;
    }
    // Move to the best neighbour while one is strictly better: it ends (the value grows) at a vertex no
    // neighbour improves on, which on a convex polytope maximises the linear function.
    for (;;) {
        std::uint32_t next = best;
        for (const std::uint32_t* w = neighboursBegin(best); w != neighboursEnd(best); ++w)
            if (double d = dot(m_vertices[*w], dir); d > bestValue) bestValue = d, next = *w;
        if (next == best) return best;
        best = next;
    }
}

} // namespace cdlab
