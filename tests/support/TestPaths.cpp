// The one test file compiled with the checkout's paths (tests/CMakeLists.txt): see TestPaths.h.
#include <string>

namespace cdlab::test {
const std::string& sourceDir() {
    static const std::string dir = CDLAB_SOURCE_DIR_PATH;
    return dir;
}
const std::string& testDataDir() {
    static const std::string dir = CDLAB_TEST_DATA_PATH;
    return dir;
}
} // namespace cdlab::test
