// One statistics module for every table that summarizes measurements (the bench's tables, the viewer's run
// report): one median, so that "median" in docs/BENCHMARKS.md is one thing wherever a figure comes from.
#pragma once

#include <span>

namespace cdlab {

/// The median, smallest and largest of a sample.
struct SampleSummary {
    double median = 0, min = 0, max = 0;
};

/// The median of `values`: the middle value once they are sorted; for an even count, the mean of the two
/// middle values (so the median of {1, 2, 3, 4} is 2.5). The caller's values are left in their order (a copy
/// is partially sorted). An empty input has no median: it throws std::invalid_argument (the command says
/// "error: ..." and exits 3) rather than putting a 0 or a NaN in a table.
double median(std::span<const double> values);

/// The median (as median() above), the smallest and the largest of `values`; throws on an empty input.
SampleSummary summarize(std::span<const double> values);

/// The nearest-rank percentile: the smallest value with at least a fraction p (0 < p <= 1) of the values
/// at or below it (p = 0.5 is the lower middle for an even count, not the median above); throws on an
/// empty input. The caller's values are left in their order.
double percentile(std::span<const double> values, double p);

} // namespace cdlab
