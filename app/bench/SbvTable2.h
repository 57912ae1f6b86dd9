// sbv-reconstruction §6.4, Table 2: the OSH direction trained by a linear SVM on random samples of the knot's
// and the teapot's vertices, per sample size: support vectors, training time and the angle to the direction
// trained on all points ("Differ"), and here also the angle to the exact OSH by GJK (§8.1), for libsvm (the
// paper's library) and liblinear, the paper's row beside.
#pragma once

#include "geometry/Vec3.h"
#include "sbv/SvmOsh.h"

#include <cstdint>
#include <iosfwd>
#include <span>
#include <string>
#include <vector>

namespace cdlab {

struct SbvTable2Options {
    std::vector<std::size_t> samples{100, 250, 500, 2500, 0}; ///< samples per body; 0 = all points
    int repeat = 5;                                           ///< trainings per row (the median time)
    std::uint64_t seed = 1;                                   ///< the samples' seed (B's is seed + 1)
    SvmScaling scaling = SvmScaling::PerFeature;              ///< the paper's svm-scale (§3)
    double C = 1.0;                                           ///< libsvm's default, the paper's (§8.1)
};

/// sbv Table 2 on two point sets (knot and teapot vertices in world coordinates at a separating placement):
/// per sample size and per solver (libsvm, liblinear), the samples A+B, SV count, median training time (ms),
/// the angle (degrees) to the direction trained on all points by the same solver ("Differ") and the angle to
/// the exact OSH (GJK); the paper's row beside each.
void printSbvTable2(std::ostream& out, std::span<const Vec3> a, std::span<const Vec3> b,
                    const std::string& nameA, const std::string& nameB, const SbvTable2Options& options);

} // namespace cdlab
