#include "geometry/TriangleDistance.h"

#include "geometry/SegmentDistance.h"
#include "geometry/TriangleTriangle.h"

#include <limits>

namespace cdlab {

namespace {

/// Below this |ab x ac|^2 / (|ab|^2 |ac|^2) (sine of the corner angle under 1e-10) a triangle is treated as
/// its edges: the face region's barycentric division loses every digit there.
constexpr double kDegenerateSine2 = 1e-20;

bool isFlat(const Vec3& ab, const Vec3& ac) {
    double n2 = lengthSquared(cross(ab, ac));
    return !(n2 > kDegenerateSine2 * lengthSquared(ab) * lengthSquared(ac));
}

/// The feature of a segment (v_k, v_{k+1}) at parameter s: an end, or the edge (a collapsed edge is its
/// first vertex).
TriangleFeature segmentFeature(int k, double s, const Vec3& p, const Vec3& q) {
    if (s <= 0 || p == q) return triangleVertex(k);
    if (s >= 1) return triangleVertex((k + 1) % 3);
    return triangleEdge(k);
}

Vec3 pointOnSegment(const Vec3& p, const Vec3& q, double s) {
    return s <= 0 ? p : (s >= 1 ? q : p + (q - p) * s);
}

/// A degenerate triangle: the closest of its three edges, the lower-dimensional feature on equal distance.
PointTriangleDistance pointFlatTriangle(const Vec3& p, const Vec3* v) {
    PointTriangleDistance best;
    double bestD2 = std::numeric_limits<double>::infinity();
    for (int k = 0; k < 3; ++k) {
        const Vec3 &a = v[k], &b = v[(k + 1) % 3];
        Vec3 ab = b - a;
        double len2 = lengthSquared(ab), s = 0;
        if (len2 > 0) s = dot(p - a, ab) / len2;
        s = s < 0 ? 0 : (s > 1 ? 1 : s);
        Vec3 x = pointOnSegment(a, b, s);
        double d2 = lengthSquared(p - x);
        TriangleFeature f = segmentFeature(k, s, a, b);
        if (d2 < bestD2 || (d2 == bestD2 && featureDimension(f) < featureDimension(best.feature))) {
            bestD2 = d2;
            best.point = x, best.feature = f;
        }
    }
    best.distance = std::sqrt(bestD2);
    return best;
}

struct Candidate {
    double d2 = std::numeric_limits<double>::infinity();
    int dim = 99;
    Vec3 pa, pb;
    TriangleFeature fa = TriangleFeature::Vertex0, fb = TriangleFeature::Vertex0;

