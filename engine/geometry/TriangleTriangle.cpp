#include "geometry/TriangleTriangle.h"

#include "geometry/Predicates.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace cdlab {

namespace {

// ---- 2D helpers (coordinates i, j of 3D points; all exact) ------------------------------------------------

bool onSegment2d(const Vec3& p, const Vec3& q, const Vec3& r, int i, int j) {
    // r is known to be collinear with p, q: inside the closed bounding box means on the segment.
    return std::min(p[i], q[i]) <= r[i] && r[i] <= std::max(p[i], q[i]) && std::min(p[j], q[j]) <= r[j] &&
           r[j] <= std::max(p[j], q[j]);
}

bool segmentsIntersect2d(const Vec3& p, const Vec3& q, const Vec3& r, const Vec3& s, int i, int j) {
    int o1 = orient2d(p, q, r, i, j), o2 = orient2d(p, q, s, i, j);
    int o3 = orient2d(r, s, p, i, j), o4 = orient2d(r, s, q, i, j);
    if (o1 * o2 < 0 && o3 * o4 < 0) return true;
    if (o1 == 0 && onSegment2d(p, q, r, i, j)) return true;
    if (o2 == 0 && onSegment2d(p, q, s, i, j)) return true;
    if (o3 == 0 && onSegment2d(r, s, p, i, j)) return true;
    if (o4 == 0 && onSegment2d(r, s, q, i, j)) return true;
    return false;
}

/// Closed point-in-triangle; the triangle must be non-degenerate in the (i, j) projection.
bool pointInTriangle2d(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c, int i, int j) {
    int o1 = orient2d(a, b, p, i, j), o2 = orient2d(b, c, p, i, j), o3 = orient2d(c, a, p, i, j);
    return (o1 >= 0 && o2 >= 0 && o3 >= 0) || (o1 <= 0 && o2 <= 0 && o3 <= 0);
}

/// Finds a coordinate plane in which a, b, c are not collinear; false if they are collinear in all three
/// (then they are collinear in 3D). Projection along the dropped axis is then injective on their common
/// plane.
bool nonDegenerateProjection(const Vec3& a, const Vec3& b, const Vec3& c, int& i, int& j) {
    static constexpr int kPlanes[3][2] = {{0, 1}, {1, 2}, {2, 0}};
    for (const auto& pl : kPlanes) {
        if (orient2d(a, b, c, pl[0], pl[1]) != 0) {
            i = pl[0];
            j = pl[1];
            return true;
        }
    }
    return false;
}

bool coplanarTriangles(const Vec3& p1, const Vec3& q1, const Vec3& r1, const Vec3& p2, const Vec3& q2,
                       const Vec3& r2, int i, int j) {
    const Vec3* t1[3] = {&p1, &q1, &r1};
    const Vec3* t2[3] = {&p2, &q2, &r2};
    for (int a = 0; a < 3; ++a)
        for (int b = 0; b < 3; ++b)
            if (segmentsIntersect2d(*t1[a], *t1[(a + 1) % 3], *t2[b], *t2[(b + 1) % 3], i, j)) return true;
    // No edge crossing: either one contains the other or they are disjoint.
    return pointInTriangle2d(p1, p2, q2, r2, i, j) || pointInTriangle2d(p2, p1, q1, r1, i, j);
}

/// Both triangles lie in one plane, or at least one of them is degenerate.
bool coplanarOrDegenerate(const Vec3& p1, const Vec3& q1, const Vec3& r1, const Vec3& p2, const Vec3& q2,
                          const Vec3& r2) {
    bool deg1 = isDegenerateTriangle(p1, q1, r1);
    bool deg2 = isDegenerateTriangle(p2, q2, r2);
    if (deg1 || deg2) {
        // A degenerate triangle is the union of its edges (each possibly a point).
        const Vec3* a[3] = {&p1, &q1, &r1};
        const Vec3* b[3] = {&p2, &q2, &r2};
        if (deg1 && deg2) {
            for (int s = 0; s < 3; ++s)
                for (int t = 0; t < 3; ++t)
                    if (segmentsIntersect(*a[s], *a[(s + 1) % 3], *b[t], *b[(t + 1) % 3])) return true;
            return false;
        }
        if (deg1) std::swap(a, b);
        for (int s = 0; s < 3; ++s)
            if (segmentTriangleIntersect(*b[s], *b[(s + 1) % 3], *a[0], *a[1], *a[2])) return true;
        return false;
    }
    int i = 0, j = 1;
    nonDegenerateProjection(p1, q1, r1, i, j);
    return coplanarTriangles(p1, q1, r1, p2, q2, r2, i, j);
}

// ---- Guigue–Devillers 3D test
// ------------------------------------------------------------------------------ Vertices are permuted so
// that p1 (resp. p2) is alone on its side of the other triangle's plane; the triangles then intersect iff the
// two intervals on the planes' intersection line overlap, which reduces to two orientation tests
// (CHECK_MIN_MAX in the paper).

bool checkMinMax(const Vec3& p1, const Vec3& q1, const Vec3& r1, const Vec3& p2, const Vec3& q2,
                 const Vec3& r2) {
    if (orient3d(p2, p1, q2, q1) > 0) return false;
    if (orient3d(p2, r1, r2, p1) > 0) return false;
    return true;
}

bool triTri3d(const Vec3& p1, const Vec3& q1, const Vec3& r1, const Vec3& p2, const Vec3& q2, const Vec3& r2,
              int dp2, int dq2, int dr2, const Vec3& op1, const Vec3& oq1, const Vec3& or1, const Vec3& op2,
              const Vec3& oq2, const Vec3& or2) {
    if (dp2 > 0) {
        if (dq2 > 0) return checkMinMax(p1, r1, q1, r2, p2, q2);
        if (dr2 > 0) return checkMinMax(p1, r1, q1, q2, r2, p2);
        return checkMinMax(p1, q1, r1, p2, q2, r2);
    }
    if (dp2 < 0) {
        if (dq2 < 0) return checkMinMax(p1, q1, r1, r2, p2, q2);
        if (dr2 < 0) return checkMinMax(p1, q1, r1, q2, r2, p2);
        return checkMinMax(p1, r1, q1, p2, q2, r2);
    }
    if (dq2 < 0) {
        if (dr2 >= 0) return checkMinMax(p1, r1, q1, q2, r2, p2);
        return checkMinMax(p1, q1, r1, p2, q2, r2);
    }
    if (dq2 > 0) {
        if (dr2 > 0) return checkMinMax(p1, r1, q1, p2, q2, r2);
        return checkMinMax(p1, q1, r1, q2, r2, p2);
    }
    if (dr2 > 0) return checkMinMax(p1, q1, r1, r2, p2, q2);
    if (dr2 < 0) return checkMinMax(p1, r1, q1, r2, p2, q2);
    return coplanarOrDegenerate(op1, oq1, or1, op2, oq2, or2);
}

} // namespace

