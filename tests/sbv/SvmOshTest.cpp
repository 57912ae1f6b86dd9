// The OSH by a linear SVM (engine/sbv/SvmOsh, sbv-reconstruction §3, §8.1) against the exact OSH by GJK
// (engine/sbv/ExactOsh) on fixed-seed random separable point sets: with isotropic scaling and a large C (a
// hard margin) both solvers find d* within a degree or so; with the paper's per-feature scaling the plane
// still separates but tilts (§8.1 caveat: measured, not bounded); support vectors lie on or inside the
// margin; libsvm and liblinear agree at the paper's C = 1. Bad input gives a message, never a crash. And the
// bench's Table 2 (app/bench/SbvTable2) prints its rows.
#include "sbv/SvmOsh.h"

#include "SbvTable2.h"
#include "TestUtil.h"
#include "sbv/ExactOsh.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <thread>

using namespace cdlab;
using cdlab::test::Rng;

namespace {

double degrees(const Vec3& u, const Vec3& v) {
    return std::acos(std::clamp(dot(u, v), -1.0, 1.0)) * 180 / 3.14159265358979323846;
}

struct PointSets {
    std::vector<Vec3> a, b;
};

/// Two boxes of random points with different extents per axis (so that per-feature scaling is
/// anisotropic), B moved along a random direction until a gap of 0.5-3 box units opens between them, the
/// whole placed anywhere at any scale from 1e-2 to 1e2: separable, and not trivially.
PointSets separatedSets(Rng& rng) {
    const int na = rng.integer(5, 60), nb = rng.integer(5, 60);
    const Vec3 centre = rng.vec(-5, 5), n = rng.unit();
    const Vec3 ext = rng.vec(0.2, 3);
    const double gap = rng.uniform(0.5, 3), scale = std::pow(10.0, rng.uniform(-2, 2));
    PointSets s;
    for (int i = 0; i < na; ++i)
        s.a.push_back(centre + Vec3(rng.uniform(-1, 1) * ext.x, rng.uniform(-1, 1) * ext.y,
                                    rng.uniform(-1, 1) * ext.z));
    for (int i = 0; i < nb; ++i)
        s.b.push_back(centre + Vec3(rng.uniform(-1, 1) * ext.z, rng.uniform(-1, 1) * ext.x,
                                    rng.uniform(-1, 1) * ext.y));
    double maxA = -std::numeric_limits<double>::infinity(), minB = std::numeric_limits<double>::infinity();
    for (const Vec3& p : s.a) maxA = std::max(maxA, dot(n, p));
    for (const Vec3& p : s.b) minB = std::min(minB, dot(n, p));
    for (Vec3& p : s.b) p += n * (maxA - minB + gap);
    for (Vec3& p : s.a) p *= scale;
    for (Vec3& p : s.b) p *= scale;
    return s;
}

/// How many points lie on the wrong side of the plane (or on it).
int misclassified(const PointSets& s, const SvmOsh& m) {
    int bad = 0;
    for (const Vec3& p : s.a) bad += dot(m.direction, p) >= m.offset;
    for (const Vec3& p : s.b) bad += dot(m.direction, p) <= m.offset;
    return bad;
}

SvmOptions options(SvmSolver solver, SvmScaling scaling, double C) {
    SvmOptions o;
    o.solver = solver;
    o.scaling = scaling;
    o.C = C;
    return o;
}

constexpr SvmSolver kSolvers[] = {SvmSolver::Libsvm, SvmSolver::Liblinear};

} // namespace

