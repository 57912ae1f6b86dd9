#include "articulated/CatchDetail.h"

namespace cdlab {

const char* toString(PairAdvance::Fate f) {
    switch (f) {
    case PairAdvance::Fate::Culled:
        return "culled";
    case PairAdvance::Fate::Abandoned:
        return "abandoned";
    case PairAdvance::Fate::Free:
        return "free";
    case PairAdvance::Fate::Contact:
        return "contact";
    case PairAdvance::Fate::Earliest:
        return "toc";
    }
    return "?";
}

} // namespace cdlab
