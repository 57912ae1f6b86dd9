// core/Stats: the one median every table uses (docs/BENCHMARKS.md states its definition).
#include "core/Stats.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <stdexcept>
#include <vector>

using namespace cdlab;

TEST(Stats, MedianOfAnOddCountIsTheMiddleValue) {
    EXPECT_EQ(median(std::vector<double>{3, 1, 2}), 2);
    EXPECT_EQ(median(std::vector<double>{7}), 7);
    EXPECT_EQ(median(std::vector<double>{5, 5, 1, 9, 5}), 5);
}

TEST(Stats, MedianOfAnEvenCountIsTheMeanOfTheTwoMiddleValues) {
    EXPECT_EQ(median(std::vector<double>{4, 1, 3, 2}), 2.5);
    EXPECT_EQ(median(std::vector<double>{10, 0}), 5);
    EXPECT_EQ(median(std::vector<double>{1, 1, 2, 100}), 1.5);
    // Every order of the same values gives the same median (the lower middle is found after the partition).
    std::vector<double> v{6, 2, 9, 4, 1, 8};
    std::sort(v.begin(), v.end());
    do EXPECT_EQ(median(v), 5) << v[0] << v[1] << v[2] << v[3] << v[4] << v[5];
    while (std::next_permutation(v.begin(), v.end()));
}

TEST(Stats, MedianLeavesTheCallersValuesInTheirOrder) {
    const std::vector<double> before{9, 3, 7, 1, 5, 2};
    std::vector<double> v = before;
    median(v);
    summarize(v);
    percentile(v, 0.9);
    EXPECT_EQ(v, before);
}

TEST(Stats, AnEmptyInputIsAnErrorNotAZero) {
    const std::vector<double> none;
    EXPECT_THROW(median(none), std::invalid_argument);
    EXPECT_THROW(summarize(none), std::invalid_argument);
    EXPECT_THROW(percentile(none, 0.5), std::invalid_argument);
}

TEST(Stats, SummaryAndNearestRankPercentiles) {
    const std::vector<double> v{5, 1, 4, 2, 3, 6};
    const SampleSummary s = summarize(v);
    EXPECT_EQ(s.median, 3.5);
    EXPECT_EQ(s.min, 1);
    EXPECT_EQ(s.max, 6);
    std::vector<double> hundred;
    for (int i = 100; i >= 1; --i) hundred.push_back(i);
    EXPECT_EQ(percentile(hundred, 0.5), 50);
    EXPECT_EQ(percentile(hundred, 0.9), 90);
    EXPECT_EQ(percentile(hundred, 0.99), 99);
    EXPECT_EQ(percentile(hundred, 1.0), 100);
    EXPECT_EQ(percentile(hundred, 0.001), 1); // rank 1 at least
}
