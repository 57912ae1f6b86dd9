// StampedPairSet: the per-window set of feature pairs whose exact CCD test already ran. A key it loses would
// only cost a repeated test, but a key it invents would skip a test, so it is checked against std::set.
#include "core/StampedPairSet.h"

#include "TestUtil.h"

#include <gtest/gtest.h>
#include <set>
#include <utility>

namespace cdlab {

TEST(StampedPairSet, AgreesWithStdSetAcrossResetsAndGrowth) {
    StampedPairSet set;
    set.reset();
    test::Rng rng(17);
    for (int round = 0; round < 40; ++round) {
        std::set<std::pair<std::uint64_t, std::uint64_t>> reference;
        // Small key ranges make repeats common; rounds of up to 5,000 keys make the table grow.
        const int n = 1 + int(rng.uniform(0, 5000));
        const std::uint64_t range = 1 + std::uint64_t(rng.uniform(0, 3000));
        for (int k = 0; k < n; ++k) {
            std::uint64_t a = std::uint64_t(rng.uniform(0, double(range))),
                          b = std::uint64_t(rng.uniform(0, 8));
            if (k % 3 == 0) a |= std::uint64_t(1) << 63; // keys that differ only in the top bit
            bool added = reference.insert({a, b}).second;
            ASSERT_EQ(set.insert(a, b), added) << "round " << round << " key " << a << "," << b;
        }
        EXPECT_EQ(set.size(), reference.size());
        set.reset(); // forgets: every key of this round is new again
        EXPECT_EQ(set.size(), 0u);
        if (!reference.empty()) {
            auto [a, b] = *reference.begin();
            EXPECT_TRUE(set.insert(a, b));
            EXPECT_FALSE(set.insert(a, b));
            set.reset();
        }
    }
}

} // namespace cdlab
