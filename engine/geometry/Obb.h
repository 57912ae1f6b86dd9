// Oriented bounding box and the separating-axis overlap test between two boxes (15 axes: 3 + 3 face normals
// and 9 edge cross products, Gottschalk et al., "OBBTree", SIGGRAPH 1996).
#pragma once

#include "geometry/Mat3.h"
#include "geometry/Pose.h"

#include <cmath>

namespace cdlab {

struct Obb {
    Vec3 center;
    Mat3 axes;     ///< rows are the box axes (unit, orthogonal), in the mesh frame
    Vec3 halfSize; ///< half extents along each axis

    /// Corner k (0..7): bit 0 -> +x axis, bit 1 -> +y, bit 2 -> +z.
    Vec3 corner(int k) const {
        Vec3 p = center;
        for (int i = 0; i < 3; ++i) p += axes.r[i] * ((k >> i & 1) ? halfSize[i] : -halfSize[i]);
        return p;
    }
    Obb transformed(const Pose& pose) const {
        return {pose.apply(center), (pose.R * axes.transposed()).transposed(), halfSize};
    }
};

/// Slack added to |R| entries: keeps the test conservative when edges are near-parallel (the cross-product
/// axes degenerate) and absorbs rounding, so a box test never rejects a pair the exact triangle test accepts.
constexpr double kSatEpsilon = 1e-12;

/// SAT between box a (half sizes `a`) at the origin with identity axes and box b with half sizes `b`, whose
/// axes are the columns of `R` and whose centre is `t`, both in a's frame. `absR` = |R| + kSatEpsilon.
/// Returns true when the boxes overlap (touching counts).
inline bool satOverlap(const Vec3& a, const Vec3& b, const Mat3& R, const Mat3& absR, const Vec3& t) {
    // a's face normals
    for (int i = 0; i < 3; ++i)
        if (std::fabs(t[i]) > a[i] + dot(b, absR.r[i])) return false;
    // b's face normals
    for (int j = 0; j < 3; ++j) {
        double ra = a.x * absR.r[0][j] + a.y * absR.r[1][j] + a.z * absR.r[2][j];
        if (std::fabs(t.x * R.r[0][j] + t.y * R.r[1][j] + t.z * R.r[2][j]) > ra + b[j]) return false;
    }
    // a_i x b_j
    for (int i = 0; i < 3; ++i) {
        int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
        for (int j = 0; j < 3; ++j) {
            int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
            double ra = a[i1] * absR.r[i2][j] + a[i2] * absR.r[i1][j];
            double rb = b[j1] * absR.r[i][j2] + b[j2] * absR.r[i][j1];
            if (std::fabs(t[i2] * R.r[i1][j] - t[i1] * R.r[i2][j]) > ra + rb) return false;
        }
    }
    return true;
}

inline Mat3 absPlusEpsilon(const Mat3& R) {
    Mat3 m;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) m.r[i][j] = std::fabs(R.r[i][j]) + kSatEpsilon;
    return m;
}

/// SAT between two boxes given in one frame: b is expressed in a's axes, R = A^T B (rows of A dotted with
/// rows of B), t = A (cB - cA). The scalar reference of obbOverlapSimd (ObbSimd.h), which the traversal runs.
inline bool obbOverlapScalar(const Obb& a, const Obb& b) {
    Mat3 R, absR;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) {
            R.r[i][j] = dot(a.axes.r[i], b.axes.r[j]);
            absR.r[i][j] = std::fabs(R.r[i][j]) + kSatEpsilon;
        }
    Vec3 t = a.axes * (b.center - a.center);
    return satOverlap(a.halfSize, b.halfSize, R, absR, t);
}

} // namespace cdlab
