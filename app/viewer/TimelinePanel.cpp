#include "TimelinePanel.h"

#include "PanelPlacement.h"
#include "PanelWidgets.h"
#include "Timeline.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

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
                   "that frame (the timeline follows the search; Stop ends it). Every algorithm runs the "
                   "scene frame that ends at the time shown, so the continuous ones show the time of contact "
                   "inside it as a fraction of that frame (View panel, Contacts tab).");
    }
    ImGui::SameLine();
    ImGui::Checkbox("loop", &m_timeline.loop());
    ImGui::SameLine();
    float speed = float(m_timeline.speed());
    ImGui::SetNextItemWidth(120);
    if (ImGui::SliderFloat("speed", &speed, 0.05f, 4.0f, "%.2fx", ImGuiSliderFlags_Logarithmic))
        m_timeline.setSpeed(speed);
    // The slider runs over the scene's grid: each value is a grid time, "frame i of n" the frame that ends
    // there, which every view runs whole (0: the scene's start).
    const int n = m_timeline.frameCount();
    int position = m_timeline.position();
    char format[64];
    std::snprintf(format, sizeof format, "frame %%d of %d", n);
    const ImVec2 sliderAt = ImGui::GetCursorScreenPos();
    const float sliderWidth = ImGui::GetContentRegionAvail().x - 110;
    ImGui::SetNextItemWidth(sliderWidth);
    if (ImGui::SliderInt("##frame", &position, 0, n, format, ImGuiSliderFlags_AlwaysClamp))
        m_timeline.scrubTo(position);
    ImGui::SameLine();
    ImGui::Text("t %.4g s", m_timeline.time());
    helpMarker("The scene's own frames (its \"frames\" in the JSON). Every view runs the whole frame that "
               "ends at the time shown, from the scene's start on the same grid as cdlab-bench, so a "
               "contact is found in the same frame, at the same fraction of it, wherever you started.");
    // Under the slider, on the slider's own value positions: a tick per frame (where they fit) and the
    // frames in which a viewport reported a contact so far (played, stepped or searched), so the moments
    // worth a closer look stay visible after they pass.
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float y = ImGui::GetCursorScreenPos().y, grabMin = ImGui::GetStyle().GrabMinSize;
    auto x = [&](int i) { return sliderAt.x + sliderValueX(i, n, sliderWidth, grabMin); };
    const int every = std::max(1, int(std::ceil(4 / std::max(1e-3f, x(1) - x(0))))); // ticks 4 units apart
    for (int i = 0; i <= n; i += every)
        dl->AddLine(ImVec2(x(i), y), ImVec2(x(i), y + (i % (10 * every) == 0 ? 3.0f : 2.0f)),
                    IM_COL32(150, 150, 160, 255));
    const auto& marks = m_timeline.contactFrames();
    std::size_t count = 0;
    for (std::size_t f = 0; f < marks.size(); ++f) {
        if (!marks[f]) continue;
        std::size_t g = f; // a run of marked frames is one bar, from the first's start to the last's end
        while (g + 1 < marks.size() && marks[g + 1]) ++g;
        count += g - f + 1;
        const float x0 = x(int(f)), x1 = std::max(x(int(g) + 1), x0 + 2);
        dl->AddRectFilled(ImVec2(x0, y), ImVec2(x1, y + 5), IM_COL32(235, 70, 60, 255));
        f = g;
    }
    // The edited body's keyframes (the motion editor): a yellow diamond at each key's place on the grid.
    for (double t : m_keyTimes) {
        const double len = m_timeline.frameLength();
        const double f = len > 0 ? (t - m_timeline.start()) / len : 0;
        if (!(f >= 0 && f <= n)) continue;
        const int i = int(std::floor(f));
        const float kx = x(i) + float(f - i) * (i < n ? x(i + 1) - x(i) : 0.0f);
        dl->AddQuadFilled(ImVec2(kx, y), ImVec2(kx + 4, y + 4), ImVec2(kx, y + 8), ImVec2(kx - 4, y + 4),
                          IM_COL32(255, 215, 50, 255));
    }
    ImGui::Dummy(ImVec2(sliderWidth, m_keyTimes.empty() ? 5.0f : 8.0f));
    if (count > 0 && ImGui::IsItemHovered())
        ImGui::SetTooltip("Frames in which a viewport reported a contact so far: %zu of %zu", count,
                          marks.size());
    ImGui::End();
}

} // namespace cdlab