// §8.1: on separable sets the hard-margin SVM's plane is the exact OSH; isotropic scaling keeps it and C =
// 1e5 makes the margin hard. libsvm lands within 0.5 degrees on these sets. liblinear's dual coordinate
// descent stops at its cap of 1000 iterations at so large a C, a little short: within a degree on almost
// every set, 3 at worst over four seeds (and it shuffles with rand(), so the figures move a little).
TEST(SvmOsh, IsotropicHardMarginMatchesExactOsh) {
    Rng rng(20261127);
    constexpr int kConfigs = 300;
    double worst[2] = {0, 0};
    int overOneDegree[2] = {0, 0};
    for (int c = 0; c < kConfigs; ++c) {
        const PointSets s = separatedSets(rng);
        const ExactOsh exact = exactSeparatingPlane(PointSetSupport(s.a), PointSetSupport(s.b));
        ASSERT_TRUE(exact.separated) << "config " << c;
        for (int k = 0; k < 2; ++k) {
            const SvmOsh m = trainSeparatingPlane(s.a, s.b, options(kSolvers[k], SvmScaling::Isotropic, 1e5));
            ASSERT_TRUE(m.ok) << "config " << c << " " << svmSolverName(kSolvers[k]) << ": " << m.error;
            const double angle = degrees(m.direction, exact.direction);
            worst[k] = std::max(worst[k], angle);
            overOneDegree[k] += angle > 1;
            EXPECT_EQ(misclassified(s, m), 0) << "config " << c << " " << svmSolverName(kSolvers[k]);
            EXPECT_NEAR(length(m.direction), 1, 1e-12);
            EXPECT_GT(m.margin, 0);
        }
    }
    EXPECT_LE(worst[0], 1.0) << "libsvm";
    EXPECT_LE(worst[1], 5.0) << "liblinear";
    EXPECT_LE(overOneDegree[1], kConfigs / 20) << "liblinear: more than 5 % of the sets off by over a degree";
    std::cout << "[ info ] worst angle to the exact OSH: libsvm " << worst[0] << " deg, liblinear "
              << worst[1] << " deg (" << overOneDegree[1] << " of " << kConfigs << " over 1 deg)\n";
}

// §8.1 caveat: svm-scale's per-axis factors change which plane has the largest margin, so the plane mapped
// back is not the OSH, but it still separates what is separable. The angle is measured, not bounded.
TEST(SvmOsh, PerFeatureScalingStillSeparates) {
    Rng rng(77);
    double worst[2] = {0, 0};
    for (int c = 0; c < 200; ++c) {
        const PointSets s = separatedSets(rng);
        const ExactOsh exact = exactSeparatingPlane(PointSetSupport(s.a), PointSetSupport(s.b));
        for (int k = 0; k < 2; ++k) {
            const SvmOsh m =
                trainSeparatingPlane(s.a, s.b, options(kSolvers[k], SvmScaling::PerFeature, 1e5));
            ASSERT_TRUE(m.ok) << m.error;
            EXPECT_EQ(misclassified(s, m), 0) << "config " << c << " " << svmSolverName(kSolvers[k]);
            worst[k] = std::max(worst[k], degrees(m.direction, exact.direction));
        }
    }
    std::cout << "[ info ] per-feature scaling, worst angle to the exact OSH: libsvm " << worst[0]
              << " deg, liblinear " << worst[1] << " deg\n";
}

// Support vectors: valid sorted indices, each on or inside the margin (y f(x) <= 1, within the solver's
// tolerance); for libsvm, whose support vectors are the alpha_i > 0 it reports, every other point lies on or
// outside it (y f(x) >= 1), and both classes have one (sum alpha_i y_i = 0).
TEST(SvmOsh, SupportVectorsLieOnOrInsideTheMargin) {
    Rng rng(5);
    for (int c = 0; c < 60; ++c) {
        const PointSets s = separatedSets(rng);
        for (SvmSolver solver : kSolvers)
            for (SvmScaling scaling : {SvmScaling::PerFeature, SvmScaling::Isotropic})
                for (double C : {1.0, 1e5}) {
                    const SvmOptions o = options(solver, scaling, C);
                    const SvmOsh m = trainSeparatingPlane(s.a, s.b, o);
                    ASSERT_TRUE(m.ok) << m.error;
                    ASSERT_GT(m.supportVectors(), 0u);
                    // y f(x) in units of the half margin: f = +-1 on the margin planes.
                    auto yf = [&](const Vec3& p, double y) {
                        return y * (dot(m.direction, p) - m.offset) / (m.margin / 2);
                    };
                    const double slack = 2 * o.tolerance + 1e-9;
                    for (const auto* sv : {&m.supportA, &m.supportB}) {
                        const bool isA = sv == &m.supportA;
                        const std::vector<Vec3>& set = isA ? s.a : s.b;
                        EXPECT_TRUE(std::is_sorted(sv->begin(), sv->end()));
                        EXPECT_EQ(std::adjacent_find(sv->begin(), sv->end()), sv->end());
                        for (std::uint32_t i : *sv) {
                            ASSERT_LT(i, set.size());
                            EXPECT_LE(yf(set[i], isA ? -1 : 1), 1 + slack)
                                << "config " << c << " " << svmSolverName(solver) << " C " << C;
                        }
                    }
                    if (solver != SvmSolver::Libsvm) continue;
                    EXPECT_FALSE(m.supportA.empty());
                    EXPECT_FALSE(m.supportB.empty());
                    for (std::uint32_t i = 0; i < s.a.size(); ++i)
                        if (!std::binary_search(m.supportA.begin(), m.supportA.end(), i)) {
                            EXPECT_GE(yf(s.a[i], -1), 1 - slack) << "config " << c << " A " << i;
                        }
                    for (std::uint32_t i = 0; i < s.b.size(); ++i)
                        if (!std::binary_search(m.supportB.begin(), m.supportB.end(), i)) {
                            EXPECT_GE(yf(s.b[i], 1), 1 - slack) << "config " << c << " B " << i;
                        }
                }
    }
}

