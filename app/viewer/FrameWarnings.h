// FrameWarnings: a family's warnings about one frame of its algorithm (an assumption the frame breaks), shown
// in the view's panel above the family's sections. A family registers its warnings with one line from its
// own folder, so that the generic View panel reads no family's counter:
//   static const bool warned = registerFrameWarning([](const FrameResult& r) { return std::string(); });
#pragma once

#include "pipeline/FrameResult.h"

#include <functional>
#include <string>
#include <vector>

namespace cdlab {

/// One warning: its text for the frame, empty when the frame gives no cause.
using FrameWarning = std::function<std::string(const FrameResult&)>;

/// Adds a warning (from a static initializer in the family's folder); true.
bool registerFrameWarning(FrameWarning warning);
/// The warnings the frame gives, in registration order.
std::vector<std::string> frameWarnings(const FrameResult& r);

} // namespace cdlab