bool isDegenerateTriangle(const Vec3& a, const Vec3& b, const Vec3& c) {
    return orient2d(a, b, c, 0, 1) == 0 && orient2d(a, b, c, 1, 2) == 0 && orient2d(a, b, c, 2, 0) == 0;
}

bool segmentsIntersect(const Vec3& p, const Vec3& q, const Vec3& r, const Vec3& s) {
    if (orient3d(p, q, r, s) != 0) return false; // skew lines never meet
    int i, j;
    if (nonDegenerateProjection(p, q, r, i, j) || nonDegenerateProjection(p, q, s, i, j) ||
        nonDegenerateProjection(r, s, p, i, j) || nonDegenerateProjection(r, s, q, i, j))
        return segmentsIntersect2d(p, q, r, s, i, j);
    // All four points on one line (or coincident): 1D interval overlap along the axis of largest spread.
    Vec3 lo = vmin(vmin(p, q), vmin(r, s)), hi = vmax(vmax(p, q), vmax(r, s));
    Vec3 spread = hi - lo;
    int k = spread.x >= spread.y ? (spread.x >= spread.z ? 0 : 2) : (spread.y >= spread.z ? 1 : 2);
    return std::max(std::min(p[k], q[k]), std::min(r[k], s[k])) <=
           std::min(std::max(p[k], q[k]), std::max(r[k], s[k]));
}

