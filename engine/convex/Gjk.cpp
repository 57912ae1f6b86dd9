#include "convex/Gjk.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace cdlab {

namespace {

/// One point of the simplex: y = a - b, with the support points of A and B that make it.
struct SimplexPoint {
    Vec3 y, a, b;
};

/// A simplex of 1 to 4 points of A - B and the barycentric weights of its point nearest the origin.
struct Simplex {
    std::array<SimplexPoint, 4> p;
    std::array<double, 4> w{};
    int n = 0;

    Vec3 point() const {
        Vec3 v;
        for (int i = 0; i < n; ++i) v += p[i].y * w[i];
        return v;
    }
    void witnesses(Vec3& a, Vec3& b) const {
        a = b = Vec3{};
        for (int i = 0; i < n; ++i) a += p[i].a * w[i], b += p[i].b * w[i];
    }
    /// Keeps the points listed (in order) with their weights: the smallest face holding the nearest point.
    void keep(std::initializer_list<std::pair<int, double>> kept) {
        std::array<SimplexPoint, 4> q;
        int k = 0;
        for (auto [i, weight] : kept) q[k] = p[i], w[k] = weight, ++k;
        p = q, n = k;
    }
};

/// The point of segment p[i] p[j] nearest the origin, as weights.
void nearestOnSegment(Simplex& s, int i, int j) {
    const Vec3 a = s.p[i].y, ab = s.p[j].y - a;
    const double len2 = dot(ab, ab), t = len2 > 0 ? -dot(a, ab) / len2 : 0;
    if (t <= 0)
        s.keep({{i, 1.0}});
    else if (t >= 1)
        s.keep({{j, 1.0}});
    else
        s.keep({{i, 1 - t}, {j, t}});
}

/// The point of triangle p[i] p[j] p[k] nearest the origin by its Voronoi regions (Ericson 2005,
/// "Real-Time Collision Detection", sec. 5.1.5, with the query point at the origin): vertex regions, then
/// edge regions, then the face. A degenerate triangle (no face region) falls back to its nearest edge.
void nearestOnTriangle(Simplex& s, int i, int j, int k) {
    const Vec3 a = s.p[i].y, b = s.p[j].y, c = s.p[k].y;
    const Vec3 ab = b - a, ac = c - a;
    const double d1 = -dot(ab, a), d2 = -dot(ac, a);
    if (d1 <= 0 && d2 <= 0) return s.keep({{i, 1.0}});
    const double d3 = -dot(ab, b), d4 = -dot(ac, b);
    if (d3 >= 0 && d4 <= d3) return s.keep({{j, 1.0}});
    const double vc = d1 * d4 - d3 * d2;
    if (vc <= 0 && d1 >= 0 && d3 <= 0) {
        const double t = d1 / (d1 - d3);
        return s.keep({{i, 1 - t}, {j, t}});
    }
    const double d5 = -dot(ab, c), d6 = -dot(ac, c);
    if (d6 >= 0 && d5 <= d6) return s.keep({{k, 1.0}});
    const double vb = d5 * d2 - d1 * d6;
    if (vb <= 0 && d2 >= 0 && d6 <= 0) {
        const double t = d2 / (d2 - d6);
        return s.keep({{i, 1 - t}, {k, t}});
    }
    const double va = d3 * d6 - d5 * d4;
    if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
        const double t = (d4 - d3) / ((d4 - d3) + (d5 - d6));
        return s.keep({{j, 1 - t}, {k, t}});
    }
    const double sum = va + vb + vc;
    if (sum > 0 && std::isfinite(sum)) return s.keep({{i, va / sum}, {j, vb / sum}, {k, vc / sum}});
    // Degenerate (collinear) triangle: its nearest edge.
    Simplex best;
    double bestD = std::numeric_limits<double>::infinity();
    for (auto [e0, e1] : {std::pair{i, j}, std::pair{j, k}, std::pair{i, k}}) {
        Simplex t = s;
        nearestOnSegment(t, e0, e1);
        if (double d = lengthSquared(t.point()); d < bestD) bestD = d, best = t;
    }
    s = best;
}

