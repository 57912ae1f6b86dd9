// StampedCache: per-query memos that forget by bumping a stamp instead of clearing (the traversal's sec. 2.2
// flags, swept boxes and trajectories live in them), so forgetting must be as real as clearing would be.
#include "core/StampedCache.h"

#include <gtest/gtest.h>

namespace cdlab {

TEST(StampedCache, MakesAnEntryOncePerResetAndFindsOnlyWhatWasMade) {
    StampedCache<int> cache;
    cache.reset(4);
    int made = 0;
    auto make = [&](int v) {
        return [&made, v] {
            ++made;
            return v;
        };
    };
    EXPECT_EQ(cache.find(2), nullptr);
    EXPECT_EQ(cache.get(2, make(7)), 7);
    EXPECT_EQ(cache.get(2, make(9)), 7); // kept: not made again
    EXPECT_EQ(made, 1);
    ASSERT_NE(cache.find(2), nullptr);
    EXPECT_EQ(*cache.find(2), 7);
    EXPECT_EQ(cache.find(1), nullptr);

    cache.reset(4); // forgets everything
    EXPECT_EQ(cache.find(2), nullptr);
    EXPECT_EQ(cache.get(2, make(9)), 9);
    EXPECT_EQ(made, 2);

    cache.reset(10); // grows, and the new keys start forgotten too
    for (std::uint32_t k = 0; k < 10; ++k) EXPECT_EQ(cache.find(k), nullptr) << k;
    EXPECT_EQ(cache.get(9, make(3)), 3);
    EXPECT_EQ(*cache.find(9), 3);
}

} // namespace cdlab
