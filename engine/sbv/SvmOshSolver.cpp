#include "sbv/SvmOshSolver.h"

namespace cdlab {

namespace {
void gather(std::span<const Vec3> points, std::span<const std::uint32_t> subset, std::vector<Vec3>& out,
            std::vector<std::uint32_t>& index) {
    out.clear(), index.clear();
    if (subset.empty())
        for (std::uint32_t i = 0; i < points.size(); ++i) out.push_back(points[i]), index.push_back(i);
    else
        for (std::uint32_t i : subset) out.push_back(points[i]), index.push_back(i);
}
} // namespace

OshAnswer SvmOshSolver::solve(const OshQuery& q) {
    gather(q.pointsA, q.subsetA, m_a, m_indexA);
    gather(q.pointsB, q.subsetB, m_b, m_indexB);
    const SvmOsh svm = trainSeparatingPlane(m_a, m_b, m_options);
    OshAnswer out;
    out.ok = svm.ok;
    out.error = svm.error;
    out.direction = svm.direction;
    out.ms = svm.trainMs;
    // Back to indices into the bodies' vertices.
    for (std::uint32_t i : svm.supportA) out.supportA.push_back(m_indexA[i]);
    for (std::uint32_t i : svm.supportB) out.supportB.push_back(m_indexB[i]);
    return out;
}

} // namespace cdlab
