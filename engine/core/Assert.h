// CDLAB_ASSERT(condition, message): an invariant of the code, not a check of input (bad input throws
// InputError). On in Debug and sanitizer builds (CDLAB_ENABLE_ASSERTS, set by the top CMakeLists.txt), where
// a broken invariant prints the file, the line, the condition and the message and aborts; compiled out in
// Release, so an invariant may be as costly to check as it needs to be.
#pragma once

#ifdef CDLAB_ENABLE_ASSERTS
#include <cstdio>
#include <cstdlib>

namespace cdlab::detail {
[[noreturn]] inline void assertionFailed(const char* file, int line, const char* condition,
                                         const char* message) {
    std::fprintf(stderr, "%s:%d: CDLAB_ASSERT(%s) failed: %s\n", file, line, condition, message);
    std::abort();
}
} // namespace cdlab::detail

#define CDLAB_ASSERT(condition, message)                                                                     \
    do {                                                                                                     \
        if (!(condition)) ::cdlab::detail::assertionFailed(__FILE__, __LINE__, #condition, message);         \
    } while (false)
#else
#define CDLAB_ASSERT(condition, message)                                                                     \
    do {                                                                                                     \
        (void)sizeof(condition);                                                                             \
    } while (false)
#endif
