#include "bvh/BvhTrace.h"

namespace cdlab {

const char* toString(BvhTraceOutcome o) {
    switch (o) {
    case BvhTraceOutcome::Separated:
        return "separated";
    case BvhTraceOutcome::Overlap:
        return "overlap";
    case BvhTraceOutcome::BmCulled:
        return "bm-culled";
    case BvhTraceOutcome::Leaf:
        return "leaf";
    case BvhTraceOutcome::CulledBefore:
        return "culled-before";
    }
    return "?";
}

} // namespace cdlab
