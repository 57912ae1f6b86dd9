// CcdQueryGenerator: generic, non-degenerate elementary CCD queries, the typical case of a simulation, for
// the benchmark (`cdlab-bench ccd-queries --generated N`) and the randomized tests. Handcrafted sets
// (tests/data/ccd_*.csv) and the Tight-Inclusion benchmark are dominated by degenerate and touching
// configurations; a simulation mostly asks about features that pass by or cross cleanly.
//
// Each query, in a frame of its own (random rotation and offset, so no axis is special): a triangle (or an
// edge) of size about 1 lying across the plane z = 0, its corners moving by up to `wobble`; a vertex (or a
// second edge) starting above the plane and ending below it in a share `crossShare` of the queries (it hits
// the face or edge in about half of those, some of them grazing an edge or corner), above it otherwise.
// A share `farShare` is moved away by 2 to 4 sizes along a random direction: pairs a broad phase lets
// through but that never come close. Coordinates are doubles, written exactly as rationals; the truth is
// the exact search's answer (ElementaryCcd.h) without the floating-point filter, at depth `truthDepth`.
#pragma once

#include "ccd/CcdQueryFile.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cdlab {

struct CcdGeneratorOptions {
    bool edgeEdge = false; ///< edge/edge queries, else vertex/face
    std::size_t count = 10000;
    std::uint64_t seed = 1;
    double farShare = 1.0 / 3; ///< moved well apart
    double crossShare = 0.6;   ///< of the others: the moving feature ends below the plane
    double wobble = 0.1;       ///< largest displacement of the face's (first edge's) corners
    int truthDepth = 96;       ///< depth of the exact search that sets the truth column
};

class CcdQueryGenerator {
public:
    /// Queries with their truth; queries whose truth the exact search answers only at its depth limit are
    /// counted in `depthLimitedTruths` (if not null) and kept with truth 1.
    static std::vector<CcdQuery> generate(const CcdGeneratorOptions& options,
                                          std::size_t* depthLimitedTruths = nullptr);
    /// Writes queries in the CSV format of readCcdQueries (exact rationals: every double is one).
    static void write(const std::vector<CcdQuery>& queries, const std::string& path);
};

} // namespace cdlab
