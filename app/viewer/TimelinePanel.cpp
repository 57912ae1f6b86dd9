#include "TimelinePanel.h"

#include "PanelPlacement.h"
#include "PanelWidgets.h"
#include "Timeline.h"

#include <imgui.h>

#include <algorithm>

namespace cdlab {

void TimelinePanel::stopSeek() {
    if (std::string said = m_timeline.stopSeek(); !said.empty()) m_status = said;
}

void TimelinePanel::draw(const LayoutRect& rect) {
    if (!m_timeline.hasRange()) return; // no scene yet
    m_placement.place(rect);
    ImGui::Begin("Timeline");
    m_placement.settle("Timeline");
    if (ImGui::Button(m_timeline.playing() ? "Pause (P)" : "Play (P)")) m_timeline.togglePlaying();
    ImGui::SameLine();
    if (ImGui::Button("Step (O)")) m_timeline.singleStep();
    ImGui::SameLine();
    if (ImGui::Button("Restart (R)")) m_timeline.restart();
    ImGui::SameLine();
    if (m_timeline.seeking()) {
        if (ImGui::Button("Stop search (N)")) stopSeek();
        ImGui::SameLine();
        ImGui::TextColored(ImVec4(1, 0.8f, 0.3f, 1), "searching: t %.3f, %.1f s", m_timeline.time(),
                           m_timeline.seekSeconds());
    } else {
        if (ImGui::Button("Next contact (N)")) m_timeline.startSeek();
        helpMarker("Steps the scene's frames from here until a viewport reports a contact, and pauses on "
                   "that frame (the timeline follows the search; Stop ends it). Paused, every algorithm runs "
                   "the scene frame that ends at the current time, so the continuous ones show the time of "
                   "contact inside it.");
    }
    ImGui::SameLine();
    ImGui::Checkbox("loop", &m_timeline.loop());
    ImGui::SameLine();
    float speed = float(m_timeline.speed());
    ImGui::SetNextItemWidth(120);
    if (ImGui::SliderFloat("speed", &speed, 0.05f, 4.0f, "%.2fx", ImGuiSliderFlags_Logarithmic))
        m_timeline.setSpeed(speed);
    float t = float(m_timeline.time());
    const ImVec2 sliderAt = ImGui::GetCursorScreenPos();
    const float sliderWidth = ImGui::GetContentRegionAvail().x - 60;
    ImGui::SetNextItemWidth(-60);
    if (ImGui::SliderFloat("t (s)", &t, float(m_timeline.start()), float(m_timeline.end()), "%.3f"))
        m_timeline.scrub(t);
    // Under the slider: the frames in which a viewport reported a contact so far (played, stepped or
    // searched), so the moments worth a closer look stay visible after they pass.
    const auto& marks = m_timeline.contactFrames();
    if (std::find(marks.begin(), marks.end(), 1) != marks.end()) {
        ImDrawList* dl = ImGui::GetWindowDrawList();
        float y = ImGui::GetCursorScreenPos().y, per = sliderWidth / float(marks.size());
        std::size_t count = 0;
        for (std::size_t f = 0; f < marks.size(); ++f) {
            if (!marks[f]) continue;
            std::size_t g = f; // a run of marked frames is one bar
            while (g + 1 < marks.size() && marks[g + 1]) ++g;
            count += g - f + 1;
            float x0 = sliderAt.x + per * float(f), x1 = std::max(sliderAt.x + per * float(g + 1), x0 + 2);
            dl->AddRectFilled(ImVec2(x0, y), ImVec2(x1, y + 5), IM_COL32(235, 70, 60, 255));
            f = g;
        }
        ImGui::Dummy(ImVec2(sliderWidth, 5));
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Frames in which a viewport reported a contact so far: %zu of %zu", count,
                              marks.size());
    }
    ImGui::End();
}

} // namespace cdlab