    void offer(const Vec3& a, const Vec3& b, TriangleFeature featureA, TriangleFeature featureB) {
        double e2 = lengthSquared(a - b);
        int e = featureDimension(featureA) + featureDimension(featureB);
        if (e2 < d2 || (e2 == d2 && e < dim)) d2 = e2, dim = e, pa = a, pb = b, fa = featureA, fb = featureB;
    }
};

/// Candidates where an edge of `t` crosses the plane of `u` (only needed when the triangles intersect: an
/// edge piercing the other's open face is neither a vertex-face nor an edge-edge pair).
void offerPiercings(const Vec3* t, const Vec3* u, bool tIsA, Candidate& best) {
    Vec3 n = cross(u[1] - u[0], u[2] - u[0]);
    if (isFlat(u[1] - u[0], u[2] - u[0])) return; // a flat triangle has no face: its edges were offered
    for (int k = 0; k < 3; ++k) {
        const Vec3 &p = t[k], &q = t[(k + 1) % 3];
        double dp = dot(n, p - u[0]), dq = dot(n, q - u[0]);
        if ((dp > 0 && dq > 0) || (dp < 0 && dq < 0) || dp == dq) continue;
        double s = dp / (dp - dq);
        Vec3 x = pointOnSegment(p, q, s);
        PointTriangleDistance r = pointTriangleDistance(x, u[0], u[1], u[2]);
        TriangleFeature fe = segmentFeature(k, s, p, q);
        if (tIsA)
            best.offer(x, r.point, fe, r.feature);
        else
            best.offer(r.point, x, r.feature, fe);
    }
}

} // namespace

const char* toString(TriangleFeature f) {
    static const char* names[] = {"v0", "v1", "v2", "e0", "e1", "e2", "face"};
    CDLAB_ASSERT(static_cast<int>(f) < 7, "a feature's encoding");
    return names[static_cast<int>(f)];
}

PointTriangleDistance pointTriangleDistance(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c) {
    Vec3 ab = b - a, ac = c - a;
    if (isFlat(ab, ac)) {
        const Vec3 v[3] = {a, b, c};
        return pointFlatTriangle(p, v);
    }
    // Ericson 2005, sec. 5.1.5: test the Voronoi regions of the vertices, then the edges, then the face.
    PointTriangleDistance r;
    auto done = [&](const Vec3& x, TriangleFeature f) {
        r.point = x, r.feature = f, r.distance = length(p - x);
        return r;
    };
    Vec3 ap = p - a;
    double d1 = dot(ab, ap), d2 = dot(ac, ap);
    if (d1 <= 0 && d2 <= 0) return done(a, TriangleFeature::Vertex0);
    Vec3 bp = p - b;
    double d3 = dot(ab, bp), d4 = dot(ac, bp);
    if (d3 >= 0 && d4 <= d3) return done(b, TriangleFeature::Vertex1);
    double vc = d1 * d4 - d3 * d2;
    if (vc <= 0 && d1 >= 0 && d3 <= 0) return done(a + ab * (d1 / (d1 - d3)), TriangleFeature::Edge0);
    Vec3 cp = p - c;
    double d5 = dot(ab, cp), d6 = dot(ac, cp);
    if (d6 >= 0 && d5 <= d6) return done(c, TriangleFeature::Vertex2);
    double vb = d5 * d2 - d1 * d6;
    if (vb <= 0 && d2 >= 0 && d6 <= 0) // edge 2 runs from c to a
        return done(c + (a - c) * (d6 / (d6 - d2)), TriangleFeature::Edge2);
    double va = d3 * d6 - d5 * d4;
    if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0)
        return done(b + (c - b) * ((d4 - d3) / ((d4 - d3) + (d5 - d6))), TriangleFeature::Edge1);
    double inv = 1 / (va + vb + vc);
    return done(a + ab * (vb * inv) + ac * (vc * inv), TriangleFeature::Face);
}

TriangleDistance triangleDistance(const Vec3& a0, const Vec3& a1, const Vec3& a2, const Vec3& b0,
                                  const Vec3& b1, const Vec3& b2) {
    const Vec3 A[3] = {a0, a1, a2}, B[3] = {b0, b1, b2};
    Candidate best;
    // Vertex-face pairs, both ways (a flat triangle's "face" is its edges).
    for (int k = 0; k < 3; ++k) {
        PointTriangleDistance r = pointTriangleDistance(A[k], b0, b1, b2);
        best.offer(A[k], r.point, triangleVertex(k), r.feature);
    }
    for (int k = 0; k < 3; ++k) {
        PointTriangleDistance r = pointTriangleDistance(B[k], a0, a1, a2);
        best.offer(r.point, B[k], r.feature, triangleVertex(k));
    }
    // Edge-edge pairs.
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) {
            const Vec3 &p = A[i], &q = A[(i + 1) % 3], &r = B[j], &s = B[(j + 1) % 3];
            double sa = 0, ub = 0;
            closestParametersOnSegments(p, q, r, s, sa, ub);
            best.offer(pointOnSegment(p, q, sa), pointOnSegment(r, s, ub), segmentFeature(i, sa, p, q),
                       segmentFeature(j, ub, r, s));
        }
    TriangleDistance out;
    if (trianglesIntersect(a0, a1, a2, b0, b1, b2)) {
        // The exact test says they share a point: distance 0, one common point (the closest candidate's
        // midpoint, a piercing point when an edge crosses a face).
        offerPiercings(A, B, true, best);
        offerPiercings(B, A, false, best);
        out.distance = 0;
        out.pointA = out.pointB = (best.pa + best.pb) * 0.5;
    } else {
        out.distance = std::sqrt(best.d2);
        out.pointA = best.pa, out.pointB = best.pb;
    }
    // A vertex feature names the point itself (the CCD witnesses and the drawings read the feature, the
    // distance reads the point: a vertex index off by one would pass every distance test).
    CDLAB_ASSERT(featureDimension(best.fa) != 0 || best.pa == A[static_cast<int>(best.fa)],
                 "A's vertex feature is its closest point");
    CDLAB_ASSERT(featureDimension(best.fb) != 0 || best.pb == B[static_cast<int>(best.fb)],
                 "B's vertex feature is its closest point");
    out.featureA = best.fa, out.featureB = best.fb;
    return out;
}

} // namespace cdlab