/// The tetrahedron's point nearest the origin: the origin itself when it lies strictly inside (false
/// returned: the shapes intersect), else the nearest point over the faces that face the origin. A flat
/// tetrahedron's hull is the union of its faces, so all four are searched then.
bool nearestOnTetrahedron(Simplex& s) {
    static constexpr int kFaces[4][4] = {{1, 2, 3, 0}, {0, 3, 2, 1}, {0, 1, 3, 2}, {0, 2, 1, 3}};
    auto orient = [&](int i, int j, int k, const Vec3& x) {
        return dot(cross(s.p[j].y - s.p[i].y, s.p[k].y - s.p[i].y), x - s.p[i].y);
    };
    bool inside = true, flat = false;
    bool facing[4];
    for (int f = 0; f < 4; ++f) {
        auto [i, j, k, l] = kFaces[f];
        double opposite = orient(i, j, k, s.p[l].y), origin = orient(i, j, k, Vec3{});
        flat |= opposite == 0;
        facing[f] = opposite * origin <= 0; // the origin on the face's outer side (or on its plane)
        inside &= !facing[f];
    }
    if (inside && !flat) {
        // Barycentric weights of the origin: each the volume opposite a vertex over the whole.
        double vol[4], total = 0;
        for (int f = 0; f < 4; ++f) {
            auto [i, j, k, l] = kFaces[f];
            vol[l] = orient(i, j, k, Vec3{}) / orient(i, j, k, s.p[l].y);
            total += vol[l];
        }
        for (int l = 0; l < 4; ++l) s.w[l] = vol[l] / total;
        return false;
    }
    Simplex best;
    double bestD = std::numeric_limits<double>::infinity();
    for (int f = 0; f < 4; ++f) {
        if (!facing[f] && !flat) continue;
        Simplex t = s;
        nearestOnTriangle(t, kFaces[f][0], kFaces[f][1], kFaces[f][2]);
        if (double d = lengthSquared(t.point()); d < bestD) bestD = d, best = t;
    }
    s = best;
    return true;
}

} // namespace

GjkResult gjkDistance(const SupportFunction& shapeA, const SupportFunction& shapeB,
                      const GjkOptions& options) {
    GjkResult r;
    auto supportPoint = [&](const Vec3& dir) { // the point of A - B farthest along dir
        SimplexPoint q;
        q.a = shapeA.support(dir), q.b = shapeB.support(-dir);
        q.y = q.a - q.b;
        return q;
    };
    Simplex s;
    s.p[0] = supportPoint({1, 0, 0}), s.w[0] = 1, s.n = 1;
    r.iterations = 1;
    double scale2 = lengthSquared(s.p[0].a) + lengthSquared(s.p[0].b); // S^2, for the touching test
    Vec3 v = s.p[0].y;
    double v2 = lengthSquared(v);
    Simplex best = s; // the simplex with the smallest |v| so far (rounding can make a step go back)
    double bestV2 = v2;
    for (;;) {
        if (v2 <= 1e-26 * scale2) { // touching within rounding (van den Bergen's absolute test)
            r.intersecting = r.converged = true;
            break;
        }
        if (r.iterations >= options.maxIterations) break;
        const SimplexPoint q = supportPoint(-v);
        ++r.iterations;
        scale2 = std::max(scale2, lengthSquared(q.a) + lengthSquared(q.b));
        const double vw = dot(v, q.y), len = std::sqrt(v2);
        if (vw > 0) r.lowerBound = std::max(r.lowerBound, vw / len);
        if (len - r.lowerBound <= options.relativeTolerance * len) { // the gap test
            r.converged = true;
            break;
        }
        bool repeated = false;
        for (int i = 0; i < s.n; ++i) repeated |= s.p[i].y == q.y;
        if (repeated) break; // no new support point: rounding keeps the gap open
        s.p[s.n++] = q;
        bool separated = true;
        if (s.n == 2)
            nearestOnSegment(s, 0, 1);
        else if (s.n == 3)
            nearestOnTriangle(s, 0, 1, 2);
        else
            separated = nearestOnTetrahedron(s);
        if (!separated) { // the origin lies inside: A and B overlap
            best = s;
            r.intersecting = r.converged = true;
            break;
        }
        v = s.point();
        v2 = lengthSquared(v);
        if (v2 >= bestV2) break; // no progress: rounding
        best = s, bestV2 = v2;
    }
    best.witnesses(r.pointA, r.pointB);
    if (r.intersecting) {
        r.distance = r.lowerBound = 0;
        r.pointB = r.pointA;
    } else {
        r.distance = std::sqrt(bestV2);
        r.lowerBound = std::min(r.lowerBound, r.distance);
    }
    return r;
}

GjkResult gjkDistance(const ConvexHull& a, const Pose& pa, const ConvexHull& b, const Pose& pb,
                      const GjkOptions& options) {
    return gjkDistance(PosedHullSupport(a, pa), PosedHullSupport(b, pb), options);
}

} // namespace cdlab
