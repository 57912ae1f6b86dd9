// The OSH direction d* by training a linear SVM, as the paper does (sbv-reconstruction §3, §4.1 step 3,
// §8.4 step 4): the vertices of A labelled -1 and of B labelled +1, three features [X, Y, Z], scaled to
// [-1, 1] first, a soft-margin C-SVC with a linear kernel, w = sum alpha_i y_i x_i mapped back to world
// coordinates. libsvm (the paper's library) or liblinear (a dual coordinate-descent solver for the same
// hinge loss, built for linear models). ExactOsh.h gives the exact OSH by GJK (§8.1); this one is the
// paper's approximation, kept to reproduce Table 2 and to compare against.
#pragma once

#include "geometry/Vec3.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace cdlab {

enum class SvmSolver : std::uint8_t {
    Libsvm,    ///< SMO, deterministic; its time grows fast with the number of SVs (overlapping hulls)
    Liblinear, ///< dual coordinate descent, the default: 1.2-3x slower on separated sets (a few ms at
               ///< most), 10-50x faster on overlapping ones (Table 2 on the knot and teapot), the same plane
               ///< within 0.05 degrees; shuffles with rand(), so its planes move within the tolerance
};

enum class SvmScaling : std::uint8_t {
    PerFeature, ///< svm-scale -l -1 -u 1, each axis on its own: the paper (§3); tilts the plane (§8.1 caveat)
    Isotropic, ///< one factor for all axes: keeps the max-margin geometry (§8.1 caveat)
};

struct SvmOptions {
    SvmSolver solver = SvmSolver::Liblinear;
    SvmScaling scaling = SvmScaling::PerFeature;
    double C = 1.0;          ///< the soft-margin penalty (0 <= alpha_i <= C); 1 is libsvm's default (§8.1)
    double tolerance = 1e-3; ///< the solver's stopping eps
};

struct SvmOsh {
    bool ok = false;   ///< false: training failed or gave no usable direction; `error` says why
    std::string error; ///< what went wrong, naming the input ("non-finite sample 12 of body B")
    Vec3
        direction; ///< unit normal of the learned hyperplane in world coordinates, from A (-1) towards B (+1)
    double offset = 0; ///< the hyperplane {x : direction.x = offset} in world coordinates
    double margin = 0; ///< 2/|w| in world coordinates: the distance between the planes f = -1 and f = +1
    std::vector<std::uint32_t> supportA, supportB; ///< indices into a / b of the support vectors
    std::size_t supportVectors() const { return supportA.size() + supportB.size(); }
    double trainMs = 0; ///< training time (scaling + solver), wall clock
};

/// Trains a linear soft-margin SVM (A labelled -1, B +1) on the points and returns its hyperplane. Safe to
/// call from several threads (each call builds its own problem; the libraries' print hooks are set once).
SvmOsh trainSeparatingPlane(std::span<const Vec3> a, std::span<const Vec3> b, const SvmOptions& options = {});

/// `count` distinct indices of 0..n-1 (all of them when count >= n), fixed-seed, sorted: Table 2's samples.
std::vector<std::uint32_t> sampleIndices(std::size_t n, std::size_t count, std::uint64_t seed);

/// The solver's name as the bench and messages print it: "libsvm", "liblinear".
const char* svmSolverName(SvmSolver solver);

} // namespace cdlab