// The same hinge loss, two solvers: at the paper's settings (C = 1, per-feature scaling) their planes agree
// within a few degrees (liblinear's regularized intercept is worked around by moving the origin onto its
// plane; without that they differed by up to 14 degrees on these sets).
TEST(SvmOsh, LibsvmAndLiblinearAgreeAtC1) {
    Rng rng(31);
    double worst = 0;
    for (int c = 0; c < 200; ++c) {
        const PointSets s = separatedSets(rng);
        const SvmOsh x =
            trainSeparatingPlane(s.a, s.b, options(SvmSolver::Libsvm, SvmScaling::PerFeature, 1));
        const SvmOsh y =
            trainSeparatingPlane(s.a, s.b, options(SvmSolver::Liblinear, SvmScaling::PerFeature, 1));
        ASSERT_TRUE(x.ok && y.ok) << x.error << y.error;
        const double angle = degrees(x.direction, y.direction);
        worst = std::max(worst, angle);
        EXPECT_LE(angle, 3.0) << "config " << c;
    }
    std::cout << "[ info ] libsvm vs liblinear at C = 1: worst " << worst << " deg\n";
}

TEST(SvmOsh, BadInputGivesAMessage) {
    const std::vector<Vec3> none;
    std::vector<Vec3> a, b;
    for (int i = 0; i < 20; ++i) a.push_back({std::sin(i * 1.3), std::cos(i * 0.7), std::sin(i * 2.1 + 0.3)});
    for (const Vec3& p : a) b.push_back(p + Vec3(5, 0, 0));
    auto expectError = [](const SvmOsh& m, const std::string& what) {
        EXPECT_FALSE(m.ok);
        EXPECT_NE(m.error.find(what), std::string::npos)
            << "'" << m.error << "' does not say '" << what << "'";
    };
    for (SvmSolver solver : kSolvers) {
        SvmOptions o;
        o.solver = solver;
        const std::string name = svmSolverName(solver);
        expectError(trainSeparatingPlane(none, b, o), "no sample of body A");
        expectError(trainSeparatingPlane(a, none, o), "no sample of body B");
        std::vector<Vec3> nan = a;
        nan[12].y = std::numeric_limits<double>::quiet_NaN();
        expectError(trainSeparatingPlane(nan, b, o), "non-finite sample 12 of body A");
        std::vector<Vec3> inf = b;
        inf[3].z = -std::numeric_limits<double>::infinity();
        expectError(trainSeparatingPlane(a, inf, o), "non-finite sample 3 of body B");
        const std::vector<Vec3> same(4, Vec3(1, 2, 3)), one(1, Vec3(1, 2, 3));
        expectError(trainSeparatingPlane(same, one, o), "the same point");
        // The same cloud on both sides: nothing tells them apart, at a soft or a hard margin.
        for (double C : {1.0, 1e5})
            for (SvmScaling scaling : {SvmScaling::PerFeature, SvmScaling::Isotropic})
                expectError(trainSeparatingPlane(a, a, options(solver, scaling, C)),
                            name + ": the trained normal is zero");
        for (double C : {0.0, -1.0}) {
            o.C = C;
            expectError(trainSeparatingPlane(a, b, o), name + ": C <= 0");
        }
        o.C = std::numeric_limits<double>::quiet_NaN();
        expectError(trainSeparatingPlane(a, b, o), name + ": C is not a finite number");
        o.C = 1;
        o.tolerance = 0;
        expectError(trainSeparatingPlane(a, b, o), name + ": eps <= 0");
        o.tolerance = 1e-3;
        const SvmOsh fine = trainSeparatingPlane(a, b, o);
        EXPECT_TRUE(fine.ok) << fine.error;
        EXPECT_GT(fine.direction.x, 0.99); // from A towards B
    }
}

