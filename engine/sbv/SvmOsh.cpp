#include "sbv/SvmOsh.h"

#include "core/Stopwatch.h"

#include <cstdlib>
#include <libsvm/svm.h>
#include <linear.h> // liblinear-dev 2.3 installs its header as <linear.h>, not <liblinear/linear.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <mutex>
#include <numeric>

namespace cdlab {

namespace {

void printNothing(const char*) {}

/// Both libraries print progress to stdout through a global hook: set it once, before the first training,
/// so that concurrent calls never write it.
void silenceLibraries() {
    static std::once_flag once;
    std::call_once(once, [] {
        svm_set_print_string_function(&printNothing);
        set_print_string_function(&printNothing);
    });
}

/// x' = s.x + t per axis (a diagonal affine map).
struct Scaling {
    Vec3 s, t;
    Vec3 apply(const Vec3& x) const { return {s.x * x.x + t.x, s.y * x.y + t.y, s.z * x.z + t.z}; }
};

/// The map to [-1, 1] of the samples' bounding box. PerFeature is svm-scale -l -1 -u 1 (§3): each axis its
/// own factor; an axis on which every sample has the same coordinate becomes 0, as svm-scale drops it. The
/// max-margin plane is not invariant under that (§8.1 caveat), so Isotropic takes one factor, the longest
/// extent's, and only centres the box: the plane learned in scaled space is the world's, scaled.
Scaling fitScaling(std::span<const Vec3> a, std::span<const Vec3> b, SvmScaling mode, double& extent) {
    Vec3 lo(std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity(),
            std::numeric_limits<double>::infinity());
    Vec3 hi = -lo;
    for (std::span<const Vec3> set : {a, b})
        for (const Vec3& p : set) lo = vmin(lo, p), hi = vmax(hi, p);
    const Vec3 size = hi - lo;
    extent = maxComponent(size);
    Scaling out;
    for (int k = 0; k < 3; ++k) {
        const double e = mode == SvmScaling::PerFeature ? size[k] : extent;
        if (!(e > 0)) continue; // a flat axis: s = t = 0
        out.s[k] = 2 / e;
        out.t[k] = mode == SvmScaling::PerFeature ? -1 - out.s[k] * lo[k] : -out.s[k] * (lo[k] + hi[k]) / 2;
    }
    return out;
}

/// The learned decision function f(x') = w'.x' + b' in scaled space, positive on B's side.
struct Linear {
    Vec3 w;
    double b = 0;
    double operator()(const Vec3& x) const { return dot(w, x) + b; }
};

// sbv-reconstruction §3: the linear C-SVC, w = sum alpha_i y_i x_i over the SVs and b = -rho.
Linear trainLibsvm(const std::vector<Vec3>& x, const std::vector<double>& y, const SvmOptions& o,
                   std::vector<std::uint32_t>& sv, std::string& error) {
    std::vector<svm_node> nodes(x.size() * 4);
    std::vector<svm_node*> rows(x.size());
    for (std::size_t i = 0; i < x.size(); ++i) {
        svm_node* r = &nodes[4 * i];
        r[0] = {1, x[i].x}, r[1] = {2, x[i].y}, r[2] = {3, x[i].z}, r[3] = {-1, 0};
        rows[i] = r;
    }
    svm_problem prob{int(x.size()), const_cast<double*>(y.data()), rows.data()};
    svm_parameter param{};
    param.svm_type = C_SVC;
    param.kernel_type = LINEAR;
    param.cache_size = 100; // MB, svm-train's default
    param.eps = o.tolerance;
    param.C = o.C;
    param.shrinking = 1;
    param.probability = 0;
    Linear f;
    if (const char* e = svm_check_parameter(&prob, &param)) {
        error = std::string("libsvm: ") + e;
        svm_destroy_param(&param);
        return f;
    }
    svm_model* model = svm_train(&prob, &param);
    // The SVs point into `nodes` (free_sv = 0): read them before those go.
    for (int i = 0; i < model->l; ++i) {
        const double c = model->sv_coef[0][i];
        for (const svm_node* n = model->SV[i]; n->index != -1; ++n) f.w[n->index - 1] += c * n->value;
        sv.push_back(std::uint32_t(model->sv_indices[i] - 1)); // 1-based into the training set
    }
    f.b = -model->rho[0];
    // The decision value is positive on model->label[0]'s side, the label libsvm saw first: -1 (A) here.
    if (model->label[0] == -1) f.w = -f.w, f.b = -f.b;
    svm_free_and_destroy_model(&model);
    svm_destroy_param(&param);
    return f;
}

// The same hinge loss by dual coordinate descent (L2R_L1LOSS_SVC_DUAL), on the samples moved by -origin.
// The intercept is a fourth feature of constant value `bias` = 1 whose weight is regularized with w, which
// libsvm's b is not: it minimizes |w|^2 + b^2, which tilts the plane towards the origin (10-12 degrees off
// the exact OSH on random separable sets at C = 1e5, where libsvm is within 0.5). With the origin on the
// plane the optimal b is 0 and the two problems have the same solution, hence `origin`.
// liblinear shuffles its coordinates with rand(): seeded before each training, so the same samples give the
// same plane (the bench's counters and the viewer's frames repeat).
Linear solveLiblinear(const std::vector<Vec3>& x, const std::vector<double>& y, const Vec3& origin,
                      const SvmOptions& o, std::string& error) {
    constexpr double bias = 1;
    std::vector<feature_node> nodes(x.size() * 5);
    std::vector<feature_node*> rows(x.size());
    for (std::size_t i = 0; i < x.size(); ++i) {
        const Vec3 p = x[i] - origin;
        feature_node* r = &nodes[5 * i];
        r[0] = {1, p.x}, r[1] = {2, p.y}, r[2] = {3, p.z}, r[3] = {4, bias}, r[4] = {-1, 0};
        rows[i] = r;
    }
    problem prob{int(x.size()), 4, const_cast<double*>(y.data()), rows.data(), bias};
    parameter param{};
    param.solver_type = L2R_L1LOSS_SVC_DUAL;
    param.eps = o.tolerance;
    param.C = o.C;
    Linear f;
    if (const char* e = check_parameter(&prob, &param)) {
        error = std::string("liblinear: ") + e;
        destroy_param(&param);
        return f;
    }
    std::srand(1);
    model* m = train(&prob, &param);
    f.w = {m->w[0], m->w[1], m->w[2]};
    f.b = m->w[3] * bias - dot(f.w, origin); // w.(x - origin) + b
    // Positive on model->label[0]'s side; liblinear puts +1 first for a -1/+1 problem, but say so anyway.
    if (m->label[0] == -1) f.w = -f.w, f.b = -f.b;
    free_and_destroy_model(&m);
    destroy_param(&param);
    return f;
}

/// liblinear with the origin moved onto its own plane: a first training on the scaled samples (centred on
/// their box), then again with the origin at the projection of the last one onto the plane found, until the
/// plane passes within 1 % of the half margin of its origin. There the intercept the regularizer pulls
/// towards 0 is 0 already, so the plane is libsvm's (the fixed point); each pass halves the tilt or so.
Linear trainLiblinear(const std::vector<Vec3>& x, const std::vector<double>& y, const SvmOptions& o,
                      std::vector<std::uint32_t>& sv, std::string& error) {
    constexpr int maxPasses = 8;
    Vec3 origin;
    Linear f = solveLiblinear(x, y, origin, o, error);
    for (int pass = 1; pass < maxPasses && error.empty(); ++pass) {
        // f(origin) in units of the half margin 1/|w|: how far the plane is from the origin it was given.
        if (std::abs(f(origin)) <= 1e-2) break;
        const double ww = dot(f.w, f.w);
        if (!(ww > 0) || !std::isfinite(ww)) break; // the caller reports a zero normal
        origin -= f.w * (f(origin) / ww);
        f = solveLiblinear(x, y, origin, o, error);
    }
    // The model keeps no alphas. For the hinge loss alpha_i > 0 only where y_i f(x_i) <= 1 (KKT), so those
    // points, within the stopping tolerance, are the support vectors.
    for (std::size_t i = 0; i < x.size(); ++i)
        if (y[i] * f(x[i]) <= 1 + o.tolerance) sv.push_back(std::uint32_t(i));
    return f;
}

/// Moves n distinct random indices of `pool` to its front (partial Fisher-Yates) with SplitMix64, the same
/// sequence on every platform.
void shuffleFront(std::vector<std::uint32_t>& pool, std::size_t n, std::uint64_t seed) {
    std::uint64_t s = seed;
    auto next = [&s] {
        std::uint64_t z = (s += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    };
    for (std::size_t i = 0; i < n; ++i) std::swap(pool[i], pool[i + next() % (pool.size() - i)]);
}

std::string nonFinite(std::span<const Vec3> set, const char* body) {
    for (std::size_t i = 0; i < set.size(); ++i)
        if (!isFinite(set[i])) return "non-finite sample " + std::to_string(i) + " of body " + body;
    return {};
}

} // namespace

const char* svmSolverName(SvmSolver solver) {
    return solver == SvmSolver::Libsvm ? "libsvm" : "liblinear";
}

SvmOsh trainSeparatingPlane(std::span<const Vec3> a, std::span<const Vec3> b, const SvmOptions& o) {
    SvmOsh out;
    const std::string solver = svmSolverName(o.solver);
    if (a.empty()) return out.error = "no sample of body A", out;
    if (b.empty()) return out.error = "no sample of body B", out;
    if (a.size() + b.size() > std::size_t(std::numeric_limits<int>::max()))
        return out.error = solver + ": more samples than an int counts", out;
    if (out.error = nonFinite(a, "A"); !out.error.empty()) return out;
    if (out.error = nonFinite(b, "B"); !out.error.empty()) return out;
    // The libraries check C <= 0 and eps <= 0 but let NaN through.
    if (!std::isfinite(o.C)) return out.error = solver + ": C is not a finite number", out;
    if (!std::isfinite(o.tolerance))
        return out.error = solver + ": the tolerance is not a finite number", out;
    silenceLibraries();

    Stopwatch clock;
    double extent = 0;
    const Scaling scale = fitScaling(a, b, o.scaling, extent);
    if (!(extent > 0)) return out.error = "all samples of both bodies are the same point", out;
    std::vector<Vec3> x;
    std::vector<double> y;
    x.reserve(a.size() + b.size()), y.reserve(a.size() + b.size());
    for (const Vec3& p : a) x.push_back(scale.apply(p)), y.push_back(-1);
    for (const Vec3& p : b) x.push_back(scale.apply(p)), y.push_back(+1);

    std::vector<std::uint32_t> sv;
    const Linear f = o.solver == SvmSolver::Libsvm ? trainLibsvm(x, y, o, sv, out.error)
                                                   : trainLiblinear(x, y, o, sv, out.error);
    if (!out.error.empty()) return out;
    // Back to the world: f(s.x + t) = (s.w').x + (w'.t + b').
    const Vec3 w(scale.s.x * f.w.x, scale.s.y * f.w.y, scale.s.z * f.w.z);
    const double bw = dot(f.w, scale.t) + f.b;
    const double len = length(w);
    out.trainMs = clock.ms();
    // w is a sum of at most n terms alpha_i y_i x_i of size C*sqrt(3) or less: below its rounding level it is
    // zero, the sets give the solver no side to prefer. A solver stopped short of w = 0 (liblinear at large
    // C on identical sets) leaves a w of noise instead: the soft-margin objective 1/2 |w|^2 + C sum xi_i
    // (§3) tells it, since w = 0 with b = +-1 already scores 2 C min(|A|, |B|) and noise scores no better.
    const double zero = 1e-12 * o.C * double(x.size()) * std::max({scale.s.x, scale.s.y, scale.s.z});
    double objective = 0.5 * dot(f.w, f.w);
    for (std::size_t i = 0; i < x.size(); ++i) objective += o.C * std::max(0.0, 1 - y[i] * f(x[i]));
    const double noPlane = 2 * o.C * double(std::min(a.size(), b.size()));
    if (!std::isfinite(len) || !std::isfinite(bw) || len <= zero || objective >= noPlane * (1 - 1e-6))
        return out.error = solver + ": the trained normal is zero (the sets cannot be told apart)", out;
    out.direction = w / len;
    out.offset = -bw / len;
    out.margin = 2 / len;
    const auto na = std::uint32_t(a.size()); // A's samples come first in the training set
    for (std::uint32_t i : sv) i < na ? out.supportA.push_back(i) : out.supportB.push_back(i - na);
    std::sort(out.supportA.begin(), out.supportA.end());
    std::sort(out.supportB.begin(), out.supportB.end());
    out.ok = true;
    return out;
}

std::vector<std::uint32_t> sampleIndices(std::size_t n, std::size_t count, std::uint64_t seed) {
    std::vector<std::uint32_t> pool(n);
    std::iota(pool.begin(), pool.end(), 0u);
    if (count >= n) return pool;
    shuffleFront(pool, count, seed);
    pool.resize(count);
    std::sort(pool.begin(), pool.end());
    return pool;
}

} // namespace cdlab
