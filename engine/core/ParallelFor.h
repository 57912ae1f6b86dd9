// parallelFor: a loop over [0, n) on several threads, for builds that take seconds on big meshes (BM-cones).
// Plain std::thread and atomics, so ThreadSanitizer sees every hand-over (it cannot see inside an
// uninstrumented TBB); threads are started per call, which costs tens of microseconds: for loops of
// milliseconds and more.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace cdlab {

/// Threads for a `threads` setting: 0 means every hardware thread.
inline int threadCount(int threads) {
    return threads > 0 ? threads : int(std::max(1u, std::thread::hardware_concurrency()));
}

/// Runs f(k) for every k in [0, n), on `threads` threads (threadCount; the caller's is one of them), handing
/// out chunks of `chunk` indices from a shared counter. The first exception stops the hand-out and is
/// rethrown here once every thread has stopped.
template <class F> void parallelFor(std::size_t n, int threads, std::size_t chunk, const F& f) {
    chunk = std::max<std::size_t>(chunk, 1);
    std::size_t workers = std::min<std::size_t>(std::size_t(threadCount(threads)), (n + chunk - 1) / chunk);
    if (workers <= 1) {
        for (std::size_t k = 0; k < n; ++k) f(k);
        return;
    }
    std::atomic<std::size_t> next{0};
    std::atomic<bool> failed{false};
    std::exception_ptr error;
    std::mutex errorMutex;
    auto work = [&] {
        try {
            while (!failed) {
                std::size_t begin = next.fetch_add(chunk);
                if (begin >= n) return;
                for (std::size_t k = begin, end = std::min(begin + chunk, n); k < end; ++k) f(k);
            }
        } catch (...) {
            std::lock_guard lock(errorMutex);
            if (!error) error = std::current_exception();
            failed = true;
        }
    };
    std::vector<std::thread> pool;
    pool.reserve(workers - 1);
    for (std::size_t w = 1; w < workers; ++w) pool.emplace_back(work);
    work();
    for (auto& t : pool) t.join();
    if (error) std::rethrow_exception(error);
}

} // namespace cdlab
