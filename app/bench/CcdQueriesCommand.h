// `cdlab-bench ccd-queries`: elementary CCD queries from a CSV file against their truth column.
#pragma once

#include "ccd/ElementaryCcd.h"

#include <iosfwd>
#include <string>

namespace cdlab {

struct CcdQueriesOptions {
    std::string file;
    std::string type; ///< "ee" or "vf"
    int depth = CcdOptions{}.maxDepth;
    bool verbose = false;
    int repeat = 1; ///< timed passes (median)
};

/// Prints `queries`, `false positives`, `false negatives`, `ns per query` (median over the passes) and
/// three informative lines.
int runCcdQueries(const CcdQueriesOptions& options, std::ostream& out);

} // namespace cdlab
