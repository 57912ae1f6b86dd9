// libFuzzer entry point: runScene (fuzz/FuzzInputs.h). An input the target skips is kept out of the corpus.
#include "FuzzInputs.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return cdlab::fuzz::runScene(data, size, CDLAB_SOURCE_DIR "/scenes") == cdlab::fuzz::Outcome::Skipped ? -1
                                                                                                          : 0;
}
