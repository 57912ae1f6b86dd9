#include "articulated/ConservativeAdvancement.h"

#include <algorithm>
#include <cmath>

namespace cdlab {

const char* toString(CaOutcome o) {
    switch (o) {
    case CaOutcome::Contact:
        return "contact";
    case CaOutcome::Free:
        return "free";
    case CaOutcome::Abandoned:
        return "abandoned";
    case CaOutcome::Unresolved:
        return "unresolved";
    }
    return "?";
}

bool caGoesOn(CaResult& r, double t, double step, const CaOptions& options) {
    const double limit = std::min(options.limit, options.end);
    if (!(t + step <= limit)) {
        r.outcome = limit < options.end ? CaOutcome::Abandoned : CaOutcome::Free;
        return false;
    }
    if (r.iterations >= options.maxIterations) {
        r.outcome = CaOutcome::Unresolved;
        return false;
    }
    return true;
}

CaResult advance(double start, const CaDistance& distance, const CaSpeed& speed, const CaOptions& options,
                 std::vector<CaStep>* history) {
    CaResult r;
    double t = start;
    for (;;) {
        CaStep s;
        s.time = t;
        s.distance = distance(t, s.pointA, s.pointB);
        ++r.iterations;
        r.time = t;
        r.distance = s.distance;
        if (s.distance < options.epsilon) {
            r.outcome = CaOutcome::Contact;
            if (history) history->push_back(s);
            return r;
        }
        Vec3 n = s.pointB - s.pointA;
        double len = length(n);
        n = len > 0 ? n / len : Vec3{1, 0, 0};
        s.speed = speed(t, n);
        // eq. (4): no contact within d / mu. Nothing moving (mu = 0) never closes the gap.
        s.step = s.speed > 0 ? s.distance / s.speed : INFINITY;
        if (history) history->push_back(s);
        if (!caGoesOn(r, t, s.step, options)) return r;
        t += s.step;
    }
}

} // namespace cdlab