// Each call builds its own problem: concurrent libsvm trainings (deterministic) give the serial answer.
TEST(SvmOsh, ConcurrentTrainingsGiveTheSerialAnswer) {
    Rng rng(9);
    const PointSets s = separatedSets(rng);
    const SvmOptions o = options(SvmSolver::Libsvm, SvmScaling::PerFeature, 1);
    const SvmOsh serial = trainSeparatingPlane(s.a, s.b, o);
    ASSERT_TRUE(serial.ok) << serial.error;
    std::vector<SvmOsh> results(4);
    std::vector<std::thread> threads;
    for (SvmOsh& r : results) threads.emplace_back([&] { r = trainSeparatingPlane(s.a, s.b, o); });
    for (std::thread& t : threads) t.join();
    for (const SvmOsh& r : results) {
        EXPECT_TRUE(r.ok);
        EXPECT_EQ(r.direction, serial.direction);
        EXPECT_EQ(r.supportA, serial.supportA);
        EXPECT_EQ(r.supportB, serial.supportB);
    }
}

TEST(SvmOsh, SampleIndicesAreDeterministicDistinctSortedAndSized) {
    for (std::size_t n : {0u, 1u, 7u, 100u, 17000u})
        for (std::size_t count : {0u, 1u, 5u, 100u, 2500u, 20000u}) {
            const std::vector<std::uint32_t> s = sampleIndices(n, count, 42);
            ASSERT_EQ(s.size(), std::min(n, count)) << n << " " << count;
            EXPECT_TRUE(std::adjacent_find(s.begin(), s.end(), std::greater_equal<>()) == s.end())
                << "not strictly increasing: " << n << " " << count;
            if (!s.empty()) {
                EXPECT_LT(s.back(), n);
            }
            EXPECT_EQ(sampleIndices(n, count, 42), s);
        }
    EXPECT_NE(sampleIndices(1000, 100, 1), sampleIndices(1000, 100, 2));
    // Spread over the range, not a block at its start.
    const std::vector<std::uint32_t> s = sampleIndices(10000, 100, 3);
    EXPECT_GT(s.back(), 9000u);
    EXPECT_LT(s.front(), 1000u);
}

TEST(SvmOsh, Table2PrintsARowPerSampleSizeAndSolver) {
    Rng rng(11);
    std::vector<Vec3> a, b;
    for (int i = 0; i < 300; ++i) a.push_back(rng.vec(-1, 1));
    for (int i = 0; i < 400; ++i) b.push_back(rng.vec(-1, 1) + Vec3(3, 0.5, 0));
    SbvTable2Options o;
    o.samples = {10, 50, 0};
    o.repeat = 1;
    std::ostringstream out;
    printSbvTable2(out, a, b, "cloud", "shifted cloud", o);
    const std::string text = out.str();
    EXPECT_EQ(text.find("# ERROR"), std::string::npos) << text;
    EXPECT_NE(text.find("cloud (A, 300 points"), std::string::npos) << text;
    for (const char* solver : {"libsvm", "liblinear"})
        for (const char* samples : {"10+10 ", "50+50 ", "300+400 "}) {
            std::istringstream lines(text);
            int rows = 0;
            for (std::string line; std::getline(lines, line);)
                rows += line.rfind(samples, 0) == 0 && line.find(solver) != std::string::npos;
            EXPECT_EQ(rows, 1) << solver << " " << samples << "\n" << text;
        }
    EXPECT_NE(text.find("7000+10000"), std::string::npos) << "the paper's row beside all points";
}
