#include "SbvTable2.h"

#include "core/Stats.h"
#include "sbv/ExactOsh.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <ostream>
#include <sstream>

namespace cdlab {

namespace {

/// Table 2 of the paper (LIBSVM 2.84 on its machine), by samples per body (0: all, 7 000 + 10 000).
struct PaperRow {
    std::size_t samples;
    const char* label;
    double svs, ms, differ;
};
constexpr PaperRow paperRows[] = {
    {100, "100+100", 37, 6, 10},      {250, "250+250", 80, 11, 4},    {500, "500+500", 93, 23, 2},
    {2500, "2500+2500", 111, 105, 2}, {0, "7000+10000", 131, 387, 0},
};

double degrees(const Vec3& u, const Vec3& v) {
    return std::acos(std::clamp(dot(u, v), -1.0, 1.0)) * 180 / 3.14159265358979323846;
}

std::string num(double v, int precision) {
    if (std::isnan(v)) return "-";
    std::ostringstream s;
    s << std::fixed << std::setprecision(precision) << v;
    return s.str();
}

struct Row {
    SvmOsh result; ///< the first training's
    double ms = NAN;
    std::size_t na = 0, nb = 0;
};

std::vector<Vec3> gather(std::span<const Vec3> points, const std::vector<std::uint32_t>& indices) {
    std::vector<Vec3> out;
    out.reserve(indices.size());
    for (std::uint32_t i : indices) out.push_back(points[i]);
    return out;
}

/// `repeat` trainings on `count` samples per body (0: all), the median time.
Row train(std::span<const Vec3> a, std::span<const Vec3> b, std::size_t count, const SvmOptions& svm,
          const SbvTable2Options& o) {
    const std::size_t wantA = count ? count : a.size(), wantB = count ? count : b.size();
    const std::vector<Vec3> sa = gather(a, sampleIndices(a.size(), wantA, o.seed));
    const std::vector<Vec3> sb = gather(b, sampleIndices(b.size(), wantB, o.seed + 1));
    Row row;
    row.na = sa.size(), row.nb = sb.size();
    std::vector<double> ms;
    for (int k = 0; k < std::max(1, o.repeat); ++k) {
        SvmOsh r = trainSeparatingPlane(sa, sb, svm);
        if (!r.ok) return row.result = std::move(r), row;
        ms.push_back(r.trainMs);
        if (k == 0) row.result = std::move(r);
    }
    row.ms = median(ms);
    return row;
}

} // namespace

void printSbvTable2(std::ostream& out, std::span<const Vec3> a, std::span<const Vec3> b,
                    const std::string& nameA, const std::string& nameB, const SbvTable2Options& o) {
    const ExactOsh exact = exactSeparatingPlane(PointSetSupport(a), PointSetSupport(b));
    out << "# sbv Table 2: a linear soft-margin SVM (C = " << o.C << ", "
        << (o.scaling == SvmScaling::PerFeature ? "per-feature scaling to [-1, 1] as svm-scale, the paper's"
                                                : "isotropic scaling")
        << ") trained on random samples of " << nameA << " (A, " << a.size() << " points, label -1) and "
        << nameB << " (B, " << b.size() << " points, label +1); median time of " << std::max(1, o.repeat)
        << (o.repeat > 1 ? " trainings" : " training") << ", seed " << o.seed << "\n";
    out << "# Differ: degrees to the direction the same solver trains on all points; exact: degrees to the "
           "exact OSH (GJK, sbv-reconstruction §8.1); the paper's row beside (LIBSVM 2.84, its machine)\n";
    if (exact.separated)
        out << "# exact OSH: the hulls are " << num(exact.margin, 4) << " apart, d* = ("
            << num(exact.direction.x, 4) << ", " << num(exact.direction.y, 4) << ", "
            << num(exact.direction.z, 4) << ")\n";
    else
        out << "# exact OSH: none, the hulls intersect (the exact column is empty)\n";
    out << std::left << std::setw(13) << "samples" << std::setw(11) << "solver" << std::right << std::setw(6)
        << "SVs" << std::setw(10) << "ms" << std::setw(9) << "Differ" << std::setw(9) << "exact"
        << "   | paper " << std::left << std::setw(12) << "samples" << std::right << std::setw(5) << "SVs"
        << std::setw(6) << "ms" << std::setw(8) << "Differ"
        << "\n";
    Vec3 allDirection[2];
    bool allOk[2] = {false, false};
    for (SvmSolver solver : {SvmSolver::Libsvm, SvmSolver::Liblinear}) {
        SvmOptions svm;
        svm.solver = solver;
        svm.scaling = o.scaling;
        svm.C = o.C;
        // "Differ" compares with the plane trained on every point: trained once here, and reused as the row
        // of all points when the table has one.
        SbvTable2Options once = o;
        once.repeat = 1;
        const Row all = train(a, b, 0, svm, once);
        allDirection[int(solver)] = all.result.direction, allOk[int(solver)] = all.result.ok;
        for (std::size_t count : o.samples) {
            const bool everything = count == 0 || (count >= a.size() && count >= b.size());
            Row row = everything && o.repeat <= 1 ? all : train(a, b, count, svm, o);
            if (everything && row.result.ok) row.result = all.result; // the reference itself: Differ = 0
            std::ostringstream samples;
            samples << row.na << "+" << row.nb;
            out << std::left << std::setw(13) << samples.str() << std::setw(11) << svmSolverName(solver);
            const PaperRow* paper = nullptr;
            for (const PaperRow& p : paperRows)
                if (p.samples == count) paper = &p;
            if (!row.result.ok) {
                out << "# ERROR: " << row.result.error << "\n";
                continue;
            }
            const SvmOsh& r = row.result;
            const double differ = all.result.ok ? degrees(r.direction, all.result.direction) : NAN;
            const double toExact = exact.separated ? degrees(r.direction, exact.direction) : NAN;
            out << std::right << std::setw(6) << r.supportVectors() << std::setw(10) << num(row.ms, 2)
                << std::setw(9) << num(differ, 2) << std::setw(9) << num(toExact, 2) << "   |       "
                << std::left << std::setw(12) << (paper ? paper->label : "-") << std::right << std::setw(5)
                << num(paper ? paper->svs : NAN, 0) << std::setw(6) << num(paper ? paper->ms : NAN, 0)
                << std::setw(8) << num(paper ? paper->differ : NAN, 0) << "\n";
        }
    }
    if (allOk[0] && allOk[1])
        out << "# libsvm and liblinear on all points: " << num(degrees(allDirection[0], allDirection[1]), 2)
            << " degrees apart\n";
}

} // namespace cdlab
