// Reader for elementary CCD query files: CSV, 8 rows per query, each row
// `x_num,x_den,y_num,y_den,z_num,z_den,truth` with arbitrary-size integers (exact rational coordinates) and
// truth 0/1. Row order: vertex-face `v_t0, f0_t0, f1_t0, f2_t0, v_t1, f0_t1, f1_t1, f2_t1`; edge-edge
// `ea0_t0, ea1_t0, eb0_t0, eb1_t0, ea0_t1, ea1_t1, eb0_t1, eb1_t1`.
#pragma once

#include "ccd/ElementaryCcd.h"

#include <string>
#include <vector>

namespace cdlab {

struct CcdQuery {
    std::array<RationalVec3, 8> points;
    bool truth = false;
    int line = 0; ///< first line of the query in its file
};

/// Throws InputError naming the file and line on: missing file, wrong column count, a non-integer field,
/// a zero denominator, truth other than 0/1 or differing within a query, or a row count not a multiple of 8.
std::vector<CcdQuery> readCcdQueries(const std::string& path);

} // namespace cdlab
