// Nearest point of a positive cone P(v_1..v_k) = { sum l_i v_i, l_i >= 0 } to a point x in R^3, by
// Wilhelmsen's algorithm ("A nearest point algorithm for convex polyhedral cones and applications to positive
// linear approximation", Math. Comp. 1976), the projection operator W of redon2002 sec. 5.2.
//
// Active-set ("corral") iteration: keep a subset S whose least-squares projection of x lies inside P(S);
// add the generator most aligned with the residual x - p; when the new projection leaves the cone, walk back
// to the cone's boundary and drop the generators whose coefficients vanished. In R^3, |S| <= 3.
#pragma once

#include "geometry/Vec3.h"

#include <vector>

namespace cdlab {

struct ConeProjection {
    Vec3 point;               ///< W(x)
    double distance = 0;      ///< |x - W(x)|
    std::vector<int> support; ///< generators with positive coefficients
    std::vector<double> coefficients;
    int iterations = 0;
};

ConeProjection projectOntoCone(const std::vector<Vec3>& generators, const Vec3& x);

/// x lies in P(generators) up to a relative tolerance (distance <= tol * |x|).
bool inPositiveCone(const std::vector<Vec3>& generators, const Vec3& x, double tol = 1e-9);

} // namespace cdlab
