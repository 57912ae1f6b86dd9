// libFuzzer entry point: runCcdQueries (fuzz/FuzzInputs.h). An input the target skips is kept out of the
// corpus.
#include "FuzzInputs.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return cdlab::fuzz::runCcdQueries(data, size) == cdlab::fuzz::Outcome::Skipped ? -1 : 0;
}
