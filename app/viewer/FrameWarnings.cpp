#include "FrameWarnings.h"

namespace cdlab {

namespace {
std::vector<FrameWarning>& warningList() {
    static std::vector<FrameWarning> list; // filled from static initializers, before main
    return list;
}
} // namespace

bool registerFrameWarning(FrameWarning warning) {
    warningList().push_back(std::move(warning));
    return true;
}

std::vector<std::string> frameWarnings(const FrameResult& r) {
    std::vector<std::string> out;
    for (const FrameWarning& w : warningList())
        if (std::string text = w(r); !text.empty()) out.push_back(std::move(text));
    return out;
}

} // namespace cdlab
