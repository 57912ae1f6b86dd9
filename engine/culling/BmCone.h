// Backward-motion cones (redon2002 sec. 3-5). A BM-cone of a set of vectors n_1..n_k (triangle normals or
// children's BM-vectors) is a set of r <= r_max vectors ñ whose positive cone contains every n_m (Lemma 3),
// which guarantees the inclusion property (5): every velocity with x.ñ < 0 for all ñ also has x.n_m < 0.
// The tighter P(ñ) wraps P(n), the more often the culling test (6) succeeds.
#pragma once

#include "geometry/Vec3.h"

#include <cstdint>
#include <vector>

namespace cdlab {

struct BmConeOptions {
    int rMax = 5;             ///< maximum cone size (the paper uses 5)
    int annealingSteps = 150; ///< simulated-annealing moves per cone (step 4)
    std::uint64_t seed = 1;   ///< fixed seed: builds are deterministic
    int threads = 0; ///< BmConeTree::build: 0 every hardware thread, 1 this thread only, else that many
};

struct BmConeStats {
    std::uint64_t projections = 0; ///< Wilhelmsen projections performed
    int minimalSubset = 0;         ///< size of the minimal subset (step 2)
    int acceptedMoves = 0;         ///< annealing moves kept (step 4)
};

/// Builds a BM-cone (sec. 5.2, steps 1-4). Returns an empty vector when no non-empty cone exists: the inputs'
/// positive cone is R^3 (preliminary test, Lemma 2), or the search failed to satisfy the inclusion (then the
/// node is simply never BM-culled: conservative).
std::vector<Vec3> buildBmCone(const std::vector<Vec3>& inputs, const BmConeOptions& options,
                              std::uint64_t seed, BmConeStats* stats = nullptr);

/// True when every vector of `inputs` lies in P(cone) (the condition of Lemma 3), checked with Wilhelmsen.
bool coneContainsAll(const std::vector<Vec3>& cone, const std::vector<Vec3>& inputs, double tol = 1e-9);

} // namespace cdlab