bool segmentTriangleIntersect(const Vec3& p, const Vec3& q, const Vec3& a, const Vec3& b, const Vec3& c) {
    if (isDegenerateTriangle(a, b, c))
        return segmentsIntersect(p, q, a, b) || segmentsIntersect(p, q, b, c) ||
               segmentsIntersect(p, q, c, a);
    int sp = orient3d(a, b, c, p), sq = orient3d(a, b, c, q);
    if (sp * sq > 0) return false;
    if (sp == 0 && sq == 0) {
        int i = 0, j = 1;
        nonDegenerateProjection(a, b, c, i, j);
        return pointInTriangle2d(p, a, b, c, i, j) || pointInTriangle2d(q, a, b, c, i, j) ||
               segmentsIntersect2d(p, q, a, b, i, j) || segmentsIntersect2d(p, q, b, c, i, j) ||
               segmentsIntersect2d(p, q, c, a, i, j);
    }
    // The segment meets the plane in exactly one point; it lies in the closed triangle iff the line pq sees
    // the three edges with consistent orientation.
    int s1 = orient3d(p, q, a, b), s2 = orient3d(p, q, b, c), s3 = orient3d(p, q, c, a);
    return (s1 >= 0 && s2 >= 0 && s3 >= 0) || (s1 <= 0 && s2 <= 0 && s3 <= 0);
}

bool trianglesIntersect(const Vec3& p1, const Vec3& q1, const Vec3& r1, const Vec3& p2, const Vec3& q2,
                        const Vec3& r2) {
    // Signs of T1's vertices with respect to the plane of T2.
    int dp1 = orient3d(p2, q2, p1, r2), dq1 = orient3d(p2, q2, q1, r2), dr1 = orient3d(p2, q2, r1, r2);
    if (dp1 * dq1 > 0 && dp1 * dr1 > 0) return false;
    // Signs of T2's vertices with respect to the plane of T1.
    int dp2 = orient3d(q1, r1, p2, p1), dq2 = orient3d(q1, r1, q2, p1), dr2 = orient3d(q1, r1, r2, p1);
    if (dp2 * dq2 > 0 && dp2 * dr2 > 0) return false;

    const Vec3 &a = p1, &b = q1, &c = r1, &d = p2, &e = q2, &f = r2;
    if (dp1 > 0) {
        if (dq1 > 0) return triTri3d(r1, p1, q1, p2, r2, q2, dp2, dr2, dq2, a, b, c, d, e, f);
        if (dr1 > 0) return triTri3d(q1, r1, p1, p2, r2, q2, dp2, dr2, dq2, a, b, c, d, e, f);
        return triTri3d(p1, q1, r1, p2, q2, r2, dp2, dq2, dr2, a, b, c, d, e, f);
    }
    if (dp1 < 0) {
        if (dq1 < 0) return triTri3d(r1, p1, q1, p2, q2, r2, dp2, dq2, dr2, a, b, c, d, e, f);
        if (dr1 < 0) return triTri3d(q1, r1, p1, p2, q2, r2, dp2, dq2, dr2, a, b, c, d, e, f);
        return triTri3d(p1, q1, r1, p2, r2, q2, dp2, dr2, dq2, a, b, c, d, e, f);
    }
    if (dq1 < 0) {
        if (dr1 >= 0) return triTri3d(q1, r1, p1, p2, r2, q2, dp2, dr2, dq2, a, b, c, d, e, f);
        return triTri3d(p1, q1, r1, p2, q2, r2, dp2, dq2, dr2, a, b, c, d, e, f);
    }
    if (dq1 > 0) {
        if (dr1 > 0) return triTri3d(p1, q1, r1, p2, r2, q2, dp2, dr2, dq2, a, b, c, d, e, f);
        return triTri3d(q1, r1, p1, p2, q2, r2, dp2, dq2, dr2, a, b, c, d, e, f);
    }
    if (dr1 > 0) return triTri3d(r1, p1, q1, p2, q2, r2, dp2, dq2, dr2, a, b, c, d, e, f);
    if (dr1 < 0) return triTri3d(r1, p1, q1, p2, r2, q2, dp2, dr2, dq2, a, b, c, d, e, f);
    return coplanarOrDegenerate(p1, q1, r1, p2, q2, r2);
}

} // namespace cdlab
