// Build facts for the bench's configuration line (generated per build by cmake/WriteBuildInfo.cmake).
#pragma once

#include <string>

namespace cdlab {

const char* buildCommit();
const char* buildType();
const char* buildCompiler();
/// CPU model from /proc/cpuinfo ("unknown" elsewhere) and the number of hardware threads.
std::string cpuDescription();

} // namespace cdlab
