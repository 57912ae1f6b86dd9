// CSBV's d* by a trained linear SVM (osh=svm, the paper's way: sbv-reconstruction §3-4): the query's points
// (CSBV's OS(A), OS(B), or I*(A), I*(B) when retraining) go to trainSeparatingPlane. A failed training is
// an answer with ok = false and the reason: CSBV then goes on without d* (over D0), still conservative.
#pragma once

#include "sbv/Csbv.h"
#include "sbv/SvmOsh.h"

namespace cdlab {

class SvmOshSolver : public OshSolver {
public:
    explicit SvmOshSolver(const SvmOptions& options) : m_options(options) {}
    OshAnswer solve(const OshQuery& query) override;
    bool exact() const override { return false; }

private:
    SvmOptions m_options;
    std::vector<Vec3> m_a, m_b;
    std::vector<std::uint32_t> m_indexA, m_indexB;
};

} // namespace cdlab
