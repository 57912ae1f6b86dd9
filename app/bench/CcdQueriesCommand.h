// `cdlab-bench ccd-queries`: elementary CCD queries from a CSV file (or generated) against their truth
// column.
#pragma once

#include "BenchCommand.h"
#include "ccd/ElementaryCcd.h"

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>

namespace cdlab {

struct CcdQueriesOptions {
    std::string file;
    std::string type; ///< "ee" or "vf"
    int depth = CcdOptions{}.maxDepth;
    bool verbose = false;
    int repeat = 1;            ///< timed passes (median)
    bool perQuery = false;     ///< also time each query alone: p50/p90/p99/max of its median over the passes
    bool noFilter = false;     ///< the exact search alone (CcdOptions::linearFilter off)
    std::size_t generated = 0; ///< generate this many queries (CcdQueryGenerator) instead of reading a file
    std::uint64_t seed = 1;    ///< of the generated queries
    std::string output;        ///< write the generated queries here (CSV)
};

/// Prints `queries`, `false positives`, `false negatives`, `ns per query` (median over the passes) and
/// three informative lines; with perQuery the per-query percentiles, with generated queries their hit rate.
int runCcdQueries(const CcdQueriesOptions& options, std::ostream& out);

/// Declares the command (its subcommand and options) for the command table in main.cpp.
BenchCommand declareCcdQueriesCommand(CLI::App& app);

} // namespace cdlab
