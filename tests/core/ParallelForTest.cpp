// parallelFor: every index once, on any thread count and chunk size; the first exception reaches the caller
// after every thread has stopped.
#include "core/ParallelFor.h"

#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <vector>

using namespace cdlab;

TEST(ParallelFor, VisitsEveryIndexOnce) {
    for (std::size_t n : {0u, 1u, 15u, 16u, 17u, 1000u, 4099u})
        for (int threads : {0, 1, 2, 3, 8})
            for (std::size_t chunk : {0u, 1u, 16u, 5000u}) {
                std::vector<std::atomic<int>> seen(n);
                parallelFor(n, threads, chunk, [&](std::size_t k) { ++seen[k]; });
                for (std::size_t k = 0; k < n; ++k)
                    ASSERT_EQ(seen[k].load(), 1) << "n " << n << " threads " << threads << " chunk " << chunk;
            }
}

TEST(ParallelFor, TheFirstExceptionReachesTheCaller) {
    for (int threads : {1, 2, 4}) {
        std::atomic<int> after{0};
        try {
            parallelFor(100000000, threads, 8, [&](std::size_t k) {
                if (k == 500) throw std::runtime_error("stop at 500");
                if (k > 50000000) ++after;
            });
            FAIL() << "no exception with " << threads << " threads";
        } catch (const std::runtime_error& e) {
            EXPECT_STREQ(e.what(), "stop at 500");
        }
        // The hand-out stops: the threads do not go on through the second half (a chunk each at most; the
        // others would need a pause of a tenth of a second and more of the throwing thread to get there).
        EXPECT_LT(after.load(), 8 * threads + 1) << threads << " threads";
    }
}
