// libFuzzer entry point: runRecording (fuzz/FuzzInputs.h). An input the target skips is kept out of the
// corpus.
#include "FuzzInputs.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return cdlab::fuzz::runRecording(data, size) == cdlab::fuzz::Outcome::Skipped ? -1 : 0;
}
