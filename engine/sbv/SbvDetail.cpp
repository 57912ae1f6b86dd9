#include "sbv/SbvDetail.h"

namespace cdlab {

const char* toString(SbvPairRecord::Outcome o) {
    switch (o) {
    case SbvPairRecord::Outcome::Certified:
        return "separated by d*";
    case SbvPairRecord::Outcome::Shrunk:
        return "separated by shrinking";
    case SbvPairRecord::Outcome::Region:
        return "overlap region";
    case SbvPairRecord::Outcome::Contained:
        return "contained";
    }
    return "?";
}

} // namespace cdlab
