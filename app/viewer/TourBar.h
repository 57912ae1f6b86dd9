// TourBar: the caption bar of an open tour (issue 44) — "step k of n: caption", the step's text, Previous /
// Next (PageUp / PageDown) and Close. Under presentation mode's caption line, across the window (the two are
// what a lecture shows besides the views); otherwise along the top of the views, clear of their panels.
#pragma once

#include <string>

namespace cdlab {

class ViewerApp;

class TourBar {
public:
    /// Draws the bar when a tour is open (`width`: the window's, in ImGui's units).
    void draw(ViewerApp& app, float width);
};

} // namespace cdlab
