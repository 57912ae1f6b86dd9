#include "culling/BmCone.h"

#include "culling/PositiveCone.h"

#include <algorithm>
#include <cmath>

namespace cdlab {

namespace {

/// SplitMix64: deterministic across platforms.
struct Rng {
    std::uint64_t s;
    std::uint64_t next() {
        std::uint64_t z = (s += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    double uniform() { return (next() >> 11) * 0x1p-53; }
};

/// Unit vectors without exact duplicates (flat regions repeat one normal many times).
std::vector<Vec3> normalizedUnique(const std::vector<Vec3>& in) {
    std::vector<Vec3> out;
    for (const Vec3& v : in) {
        if (lengthSquared(v) == 0) continue;
        Vec3 u = normalize(v);
        bool dup = false;
        for (const Vec3& w : out) dup = dup || lengthSquared(u - w) < 1e-24;
        if (!dup) out.push_back(u);
    }
    return out;
}

/// Sum of the distances d_i = |ñ_i - W(ñ_i)| of the cone vectors to P(inputs): the tightness measure of
/// sec. 5.2 (0 when every ñ_i lies in P(inputs), i.e. the cones coincide).
double spread(const std::vector<Vec3>& cone, const std::vector<Vec3>& inputs, BmConeStats& st) {
    double d = 0;
    for (const Vec3& v : cone) d += projectOntoCone(inputs, v).distance, ++st.projections;
    return d;
}

bool contains(const std::vector<Vec3>& cone, const std::vector<Vec3>& inputs, BmConeStats& st) {
    for (const Vec3& n : inputs) {
        ++st.projections;
        if (!inPositiveCone(cone, n, 1e-9)) return false;
    }
    return true;
}

} // namespace

bool coneContainsAll(const std::vector<Vec3>& cone, const std::vector<Vec3>& inputs, double tol) {
    for (const Vec3& n : inputs)
        if (!inPositiveCone(cone, n, tol)) return false;
    return true;
}

std::vector<Vec3> buildBmCone(const std::vector<Vec3>& rawInputs, const BmConeOptions& options,
                              std::uint64_t seed, BmConeStats* statsOut) {
    BmConeStats st;
    std::vector<Vec3> inputs = normalizedUnique(rawInputs);
    auto finish = [&](std::vector<Vec3> cone) {
        if (statsOut) *statsOut = st;
        return cone;
    };
    if (inputs.empty()) return finish({});

    // Step 1, preliminary test (Lemma 2): P(inputs) = R^3 iff it contains ±i, ±j, ±k; then no cone exists.
    static const Vec3 kAxes[6] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    bool all = true;
    for (const Vec3& a : kAxes) {
        ++st.projections;
        all = all && inPositiveCone(inputs, a, 1e-9);
    }
    if (all) return finish({});

    // Step 2, minimal subset: drop every vector that the others already generate.
    std::vector<Vec3> minimal = inputs;
    for (std::size_t i = 0; i < minimal.size();) {
        std::vector<Vec3> others;
        for (std::size_t j = 0; j < minimal.size(); ++j)
            if (j != i) others.push_back(minimal[j]);
        ++st.projections;
        if (!others.empty() && inPositiveCone(others, minimal[i], 1e-9))
            minimal.erase(minimal.begin() + i);
        else
            ++i;
    }
    st.minimalSubset = int(minimal.size());
    if (int(minimal.size()) <= options.rMax) return finish(minimal);

    // Step 3, initialisation: r_max minimal vectors whose cone contains the mean m, pushed away from m until
    // their cone contains every minimal vector.
    Rng rng{seed * 0x9e3779b97f4a7c15ull + options.seed};
    Vec3 mean;
    for (const Vec3& v : minimal) mean += v;
    mean = normalize(mean);
    if (lengthSquared(mean) == 0) return finish({});
    std::vector<Vec3> cone;
    for (int attempt = 0; attempt < 64 && cone.empty(); ++attempt) {
        std::vector<Vec3> pick = minimal;
        for (std::size_t i = pick.size(); i-- > 1;) std::swap(pick[i], pick[rng.next() % (i + 1)]);
        pick.resize(options.rMax);
        ++st.projections;
        if (inPositiveCone(pick, mean, 1e-9)) cone = pick;
    }
    if (cone.empty()) return finish({});
    std::vector<Vec3> base = cone;
    bool ok = false;
    for (double alpha = 0.05; alpha < 64 && !ok; alpha *= 2) {
        for (std::size_t i = 0; i < cone.size(); ++i) cone[i] = normalize(base[i] + (base[i] - mean) * alpha);
        ok = contains(cone, minimal, st);
    }
    if (!ok) return finish({});

    // Step 4, refinement by simulated annealing: perturb one vector at a time; a move is valid if the
    // inclusion still holds and the total distance to P(inputs) does not grow by more than the temperature
    // allows.
    double current = spread(cone, minimal, st);
    double step = 0.2, temperature = 0.05;
    for (int k = 0; k < options.annealingSteps; ++k) {
        std::size_t i = rng.next() % cone.size();
        Vec3 dir{rng.uniform() - 0.5, rng.uniform() - 0.5, rng.uniform() - 0.5};
        std::vector<Vec3> trial = cone;
        trial[i] = normalize(cone[i] + dir * step);
        double cost = spread(trial, minimal, st);
        bool accept = cost <= current || (current > 0 && cost <= current * (1 + temperature));
        if (accept && contains(trial, minimal, st)) {
            cone = trial;
            current = cost;
            ++st.acceptedMoves;
        }
        step *= 0.985;
        temperature *= 0.97;
    }
    return finish(cone);
}

} // namespace cdlab
