// TimelinePanel: the Timeline panel — play / pause, single step, restart, Next contact, loop, speed, the time
// slider and the frames in which a view reported a contact. It edits the Timeline and says how a stopped
// search ended in the status line.
#pragma once

#include "ViewerLayout.h"

#include <string>
#include <vector>

namespace cdlab {

class PanelPlacement;
class Timeline;

class TimelinePanel {
public:
    TimelinePanel(PanelPlacement& placement, Timeline& timeline, std::string& status)
        : m_placement(placement), m_timeline(timeline), m_status(status) {}
    /// The panel at `rect` (when the layout changed); nothing before a scene is loaded.
    void draw(const LayoutRect& rect);
    /// The edited body's keyframe times (BodyEditor), drawn as ticks under the slider; empty: none.
    void setKeyTimes(std::vector<double> times) { m_keyTimes = std::move(times); }

private:
    void stopSeek();

    PanelPlacement& m_placement;
    Timeline& m_timeline;
    std::string& m_status;
    std::vector<double> m_keyTimes;
};

} // namespace cdlab
