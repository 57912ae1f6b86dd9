// Where the sources and the test data are. The paths are compiled into TestPaths.cpp alone (its definitions
// hold this checkout's absolute path), so every other test file compiles to the same object in any clone
// and ccache serves it there (scripts/cdlab.sh: CCACHE_BASEDIR).
#pragma once

#include <string>

namespace cdlab::test {
const std::string& sourceDir();   ///< the repository root
const std::string& testDataDir(); ///< tests/data
} // namespace cdlab::test

#define CDLAB_SOURCE_DIR (::cdlab::test::sourceDir())
#define CDLAB_TEST_DATA (::cdlab::test::testDataDir())
