#include "core/Stats.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

namespace cdlab {

namespace {
void requireValues(std::span<const double> values, const char* what) {
    if (values.empty()) throw std::invalid_argument(std::string(what) + " of no values");
}
} // namespace

double median(std::span<const double> values) {
    requireValues(values, "median");
    std::vector<double> v(values.begin(), values.end());
    // nth_element, not a sort: the middle needs only the partition around it.
    const std::size_t k = v.size() / 2;
    std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(k), v.end());
    if (v.size() % 2) return v[k];
    const double lower = *std::max_element(v.begin(), v.begin() + std::ptrdiff_t(k)); // the lower middle
    return 0.5 * (lower + v[k]);
}

SampleSummary summarize(std::span<const double> values) {
    requireValues(values, "summary");
    const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
    return {median(values), *lo, *hi};
}

double percentile(std::span<const double> values, double p) {
    requireValues(values, "percentile");
    std::vector<double> v(values.begin(), values.end());
    const std::size_t rank = std::size_t(std::ceil(p * double(v.size())));
    const std::size_t k = std::min(v.size(), std::max<std::size_t>(rank, 1)) - 1;
    std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(k), v.end());
    return v[k];
}

} // namespace cdlab
