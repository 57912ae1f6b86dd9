// `cdlab-bench distance`: mesh-mesh distance queries (the ones CATCH's conservative advancement makes,
// zhang2007 secs. 6-7) on placements of bundled procedural meshes at known gaps: knot-teapot and door-door,
// each at 1 mm, 1 cm and 10 cm in several random orientations (B moved along a random direction until the
// gap is exact). Every distance method of the registry (rss, brute-force, the FCL peer) answers each
// placement; the table gives their median times, ours over FCL's, and how far each distance is from the
// brute-force reference's and from FCL's.
#pragma once

#include "BenchCommand.h"
#include <iosfwd>
#include <string>
#include <vector>

namespace cdlab {

struct DistanceCommandOptions {
    std::vector<std::string> pairs{"knot-teapot", "door-door"};
    std::vector<double> gaps{0.001, 0.01, 0.1};
    int orientations = 5;      ///< random orientations per pair and gap
    int repeat = 21;           ///< timed queries per placement and method (median)
    int bruteRepeat = 3;       ///< the same for the brute force (seconds per query on the full meshes)
    std::size_t triangles = 0; ///< target triangle count of every mesh (0: each generator's default)
    std::uint64_t seed = 1;
    std::string csv; ///< per placement and method
    bool progress = false;
};

/// Prints the table; returns 1 when a method of ours differs from the brute force by more than 1e-9
/// relative (a wrong answer), 0 otherwise.
int runDistance(const DistanceCommandOptions& options, std::ostream& out);

/// Declares the command (its subcommand and options) for the command table in main.cpp.
BenchCommand declareDistanceCommand(CLI::App& app);

} // namespace cdlab
