#include "pipeline/BuildInfo.h"

#include <fstream>
#include <thread>

namespace cdlab {

std::string cpuDescription() {
    std::ifstream in("/proc/cpuinfo");
    std::string line, model = "unknown";
    while (std::getline(in, line))
        if (line.rfind("model name", 0) == 0) {
            auto pos = line.find(':');
            if (pos != std::string::npos) model = line.substr(pos + 2);
            break;
        }
    return model + " (" + std::to_string(std::thread::hardware_concurrency()) + " threads)";
}

} // namespace cdlab
